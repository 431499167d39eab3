import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons.tsx';

/**
 * Widths of spec §9 as theme classes (app.css `--container-modal-*`): the
 * marketing modal 53rem, the account modal 31.9375rem from 48em, the exam
 * modal 63rem on large screens. Literal class names, so Tailwind finds them.
 */
const SIZE_CLASSES = {
  default: 'max-w-2xl',
  marketing: 'max-w-modal-marketing',
  account: 'md:max-w-modal-account',
  exam: 'lg:max-w-modal-exam',
} as const;

export type ModalSize = keyof typeof SIZE_CLASSES;

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Panel width (spec §9), from the theme in app.css. */
  size?: ModalSize;
  children: ReactNode;
  footer?: ReactNode;
  /** Visually hide the heading (it still names the dialog). */
  hideTitle?: boolean;
  /** The address the modal closes to (a card's page below it): then the close control is a link, which works without JavaScript. */
  closeHref?: string;
  /**
   * A tap or click on the backdrop leaves it open: for a modal left only by Escape or its close control (a
   * review session, where a quick second tap lands beside the next, shorter card).
   */
  keepOnBackdrop?: boolean;
}

const CLOSE_CLASSES =
  'absolute top-3 right-3 rounded-full p-2 text-ink hover:bg-surface focus-visible:outline-3 focus-visible:outline-focus';

const CLOSE_LABEL = (
  <>
    <CloseIcon />
    <span className="sr-only">Sluiten</span>
  </>
);

/** Rendering on the server: a modal open there is sent open, so it shows (and works) without JavaScript. */
const ON_SERVER = typeof document === 'undefined';

/**
 * Modal on the native <dialog> element: focus is trapped and restored by the
 * browser, Escape and the backdrop close it (the backdrop not with `keepOnBackdrop`), and it is announced by name. It
 * opens with the focus on its element marked `data-autofocus` (a card's text,
 * where Space shows the answer), else on its first control.
 * One that is open in the server's HTML (a card's address) is shown there as
 * an open dialog, and becomes modal when the page runs.
 */
export function Modal({
  open,
  onClose,
  title,
  size = 'default',
  children,
  footer,
  hideTitle,
  closeHref,
  keepOnBackdrop = false,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The close event of turning the server's open dialog into a modal one is not the user's.
  const ownClose = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.matches(':modal')) {
      if (dialog.open) {
        ownClose.current = true;
        dialog.close();
      }
      dialog.showModal();
      // The element marked `data-autofocus` gets the focus rather than the first control (the close link), without
      // scrolling to it: the dialog opens at its top, its title in view (on a phone a card's text starts below it).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true });
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`modal m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60 ${SIZE_CLASSES[size]}`}
      // Open in the server's HTML only: the browser's copy is opened by showModal (React leaves the attribute).
      open={ON_SERVER && open ? true : undefined}
      suppressHydrationWarning
      onClose={() => {
        if (ownClose.current) ownClose.current = false;
        else onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current && !keepOnBackdrop) onClose();
      }}
    >
      <div className="relative p-6 sm:p-8">
        {closeHref ? (
          <a
            href={closeHref}
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            className={CLOSE_CLASSES}
          >
            {CLOSE_LABEL}
          </a>
        ) : (
          <button type="button" onClick={onClose} className={CLOSE_CLASSES}>
            {CLOSE_LABEL}
          </button>
        )}
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'mb-4 pr-10 text-2xl font-bold text-brand-dark'}>
          {title}
        </h2>
        {children}
        {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
      </div>
    </dialog>
  );
}

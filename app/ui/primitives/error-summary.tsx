import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent, type RefObject } from 'react';

/**
 * The error summary of every form (the GOV.UK Design System's pattern, issue 34): after a refused submit a box at
 * the top of the form says "Er is een probleem" and lists each message as a link to its field; it takes the focus,
 * so it is read out and scrolled into view (a phone's screen included), and each field shows its own message
 * beside it (`FieldError`, `aria-invalid`, `aria-describedby`). What was typed stays: the form's answer keeps it.
 *
 * - With JavaScript, `useErrorSummary` moves the focus to the summary after each refused submit: one the server
 *   answered (a new refusal) or one the browser refused before sending (Conform's validation, `wrapSubmit`).
 * - Without JavaScript, the server's answer is a new page: the summary carries `autofocus`, so the browser focuses
 *   it (and scrolls to it) as the page loads.
 */

/** One line of a summary: the message and the id of the control it is about; without an id, plain text. */
export interface SummaryError {
  id?: string;
  message: string;
}

export const ERROR_SUMMARY_TITLE = 'Er is een probleem';

/** A link of the summary focuses its control and shows the control's label or legend with it (as GOV.UK's does). */
function focusControl(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const control = document.getElementById(id);
  if (!control) return;
  event.preventDefault();
  // A group (a fieldset of checkboxes or radio buttons): its first control.
  const target = control.matches('input, select, textarea')
    ? control
    : (control.querySelector<HTMLElement>('input, select, textarea') ?? control);
  const legend = target.closest('fieldset')?.querySelector('legend');
  const label = Array.from(document.getElementsByTagName('label')).find((candidate) => candidate.htmlFor === target.id);
  (legend ?? label ?? target).scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/** The summary above a refused form; nothing while there is nothing to say. */
export function ErrorSummary({
  errors,
  summaryRef,
  title = ERROR_SUMMARY_TITLE,
  headingLevel = 2,
  className = 'mt-4',
}: {
  errors: readonly SummaryError[];
  summaryRef: RefObject<HTMLDivElement | null>;
  title?: string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const titleId = useId();
  if (errors.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      // Only the server's page has it (React leaves it out of a render in the browser): a plain form post's answer.
      autoFocus
      role="alert"
      aria-labelledby={titleId}
      data-error-summary=""
      className={`${className} scroll-mt-28 rounded-2xl border-4 border-danger bg-white p-4 text-ink focus:outline-3 focus:outline-offset-2 focus:outline-focus`}
    >
      <Heading id={titleId} className="text-lg font-bold text-danger">
        {title}
      </Heading>
      <ul className="mt-2 grid gap-1">
        {errors.map((error, index) => (
          <li key={`${error.id ?? ''}:${index}`}>
            {error.id ? (
              <a
                href={`#${error.id}`}
                onClick={(event) => focusControl(event, error.id!)}
                className="font-semibold text-danger underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-focus"
              >
                {error.message}
              </a>
            ) : (
              <span className="font-semibold text-danger">{error.message}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The name of the hidden button with which Conform submits its own intents (validating a field on blur). */
const CONFORM_INTENT = '__intent__';

export interface ErrorSummaryState {
  summaryRef: RefObject<HTMLDivElement | null>;
  /** What the summary lists now: the form's errors after a refused submit, until a submit passes. */
  errors: readonly SummaryError[];
  /**
   * A form's submit handler (Conform's `form.onSubmit`, or none) wrapped: a submit that it refuses in the browser
   * (prevents) shows the summary and focuses it, like a refusal of the server.
   */
  wrapSubmit: (handler?: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The summary of one form. `refusal` is the server's answer to this form when it refused it (a new object per
 * answer), else null or undefined; `errors` are the form's messages now, in the order of its fields.
 */
export function useErrorSummary({
  refusal,
  errors,
}: {
  refusal: unknown;
  errors: readonly SummaryError[];
}): ErrorSummaryState {
  const summaryRef = useRef<HTMLDivElement>(null);
  // A refused answer rendered by the server shows at once (the page of a plain form post).
  const [active, setActive] = useState(refusal != null);
  const [focusRequest, setFocusRequest] = useState(0);
  const answered = useRef(refusal);

  useEffect(() => {
    if (refusal === answered.current) return;
    answered.current = refusal;
    setActive(refusal != null);
    if (refusal != null) setFocusRequest((n) => n + 1);
  }, [refusal]);

  // After the render that shows it: the focus moves there, and the browser scrolls it into view.
  useEffect(() => {
    if (focusRequest > 0) summaryRef.current?.focus();
  }, [focusRequest]);

  const wrapSubmit: ErrorSummaryState['wrapSubmit'] = (handler) => (event) => {
    // Conform validates a field it leaves by a submit of its own (an intent button): no submit of the pupil's.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute('name') === CONFORM_INTENT) {
      handler?.(event);
      return;
    }
    const before = event.defaultPrevented;
    handler?.(event);
    const refused = !before && event.defaultPrevented;
    setActive(refused);
    if (refused) setFocusRequest((n) => n + 1);
  };

  return { summaryRef, errors: active ? errors : [], wrapSubmit };
}

/**
 * The summary's lines from a form's errors per field name (Conform's `form.allErrors`, an action's answer): each
 * field's first message, linked to the control `idOf(name)`, led by its label where `labels` names one; the form's
 * own errors (name '') as plain lines first.
 */
export function summaryErrors(
  errorsByName: Readonly<Record<string, readonly string[] | string | null | undefined>>,
  idOf: (name: string) => string | undefined,
  labels: Readonly<Record<string, string>> = {},
): SummaryError[] {
  const formLevel: SummaryError[] = [];
  const fields: SummaryError[] = [];
  for (const [name, messages] of Object.entries(errorsByName)) {
    const message = typeof messages === 'string' ? messages : messages?.[0];
    if (!message) continue;
    if (name === '') formLevel.push({ message });
    else {
      const id = idOf(name);
      fields.push({ ...(id ? { id } : {}), message: labels[name] ? `${labels[name]}: ${message}` : message });
    }
  }
  return [...formLevel, ...fields];
}

/** What `useConformErrorSummary` reads of a Conform form (`useForm`'s first value). */
interface ConformForm {
  id: string;
  allErrors: Record<string, string[]>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * The summary of a Conform form: its errors (Conform's, field by field as the pupil fixes them) after a refused
 * submit, each linked to its field (`{form id}-{name}`, Conform's ids). `lastResult` is the server's answer (a
 * refusal when its status is 'error'); `failed` an answer that failed otherwise, with its `extra` lines (a failure
 * to store, spec §8). Give
 * `onSubmit` to the form after `getFormProps(form)`: a submit Conform refuses in the browser focuses the summary.
 */
export function useConformErrorSummary(
  form: ConformForm,
  lastResult: { status?: string } | null | undefined,
  options: {
    labels?: Readonly<Record<string, string>>;
    /** The page's answer when it failed otherwise (its identity marks a new answer), with the `extra` lines. */
    failed?: object | null;
    extra?: readonly SummaryError[];
    /** Fields without a control to go to (hidden ones): their messages stand as plain lines. */
    hidden?: readonly string[];
  } = {},
): ErrorSummaryState & { onSubmit: (event: FormEvent<HTMLFormElement>) => void } {
  const summary = useErrorSummary({
    refusal: options.failed ?? (lastResult?.status === 'error' ? lastResult : null),
    errors: [
      ...(options.extra ?? []),
      ...summaryErrors(
        form.allErrors,
        (name) => (options.hidden?.includes(name) ? undefined : `${form.id}-${name}`),
        options.labels,
      ),
    ],
  });
  return { ...summary, onSubmit: summary.wrapSubmit(form.onSubmit) };
}

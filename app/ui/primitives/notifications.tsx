import { uiStore, useUi } from '#app/ui/ui-store.ts';
import { CheckIcon, CloseIcon } from './icons.tsx';

const tone = {
  success: 'border-success bg-success-soft',
  error: 'border-danger bg-danger-soft',
  info: 'border-brand bg-brand-soft',
} as const;

/** Live region for notifications; each closes itself after 4000 ms. */
export function Notifications() {
  const notifications = useUi((s) => s.notifications);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100%-2rem))] flex-col gap-3"
    >
      {notifications.map((n) => (
        <div
          key={n.id}
          role={n.type === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-xl border-l-4 p-4 text-ink shadow-lg ${tone[n.type]}`}
        >
          {n.type === 'success' ? <CheckIcon className="mt-0.5 shrink-0" /> : null}
          <p className="flex-1">{n.message}</p>
          <button
            type="button"
            onClick={() => uiStore.dismiss(n.id)}
            className="rounded p-1 focus-visible:outline-3 focus-visible:outline-focus"
          >
            <CloseIcon width={18} height={18} />
            <span className="sr-only">Melding sluiten</span>
          </button>
        </div>
      ))}
    </div>
  );
}

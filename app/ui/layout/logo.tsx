/** The Slaagbundel wordmark: an open book with a check mark. */
/** `compact`: on a phone only the mark shows; the name stays for screen readers (the study area's busy header). */
export function Logo({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-2 font-display text-xl font-extrabold tracking-tight lg:text-2xl ${className}`}
    >
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" className="fill-brand" />
        <path d="M8 12c4-1.5 8-1 12 1.5 4-2.5 8-3 12-1.5v17c-4-1.5-8-1-12 1.5-4-2.5-8-3-12-1.5z" fill="#fff" />
        <path
          d="M14 21l4 4 8-9"
          fill="none"
          stroke="#ffc83d"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={compact ? 'max-sm:sr-only' : undefined}>
        Slaag<span className="text-brand">bundel</span>
      </span>
    </span>
  );
}

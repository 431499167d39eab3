import { type RefObject } from 'react';

/**
 * The messages of a refused form above it, each a link to its field, announced
 * as an alert; the page moves focus to it after a client navigation.
 */
export function ErrorSummary({
  errors,
  hrefOf,
  summaryRef,
}: {
  /** The message per field, in the order shown. */
  errors: readonly (readonly [field: string, message: string])[];
  /** The link to a field's control, e.g. `#veld-score`. */
  hrefOf: (field: string) => string;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={summaryRef}
      tabIndex={-1}
      role="alert"
      className="mt-4 rounded-2xl bg-danger-soft p-4 text-danger focus:outline-none"
    >
      <p className="font-bold">Nog niet alles klopt:</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map(([field, message]) => (
          <li key={field}>
            <a href={hrefOf(field)} className="font-semibold underline underline-offset-4">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

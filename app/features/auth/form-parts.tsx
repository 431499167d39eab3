import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';

export const fieldClass =
  'mt-1 block w-full rounded-xl border-2 border-ink/20 bg-white px-3 py-2.5 text-base aria-invalid:border-danger focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus';

type InputType = 'text' | 'email' | 'password' | 'hidden';

/**
 * A labelled input of an account form: its first error under it (spec §5:
 * server errors come first, one message shown), tied to the input for
 * screen readers.
 */
export function TextField({
  field,
  label,
  type,
  autoComplete,
  hint,
  maxLength,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: InputType;
  autoComplete: string;
  hint?: ReactNode;
  maxLength?: number;
}) {
  const error = field.errors?.[0];
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [error ? `${field.id}-error` : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={field.id} className="font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-describedby={describedBy}
        className={fieldClass}
      />
      {error ? (
        <p id={`${field.id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form-wide message (a refusal of the accounts library, or a confirmation), announced when it appears. */
export function FormMessage({ id, error, success }: { id: string; error?: string | undefined; success?: ReactNode }) {
  return (
    <div id={id} role="status" className="empty:hidden">
      {error ? <p className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">{error}</p> : null}
      {success ? <div className="rounded-xl bg-brand-soft p-4 font-semibold text-brand-dark">{success}</div> : null}
    </div>
  );
}

import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';

/** The look of a text input, select or textarea of our forms. */
export const fieldClass =
  'mt-1 block w-full rounded-xl border-2 border-ink/20 bg-white px-3 py-2.5 text-base aria-invalid:border-danger focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-focus';

/** The first error of a field (spec §5: server errors first, one message shown), tied to its input. */
export function FieldError({
  id,
  errors,
  reserve = false,
}: {
  id: string;
  errors: string[] | undefined;
  /** Keep a line for the message while there is none, so what follows does not move when one appears. */
  reserve?: boolean;
}) {
  if (reserve && !errors?.[0]) return <p aria-hidden="true" className="mt-1 min-h-5 text-sm" />;
  return errors?.[0] ? (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {errors[0]}
    </p>
  ) : null;
}

/** A labelled text input of a Conform form, with its hint and first error, both tied to it for screen readers. */
export function TextField({
  field,
  label,
  type,
  autoComplete,
  hint,
  maxLength,
  reserveErrorSpace = false,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  hint?: ReactNode;
  maxLength?: number;
  /** A line kept free for the error (forms where a field is left on a tap below it: the layout stays put). */
  reserveErrorSpace?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const errorId = field.errors?.length ? `${field.id}-error` : undefined;
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
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={fieldClass}
      />
      <FieldError id={`${field.id}-error`} errors={field.errors} reserve={reserveErrorSpace} />
    </div>
  );
}

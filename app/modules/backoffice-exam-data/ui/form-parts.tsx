/**
 * The parts of the exam data forms (issue 35): a labelled field with its first error tied to it, the answer a
 * refused form keeps (what was typed, every field's errors), and the summary that links to each field.
 */
import type { ReactNode } from 'react';
import { ErrorSummary, summaryErrors, useErrorSummary } from '#app/ui/primitives/error-summary.tsx';
import { FieldError, fieldClass } from '#app/ui/primitives/text-field.tsx';

/** What a refused form's action answers: the message, the errors per field name, and everything typed. */
export interface FormRefusal {
  ok: false;
  message: string;
  errors: Record<string, string[]>;
  values: Record<string, string | string[]>;
}

/** An input's id from its form name: `exams[2].date` → `ed-exams-2-date`. */
export const fieldId = (name: string) => `ed-${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;

/** The form's values and errors as its fields read them. */
export function formAnswer(refusal: FormRefusal | null, defaults: Readonly<Record<string, string>> = {}) {
  const typed = (name: string): string => {
    if (!refusal) return defaults[name] ?? '';
    const value = refusal.values[name];
    return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  };
  const typedAll = (name: string, fallback: readonly string[] = []): string[] => {
    if (!refusal) return [...fallback];
    const value = refusal.values[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  const error = (name: string) => refusal?.errors[name];
  return { typed, typedAll, error };
}

/** The summary above a refused form: every field's message, each a link to its field. */
export function FormErrorSummary({
  refusal,
  labels,
}: {
  refusal: FormRefusal | null;
  labels: (name: string) => string | undefined;
}) {
  const errors = refusal
    ? summaryErrors(
        refusal.errors,
        (name) => (name === 'form' ? undefined : fieldId(name)),
        Object.fromEntries(
          Object.keys(refusal.errors).flatMap((name) => (labels(name) ? [[name, labels(name)!]] : [])),
        ),
      )
    : [];
  const summary = useErrorSummary({ refusal, errors });
  return <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />;
}

/** A labelled input (or select, given as children) with its hint and first error. */
export function Field({
  name,
  label,
  hint,
  errors,
  defaultValue,
  type = 'text',
  inputMode,
  className = '',
  children,
  srOnlyLabel = false,
}: {
  name: string;
  label: string;
  hint?: string;
  errors: string[] | undefined;
  defaultValue?: string;
  type?: 'text' | 'date' | 'time' | 'url';
  inputMode?: 'numeric' | 'decimal' | 'url';
  className?: string;
  /** A select's options: the field is a select. */
  children?: ReactNode;
  /** The label for screen readers only (a table's column says it). */
  srOnlyLabel?: boolean;
}) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    defaultValue,
    className: fieldClass,
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': described,
  } as const;
  return (
    <div className={className}>
      <label htmlFor={id} className={srOnlyLabel ? 'sr-only' : 'block font-semibold'}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink/80">
          {hint}
        </p>
      ) : null}
      {children ? (
        <select {...common}>{children}</select>
      ) : (
        <input {...common} type={type} inputMode={inputMode} autoComplete="off" />
      )}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The errors of a parsed form by field name (the form-level ones under 'form'). */
export function errorsByName(error: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(error ?? {}).flatMap(([name, messages]) => (messages?.length ? [[name || 'form', messages]] : [])),
  );
}

/** Everything a form sent, a name sent more than once (checkboxes) as a list. */
export function sentValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    const text = String(value);
    const had = values[name];
    values[name] = had === undefined ? text : Array.isArray(had) ? [...had, text] : [had, text];
  }
  return values;
}

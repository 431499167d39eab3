import { type ReactNode } from 'react';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';

/** The grades module's forms as plain fields (no Conform): what was typed comes back from a refused answer. */

/** The judgements of LO and the other judged parts, as the pages name them. */
export const ASSESSMENT_LABELS = { goed: 'Goed', voldoende: 'Voldoende', onvoldoende: 'Onvoldoende' } as const;

interface FieldProps {
  /** The control's id; its hint is `{id}-hint`, its message `{id}-fout`. */
  id: string;
  name: string;
  label: ReactNode;
  error: string | undefined;
  hint?: ReactNode;
  labelClassName?: string;
  className?: string;
}

/** A labelled control with its hint and message, both tied to it for screen readers. */
function Field({
  id,
  label,
  error,
  hint,
  labelClassName = 'font-semibold',
  children,
}: Pick<FieldProps, 'id' | 'label' | 'error' | 'hint' | 'labelClassName'> & {
  children: (described: string | undefined) => ReactNode;
}) {
  const described = [error ? `${id}-fout` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children(described || undefined)}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-fout`} className="mt-1 text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A number typed as text: a score (numeric keyboard) or a grade or N-term with a comma (decimal keyboard). */
export function NumberField({
  typed,
  decimal = false,
  maxLength = 12,
  placeholder,
  required,
  className = '',
  ...field
}: FieldProps & {
  typed: string | undefined;
  decimal?: boolean;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
}) {
  return (
    <Field {...field}>
      {(described) => (
        <input
          id={field.id}
          name={field.name}
          type="text"
          inputMode={decimal ? 'decimal' : 'numeric'}
          autoComplete="off"
          maxLength={maxLength}
          required={required}
          defaultValue={typed ?? ''}
          placeholder={placeholder}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={described}
          className={`${fieldClass} ${className}`.trim()}
        />
      )}
    </Field>
  );
}

/** A choice from a list; `selected` is what was typed or stored (else the first option). */
export function SelectField({
  options,
  selected,
  className = '',
  ...field
}: FieldProps & { options: readonly { value: string; label: string }[]; selected: string | undefined }) {
  return (
    <Field {...field}>
      {(described) => (
        <select
          id={field.id}
          name={field.name}
          defaultValue={selected ?? options[0]?.value}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={described}
          className={`${fieldClass} ${className}`.trim()}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The options of a judgement select: none yet (labelled `empty`), then goed, voldoende, onvoldoende. */
export const assessmentOptions = (empty: string) => [
  { value: '', label: empty },
  ...Object.entries(ASSESSMENT_LABELS).map(([value, label]) => ({ value, label })),
];

/** The fields of an N-term or a past exam (issue 35): which exam, then its N-term or its documents, and a note. */
import { LEVEL_OPTIONS } from '#app/modules/exam-data/index.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { FieldError, fieldClass } from '#app/ui/primitives/text-field.tsx';
import { Field, fieldId, formAnswer, FormErrorSummary, type FormRefusal } from './form-parts.tsx';

const LABELS: Record<string, string> = {
  subject: 'Vak',
  level: 'Niveau',
  year: 'Examenjaar',
  tijdvak: 'Tijdvak',
  n: 'N-term',
  maxScore: 'Maximale score',
  source: 'Bron',
  examUrl: 'Examen',
  correctionUrl: 'Correctievoorschrift',
  normingUrl: 'Normering',
  note: 'Toelichting',
};

export function ExamRecordForm({
  kind,
  subjects,
  refusal,
}: {
  kind: 'n-term' | 'past-exam';
  subjects: readonly { slug: string; name: string }[];
  refusal: FormRefusal | { ok: true } | null;
}) {
  const refused = refusal && !refusal.ok ? refusal : null;
  const { typed, error } = formAnswer(refused);
  const field = (name: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field name={name} label={LABELS[name]!} errors={error(name)} defaultValue={typed(name)} {...extra} />
  );
  const examenblad = 'Een https-adres op examenblad.nl.';
  return (
    <div className="grid gap-4">
      <FormErrorSummary refusal={refused} labels={(name) => LABELS[name]} />
      {refused?.errors.form ? (
        <p role="alert" className="rounded-xl bg-danger/10 px-4 py-3 font-semibold text-danger">
          {refused.errors.form[0]}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('subject', {
          children: (
            <>
              <option value="">Kies een vak</option>
              {subjects.map((subject) => (
                <option key={subject.slug} value={subject.slug}>
                  {subject.name}
                </option>
              ))}
            </>
          ),
        })}
        {field('level', {
          children: (
            <>
              <option value="">Kies een niveau</option>
              {LEVEL_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </>
          ),
        })}
        {field('year', { inputMode: 'numeric' })}
        {field('tijdvak', {
          children: (
            <>
              <option value="">Kies een tijdvak</option>
              <option value="1">1 (mei)</option>
              <option value="2">2 (juni, herkansingen)</option>
              <option value="3">3 (augustus, staatsexamen)</option>
            </>
          ),
        })}
      </div>
      {kind === 'n-term' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {field('n', { inputMode: 'decimal', hint: 'Van 0,0 tot en met 3,0, bijvoorbeeld 1,1.' })}
          {field('maxScore', { inputMode: 'numeric', hint: 'Het hoogste aantal scorepunten van het examen.' })}
          {field('source', {
            type: 'url',
            inputMode: 'url',
            className: 'sm:col-span-2',
            hint: 'Een https-adres op examenblad.nl of officielebekendmakingen.nl.',
          })}
        </div>
      ) : (
        <div className="grid gap-4">
          {field('examUrl', { type: 'url', inputMode: 'url', hint: examenblad })}
          {field('correctionUrl', { type: 'url', inputMode: 'url', hint: examenblad })}
          {field('normingUrl', { type: 'url', inputMode: 'url', hint: examenblad })}
        </div>
      )}
      <div>
        <label htmlFor={fieldId('note')} className="block font-semibold">
          Toelichting voor wie goedkeurt
        </label>
        <textarea
          id={fieldId('note')}
          name="note"
          rows={2}
          maxLength={500}
          defaultValue={typed('note')}
          className={fieldClass}
          aria-invalid={error('note') ? true : undefined}
          aria-describedby={error('note') ? `${fieldId('note')}-error` : undefined}
        />
        <FieldError id={`${fieldId('note')}-error`} errors={error('note')} />
      </div>
      <div>
        <Button type="submit">Ter goedkeuring aanbieden</Button>
      </div>
    </div>
  );
}

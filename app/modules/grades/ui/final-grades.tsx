import { ASSESSMENT_LABELS } from './fields.tsx';

/** A subject's line in the final grades table: its whole final grade or judgement, and what its CE needs. */
export interface FinalGradeLine {
  key: string;
  name: string;
  finalGrade: number | null;
  assessment: string | null;
  /** What its central exam needs, as text; null: nothing to say (no central exam, or a CE grade given). */
  needed: string | null;
  /** A part of the combination grade (havo/vwo: maatschappijleer, CKV, profielwerkstuk): listed under it. */
  part?: boolean;
}

/**
 * The final grades as the diploma lists them (issue 34: the public calculator's table, also on the pupil's grades
 * page): per subject its whole final grade (or judgement), and where asked the CE grade each exam still needs; the
 * combination grade with its parts under it (issue 35): the parts count once, as the combination grade, so the
 * table's grades are the ones the rules weigh.
 */
export function FinalGradesTable({
  lines,
  combinationGrade,
  showNeeded,
  caption = 'Je eindcijfers',
  testIdPrefix = '',
}: {
  lines: readonly FinalGradeLine[];
  combinationGrade: number | null;
  showNeeded: boolean;
  caption?: string;
  /** Before each cell's test id, where the page has the same ids elsewhere. */
  testIdPrefix?: string;
}) {
  return (
    <table className="mt-4 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b-2 border-ink/10">
          <th scope="col" className="py-1 pr-3">
            Vak
          </th>
          <th scope="col" className="py-1 pr-3">
            Eindcijfer
          </th>
          {showNeeded ? (
            <th scope="col" className="py-1">
              Nodig op je CE
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {lines
          .filter((line) => !line.part)
          .map((line) => (
            <GradeRow key={line.key} line={line} showNeeded={showNeeded} testIdPrefix={testIdPrefix} />
          ))}
        {combinationGrade !== null ? (
          <tr className="border-b border-ink/10">
            <th scope="row" className="py-1 pr-3 font-semibold">
              Combinatiecijfer
            </th>
            <td className="py-1 pr-3 tabular-nums" data-testid={`${testIdPrefix}eindcijfer-combinatiecijfer`}>
              {combinationGrade}
            </td>
            {showNeeded ? <td className="py-1" /> : null}
          </tr>
        ) : null}
        {lines
          .filter((line) => line.part)
          .map((line) => (
            <GradeRow key={line.key} line={line} showNeeded={showNeeded} testIdPrefix={testIdPrefix} />
          ))}
      </tbody>
    </table>
  );
}

/** One subject's row; a combination grade's part indented under it, named as a part for screen readers too. */
function GradeRow({
  line,
  showNeeded,
  testIdPrefix,
}: {
  line: FinalGradeLine;
  showNeeded: boolean;
  testIdPrefix: string;
}) {
  return (
    <tr className={line.part ? 'text-ink-soft' : 'border-b border-ink/10'} data-part={line.part ? '' : undefined}>
      <th scope="row" className={`py-1 pr-3 ${line.part ? 'pl-5 font-normal' : 'font-semibold'}`}>
        {line.name}
        {line.part ? <span className="sr-only"> (onderdeel van het combinatiecijfer)</span> : null}
      </th>
      <td className="py-1 pr-3 tabular-nums" data-testid={`${testIdPrefix}eindcijfer-${line.key}`}>
        {line.finalGrade ??
          (line.assessment ? ASSESSMENT_LABELS[line.assessment as keyof typeof ASSESSMENT_LABELS] : '')}
      </td>
      {showNeeded ? (
        <td className="py-1" data-testid={`${testIdPrefix}nodig-${line.key}`}>
          {line.needed ?? ''}
        </td>
      ) : null}
    </tr>
  );
}

/**
 * A subject's cards counted two ways, side by side (ADR 022, as built in issue 34): reviewed (rated at least
 * once) and learned (the pupil's own tick, which a review can only suggest). The one sentence that tells
 * them apart is CARD_COUNTS_NOTE, shown once where the counts are.
 */
export const CARD_COUNTS_NOTE =
  'Herhaald telt elke kaart die je al eens hebt beoordeeld; geleerd alleen de kaarten die je zelf afvinkt (weet je een kaart een week lang goed, dan stellen we dat vinkje voor).';

function Count({
  label,
  subject,
  value,
  total,
  bar,
}: {
  label: string;
  subject: string;
  value: number;
  total: number;
  bar: string;
}) {
  return (
    <div>
      <div className="flex justify-between gap-2 text-sm">
        <span>{label}</span>
        <span className="text-ink-soft tabular-nums">
          {value} van {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${subject}: kaarten ${label.toLowerCase()}`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={value}
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-surface ring-1 ring-ink/15 ring-inset"
      >
        <div
          className={`h-full rounded-full ${bar}`}
          style={{ width: `${total ? Math.round((100 * value) / total) : 0}%` }}
        />
      </div>
    </div>
  );
}

/** Herhaald and Geleerd of a subject's cards, side by side. */
export function CardCounts({
  subject,
  reviewed,
  learned,
  total,
}: {
  subject: string;
  reviewed: number;
  learned: number;
  total: number;
}) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <Count label="Herhaald" subject={subject} value={reviewed} total={total} bar="bg-brand" />
      <Count label="Geleerd" subject={subject} value={learned} total={total} bar="bg-success" />
    </div>
  );
}

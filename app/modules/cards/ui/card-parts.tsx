import { Form } from 'react-router';
import { CheckIcon } from '#app/ui/primitives/icons.tsx';
import { CARD_SECTION_LABELS, DIFFICULTY_LABELS, EXAM_TYPE_LABELS } from '#app/modules/cards/domain/study-content.ts';
import type { CardSummaryView, TopicView } from '#app/modules/cards/schemas/study.ts';
import { shownLearned, toggleLearned, useLearnedStore } from './learned-store.ts';

/** The small labels of a card: section, difficulty, exam type, new. */
export function CardBadges({
  card,
}: {
  card: Pick<CardSummaryView, 'section' | 'difficulty' | 'examType' | 'isDownload' | 'newContent'>;
}) {
  return (
    <ul className="flex flex-wrap gap-1.5 text-xs font-semibold" aria-label="Kenmerken">
      <li className="card-badge-section">{CARD_SECTION_LABELS[card.section]}</li>
      <li className="card-badge">{DIFFICULTY_LABELS[card.difficulty]}</li>
      <li className="card-badge" title={EXAM_TYPE_LABELS[card.examType]}>
        <abbr title={EXAM_TYPE_LABELS[card.examType]} className="no-underline">
          {card.examType}
        </abbr>
      </li>
      {card.isDownload ? <li className="card-badge">Om te printen</li> : null}
      {card.newContent ? <li className="rounded-full bg-accent px-2 py-0.5 text-ink">Nieuw</li> : null}
    </ul>
  );
}

/**
 * The learned toggle of a card (spec §4): a form that works without
 * JavaScript (the page's action), and with it an optimistic switch whose
 * requests the learned store sends in order.
 */
export function LearnedToggle({
  card,
  topics,
  action,
  compact = false,
}: {
  card: Pick<CardSummaryView, 'id' | 'title' | 'userHasLearned' | 'learnable'>;
  /** The card's topics as the page shows them (their counts follow the toggle). */
  topics: readonly TopicView[];
  /** Where the form posts without JavaScript. */
  action?: string;
  compact?: boolean;
}) {
  useLearnedStore();
  if (!card.learnable) return null;
  const learned = shownLearned(card);
  const label = learned ? 'Geleerd' : 'Markeer als geleerd';
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      onSubmit={(event) => {
        event.preventDefault();
        toggleLearned(card, topics);
      }}
    >
      <input type="hidden" name="intent" value={learned ? 'unlearn' : 'learn'} />
      <input type="hidden" name="cardId" value={card.id} />
      <button
        type="submit"
        aria-pressed={learned}
        aria-label={compact ? `${card.title}: ${learned ? 'geleerd' : 'nog niet geleerd'}` : undefined}
        className={`learned-toggle ${compact ? 'size-10 justify-center' : 'px-4 py-2'}`}
      >
        <CheckIcon className={compact ? 'size-5' : 'size-4'} aria-hidden="true" />
        {compact ? null : <span>{label}</span>}
      </button>
    </Form>
  );
}

/** A progress bar with its numbers for people and screen readers. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percentage = max === 0 ? 0 : Math.round((100 * value) / max);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{label}</span>
        <span className="text-ink-soft tabular-nums">
          {value} van {max}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={`${value} van ${max} kaarten geleerd`}
        className="mt-1 h-2.5 overflow-hidden rounded-full bg-surface"
      >
        <div
          className="h-full rounded-full bg-success transition-[width] duration-300"
          style={{ width: `${percentage}%` }}
        />
      </div>
    </div>
  );
}

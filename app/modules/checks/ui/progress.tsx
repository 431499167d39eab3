import { formatGrade, isPassingGrade, scoreTone } from '#app/modules/checks/domain/exam-check.ts';
import { CARD_SECTION_LABELS, type CardSection } from '#app/modules/cards/index.ts';
import type { ParentTopicView, TopicView } from '#app/modules/cards/index.ts';
import type { PerTopicView } from '#app/modules/checks/schemas/attempts.ts';
import { ProgressBar } from '#app/modules/cards/ui.ts';
import { shownTopic, useLearnedStore } from '#app/modules/cards/ui.ts';

/** Progress per section (spec §2 the subject page's progress cards). */
export function SectionProgress({
  sections,
}: {
  sections: readonly { section: CardSection; learned: number; total: number }[];
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-3">
      {sections.map((s) => (
        <li key={s.section} className="rounded-2xl border-2 border-ink/10 bg-white p-4">
          <ProgressBar value={s.learned} max={s.total} label={CARD_SECTION_LABELS[s.section]} />
        </li>
      ))}
    </ul>
  );
}

/** Progress per chapter and topic (learned cards of the learnable ones). */
export function TopicProgress({
  topics,
  parentTopics,
}: {
  topics: readonly TopicView[];
  parentTopics: readonly ParentTopicView[];
}) {
  useLearnedStore();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {parentTopics.map((parent) => (
        <section key={parent.id} className="rounded-2xl border-2 border-ink/10 bg-white p-4" aria-label={parent.name}>
          <h3 className="font-bold text-brand-dark">{parent.name}</h3>
          <ul className="mt-3 space-y-3">
            {topics
              .filter((t) => t.parentId === parent.id)
              .map((topic) => {
                const shown = shownTopic(topic);
                return (
                  <li key={topic.id}>
                    <ProgressBar value={shown.learnedCards} max={shown.totalLearnableCards} label={topic.name} />
                  </li>
                );
              })}
          </ul>
        </section>
      ))}
    </div>
  );
}

const TONE_CLASSES = {
  good: 'bg-success text-white',
  fair: 'bg-accent text-ink',
  weak: 'bg-danger text-white',
} as const;

const TONE_WORDS = { good: 'goed', fair: 'redelijk', weak: 'nog oefenen' } as const;

/**
 * The topic list with score boxes (spec §2): per topic its latest
 * percentage in a coloured box, marked when there were too few questions to
 * judge it.
 */
export function TopicScoreList({ topics }: { topics: readonly PerTopicView[] }) {
  if (topics.length === 0) return <p className="text-ink-soft">Nog geen resultaten.</p>;
  return (
    <ul className="divide-y-2 divide-ink/10 rounded-2xl border-2 border-ink/10 bg-white">
      {topics.map((t) => {
        const tone = scoreTone(t.percentage);
        return (
          <li key={t.topicId} className="flex items-center gap-3 px-4 py-3">
            <span
              className={`inline-flex w-16 shrink-0 justify-center rounded-lg py-1.5 font-bold tabular-nums ${TONE_CLASSES[tone]}`}
            >
              {t.percentage}%
            </span>
            <span className="flex-1">
              <span className="font-semibold">{t.name}</span>
              <span className="block text-sm text-ink-soft">
                {t.score} van {t.maxScore} punten · {TONE_WORDS[tone]}
                {t.isUncertain ? ' · te weinig vragen om zeker te zijn' : ''}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** A grade in a circle: green from 5,5, red below. */
export function GradeBadge({ grade, size = 'md' }: { grade: number; size?: 'md' | 'lg' }) {
  const tenths = Math.round(grade * 10);
  const pass = isPassingGrade(tenths);
  return (
    <span
      className={`inline-flex items-center justify-center rounded-full font-extrabold tabular-nums ${
        size === 'lg' ? 'size-20 text-3xl' : 'size-12 text-lg'
      } ${pass ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'}`}
    >
      <span className="sr-only">Cijfer </span>
      {formatGrade(tenths)}
    </span>
  );
}

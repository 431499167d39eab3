import { useEffect, useRef, useState } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { CARD_LOADING_DELAY_MS } from '#app/platform/constants.ts';
import {
  CARD_SECTION_LABELS,
  CARD_SECTIONS,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  EXAM_TYPE_LABELS,
  EXAM_TYPES,
} from '#app/modules/cards/domain/study-content.ts';
import type { CardFilters, ParentTopicView, TopicView } from '#app/modules/cards/schemas/study.ts';
import { shownTopic, useLearnedStore } from './learned-store.ts';

/**
 * A flag that goes on at once and off `delay` ms after `on` turned false
 * (spec §4: the cards' loading flag clears 300 ms after the response).
 */
export function useLingeringFlag(on: boolean, delay = CARD_LOADING_DELAY_MS): boolean {
  const [flag, setFlag] = useState(on);
  useEffect(() => {
    if (on) {
      setFlag(true);
      return;
    }
    const timer = setTimeout(() => setFlag(false), delay);
    return () => clearTimeout(timer);
  }, [on, delay]);
  return flag;
}

/** How many filters are chosen. */
export const activeFilterCount = (f: CardFilters): number =>
  f.sections.length +
  f.topicIds.length +
  f.parentTopicIds.length +
  f.difficulty.length +
  f.examTypes.length +
  (f.hideLearned ? 1 : 0);

function Check({
  name,
  value,
  checked,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  children: React.ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded-lg px-1 py-1 hover:bg-surface">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="mt-1 size-4 accent-brand" />
      <span className="flex-1">{children}</span>
    </label>
  );
}

function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-t-2 border-ink/10 pt-3">
      <legend className="pr-2 font-bold">{legend}</legend>
      <div className="mt-1 space-y-0.5">{children}</div>
    </fieldset>
  );
}

/**
 * The card filters (spec §2, §4): topics grouped by chapter (a chapter's box
 * selects all its topics), sections, exam types, difficulty and hide learned,
 * in a GET form whose address is the listing's query — shareable and usable
 * without JavaScript. With JavaScript a change applies at once. "Alles
 * wissen" resets every filter at once.
 */
export function CardFilterForm({
  filters,
  topics,
  parentTopics,
  resetHref,
}: {
  filters: CardFilters;
  topics: readonly TopicView[];
  parentTopics: readonly ParentTopicView[];
  resetHref: string;
}) {
  useLearnedStore();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const count = activeFilterCount(filters);
  // The form's fields are uncontrolled; a new address (back button, reset) must rebuild them.
  const key = JSON.stringify(filters);
  return (
    <Form
      key={key}
      ref={form}
      method="get"
      preventScrollReset
      aria-label="Filters"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
      className="space-y-4"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="font-bold">
          Filters{count > 0 ? <span className="font-normal text-ink-soft"> ({count} gekozen)</span> : null}
        </p>
        {count > 0 ? (
          <Link
            to={resetHref}
            preventScrollReset
            className="text-sm font-semibold text-brand-dark underline underline-offset-4"
          >
            Alles wissen
          </Link>
        ) : null}
      </div>
      <label className="flex cursor-pointer items-center gap-2 rounded-xl bg-surface px-3 py-2 font-semibold">
        <input
          type="checkbox"
          name="hideLearned"
          value="true"
          defaultChecked={filters.hideLearned}
          className="size-4 accent-brand"
        />
        Verberg geleerde kaarten
      </label>
      <Group legend="Onderwerpen">
        {parentTopics.map((parent) => (
          <div key={parent.id} className="pb-1">
            <Check
              name="parentTopicIds[]"
              value={String(parent.id)}
              checked={filters.parentTopicIds.includes(parent.id)}
            >
              <span className="font-semibold">{parent.name}</span>
            </Check>
            <div className="ml-6">
              {topics
                .filter((topic) => topic.parentId === parent.id)
                .map((topic) => {
                  const shown = shownTopic(topic);
                  return (
                    <Check
                      key={topic.id}
                      name="topicIds[]"
                      value={String(topic.id)}
                      checked={filters.topicIds.includes(topic.id)}
                    >
                      {topic.name}{' '}
                      <span className="text-sm whitespace-nowrap text-ink-soft tabular-nums">
                        ({shown.learnedCards}/{shown.totalLearnableCards}
                        <span className="sr-only"> geleerd</span>)
                      </span>
                      {topic.newContent ? (
                        <span className="ml-1 rounded-full bg-accent px-1.5 text-xs font-semibold">Nieuw</span>
                      ) : null}
                    </Check>
                  );
                })}
            </div>
          </div>
        ))}
      </Group>
      <Group legend="Soort kaart">
        {CARD_SECTIONS.map((section) => (
          <Check key={section} name="sections[]" value={section} checked={filters.sections.includes(section)}>
            {CARD_SECTION_LABELS[section]}
          </Check>
        ))}
      </Group>
      <Group legend="Examen">
        {EXAM_TYPES.map((type) => (
          <Check key={type} name="examTypes[]" value={type} checked={filters.examTypes.includes(type)}>
            {EXAM_TYPE_LABELS[type]} ({type})
          </Check>
        ))}
      </Group>
      <Group legend="Moeilijkheid">
        {DIFFICULTIES.map((level) => (
          <Check key={level} name="difficulty[]" value={level} checked={filters.difficulty.includes(level)}>
            {DIFFICULTY_LABELS[level]}
          </Check>
        ))}
      </Group>
      <noscript>
        <button type="submit" className="btn btn-primary w-full">
          Filters toepassen
        </button>
      </noscript>
    </Form>
  );
}

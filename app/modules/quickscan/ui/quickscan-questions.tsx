import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { LEVEL_LABELS, LEVEL_ORDER, themeClass, themeForLevel, type Level } from '#app/platform/levels.ts';
import {
  DIFFICULTIES,
  DIFFICULTY_HINTS,
  DIFFICULTY_LABELS,
  QUICKSCAN_PARAMS,
  QUICKSCAN_PATH,
} from '#app/modules/quickscan/domain/quickscan.ts';
import { QUICKSCAN_MESSAGES } from '#app/modules/quickscan/domain/messages.ts';
import type {
  QuickscanErrors,
  QuickscanQuestionsView,
  QuickscanTypedAnswers,
} from '#app/modules/quickscan/schemas/quickscan-views.ts';

const STEPS = ['level', 'examYear', 'subjects', 'difficulties'] as const;
type Step = (typeof STEPS)[number];

const QUESTIONS: Record<Step, { title: string; hint: string }> = {
  level: { title: 'Op welk niveau doe je examen?', hint: 'Dan laten we alleen de vakken van jouw niveau zien.' },
  examYear: { title: 'In welk jaar doe je centraal examen?', hint: 'Dan weten we hoeveel tijd je nog hebt.' },
  subjects: { title: 'Voor welke vakken wil je oefenen?', hint: 'Kies er één of meer.' },
  difficulties: { title: 'Wat vind je lastig?', hint: 'Kies wat bij je past, of sla deze vraag over.' },
};

/**
 * Without JavaScript every subject is in the page; CSS hides the ones that are
 * no exam subject at the checked level (with JavaScript too, so the two agree).
 * Whole class names, so that Tailwind finds them.
 */
const HIDDEN_AT_LEVEL: Record<Level, string> = {
  'vmbo-b': '[form:has([name=niveau][value=vmbo-b]:checked)_&]:hidden',
  'vmbo-k': '[form:has([name=niveau][value=vmbo-k]:checked)_&]:hidden',
  'vmbo-gl-tl': '[form:has([name=niveau][value=vmbo-gl-tl]:checked)_&]:hidden',
  havo: '[form:has([name=niveau][value=havo]:checked)_&]:hidden',
  vwo: '[form:has([name=niveau][value=vwo]:checked)_&]:hidden',
};
/** The levels next to a subject's name, until a level is checked. */
const HIDDEN_ONCE_A_LEVEL_IS_CHECKED = '[form:has([name=niveau]:checked)_&]:hidden';

const optionClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 border-ink/15 bg-white px-4 py-3 font-semibold transition-colors duration-(--duration-transition) hover:border-brand has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus';
const inputClass = 'h-5 w-5 shrink-0 accent-brand focus-visible:outline-none';

function levelsText(levels: readonly Level[]): string {
  if (levels.length === LEVEL_ORDER.length) return 'alle niveaus';
  return levels.map((level) => LEVEL_LABELS[level]).join(', ');
}

function Question({
  step,
  index,
  current,
  error,
  fieldsetRef,
  children,
}: {
  step: Step;
  index: number;
  /** In steps (with JavaScript): only the current question shows. */
  current: boolean;
  error: string | undefined;
  fieldsetRef: RefObject<HTMLFieldSetElement | null>;
  children: ReactNode;
}) {
  const { title, hint } = QUESTIONS[step];
  const errorId = `vraag-${step}-fout`;
  return (
    <fieldset
      ref={fieldsetRef}
      id={`vraag-${step}`}
      tabIndex={-1}
      hidden={!current}
      aria-describedby={[`vraag-${step}-uitleg`, error ? errorId : ''].filter(Boolean).join(' ')}
      className="min-w-0 scroll-mt-28 focus:outline-none"
    >
      <legend className="flex items-start gap-3 font-display text-xl font-extrabold md:text-2xl">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand text-base text-white"
        >
          {index + 1}
        </span>
        <span className="pt-0.5">
          <span className="sr-only">Vraag {index + 1} van 4: </span>
          {title}
        </span>
      </legend>
      <p id={`vraag-${step}-uitleg`} className="mt-1 ml-12 text-ink-soft">
        {hint}
      </p>
      {error ? (
        <p id={errorId} className="mt-2 ml-12 font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-4">{children}</div>
    </fieldset>
  );
}

/**
 * The quick scan's four questions: a plain GET form, so the
 * answers land in the URL and the page works without JavaScript (all questions
 * on one page). With JavaScript and nothing answered yet, `stepwise` shows
 * them one at a time (level → exam year → the level's subjects → what is
 * hard), checking each step before the next and moving focus to it.
 */
export function QuickscanQuestions({
  questions,
  typed,
  errors,
  stepwise,
}: {
  questions: QuickscanQuestionsView;
  typed: QuickscanTypedAnswers;
  errors: QuickscanErrors | null;
  stepwise: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.location.pathname === QUICKSCAN_PATH;
  const [level, setLevel] = useState(typed.level);
  const [examYear, setExamYear] = useState(typed.examYear);
  // A subject of another level stays unticked (it would be hidden, yet sent along).
  const [subjects, setSubjects] = useState<string[]>(() =>
    (LEVEL_ORDER as readonly string[]).includes(typed.level)
      ? typed.subjects.filter((slug) =>
          questions.subjects.some((s) => s.slug === slug && s.levels.includes(typed.level as Level)),
        )
      : typed.subjects,
  );
  const [difficulties, setDifficulties] = useState<string[]>(typed.difficulties);
  // Steps only once JavaScript runs: the server's HTML always has every question.
  const [inSteps, setInSteps] = useState(false);
  const [step, setStep] = useState(0);
  const [stepError, setStepError] = useState<{ step: Step; message: string } | null>(null);
  const moved = useRef(false);
  const refs = {
    level: useRef<HTMLFieldSetElement>(null),
    examYear: useRef<HTMLFieldSetElement>(null),
    subjects: useRef<HTMLFieldSetElement>(null),
    difficulties: useRef<HTMLFieldSetElement>(null),
  };

  useEffect(() => {
    if (stepwise) setInSteps(true);
  }, [stepwise]);

  // After Volgende/Vorige, focus goes to the question that appeared (its legend is read out).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    refs[STEPS[step]!].current?.focus();
    // The refs are stable: only the step matters.
  }, [step]);

  const levelKnown = (LEVEL_ORDER as readonly string[]).includes(level);
  const subjectsOfLevel = levelKnown
    ? questions.subjects.filter((s) => s.levels.includes(level as Level))
    : questions.subjects;

  const chooseLevel = (next: string) => {
    setLevel(next);
    // Subjects that are no exam subject at the new level are unticked.
    const allowed = new Set(questions.subjects.filter((s) => s.levels.includes(next as Level)).map((s) => s.slug));
    setSubjects((list) => list.filter((slug) => allowed.has(slug)));
    if (stepError?.step === 'level') setStepError(null);
  };
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

  /** The message that keeps a step from going on, or null. */
  const check = (at: Step): string | null => {
    if (at === 'level') return levelKnown ? null : QUICKSCAN_MESSAGES.LEVEL;
    if (at === 'examYear')
      return questions.examYears.map(String).includes(examYear) ? null : QUICKSCAN_MESSAGES.EXAM_YEAR;
    if (at === 'subjects') return subjects.length > 0 ? null : QUICKSCAN_MESSAGES.SUBJECTS_REQUIRED;
    return null;
  };
  const go = (next: number) => {
    if (next > step) {
      const message = check(STEPS[step]!);
      if (message) {
        setStepError({ step: STEPS[step]!, message });
        refs[STEPS[step]!].current?.focus();
        return;
      }
    }
    setStepError(null);
    moved.current = true;
    setStep(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter in a question that is not the last one goes to the next question.
    if (inSteps && step < STEPS.length - 1) {
      event.preventDefault();
      go(step + 1);
    }
  };

  const errorOf = (at: Step) => (stepError?.step === at ? stepError.message : errors?.[at]);
  const shows = (at: Step) => !inSteps || STEPS[step] === at;

  return (
    <Form method="get" action={QUICKSCAN_PATH} onSubmit={onSubmit} noValidate className="grid gap-10">
      {inSteps ? (
        <div aria-hidden="true" className="-mb-4">
          <p className="text-sm font-semibold text-ink-soft">
            Vraag {step + 1} van {STEPS.length}
          </p>
          <div className="mt-2 h-2 overflow-hidden rounded-full bg-surface">
            <div
              className="h-full rounded-full bg-brand transition-[width] duration-(--duration-transition)"
              style={{ width: `${((step + 1) / STEPS.length) * 100}%` }}
            />
          </div>
        </div>
      ) : null}

      <Question step="level" index={0} current={shows('level')} error={errorOf('level')} fieldsetRef={refs.level}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {LEVEL_ORDER.map((option) => (
            <label key={option} className={optionClass}>
              <input
                type="radio"
                name={QUICKSCAN_PARAMS.level}
                value={option}
                checked={level === option}
                onChange={() => chooseLevel(option)}
                aria-invalid={errorOf('level') ? true : undefined}
                className={inputClass}
              />
              <span
                aria-hidden="true"
                className={`${themeClass(themeForLevel(option))} h-3 w-3 shrink-0 rounded-full bg-brand`}
              />
              {LEVEL_LABELS[option]}
            </label>
          ))}
        </div>
      </Question>

      <Question
        step="examYear"
        index={1}
        current={shows('examYear')}
        error={errorOf('examYear')}
        fieldsetRef={refs.examYear}
      >
        <div className="flex flex-wrap gap-3">
          {questions.examYears.map((year) => (
            <label key={year} className={`${optionClass} min-w-28 justify-center`}>
              <input
                type="radio"
                name={QUICKSCAN_PARAMS.examYear}
                value={year}
                checked={examYear === String(year)}
                onChange={() => {
                  setExamYear(String(year));
                  if (stepError?.step === 'examYear') setStepError(null);
                }}
                aria-invalid={errorOf('examYear') ? true : undefined}
                className={inputClass}
              />
              {year}
            </label>
          ))}
        </div>
      </Question>

      <Question
        step="subjects"
        index={2}
        current={shows('subjects')}
        error={errorOf('subjects')}
        fieldsetRef={refs.subjects}
      >
        {subjectsOfLevel.length === 0 ? (
          <p className="rounded-2xl bg-surface p-4">
            Voor dit niveau kunnen we nu geen vakken laten zien. Kijk bij{' '}
            <a href="/producten" className="font-semibold text-brand-dark underline underline-offset-4">
              alle producten
            </a>
            .
          </p>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {/* Every subject is in the HTML; CSS shows the checked level's (see HIDDEN_AT_LEVEL). */}
            {questions.subjects.map((subject) => (
              <label
                key={subject.slug}
                className={[
                  optionClass,
                  ...LEVEL_ORDER.filter((l) => !subject.levels.includes(l)).map((l) => HIDDEN_AT_LEVEL[l]),
                ].join(' ')}
              >
                <input
                  type="checkbox"
                  name={QUICKSCAN_PARAMS.subjects}
                  value={subject.slug}
                  checked={subjects.includes(subject.slug)}
                  onChange={(event) => {
                    setSubjects((list) => toggle(list, subject.slug, event.target.checked));
                    if (stepError?.step === 'subjects') setStepError(null);
                  }}
                  aria-invalid={errorOf('subjects') ? true : undefined}
                  aria-labelledby={`vak-${subject.slug}`}
                  aria-describedby={`vak-${subject.slug}-niveaus`}
                  className={inputClass}
                />
                <span>
                  <span id={`vak-${subject.slug}`}>{subject.name}</span>
                  <span
                    id={`vak-${subject.slug}-niveaus`}
                    className={`block text-sm font-normal text-ink-soft ${HIDDEN_ONCE_A_LEVEL_IS_CHECKED}`}
                  >
                    {levelsText(subject.levels)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
      </Question>

      <Question
        step="difficulties"
        index={3}
        current={shows('difficulties')}
        error={errorOf('difficulties')}
        fieldsetRef={refs.difficulties}
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {DIFFICULTIES.map((difficulty) => (
            <label key={difficulty} className={`${optionClass} items-start`}>
              <input
                type="checkbox"
                name={QUICKSCAN_PARAMS.difficulties}
                value={difficulty}
                checked={difficulties.includes(difficulty)}
                onChange={(event) => setDifficulties((list) => toggle(list, difficulty, event.target.checked))}
                aria-labelledby={`lastig-${difficulty}`}
                aria-describedby={`lastig-${difficulty}-uitleg`}
                className={`${inputClass} mt-0.5`}
              />
              <span>
                <span id={`lastig-${difficulty}`}>{DIFFICULTY_LABELS[difficulty]}</span>
                <span id={`lastig-${difficulty}-uitleg`} className="block text-sm font-normal text-ink-soft">
                  {DIFFICULTY_HINTS[difficulty]}
                </span>
              </span>
            </label>
          ))}
        </div>
      </Question>

      <div className="flex flex-wrap items-center gap-3">
        {inSteps && step > 0 ? (
          <Button variant="tertiary" onClick={() => go(step - 1)}>
            Vorige vraag
          </Button>
        ) : null}
        {inSteps && step < STEPS.length - 1 ? (
          // Own keys: React must not turn the clicked button into the submit button while its click still runs.
          <Button key="next" onClick={() => go(step + 1)}>
            Volgende vraag <ArrowRightIcon aria-hidden="true" />
          </Button>
        ) : (
          <Button key="submit" type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Bezig met je advies…' : 'Bekijk mijn advies'} <ArrowRightIcon aria-hidden="true" />
          </Button>
        )}
      </div>
    </Form>
  );
}

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, useBlocker, useFetcher, useNavigation } from 'react-router';
import {
  unscoredQuestions,
  type QuestionView,
  type TestDraftView,
  type TestView,
} from '#app/modules/checks/schemas/checks.ts';
import { uiStore } from '#app/ui/ui-store.ts';
import { CHECK_MESSAGES } from '#app/modules/checks/domain/messages.ts';

type DraftAnswer = TestDraftView['answers'][number];

/** How long the form waits after the last keystroke or click before it saves the answers so far. */
const SAVE_AFTER_MS = 800;

function ChoiceQuestion({
  question,
  chosen,
}: {
  question: Extract<QuestionView, { kind: 'choice' }>;
  chosen: string | null;
}) {
  return (
    <fieldset>
      <legend className="sr-only">Kies een antwoord</legend>
      <ul className="space-y-2">
        {question.options.map((option) => (
          <li key={option.id}>
            <label className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-ink/10 p-3 hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
              <input
                type="radio"
                name={`choice-${question.id}`}
                value={option.id}
                defaultChecked={chosen === option.id}
                className="mt-1.5 size-4 accent-brand"
              />
              <span className="font-bold uppercase">{option.id}</span>
              <span className="study-text flex-1" dangerouslySetInnerHTML={{ __html: option.html }} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function OpenQuestion({
  question,
  draft,
  unscored,
}: {
  question: Extract<QuestionView, { kind: 'open' }>;
  draft: Extract<DraftAnswer, { kind: 'open' }> | undefined;
  /** Handed in without points: the model answer opens and says so. */
  unscored: boolean;
}) {
  const [revealed, setRevealed] = useState(draft?.points != null);
  const noticeId = `unscored-${question.id}`;
  return (
    <div className="space-y-4">
      <label className="block">
        <span className="font-semibold">Jouw antwoord</span>
        <textarea
          name={`text-${question.id}`}
          rows={4}
          maxLength={4000}
          defaultValue={draft?.text ?? ''}
          className="mt-1 block w-full rounded-xl border-2 border-ink/20 p-3 focus:border-brand focus:outline-none"
        />
      </label>
      <details
        className={`rounded-xl border-2 ${unscored ? 'border-danger' : 'border-ink/10'}`}
        open={revealed || unscored || undefined}
        onToggle={(event) => setRevealed(event.currentTarget.open)}
      >
        <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-brand-dark hover:bg-surface">
          Bekijk het antwoordmodel en geef jezelf punten
        </summary>
        <div className="space-y-3 border-t-2 border-ink/10 px-4 py-3">
          <div className="study-text" dangerouslySetInnerHTML={{ __html: question.modelAnswerHtml }} />
          <ul className="list-disc pl-5 text-sm">
            {question.scoringPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <fieldset aria-describedby={unscored ? noticeId : undefined}>
            <legend className="font-semibold">Hoeveel punten geef je jezelf?</legend>
            {unscored ? (
              <p id={noticeId} className="mt-1 font-semibold text-danger">
                Je hebt jezelf nog geen punten gegeven voor deze vraag.
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              {Array.from({ length: question.maxPoints + 1 }, (_, points) => (
                <label
                  key={points}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border-2 border-ink/15 px-3 py-1.5 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                >
                  <input
                    type="radio"
                    name={`points-${question.id}`}
                    value={points}
                    defaultChecked={draft?.points === points}
                    className="accent-brand"
                  />
                  {points} {points === 1 ? 'punt' : 'punten'}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </details>
    </div>
  );
}

/** How many questions the form has an answer to: an option chosen, or an open answer typed or scored. */
function answeredIn(form: HTMLFormElement | null, questions: readonly QuestionView[]): number {
  if (!form) return 0;
  const data = new FormData(form);
  return questions.filter((q) =>
    q.kind === 'choice'
      ? Boolean(data.get(`choice-${q.id}`))
      : String(data.get(`text-${q.id}`) ?? '').trim() !== '' || data.get(`points-${q.id}`) !== null,
  ).length;
}

const answeredInDraft = (draft: TestDraftView | null): number =>
  (draft?.answers ?? []).filter((a) =>
    a.kind === 'choice' ? a.optionId !== null : a.text.trim() !== '' || a.points !== null,
  ).length;

/**
 * Taking an exam check (spec §2 exam-check modal): one form with every
 * question. Without JavaScript they stand one below the other; with it the
 * pupil goes question by question (the others are hidden, not removed, so
 * the form posts every answer) and hands in at the end.
 *
 * Work in progress is kept on the server (the route's `draft` intent): while
 * the pupil works, at every next question and when they leave, so coming
 * back — on any device — resumes at the same question with the same answers
 * (`draft`). Leaving with answers asks first. Open questions have no points
 * until the pupil chooses them; handing in with unscored ones names them.
 */
export function ExamCheckForm({
  test,
  draft = null,
  refusedUnscored = [],
}: {
  test: TestView;
  draft?: TestDraftView | null;
  /** Open questions (1-based) the server refused without points (a hand-in without JavaScript). */
  refusedUnscored?: readonly number[];
}) {
  const total = test.questions.length;
  const [step, setStep] = useState<number | null>(null);
  const [answered, setAnswered] = useState(() => answeredInDraft(draft));
  const [unscored, setUnscored] = useState<readonly number[]>(refusedUnscored);
  const navigation = useNavigation();
  const fetcher = useFetcher({ key: `exam-check-draft-${test.id}` });
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const dirty = useRef(false);
  const handingIn = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A hand-in waiting for a draft save still on its way: the attempt must reach the server after the draft. */
  const [handInAfterSave, setHandInAfterSave] = useState<{ submitter: HTMLButtonElement | null } | null>(null);
  const stepShown = useRef(0);
  const byStep = step !== null;
  const answers = new Map((draft?.answers ?? []).map((a) => [a.questionId, a]));

  useEffect(() => setStep(Math.min(draft?.step ?? 0, Math.max(0, total - 1))), []);
  useEffect(() => {
    if (step !== null && (step > 0 || draft)) heading.current?.focus();
    if (step !== null) stepShown.current = step;
  }, [step]);

  /** Saves the answers so far and the question shown (the route's `draft` intent). */
  const save = useCallback(() => {
    clearTimeout(timer.current);
    if (!form.current || handingIn.current) return;
    const data = new FormData(form.current);
    data.set('intent', 'draft');
    data.set('step', String(stepShown.current));
    dirty.current = false;
    // A draft changes nothing the page shows: no loader runs again after it.
    void fetcher.submit(data, { method: 'post', defaultShouldRevalidate: false });
  }, [fetcher]);

  const goTo = (next: number) => {
    setStep(next);
    stepShown.current = next;
    if (dirty.current || answered > 0) save();
  };

  const changed = () => {
    dirty.current = true;
    setAnswered(answeredIn(form.current, test.questions));
    if (unscored.length > 0) setUnscored(unscoredQuestions(new FormData(form.current!), test.questions));
    clearTimeout(timer.current);
    timer.current = setTimeout(save, SAVE_AFTER_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  // Leaving with answers in the check (the close button, Escape, the back button, a link) asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !handingIn.current &&
      answeredIn(form.current, test.questions) > 0 &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const at = stepShown.current + 1;
    void uiStore
      .dialog({
        type: 'dialog',
        title: 'Stoppen met deze examencheck?',
        message:
          `<p>Je hebt de check nog niet ingeleverd. Je antwoorden blijven bewaard: als je terugkomt, ` +
          `ga je verder bij vraag ${at} van ${total}.</p>`,
        confirmLabel: 'Stoppen en later verder',
        cancelLabel: 'Verder met de check',
      })
      .then((stop) => {
        if (stop) {
          save();
          setLeaving(true);
          return;
        }
        blocker.reset?.();
        // Escape may already have closed the exam dialog: show it again where the pupil was.
        const dialog = form.current?.closest('dialog');
        if (dialog && !dialog.open) dialog.showModal();
        heading.current?.focus();
      });
  }, [blocker.state]);
  // Leave once the answers are saved.
  useEffect(() => {
    if (leaving && fetcher.state === 'idle' && blocker.state === 'blocked') blocker.proceed?.();
  }, [leaving, fetcher.state, blocker]);

  // Closing the tab or reloading with answers not yet saved: the browser asks.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current && !handingIn.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const handIn = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'later') {
      handingIn.current = true;
      return;
    }
    const missing = unscoredQuestions(new FormData(event.currentTarget), test.questions);
    setUnscored(missing);
    if (missing.length > 0) {
      event.preventDefault();
      requestAnimationFrame(() => alert.current?.focus());
      return;
    }
    clearTimeout(timer.current);
    handingIn.current = true;
    if (fetcher.state !== 'idle') {
      // A draft sent after the hand-in could arrive after it and bring the handed-in answers back as work in
      // progress: hand in once the draft is saved.
      event.preventDefault();
      setHandInAfterSave({ submitter });
    }
  };
  useEffect(() => {
    if (!handInAfterSave || fetcher.state !== 'idle') return;
    setHandInAfterSave(null);
    form.current?.requestSubmit(handInAfterSave.submitter ?? undefined);
  }, [handInAfterSave, fetcher.state]);

  const submitting = navigation.state === 'submitting';
  const missing = new Set(unscored);
  return (
    <Form
      ref={form}
      method="post"
      className="space-y-6"
      aria-describedby="check-intro"
      onChange={changed}
      onSubmit={handIn}
    >
      <p id="check-intro" className="text-ink-soft">
        {test.description} {total} vragen, {test.maxScore} punten. Open vragen kijk je zelf na met het antwoordmodel.
        {draft ? ' Je gaat verder waar je gebleven was.' : ''}
      </p>
      <input type="hidden" name="step" value={step ?? 0} />
      {byStep ? (
        <div>
          <div className="flex justify-between text-sm font-semibold">
            <span>
              Vraag {step + 1} van {total}
            </span>
            <span>
              {answered} van {total} beantwoord
            </span>
          </div>
          <div className="mt-1 h-2 overflow-hidden rounded-full bg-surface" aria-hidden="true">
            <div className="h-full bg-brand transition-[width]" style={{ width: `${(100 * answered) / total}%` }} />
          </div>
        </div>
      ) : null}
      {unscored.length > 0 ? (
        <div ref={alert} tabIndex={-1} role="alert" className="rounded-xl bg-danger-soft p-3 text-danger">
          <p className="font-semibold">{CHECK_MESSAGES.UNSCORED(unscored)}</p>
          {byStep ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {unscored.map((n) => (
                <li key={n}>
                  <button type="button" className="btn btn-secondary" onClick={() => goTo(n - 1)}>
                    Naar vraag {n}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <ol className="space-y-8">
        {test.questions.map((question, index) => (
          <li key={question.id} hidden={byStep && index !== step} className="space-y-4">
            <h3
              ref={index === step ? heading : undefined}
              tabIndex={-1}
              className="text-lg font-bold focus:outline-none"
            >
              Vraag {index + 1}{' '}
              <span className="text-sm font-normal text-ink-soft">
                ({question.maxPoints} {question.maxPoints === 1 ? 'punt' : 'punten'} · {question.topic.name})
              </span>
            </h3>
            <div className="study-text" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
            {question.kind === 'choice' ? (
              <ChoiceQuestion
                question={question}
                chosen={(() => {
                  const a = answers.get(question.id);
                  return a?.kind === 'choice' ? a.optionId : null;
                })()}
              />
            ) : (
              <OpenQuestion
                question={question}
                draft={(() => {
                  const a = answers.get(question.id);
                  return a?.kind === 'open' ? a : undefined;
                })()}
                unscored={missing.has(index + 1)}
              />
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-3 border-t-2 border-ink/10 pt-4">
        {byStep && step > 0 ? (
          <button type="button" className="btn btn-secondary" onClick={() => goTo(step - 1)}>
            Vorige vraag
          </button>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap gap-3">
          {byStep ? null : (
            <button type="submit" name="intent" value="later" className="btn btn-secondary">
              Bewaren en later verder
            </button>
          )}
          {byStep && step < total - 1 ? (
            <button key="next" type="button" className="btn btn-primary" onClick={() => goTo(step + 1)}>
              Volgende vraag
            </button>
          ) : (
            <button key="submit" type="submit" className="btn btn-primary" disabled={submitting}>
              {submitting ? 'Bezig met nakijken…' : 'Inleveren en nakijken'}
            </button>
          )}
        </div>
      </div>
    </Form>
  );
}

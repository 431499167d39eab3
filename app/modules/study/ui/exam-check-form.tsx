import { useEffect, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { QuestionView, TestView } from '#app/modules/study/schemas/checks.ts';

function ChoiceQuestion({ question }: { question: Extract<QuestionView, { kind: 'choice' }> }) {
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

function OpenQuestion({ question }: { question: Extract<QuestionView, { kind: 'open' }> }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="space-y-4">
      <label className="block">
        <span className="font-semibold">Jouw antwoord</span>
        <textarea
          name={`text-${question.id}`}
          rows={4}
          maxLength={4000}
          className="mt-1 block w-full rounded-xl border-2 border-ink/20 p-3 focus:border-brand focus:outline-none"
        />
      </label>
      <details
        className="rounded-xl border-2 border-ink/10"
        open={revealed || undefined}
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
          <fieldset>
            <legend className="font-semibold">Hoeveel punten geef je jezelf?</legend>
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
                    defaultChecked={points === 0}
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

/**
 * Taking an exam check (spec §2 exam-check modal): one form with every
 * question. Without JavaScript they stand one below the other; with it the
 * pupil goes question by question (the others are hidden, not removed, so
 * the form posts every answer) and hands in at the end.
 */
export function ExamCheckForm({ test }: { test: TestView }) {
  const [step, setStep] = useState<number | null>(null);
  const navigation = useNavigation();
  const heading = useRef<HTMLHeadingElement>(null);
  const total = test.questions.length;
  const byStep = step !== null;
  useEffect(() => setStep(0), []);
  useEffect(() => {
    if (step !== null && step > 0) heading.current?.focus();
  }, [step]);
  const submitting = navigation.state === 'submitting';
  return (
    <Form method="post" className="space-y-6" aria-describedby="check-intro">
      <p id="check-intro" className="text-ink-soft">
        {test.description} {total} vragen, {test.maxScore} punten. Open vragen kijk je zelf na met het antwoordmodel.
      </p>
      {byStep ? (
        <div>
          <div className="flex justify-between text-sm font-semibold">
            <span>
              Vraag {step + 1} van {total}
            </span>
            <span>{Math.round((100 * step) / total)}%</span>
          </div>
          <div className="mt-1 h-2 overflow-hidden rounded-full bg-surface" aria-hidden="true">
            <div className="h-full bg-brand transition-[width]" style={{ width: `${(100 * (step + 1)) / total}%` }} />
          </div>
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
            {question.kind === 'choice' ? <ChoiceQuestion question={question} /> : <OpenQuestion question={question} />}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-between gap-3 border-t-2 border-ink/10 pt-4">
        {byStep && step > 0 ? (
          <button type="button" className="btn btn-secondary" onClick={() => setStep(step - 1)}>
            Vorige vraag
          </button>
        ) : (
          <span />
        )}
        {byStep && step < total - 1 ? (
          <button key="next" type="button" className="btn btn-primary" onClick={() => setStep(step + 1)}>
            Volgende vraag
          </button>
        ) : (
          <button key="submit" type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Bezig met nakijken…' : 'Inleveren en nakijken'}
          </button>
        )}
      </div>
    </Form>
  );
}

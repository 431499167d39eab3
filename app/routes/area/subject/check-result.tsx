import { data, useLoaderData, useNavigate, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/check-result';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { formatDutchDateWithYear } from '#app/platform/dates.ts';
import { checkPath, subjectPath } from '#app/platform/study-paths.ts';
import { testIdParams } from '#app/modules/checks/index.ts';
import { GradeBadge, TopicScoreList } from '#app/modules/checks/ui.ts';
import { SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { checkRefusal, getCheckResult } from '#app/modules/checks/index.server.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { Modal } from '#app/ui/primitives/modal.tsx';
import { CHECK_MESSAGES } from '#app/modules/checks/index.ts';

/** The latest attempt of an exam check (spec §7 latest-attempt): the grade, per topic, and every answer. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const parsed = testIdParams.safeParse({ id: params.testId });
  if (!parsed.success) throw data(CHECK_MESSAGES.UNKNOWN_TEST, { status: 404 });
  const result = await getCheckResult(context.get(scopeContext), user.id, parsed.data.id);
  if (!result.ok) refusePage(checkRefusal(result.reason));
  if (result.value.test.subjectId !== Number(params.subjectId))
    throw data(CHECK_MESSAGES.UNKNOWN_TEST, { status: 404 });
  if (!result.value.result) throw data(CHECK_MESSAGES.NO_ATTEMPT, { status: 404 });
  return { test: result.value.test, result: result.value.result };
}

export default function CheckResultModal() {
  const { test, result } = useLoaderData<typeof loader>();
  const { subject } = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  const navigate = useNavigate();
  const answers = new Map(result.answers.map((a) => [a.questionId, a]));
  const { attempt } = result;
  return (
    <Modal
      open
      size="exam"
      title={`${test.title}: je resultaat`}
      onClose={() => void navigate(subjectPath(subject, 'results'), { preventScrollReset: true })}
    >
      <div className="flex flex-wrap items-center gap-5">
        <GradeBadge grade={attempt.results.grade} size="lg" />
        <div>
          <p className="text-lg font-bold">
            {attempt.score} van {attempt.maxScore} punten
          </p>
          <p className="text-ink-soft">Gemaakt op {formatDutchDateWithYear(new Date(attempt.createdAt))}</p>
          <p className="text-sm text-ink-soft">
            Cijfer volgens de formule van het centraal examen: 9 × score ÷ maximum + 1.
          </p>
        </div>
      </div>
      <h3 className="mt-6 mb-2 text-lg font-bold">Per onderwerp</h3>
      <TopicScoreList topics={attempt.results.perTopic} />
      <h3 className="mt-6 mb-2 text-lg font-bold">Je antwoorden</h3>
      <ol className="space-y-4">
        {test.questions.map((question, index) => {
          const answer = answers.get(question.id);
          const full = answer && answer.points === answer.maxPoints;
          return (
            <li key={question.id} className="rounded-xl border-2 border-ink/10 p-4">
              <p className="font-bold">
                Vraag {index + 1}{' '}
                <span className={full ? 'text-success' : 'text-danger'}>
                  {answer?.points ?? 0}/{question.maxPoints} {question.maxPoints === 1 ? 'punt' : 'punten'}
                </span>
              </p>
              <div className="study-text mt-2" dangerouslySetInnerHTML={{ __html: question.promptHtml }} />
              {question.kind === 'choice' ? (
                <div className="mt-3 space-y-2 text-sm">
                  <p>
                    Jouw antwoord:{' '}
                    <strong>{answer?.optionId ? answer.optionId.toUpperCase() : 'niet beantwoord'}</strong>
                    {answer?.correctOptionId ? (
                      <>
                        {' '}
                        · goed antwoord: <strong>{answer.correctOptionId.toUpperCase()}</strong>
                      </>
                    ) : null}
                  </p>
                  {answer?.explanationHtml ? (
                    <div
                      className="study-text rounded-lg bg-surface p-3"
                      dangerouslySetInnerHTML={{ __html: answer.explanationHtml }}
                    />
                  ) : null}
                </div>
              ) : (
                <div className="mt-3 space-y-2 text-sm">
                  <p>Jouw antwoord: {answer?.text ? <q>{answer.text}</q> : <strong>niet beantwoord</strong>}</p>
                  <div
                    className="study-text rounded-lg bg-surface p-3"
                    dangerouslySetInnerHTML={{ __html: question.modelAnswerHtml }}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={checkPath(subject, test.id)}>Opnieuw maken</ButtonLink>
        <ButtonLink to={subjectPath(subject, 'learn')} variant="secondary">
          Oefenen met de leerkaarten
        </ButtonLink>
      </div>
    </Modal>
  );
}

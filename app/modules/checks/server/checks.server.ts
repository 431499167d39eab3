import {
  type AccessRefusal,
  type StudyResult,
  ok,
  refuse,
  studyOf,
  subjectContent,
} from '#app/modules/cards/index.server.ts';
import { mayOpen } from '#app/modules/cards/index.ts';
import type { Result } from '#app/platform/result.ts';
import { topicNameMap } from '#app/modules/cards/index.server.ts';
import { attemptView, feedback, questionView } from '#app/modules/checks/server/check-views.server.ts';
import { attemptsOf, latestAttemptPerSubject, subjectChecks } from '#app/modules/checks/server/check-state.server.ts';
import {
  deleteDraft,
  draftsInSubject,
  findDraft,
  findLatestAttempt,
  upsertDraft,
  findTest,
  insertAttempt,
  listQuestions,
  type AttemptSummaryRow,
} from '#app/modules/checks/db/checks.server.ts';
import { findStudySubject } from '#app/modules/cards/index.server.ts';
import { choicePoints, scoreCheck, selfScoredPoints } from '#app/modules/checks/domain/exam-check.ts';
import type { AttemptAnswerRow, DraftAnswerRow } from '../db/tables.ts';
import {
  type AttemptResultView,
  type TestAnswers,
  type TestDraft,
  type TestDraftView,
  type TestSummaryView,
  type TestView,
  type ArticleExamCheck,
} from '#app/modules/checks/schemas/checks.ts';
import { queueSummaryRefresh } from '#app/platform/server/summary-refresh.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { subjectTitle } from '#app/platform/study-paths.ts';

/** GET /v1/subject/{id}/tests (spec §7): the subject's checks with the pupil's latest attempt of each. */
export async function listTests(s: Scope, userId: string, subjectId: number): Promise<StudyResult<TestSummaryView[]>> {
  const [{ content, stream }, checks, attempts, drafts] = await Promise.all([
    studyOf(s, userId, subjectId),
    subjectChecks(s, subjectId),
    attemptsOf(s, userId, subjectId),
    draftsInSubject(s.db, userId, subjectId),
  ]);
  if (!content) return refuse('not_found');
  if (!stream) return refuse('no_access');
  const latest = new Map<number, AttemptSummaryRow>();
  for (const attempt of attempts) latest.set(attempt.testId, attempt);
  const unfinished = new Map(drafts.map((d) => [d.testId, d]));
  return ok(
    checks.map((t) => {
      const attempt = latest.get(t.id);
      const draft = mayOpen(stream, t) ? unfinished.get(t.id) : undefined;
      return {
        id: t.id,
        title: t.title,
        description: t.description,
        questionCount: t.questionCount,
        maxScore: t.maxScore,
        light: t.light,
        locked: !mayOpen(stream, t),
        latestAttempt: attempt && mayOpen(stream, t) ? attemptView(attempt) : null,
        unfinished: draft
          ? {
              question: Math.min(draft.step, t.questionCount - 1) + 1,
              answered: draft.answers.filter((a) => (a.kind === 'choice' ? a.optionId !== null : a.text.trim() !== ''))
                .length,
            }
          : null,
      };
    }),
  );
}

/** A test the pupil may take, with its questions; or why not. The check's row is read once a request. */
export async function openableTest(s: Scope, userId: string, testId: number) {
  const test = await s.once(`check:test:${testId}`, () => findTest(s.db, testId));
  if (!test) return { refusal: 'not_found' as const };
  const [{ content, stream }, checks] = await Promise.all([
    studyOf(s, userId, test.subjectId),
    subjectChecks(s, test.subjectId),
  ]);
  const summary = checks.find((t) => t.id === testId);
  if (!content || !summary) return { refusal: 'not_found' as const };
  if (!stream) return { refusal: 'no_access' as const };
  if (!mayOpen(stream, summary)) return { refusal: 'light_only' as const };
  return { content, summary, stream };
}

/** The questions of a test, cached (the same for everybody). */
export const questionsOf = (s: Scope, testId: number) =>
  s.once(`study:questions:${testId}`, () =>
    s.cache.get(`study:questions:${testId}`, () => listQuestions(s.db, testId)),
  );

/** GET /v1/test/{id} (spec §7): the check and its questions, never which option is right. */
export async function getTest(s: Scope, userId: string, testId: number): Promise<StudyResult<TestView>> {
  const result = await getCheckResult(s, userId, testId);
  return result.ok ? ok(result.value.test) : result;
}

export type SubmitRefusal = AccessRefusal | 'bad_answer';

/**
 * POST /v1/test/{id} (spec §4 "Saving an exam-check result"): scores the
 * answers (multiple choice on the server; open questions with the points the
 * pupil gave themselves, within the question's maximum), saves the attempt —
 * which makes it the test's latest attempt, the subject's latest attempt and
 * part of the user's subject list — and answers the result with feedback.
 * A question left out scores 0. An answer to a question of another test, or
 * of the wrong kind: refused, nothing saved.
 */
export async function submitTest(
  s: Scope,
  userId: string,
  testId: number,
  input: TestAnswers,
): Promise<Result<AttemptResultView, { reason: SubmitRefusal; questionIndex?: number }>> {
  const found = await openableTest(s, userId, testId);
  if (found.refusal) return { ok: false, reason: found.refusal };
  const questions = await questionsOf(s, testId);
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const [index, answer] of input.answers.entries()) {
    const q = byId.get(answer.questionId);
    if (!q || q.kind !== answer.kind) return { ok: false, reason: 'bad_answer', questionIndex: index };
    if (answer.kind === 'choice' && answer.optionId && !q.options?.some((o) => o.id === answer.optionId)) {
      return { ok: false, reason: 'bad_answer', questionIndex: index };
    }
  }
  const given = new Map(input.answers.map((a) => [a.questionId, a]));
  const answers = questions.flatMap((q): AttemptAnswerRow[] => {
    const answer = given.get(q.id);
    if (!answer) return [];
    if (answer.kind === 'choice') {
      const correct = q.options?.find((o) => o.correct)?.id ?? '';
      return [
        {
          questionId: q.id,
          kind: 'choice' as const,
          optionId: answer.optionId,
          points: choicePoints(answer.optionId, correct, q.maxPoints),
        },
      ];
    }
    return [
      {
        questionId: q.id,
        kind: 'open' as const,
        text: answer.text,
        points: selfScoredPoints(answer.points, q.maxPoints),
      },
    ];
  });
  const points = new Map(answers.map((a) => [a.questionId, a.points]));
  const result = scoreCheck(
    questions.map((q) => ({ topicId: q.topicId, points: points.get(q.id) ?? 0, maxPoints: q.maxPoints })),
  );
  const names = topicNameMap(found.content);
  const attempt = await insertAttempt(s.db, {
    userId,
    testId,
    subjectId: found.content.subject.id,
    score: result.score,
    maxScore: result.maxScore,
    gradeTenths: result.gradeTenths,
    perTopic: result.perTopic.map((t) => ({
      topicId: t.topicId,
      name: names.get(t.topicId) ?? '',
      score: t.score,
      maxScore: t.maxScore,
      percentage: t.percentage,
      isUncertain: t.isUncertain,
    })),
    answers,
  });
  await deleteDraft(s.db, userId, testId);
  // Mastery reads the latest check per topic: the pupil's summary for their class follows (issue 31).
  queueSummaryRefresh(s, userId, found.content.subject.id);
  return { ok: true, value: { attempt: attemptView(attempt), answers: feedback(questions, attempt) } };
}

/**
 * The pupil's unfinished attempt of a check, to resume where they left it:
 * only answers to questions the check still has, the step within it. Null
 * when there is none (or the pupil may not open the check).
 */
export async function getTestDraft(s: Scope, userId: string, testId: number): Promise<TestDraftView | null> {
  const found = await openableTest(s, userId, testId);
  if (found.refusal) return null;
  const [questions, draft] = await Promise.all([questionsOf(s, testId), findDraft(s.db, userId, testId)]);
  if (!draft) return null;
  const kinds = new Map(questions.map((q) => [q.id, q.kind]));
  const answers = draft.answers.filter((a) => kinds.get(a.questionId) === a.kind);
  return { step: Math.min(draft.step, Math.max(0, questions.length - 1)), answers };
}

/**
 * Keeps what the pupil answered so far in a check they have not handed in
 * (the check page saves it while they work and when they leave), so they go
 * on at the same question with the same answers, on any device. Answers to
 * questions of another test, or of the wrong kind, or an option the question
 * lacks: refused, nothing saved. Points stay within the question's maximum.
 */
export async function saveTestDraft(
  s: Scope,
  userId: string,
  testId: number,
  input: TestDraft,
): Promise<Result<TestDraftView, { reason: SubmitRefusal }>> {
  const found = await openableTest(s, userId, testId);
  if (found.refusal) return { ok: false, reason: found.refusal };
  const questions = await questionsOf(s, testId);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: DraftAnswerRow[] = [];
  for (const answer of input.answers) {
    const q = byId.get(answer.questionId);
    if (!q || q.kind !== answer.kind) return { ok: false, reason: 'bad_answer' };
    if (answer.kind === 'choice') {
      if (answer.optionId && !q.options?.some((o) => o.id === answer.optionId))
        return { ok: false, reason: 'bad_answer' };
      answers.push({ questionId: q.id, kind: 'choice', optionId: answer.optionId });
    } else {
      const points = answer.points === null ? null : selfScoredPoints(answer.points, q.maxPoints);
      answers.push({ questionId: q.id, kind: 'open', text: answer.text, points });
    }
  }
  const step = Math.min(input.step, Math.max(0, questions.length - 1));
  await upsertDraft(s.db, userId, testId, step, answers);
  return { ok: true, value: { step, answers } };
}

/** Forgets the pupil's unfinished attempt of a check (starting over). */
export async function discardTestDraft(s: Scope, userId: string, testId: number): Promise<void> {
  await deleteDraft(s.db, userId, testId);
}

/** GET /v1/test/{id}/latest-attempt (spec §7: answers): the pupil's latest attempt with feedback. */
export async function getLatestAttempt(
  s: Scope,
  userId: string,
  testId: number,
): Promise<StudyResult<AttemptResultView | null>> {
  const result = await getCheckResult(s, userId, testId);
  return result.ok ? ok(result.value.result) : result;
}

/** Attempts summaries per subject, for the user subject list (spec §3 User subject latestTestAttempt). */
export async function latestAttempts(s: Scope, userId: string, subjectIds: readonly number[]) {
  const rows = await latestAttemptPerSubject(s, userId, subjectIds);
  return new Map([...rows].map(([id, row]) => [id, attemptView(row)]));
}

/** The result modal of a check: the check with its questions and the pupil's latest attempt (null: none yet). */
export async function getCheckResult(
  s: Scope,
  userId: string,
  testId: number,
): Promise<StudyResult<{ test: TestView; result: AttemptResultView | null }>> {
  const found = await openableTest(s, userId, testId);
  if (found.refusal) return refuse(found.refusal);
  const [questions, latest] = await Promise.all([questionsOf(s, testId), findLatestAttempt(s.db, userId, testId)]);
  const names = topicNameMap(found.content);
  const test: TestView = {
    id: found.summary.id,
    subjectId: found.content.subject.id,
    title: found.summary.title,
    description: found.summary.description,
    questionCount: found.summary.questionCount,
    maxScore: found.summary.maxScore,
    light: found.summary.light,
    latestAttempt: latest ? attemptView(latest) : null,
    questions: questions.map((q) => questionView(q, names)),
  };
  return ok({ test, result: latest ? { attempt: attemptView(latest), answers: feedback(questions, latest) } : null });
}

/**
 * The exam checks of a school subject at a level, for an article's exam-check
 * block: the subject page's address, its title, and how many checks
 * and questions it has. The same for everyone. Null when the subject has no
 * study content or no checks.
 */
export async function examCheckOf(
  s: Scope,
  schoolSubject: string,
  levelName: string,
): Promise<ArticleExamCheck | null> {
  const found = await findStudySubject(s, schoolSubject, levelName);
  if (!found?.hasContent) return null;
  const [content, checks] = await Promise.all([subjectContent(s, found.id), subjectChecks(s, found.id)]);
  if (!content || checks.length === 0) return null;
  return {
    subject: { id: found.id, slug: found.slug, levelName: found.levelName },
    subjectTitle: subjectTitle(content.subject),
    checks: checks.length,
    questions: checks.reduce((sum, test) => sum + test.questionCount, 0),
  };
}

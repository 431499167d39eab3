/** The API's views of a check's questions, an attempt and the feedback on its answers. */
import { type AttemptRow, type AttemptSummaryRow, type QuestionRow } from '#app/modules/checks/db/checks.server.ts';
import { type AnswerFeedbackView, type QuestionView } from '#app/modules/checks/schemas/checks.ts';
import type { AttemptView } from '#app/modules/checks/schemas/attempts.ts';

export function attemptView(row: AttemptSummaryRow | AttemptRow): AttemptView {
  return {
    id: row.id,
    testId: row.testId,
    createdAt: new Date(row.createdAt).toISOString(),
    score: row.score,
    maxScore: row.maxScore,
    results: {
      grade: row.gradeTenths / 10,
      perTopic: row.perTopic.map((t) => ({
        topicId: t.topicId,
        name: t.name,
        percentage: t.percentage,
        isUncertain: t.isUncertain,
        score: t.score,
        maxScore: t.maxScore,
      })),
    },
  };
}

export function questionView(q: QuestionRow, names: ReadonlyMap<number, string>): QuestionView {
  const topic = { id: q.topicId, name: names.get(q.topicId) ?? '' };
  if (q.kind === 'choice') {
    return {
      id: q.id,
      kind: 'choice',
      topic,
      promptHtml: q.promptHtml,
      maxPoints: q.maxPoints,
      options: (q.options ?? []).map((o) => ({ id: o.id, html: o.html })),
    };
  }
  return {
    id: q.id,
    kind: 'open',
    topic,
    promptHtml: q.promptHtml,
    maxPoints: q.maxPoints,
    modelAnswerHtml: q.modelAnswerHtml ?? '',
    scoringPoints: q.scoringPoints ?? [],
  };
}

export function feedback(questions: readonly QuestionRow[], attempt: AttemptRow): AnswerFeedbackView[] {
  const given = new Map(attempt.answers.map((a) => [a.questionId, a]));
  return questions.map((q) => {
    const answer = given.get(q.id);
    const correct = q.options?.find((o) => o.correct)?.id ?? null;
    return {
      questionId: q.id,
      kind: q.kind === 'choice' ? 'choice' : 'open',
      points: answer?.points ?? 0,
      maxPoints: q.maxPoints,
      optionId: answer?.kind === 'choice' ? answer.optionId : null,
      correctOptionId: q.kind === 'choice' ? correct : null,
      explanationHtml: q.explanationHtml,
      text: answer?.kind === 'open' ? answer.text : null,
    };
  });
}

/**
 * What a pupil has in progress in the study area survives leaving and
 * reloading. The exam buddy's conversation (buddy_conversations) is kept per
 * pupil and subject until cleared. An exam check in progress (test_drafts) and handing it in: the answers so
 * far are kept per pupil and check on the server and come back at the same
 * question; handing in removes them; a check handed in with unscored open
 * questions is refused by number and never stores a grade. On generated
 * content (tests/support/study-fixture.ts), wiskunde-b havo with full access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { chatbots } from '#app/modules/buddy/db/tables.ts';
import { testAttempts } from '#app/modules/checks/db/tables.ts';
import {
  askBuddyAndRemember,
  BUDDY_TURNS_KEPT,
  clearBuddyConversation,
  getBuddyConversation,
} from '#app/modules/buddy/server/buddy.server.ts';
import {
  answersFromForm,
  draftFromForm,
  testAnswersSchema,
  testDraftSchema,
  unscoredQuestions,
  type TestView,
} from '#app/modules/checks/schemas/checks.ts';
import {
  getTest,
  getTestDraft,
  listTests,
  saveTestDraft,
  submitTest,
} from '#app/modules/checks/server/checks.server.ts';
import { newUser, recordMails } from './accounts.ts';
import { createGeneratedStudyRuntime, subjectIdOf } from './study-content.ts';
import type { TestRuntime } from './test-db.ts';
import { CHECK_MESSAGES } from '#app/modules/checks/index.ts';

let rt: TestRuntime;
let sanne: string;
let daan: string;
let subjectId: number;
let check: TestView;

beforeAll(async () => {
  rt = await createGeneratedStudyRuntime({ slugs: ['wiskunde-b'], cards: 60, env: { TRUST_PROXY: '1' } });
  const mails = recordMails(rt);
  sanne = (await newUser(rt, mails, 'sanne.concept@example.nl')).id;
  daan = (await newUser(rt, mails, 'daan.concept@example.nl')).id;
  subjectId = await subjectIdOf(rt.database.db, 'wiskunde-b');
  for (const user of [sanne, daan]) {
    await grantSubjectAccess(rt.database.db, { userId: user, subjectId, stream: 'full', source: 'demo' });
  }
  const tests = await listTests(rt.services, sanne, subjectId);
  if (!tests.ok) throw new Error('no tests');
  const full = await getTest(rt.services, sanne, tests.value.at(-1)!.id);
  if (!full.ok) throw new Error('no test');
  check = full.value;
});

afterAll(async () => {
  await rt?.close();
});

/** The check page's form as the browser posts it. */
function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const attemptsOf = (user: string) =>
  rt.database.db.select({ id: testAttempts.id }).from(testAttempts).where(eq(testAttempts.userId, user));

describe('an exam check in progress', () => {
  it('keeps the answers so far and the question shown, per pupil, and resumes there', async () => {
    const choice = check.questions.find((q) => q.kind === 'choice')!;
    const open = check.questions.find((q) => q.kind === 'open')!;
    expect(await getTestDraft(rt.services, sanne, check.id)).toBeNull();

    const body = testDraftSchema.parse(
      draftFromForm(
        form({ step: '3', [`choice-${choice.id}`]: 'b', [`text-${open.id}`]: 'Mijn uitwerking' }),
        check.questions,
      ),
    );
    const saved = await saveTestDraft(rt.services, sanne, check.id, body);
    expect(saved.ok).toBe(true);

    const draft = await getTestDraft(rt.services, sanne, check.id);
    expect(draft?.step).toBe(3);
    expect(draft?.answers.find((a) => a.questionId === choice.id)).toEqual({
      questionId: choice.id,
      kind: 'choice',
      optionId: 'b',
    });
    expect(draft?.answers.find((a) => a.questionId === open.id)).toEqual({
      questionId: open.id,
      kind: 'open',
      text: 'Mijn uitwerking',
      points: null,
    });
    // Another pupil's check starts empty.
    expect(await getTestDraft(rt.services, daan, check.id)).toBeNull();
    // The subject's list of checks says it is unfinished, and where it goes on: to this pupil only.
    const unfinishedOf = async (user: string) => {
      const listed = await listTests(rt.services, user, subjectId);
      if (!listed.ok) throw new Error('no tests');
      return listed.value.find((t) => t.id === check.id)?.unfinished;
    };
    expect(await unfinishedOf(sanne)).toEqual({ question: 4, answered: 2 });
    expect(await unfinishedOf(daan)).toBeNull();

    // A later save replaces it.
    await saveTestDraft(rt.services, sanne, check.id, { step: 5, answers: [] });
    expect((await getTestDraft(rt.services, sanne, check.id))?.step).toBe(5);
  });

  it('refuses answers to another check’s question or an option the question lacks; keeps points within the maximum', async () => {
    const choice = check.questions.find((q) => q.kind === 'choice')!;
    const open = check.questions.find((q) => q.kind === 'open')!;
    const before = await getTestDraft(rt.services, sanne, check.id);
    const foreign = await saveTestDraft(rt.services, sanne, check.id, {
      step: 0,
      answers: [{ questionId: 999_999, kind: 'choice', optionId: 'a' }],
    });
    expect(foreign).toMatchObject({ ok: false, reason: 'bad_answer' });
    const option = await saveTestDraft(rt.services, sanne, check.id, {
      step: 0,
      answers: [{ questionId: choice.id, kind: 'choice', optionId: 'f' }],
    });
    expect(option).toMatchObject({ ok: false, reason: 'bad_answer' });
    expect(await getTestDraft(rt.services, sanne, check.id)).toEqual(before);

    await saveTestDraft(rt.services, sanne, check.id, {
      step: 1,
      answers: [{ questionId: open.id, kind: 'open', text: '', points: 9 }],
    });
    expect((await getTestDraft(rt.services, sanne, check.id))?.answers).toEqual([
      { questionId: open.id, kind: 'open', text: '', points: open.maxPoints },
    ]);
  });

  it('a check handed in with unscored open questions names them and stores no grade', async () => {
    const fields: Record<string, string> = {};
    for (const q of check.questions) {
      if (q.kind === 'choice') fields[`choice-${q.id}`] = 'a';
      else fields[`text-${q.id}`] = 'Uitgewerkt maar niet nagekeken';
    }
    const posted = form(fields);
    const numbers = check.questions.flatMap((q, i) => (q.kind === 'open' ? [i + 1] : []));
    expect(numbers.length).toBeGreaterThan(0);
    expect(unscoredQuestions(posted, check.questions)).toEqual(numbers);
    expect(CHECK_MESSAGES.UNSCORED(numbers)).toContain(`${numbers.slice(0, -1).join(', ')} en ${numbers.at(-1)}`);
    // Never a silent 0: the hand-in's schema refuses an open answer without points.
    expect(testAnswersSchema.safeParse(answersFromForm(posted, check.questions)).success).toBe(false);
    expect(await attemptsOf(sanne)).toHaveLength(0);
  });

  it('handing the check in stores the grade and removes the check in progress', async () => {
    const fields: Record<string, string> = {};
    for (const q of check.questions) {
      if (q.kind === 'choice') fields[`choice-${q.id}`] = 'a';
      else fields[`points-${q.id}`] = '0';
    }
    const body = testAnswersSchema.parse(answersFromForm(form(fields), check.questions));
    expect(await getTestDraft(rt.services, sanne, check.id)).not.toBeNull();
    const result = await submitTest(rt.services, sanne, check.id, body);
    expect(result.ok).toBe(true);
    expect(await attemptsOf(sanne)).toHaveLength(1);
    expect(await getTestDraft(rt.services, sanne, check.id)).toBeNull();
    const listed = await listTests(rt.services, sanne, subjectId);
    expect(listed.ok && listed.value.find((t) => t.id === check.id)?.unfinished).toBeNull();
  });
});

describe('a conversation with the exam buddy', () => {
  it('is kept per pupil and subject, oldest first, up to the last turns, until cleared', async () => {
    const [bot] = await rt.database.db
      .select({ id: chatbots.id })
      .from(chatbots)
      .where(eq(chatbots.subjectId, subjectId));
    expect(await getBuddyConversation(rt.services, sanne, subjectId)).toEqual([]);
    const first = await askBuddyAndRemember(rt.services, sanne, bot!.id, 'Wat betekent toon aan?');
    expect(first.ok).toBe(true);
    await askBuddyAndRemember(rt.services, sanne, bot!.id, 'kwantumzwaartekracht');
    const kept = await getBuddyConversation(rt.services, sanne, subjectId);
    expect(kept.map((a) => a.question)).toEqual(['Wat betekent toon aan?', 'kwantumzwaartekracht']);
    expect(kept[0]).toEqual(first.ok ? first.value : null);
    expect(kept[1]!.sources).toEqual([]);
    // Another pupil's buddy knows nothing of it.
    expect(await getBuddyConversation(rt.services, daan, subjectId)).toEqual([]);

    for (let i = 0; i < BUDDY_TURNS_KEPT; i++) {
      await askBuddyAndRemember(rt.services, sanne, bot!.id, `vraag ${i}`);
    }
    const latest = await getBuddyConversation(rt.services, sanne, subjectId);
    expect(latest).toHaveLength(BUDDY_TURNS_KEPT);
    expect(latest[0]!.question).toBe('vraag 0');
    expect(latest.at(-1)!.question).toBe(`vraag ${BUDDY_TURNS_KEPT - 1}`);

    await clearBuddyConversation(rt.services, sanne, subjectId);
    expect(await getBuddyConversation(rt.services, sanne, subjectId)).toEqual([]);
  });
});

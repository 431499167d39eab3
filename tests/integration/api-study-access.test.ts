/**
 * A missing subject access is answered the same way by every study call
 * about one thing of a subject (spec §6: access requires the subject in the
 * user's has-access list): 403 with `forbidden` and the one Dutch message,
 * whether the subject is in the user's list or not. The calls are taken from
 * the OpenAPI document (tag Studeren), so a new study endpoint must be added
 * to this table. Listings answer 200 and mark the inaccessible ones
 * `isActive: false`; the subject overview answers 200 and says there is no
 * access (it is the page that offers the bundle), never a card.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cards, userCards } from '#app/modules/cards/db/tables.ts';
import { chatbots, idiomLists } from '#app/modules/buddy/db/tables.ts';
import { testAttempts, tests, testQuestions } from '#app/modules/checks/db/tables.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import { chatbotListSchema, idiomListsSchema } from '#app/modules/buddy/schemas/buddy-idioms.ts';
import { studySubjectSchema } from '#app/modules/study/schemas/subject.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { type Caller, newUser, recordMails } from './accounts.ts';
import { apiClient } from './http.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
/** Has economie havo in their list, without access. */
let listed: Caller;
/** Has no subject at all. */
let stranger: Caller;
const ids = { subject: 0, card: 0, test: 0, question: 0, chatbot: 0, idioms: 0 };

type Kind = keyof typeof ids;

/** Every study call that names one thing: which id it takes and the body it sends. */
const ONE_THING: Record<string, { id: Kind; body?: () => unknown }> = {
  'GET /subject/{id}/cards': { id: 'subject' },
  'GET /subject/{id}/tests': { id: 'subject' },
  'GET /card/{id}': { id: 'card' },
  'POST /users/me/cards/{id}/visit': { id: 'card' },
  'POST /users/me/cards/{id}/learn': { id: 'card' },
  'DELETE /users/me/cards/{id}/learn': { id: 'card' },
  'POST /users/me/cards/{id}/reviews': { id: 'card', body: () => ({ rating: 'good' }) },
  'GET /test/{id}': { id: 'test' },
  'POST /test/{id}': {
    id: 'test',
    body: () => ({ answers: [{ questionId: ids.question, kind: 'choice', optionId: null }] }),
  },
  'GET /test/{id}/latest-attempt': { id: 'test' },
  'GET /users/me/chatbots/{id}': { id: 'chatbot' },
  'POST /users/me/chatbots/{id}/questions': { id: 'chatbot', body: () => ({ question: 'Wat is inflatie?' }) },
  'GET /users/me/idioms/{id}': { id: 'idioms' },
};
/** The study calls that answer without access on purpose (see above). */
const ANSWERED_WITHOUT_ACCESS = [
  'GET /subject/{id}',
  'GET /users/me/chatbots',
  'GET /users/me/idioms',
  'GET /users/me/reviews/due',
];

const call = apiClient(() => rt);

beforeAll(async () => {
  rt = await createTestRuntime();
  const { db } = rt.database;
  ids.subject = await subjectIdOf(db, 'economie');
  const first = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows)[0]!.id;
  ids.card = await first(db.select({ id: cards.id }).from(cards).where(eq(cards.subjectId, ids.subject)));
  ids.test = await first(db.select({ id: tests.id }).from(tests).where(eq(tests.subjectId, ids.subject)));
  ids.question = await first(
    db.select({ id: testQuestions.id }).from(testQuestions).where(eq(testQuestions.testId, ids.test)),
  );
  ids.chatbot = await first(db.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.subjectId, ids.subject)));
  ids.idioms = await first(
    db.select({ id: idiomLists.id }).from(idiomLists).where(eq(idiomLists.subjectId, ids.subject)),
  );
  const mails = recordMails(rt);
  listed = await newUser(rt, mails, 'zonder.toegang@example.nl');
  stranger = await newUser(rt, mails, 'geen.vakken@example.nl');
  await addMySubjects(rt.services, listed.id, [ids.subject]);
});
afterAll(async () => {
  await rt?.close();
});

describe('a study call without access to the subject', () => {
  it('covers every study endpoint of the OpenAPI document', async () => {
    const document = (await (await rt.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.tags?.includes('Studeren'))
        .map(([method]) => `${method.toUpperCase()} ${p.replace(/^\/v1/, '')}`),
    );
    expect(documented.sort()).toEqual([...Object.keys(ONE_THING), ...ANSWERED_WITHOUT_ACCESS].sort());
  });

  describe.each([
    ['with the subject in their list', () => listed],
    ['without the subject in their list', () => stranger],
  ])('%s', (_name, user) => {
    it.each(Object.entries(ONE_THING))('%s answers 403 with the one message', async (key, { id, body }) => {
      const [method, path] = key.split(' ') as [string, string];
      const res = await call(user(), method, path.replace('{id}', String(ids[id])), body?.());
      const answer = apiErrorSchema.parse(await res.json());
      expect(res.status, key).toBe(403);
      expect(answer).toEqual({ status: 403, error: 'forbidden', message: STUDY_MESSAGES.NO_ACCESS });
    });
  });

  it('stores nothing for the refused writes: no attempt, no learned or visited card', async () => {
    const { db } = rt.database;
    for (const user of [listed, stranger]) {
      expect(await db.select().from(testAttempts).where(eq(testAttempts.userId, user.id))).toEqual([]);
      expect(await db.select().from(userCards).where(eq(userCards.userId, user.id))).toEqual([]);
    }
  });

  it('the subject overview says there is no access and names no card', async () => {
    const res = await call(listed, 'GET', `/subject/${ids.subject}`);
    expect(res.status).toBe(200);
    const overview = studySubjectSchema.parse(await res.json());
    expect(overview.stream).toMatchObject({ userHasAccess: false, isLightStream: false, correctionsCardId: null });
  });

  it('the listings mark the buddy and the idiom list inactive', async () => {
    const { chatbots: buddies } = chatbotListSchema.parse(
      await (await call(listed, 'GET', '/users/me/chatbots')).json(),
    );
    expect(buddies.find((b) => b.id === ids.chatbot)?.isActive).toBe(false);
    const { idioms } = idiomListsSchema.parse(await (await call(listed, 'GET', '/users/me/idioms')).json());
    expect(idioms.find((l) => l.id === ids.idioms)?.isActive).toBe(false);
  });
});

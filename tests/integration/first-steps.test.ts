/**
 * Issue 34 on the seeded demo content: a new pupil's first step on the area home (the code from the book,
 * else the free trial, else choosing a subject) and the trial it starts, through the home's loader and action
 * and POST /v1/users/me/subjects/{id}/trial; "what next" after a lower exam-check result (the topics that cost
 * points, never a redo of a check already made); one slug per subject, the API's and the page's, so a card
 * opened from the API's address closes onto the same page.
 */
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaContext, requestContext, scopeContext, type RequestState } from '#app/context.ts';
import * as homePage from '#app/routes/area/home.tsx';
import * as subjectLayout from '#app/routes/area/subject/layout.tsx';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { visitArea } from '#app/modules/study/server/area-visit.server.ts';
import { attemptResultSchema, testListSchema, testSchema } from '#app/modules/checks/index.ts';
import { userSubjectsNoticeSchema, userSubjectsSchema } from '#app/modules/checks/schemas/subjects.ts';
import { nextStepSchema } from '#app/modules/planner/index.ts';
import { TRIAL_MESSAGES } from '#app/modules/study/index.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { cardModalPath, subjectPath, withoutCardModal } from '#app/platform/study-paths.ts';
import { type Caller, newUser, ORIGIN, recordMails } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { firstCardOf, subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: ReturnType<typeof recordMails>;
let users = 0;
const subject = { wiskundeB: 0, nederlands: 0, nederlandsVmbo: 0 };
const call = apiClient(() => rt);
const examYear = examYearRange(new Date()).min;

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  subject.wiskundeB = await subjectIdOf(rt.database.db, 'wiskunde-b');
  subject.nederlands = await subjectIdOf(rt.database.db, 'nederlands');
});
afterAll(() => rt.close());

/** A new havo pupil who finished the onboarding with these subjects (no access to any). */
async function pupil(subjectIds: number[]): Promise<Caller> {
  users += 1;
  const caller = await newUser(rt, mails, `eerste-stap-${users}@example.nl`);
  const update = { examYear, onboardingCompleted: true, profile: 'NT' };
  expect((await call(caller, 'PATCH', '/users/me', update)).status).toBe(200);
  expect((await call(caller, 'PATCH', '/users/me/levels', { levels: ['havo'] })).status).toBe(200);
  if (subjectIds.length) await addMySubjects(rt.services, caller.id, subjectIds);
  return caller;
}

/** The router context a page's loader or action gets after the area guard. */
async function contextFor(cookie: string) {
  const context = new RouterContextProvider();
  context.set(scopeContext, rt.services);
  context.set(requestContext, { requestId: 'test', clientAddress: '203.0.113.7' } as RequestState);
  const visit = await visitArea(rt.services, new Headers({ cookie }));
  context.set(areaContext, visit.kind === 'user' ? visit.area : null);
  return context;
}

async function homeOf(caller: Caller) {
  const request = new Request(`${ORIGIN}/mijnslaagbundel`, { headers: { cookie: caller.cookie! } });
  return homePage.loader({ request, context: await contextFor(caller.cookie!), params: {} } as never);
}

/** The home's trial form, posted as a browser without JavaScript posts it: the thrown answer. */
async function postTrial(caller: Caller, subjectId: string): Promise<Response> {
  const body = new FormData();
  body.set('intent', 'trial');
  body.set('subjectId', subjectId);
  const request = new Request(`${ORIGIN}/mijnslaagbundel`, {
    method: 'POST',
    body,
    headers: { cookie: caller.cookie!, origin: ORIGIN },
  });
  try {
    await homePage.action({ request, context: await contextFor(caller.cookie!), params: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === 'object' && 'init' in thrown) {
      const { data, init } = thrown as { data: unknown; init?: ResponseInit };
      return new Response(JSON.stringify(data), init);
    }
    throw thrown;
  }
  throw new Error('the action answered without a redirect or a refusal');
}

describe('a new pupil’s first step (issue 34, item 2)', () => {
  it('is the code from the book, with the free trial of a subject that has online content as the way on', async () => {
    const sanne = await pupil([subject.nederlands, subject.wiskundeB]);
    const home = await homeOf(sanne);
    expect(home.firstStep).toEqual({ kind: 'code', trial: { id: subject.wiskundeB, name: 'Wiskunde B' } });
    // Nothing planned and no work today: never "klaar voor vandaag".
    expect(home.next?.best.text ?? '').not.toMatch(/klaar voor vandaag/i);
  });

  it('starts the trial from the home’s form: light access, the subject page next, and then the plan leads', async () => {
    const daan = await pupil([subject.nederlands, subject.wiskundeB]);
    const answer = await postTrial(daan, String(subject.wiskundeB));
    expect(answer.status).toBe(302);
    const mine = userSubjectsSchema.parse(await answered(await call(daan, 'GET', '/users/me/subjects')));
    const wiskunde = mine.subjects.find((s) => s.id === subject.wiskundeB)!;
    expect(wiskunde.stream).toMatchObject({ userHasAccess: false, isLightStream: true });
    expect(answer.headers.get('location')).toBe(`/mijnslaagbundel/${subject.wiskundeB}/${wiskunde.slug}`);
    // The trial's cards are something to do: no first step any more, "wat nu" reads them.
    const home = await homeOf(daan);
    expect(home.firstStep).toBeNull();
    expect(home.next?.best).toMatchObject({ kind: 'new-cards', subject: { id: subject.wiskundeB } });
    // A subject without online content has no trial; a form that names no subject is refused.
    expect((await postTrial(daan, String(subject.nederlands))).status).toBe(404);
    expect((await postTrial(daan, 'wiskunde')).status).toBe(400);
  });

  it('POST /v1/users/me/subjects/{id}/trial: the subject joins the list with its trial; twice changes nothing', async () => {
    const eva = await pupil([]);
    expect((await homeOf(eva)).firstStep).toEqual({ kind: 'choose' });
    const path = `/users/me/subjects/${subject.wiskundeB}/trial`;
    const first = userSubjectsNoticeSchema.parse(await answered(await call(eva, 'POST', path)));
    expect(first.message).toBe(TRIAL_MESSAGES.STARTED('Wiskunde B'));
    expect(first.subjects.map((s) => [s.slug, s.stream.isLightStream])).toEqual([['wiskunde-b-havo', true]]);
    expect(userSubjectsNoticeSchema.parse(await answered(await call(eva, 'POST', path))).subjects).toEqual(
      first.subjects,
    );
    // A book's full access is never made light by a trial.
    await grantSubjectAccess(rt.database.db, {
      userId: eva.id,
      subjectId: subject.wiskundeB,
      stream: 'full',
      source: 'license',
    });
    const after = userSubjectsNoticeSchema.parse(await answered(await call(eva, 'POST', path)));
    expect(after.subjects[0]!.stream).toMatchObject({ userHasAccess: true, isLightStream: false });
    const unknown = await refused(await call(eva, 'POST', `/users/me/subjects/${subject.nederlands}/trial`), 404);
    expect(unknown.message).toBe(STUDY_MESSAGES.UNKNOWN_SUBJECT);
    expect((await call(null, 'POST', path)).status).toBe(401);
  });
});

describe('what next after a lower exam-check result (issue 34, item 5)', () => {
  it('suggests the topics that cost points in it, not a redo of an older check', async () => {
    const fenna = await pupil([subject.wiskundeB]);
    await grantSubjectAccess(rt.database.db, {
      userId: fenna.id,
      subjectId: subject.wiskundeB,
      stream: 'full',
      source: 'demo',
    });
    const { tests } = testListSchema.parse(
      await answered(await call(fenna, 'GET', `/subject/${subject.wiskundeB}/tests`)),
    );
    expect(tests.length).toBeGreaterThanOrEqual(2);
    const [first, second] = await Promise.all(
      tests.slice(0, 2).map(async (t) => testSchema.parse(await answered(await call(fenna, 'GET', `/test/${t.id}`)))),
    );
    type Test = NonNullable<typeof first>;
    const submit = async (test: Test, answers: unknown[]) =>
      attemptResultSchema.parse(await answered(await call(fenna, 'POST', `/test/${test.id}`, { answers })));
    const guessed = (test: Test, points: 'all' | 'none', right = new Map<number, string>()) =>
      test.questions.map((q) =>
        q.kind === 'choice'
          ? { questionId: q.id, kind: 'choice', optionId: right.get(q.id) ?? q.options[0]!.id }
          : { questionId: q.id, kind: 'open', text: 'mijn antwoord', points: points === 'all' ? q.maxPoints : 0 },
      );
    // The first check made well (its right options read from a first try), the second one worse.
    const tried = await submit(first!, guessed(first!, 'all'));
    const right = new Map(tried.answers.flatMap((a) => (a.correctOptionId ? [[a.questionId, a.correctOptionId]] : [])));
    const good = await submit(first!, guessed(first!, 'all', right as Map<number, string>));
    const worse = await submit(second!, guessed(second!, 'none'));
    expect(worse.attempt.results.grade).toBeLessThan(good.attempt.results.grade);

    const lost = worse.attempt.results.perTopic
      .map((t) => ({ id: t.topicId, name: t.name, lost: t.maxScore - t.score }))
      .filter((t) => t.lost > 0)
      .sort((a, b) => b.lost - a.lost || a.id - b.id)
      .slice(0, 3);
    expect(lost.length).toBeGreaterThan(0);
    for (const url of [`/users/me/plan/next?subjectId=${subject.wiskundeB}`, '/users/me/plan/next']) {
      const next = nextStepSchema.parse(await answered(await call(fenna, 'GET', url)));
      expect(next.best.kind, url).toBe('check-topics');
      expect(next.best.text).toBe(
        `Oefen ${
          lost.length > 1
            ? `${lost
                .slice(0, -1)
                .map((t) => t.name)
                .join(', ')} en ${lost.at(-1)!.name}`
            : lost[0]!.name
        }`,
      );
      expect(next.best.reason).toContain(second!.title);
      expect(next.best.href).toBe(
        `${subjectPath({ id: subject.wiskundeB, slug: 'wiskunde-b', levelName: 'havo' }, 'learn')}?${lost.map((t) => `topicIds[]=${t.id}`).join('&')}`,
      );
      // Both checks were made: neither is offered again.
      expect(
        next.candidates.filter((step) => step.kind === 'exam-check'),
        url,
      ).toEqual([]);
    }
  });
});

describe('one slug per subject (issue 34, item 9)', () => {
  it('the API’s slug is the page’s, and a card opened from the API’s address closes onto that page', async () => {
    const gijs = await pupil([subject.wiskundeB]);
    await grantSubjectAccess(rt.database.db, {
      userId: gijs.id,
      subjectId: subject.wiskundeB,
      stream: 'full',
      source: 'demo',
    });
    const { subjects } = userSubjectsSchema.parse(await answered(await call(gijs, 'GET', '/users/me/subjects')));
    const mine = subjects.find((s) => s.id === subject.wiskundeB)!;
    expect(mine).toMatchObject({ slug: 'wiskunde-b-havo', schoolSubject: 'wiskunde-b', levelName: 'havo' });
    const page = `/mijnslaagbundel/${mine.id}/${mine.slug}`;
    expect(subjectPath({ id: mine.id, slug: mine.schoolSubject, levelName: mine.levelName })).toBe(page);
    // The subject page, as the study API names it, has the same slug.
    const study = (await answered(await call(gijs, 'GET', `/subject/${mine.id}`))) as { slug: string };
    expect(study.slug).toBe(mine.slug);

    const cardId = await firstCardOf(rt.database.db, mine.id, { light: false });
    const layoutAt = async (slug: string, path: string) => {
      const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: gijs.cookie! } });
      const args = { request, context: await contextFor(gijs.cookie!), params: { subjectId: String(mine.id), slug } };
      try {
        return await subjectLayout.loader(args as never);
      } catch (thrown) {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      }
    };
    // The card modal at the API's address is the page itself (no redirect), and closing it lands on the page.
    const fromApi = cardModalPath(page, cardId);
    const opened = await layoutAt(mine.slug, fromApi);
    expect(opened).not.toBeInstanceOf(Response);
    expect(withoutCardModal(fromApi)).toBe(page);
    // The old slug (the school subject's) is sent on to the one address, the card kept.
    const old = await layoutAt('wiskunde-b', `/mijnslaagbundel/${mine.id}/wiskunde-b/kaart/${cardId}`);
    expect(old).toBeInstanceOf(Response);
    expect((old as Response).status).toBe(301);
    expect((old as Response).headers.get('location')).toBe(fromApi);
  });
});

/**
 * The account pages, through their route actions and
 * loaders with a real database and real accounts: subjects added and removed
 * with the notices of spec §8, a license code redeemed, the profile's forms
 * (name, newsletter preference, levels, password and e-mail change) and
 * deleting the account, which signs out and leaves nothing behind.
 */
import { eq, inArray } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaContext, requestContext, scopeContext, type RequestState } from '#app/context.ts';
import { licenseCodes } from '#app/modules/licenses/db/tables.ts';
import { newsletterSubscriptions } from '#app/modules/newsletter/db/tables.ts';
import { subjects } from '#app/modules/catalog/db/tables.ts';
import { users } from '#app/modules/accounts/db/tables.ts';
import { demoLicenseCode } from '#server/seed/demo-data.ts';
import * as profilePage from '#app/routes/area/account/profile.tsx';
import * as subjectsPage from '#app/routes/area/account/subjects-and-books.tsx';
import { ACCOUNT_DELETED_PATH, ACCOUNT_MESSAGES } from '#app/modules/accounts/index.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { MY_SUBJECT_MESSAGES } from '#app/modules/cards/index.ts';
import { LICENSE_MESSAGES } from '#app/modules/licenses/index.ts';
import { getProfilePage, setMyNewsletterPreference } from '#app/modules/accounts/server/account.server.ts';
import { mySubjects } from '#app/modules/checks/server/area.server.ts';
import { visitArea } from '#app/modules/study/server/area-visit.server.ts';
import { subscribeToNewsletter } from '#app/modules/newsletter/server/newsletter.server.ts';
import { addMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { getMe, setMyLevels, updateMe } from '#app/modules/accounts/server/users.server.ts';
import { newUser, ORIGIN, PASSWORD, recordMails, sessionCookie, type Mail } from './accounts.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: Mail[];
let users_ = 0;

beforeAll(async () => {
  // One proxy in front: X-Forwarded-For names the client, so each user signs up from a client of their own.
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
});
afterAll(() => rt.close());

const clientOf = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

/** A fresh verified, signed-in havo NT pupil who finished the onboarding: their session cookie and id. */
async function pupil(): Promise<{ cookie: string; id: string; email: string }> {
  users_ += 1;
  const email = `account-${users_}@example.nl`;
  const { cookie, id } = await newUser(rt, mails, email);
  await updateMe(rt.services, id, { onboardingCompleted: true, profile: 'NT' });
  await setMyLevels(rt.services, id, ['havo']);
  return { cookie, id, email };
}

type Module = typeof profilePage | typeof subjectsPage;
type Answer = {
  intent: string;
  message?: string;
  failed?: boolean;
  result?: { error?: Record<string, string[] | null> };
};

/** Runs a page's action as the server does after the area guard: the request's scope, state and signed-in user. */
async function post(page: Module, path: string, cookie: string, fields: [string, string][]) {
  const body = new FormData();
  for (const [key, value] of fields) body.append(key, value);
  const request = new Request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { cookie, origin: ORIGIN } });
  const context = await contextFor(request.headers);
  try {
    const answer = (await page.action({ request, context, params: {} } as never)) as unknown;
    if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
      const { data, init } = answer as { data: Answer; init?: ResponseInit };
      return { status: init?.status ?? 200, answer: data, headers: new Headers(init?.headers) };
    }
    return { status: 200, answer: answer as Answer, headers: new Headers() };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, answer: undefined, headers: thrown.headers };
    throw thrown;
  }
}

async function contextFor(headers: Headers) {
  const scope = rt.services;
  const context = new RouterContextProvider();
  context.set(scopeContext, scope);
  context.set(requestContext, { requestId: 'test', clientAddress: '203.0.113.7' } as RequestState);
  const visit = await visitArea(scope, headers);
  context.set(areaContext, visit.kind === 'user' ? visit.area : null);
  return context;
}

/** What "Mijn vakken en boeken" shows the signed-in user: its loader, run as the server runs it after the area guard. */
async function subjectsOf(cookie: string) {
  const request = new Request(`${ORIGIN}${SUBJECTS}`, { headers: { cookie } });
  return subjectsPage.loader({ request, context: await contextFor(request.headers), params: {} } as never);
}

async function areaOf(cookie: string) {
  const visit = await visitArea(rt.services, new Headers({ cookie }));
  if (visit.kind !== 'user') throw new Error('not signed in');
  return { ...visit.area, subjects: await mySubjects(rt.services, visit.area.user.id) };
}

const SUBJECTS = '/mijnslaagbundel/account/mijn-vakken-boeken';
const PROFILE = '/mijnslaagbundel/account/profile';

describe('Mijn vakken en boeken', () => {
  it('offers the subjects of the level (required ones for the profile first), adds and removes them', async () => {
    const { cookie } = await pupil();
    const page = await subjectsOf(cookie);
    expect(page.needsLevel).toBe(false);
    expect(page.subjects).toEqual([]);
    expect(page.available.map((group) => group.level)).toEqual(['havo']);
    const offered = page.available[0]!.subjects;
    expect(offered.filter((s) => s.required).map((s) => s.slug)).toEqual([
      'nederlands',
      'engels',
      'wiskunde-b',
      'natuurkunde',
      'scheikunde',
    ]);
    expect(offered.slice(0, 5).every((s) => s.required)).toBe(true);

    const economie = offered.find((s) => s.slug === 'economie')!;
    const added = await post(subjectsPage, SUBJECTS, cookie, [
      ['intent', 'add'],
      ['ids', String(economie.id)],
    ]);
    expect(added).toMatchObject({ status: 200, answer: { intent: 'add', message: MY_SUBJECT_MESSAGES.ADDED } });

    const after = await subjectsOf(cookie);
    expect(after.subjects.map((s) => s.slug)).toEqual(['economie']);
    // No access yet: a link to the book in the shop.
    expect(after.subjects[0]!.stream).toMatchObject({ userHasAccess: false, isLightStream: false });
    expect(after.subjects[0]!.shopHref).toMatch(/^\/producten\/\d+\/[a-z0-9-]+$/);
    expect(after.available[0]!.subjects.some((s) => s.id === economie.id)).toBe(false);

    const removed = await post(subjectsPage, SUBJECTS, cookie, [
      ['intent', 'remove'],
      ['subjectId', String(economie.id)],
    ]);
    expect(removed).toMatchObject({ status: 200, answer: { intent: 'remove', message: MY_SUBJECT_MESSAGES.REMOVED } });
    expect((await areaOf(cookie)).subjects).toEqual([]);

    // Not in the list (any more): the generic notice of spec §8.
    const again = await post(subjectsPage, SUBJECTS, cookie, [
      ['intent', 'remove'],
      ['subjectId', String(economie.id)],
    ]);
    expect(again).toMatchObject({ status: 404, answer: { intent: 'remove', failed: true } });
    const unknown = await post(subjectsPage, SUBJECTS, cookie, [
      ['intent', 'add'],
      ['ids', '99999'],
    ]);
    expect(unknown).toMatchObject({ status: 400, answer: { intent: 'add', failed: true } });
  });

  it('redeems a license code: full access, the product owned; a used or unknown code is refused in Dutch', async () => {
    const { cookie } = await pupil();
    const code = demoLicenseCode('SB-HAVO-AK-2027', 1);
    const redeemed = await post(subjectsPage, SUBJECTS, cookie, [
      ['intent', 'license'],
      ['code', ` ${code.toLowerCase()} `],
    ]);
    expect(redeemed.status).toBe(200);
    expect(redeemed.answer?.message).toBe(LICENSE_MESSAGES.REDEEMED('Slaagbundel Aardrijkskunde havo 2027'));

    const page = await subjectsOf(cookie);
    expect(page.subjects).toEqual([
      expect.objectContaining({ slug: 'aardrijkskunde', stream: expect.objectContaining({ userHasAccess: true }) }),
    ]);
    // Full access: nothing to buy.
    expect(page.subjects[0]!.shopHref).toBeNull();
    expect(page.owned).toEqual([
      expect.objectContaining({ sku: 'SB-HAVO-AK-2027', href: expect.stringMatching(/^\/producten\/\d+\//) }),
    ]);

    const other = await pupil();
    const used = await post(subjectsPage, SUBJECTS, other.cookie, [
      ['intent', 'license'],
      ['code', code],
    ]);
    expect(used.status).toBe(409);
    expect(used.answer?.result?.error?.code).toEqual([LICENSE_MESSAGES.USED]);
    const wrong = await post(subjectsPage, SUBJECTS, other.cookie, [
      ['intent', 'license'],
      ['code', 'SB27-NIET-BESTAAND'],
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.answer?.result?.error?.code).toEqual([LICENSE_MESSAGES.UNKNOWN]);
    const empty = await post(subjectsPage, SUBJECTS, other.cookie, [['intent', 'license']]);
    expect(empty.answer?.result?.error?.code).toEqual([MESSAGES.REQUIRED]);
  });

  it('a code is found however it is typed (case, spaces, no hyphens, no SB); one already activated by you says so', async () => {
    const { cookie } = await pupil();
    // A code as an order issues them, and a printed one, each for a product of the seed.
    const [book] = await rt.database.db
      .select({ productId: licenseCodes.productId, subjectId: licenseCodes.subjectId })
      .from(licenseCodes)
      .where(eq(licenseCodes.code, demoLicenseCode('SB-HAVO-AK-2027', 1)));
    const printed = demoLicenseCode('SB-HAVO-AK-2027', 4);
    await rt.database.db.insert(licenseCodes).values([
      { code: 'SB-62EH-PTXN-446K', ...book! },
      { code: printed, ...book! },
    ]);
    const redeem = (code: string) =>
      post(subjectsPage, SUBJECTS, cookie, [
        ['intent', 'license'],
        ['code', code],
      ]);
    const typed = await redeem('sb 62eh ptxn 446k');
    expect(typed.status).toBe(200);
    expect(typed.answer?.message).toBe(LICENSE_MESSAGES.REDEEMED('Slaagbundel Aardrijkskunde havo 2027'));
    // Again, typed another way: it is yours already, not "used".
    const again = await redeem('62EHPTXN446K');
    expect(again.status).toBe(409);
    expect(again.answer?.result?.error?.code).toEqual([LICENSE_MESSAGES.ALREADY_YOURS]);
    // A printed code without its hyphens and without SB in front.
    const bare = await redeem(printed.replace(/^SB/, '').replaceAll('-', '').toLowerCase());
    expect(bare.status).toBe(200);
    const [row] = await rt.database.db.select().from(licenseCodes).where(eq(licenseCodes.code, printed));
    expect(row?.redeemedAt).not.toBeNull();
  });

  it('without a level there is nothing to offer', async () => {
    const { cookie, id } = await pupil();
    await setMyLevels(rt.services, id, []);
    expect(await subjectsOf(cookie)).toMatchObject({
      needsLevel: true,
      available: [],
    });
  });
});

describe('Profiel', () => {
  it('saves the name, role, levels, profile and exam year, each with its own form', async () => {
    const { cookie, id } = await pupil();
    const name = await post(profilePage, PROFILE, cookie, [
      ['intent', 'name'],
      ['name', '  Sanne Jansen '],
    ]);
    expect(name.answer).toMatchObject({ intent: 'name', message: ACCOUNT_MESSAGES.NAME_SAVED });
    const blank = await post(profilePage, PROFILE, cookie, [
      ['intent', 'name'],
      ['name', ' '],
    ]);
    expect(blank.status).toBe(400);
    expect(blank.answer?.result?.error?.name).toEqual([MESSAGES.REQUIRED]);

    await post(profilePage, PROFILE, cookie, [
      ['intent', 'role'],
      ['educationRole', 'teacher'],
    ]);
    await post(profilePage, PROFILE, cookie, [
      ['intent', 'levels'],
      ['levels', 'vwo'],
      ['levels', 'havo'],
    ]);
    await post(profilePage, PROFILE, cookie, [
      ['intent', 'profile'],
      ['profile', 'geen'],
    ]);
    const { examYears } = (await getProfilePage(rt.services, id))!;
    await post(profilePage, PROFILE, cookie, [
      ['intent', 'exam-year'],
      ['examYear', String(examYears[1])],
    ]);
    expect(await getMe(rt.services, id)).toMatchObject({
      name: 'Sanne Jansen',
      educationRole: 'teacher',
      levels: ['havo', 'vwo'],
      profile: null,
      examYear: examYears[1],
    });

    const noLevels = await post(profilePage, PROFILE, cookie, [['intent', 'levels']]);
    expect(noLevels.answer?.result?.error?.levels).toEqual([ACCOUNT_MESSAGES.LEVELS_REQUIRED]);
    const unknownForm = await post(profilePage, PROFILE, cookie, [['intent', 'iets-anders']]);
    expect(unknownForm.status).toBe(400);
  });

  it("the newsletter preference is the subscription of the user's own address: on at once, off again", async () => {
    const { cookie, id, email } = await pupil();
    const user = (await getMe(rt.services, id))!;
    expect((await getProfilePage(rt.services, user.id))!.emailPreference).toBeNull();

    const on = await post(profilePage, PROFILE, cookie, [
      ['intent', 'newsletter'],
      ['emailPreference', 'accepted'],
    ]);
    expect(on.answer).toMatchObject({ message: ACCOUNT_MESSAGES.NEWSLETTER_ON });
    expect((await getProfilePage(rt.services, user.id))!.emailPreference).toBe('accepted');
    const [row] = await rt.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(row).toMatchObject({ status: 'confirmed', source: 'account', confirmTokenHash: null });
    expect(row!.unsubscribeTokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The welcome mail carries the unsubscribe link.
    expect(mails.findLast((m) => m.to === email)?.subject).toMatch(/Welkom bij de nieuwsbrief/);
    expect(await setMyNewsletterPreference(rt.services, user, true)).toEqual({ ok: true, value: 'unchanged' });

    const off = await post(profilePage, PROFILE, cookie, [['intent', 'newsletter']]);
    expect(off.answer).toMatchObject({ message: ACCOUNT_MESSAGES.NEWSLETTER_OFF });
    expect((await getProfilePage(rt.services, user.id))!.emailPreference).toBeNull();
    expect(await setMyNewsletterPreference(rt.services, user, false)).toEqual({ ok: true, value: 'unchanged' });

    // A sign-up on the public form waiting for its confirmation: the profile confirms it at once.
    const other = await pupil();
    await subscribeToNewsletter(rt.services, { email: other.email.toUpperCase() });
    const otherUser = (await getMe(rt.services, other.id))!;
    expect((await getProfilePage(rt.services, otherUser.id))!.emailPreference).toBeNull();
    expect(await setMyNewsletterPreference(rt.services, otherUser, true)).toEqual({ ok: true, value: 'subscribed' });
    expect((await getProfilePage(rt.services, otherUser.id))!.emailPreference).toBe('accepted');

    // An address nobody has verified is never subscribed this way.
    expect(await setMyNewsletterPreference(rt.services, { ...otherUser, emailVerified: false }, true)).toEqual({
      ok: false,
      reason: 'unverified',
    });
  });

  it('changes the password: a different repetition is refused (spec §5); then every other session ends', async () => {
    const { cookie, email } = await pupil();
    // A second browser signed in as the same user.
    const other = sessionCookie(
      await rt.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...clientOf(200) },
        body: JSON.stringify({ email, password: PASSWORD }),
      }),
    )!;
    expect((await visitArea(rt.services, new Headers({ cookie: other }))).kind).toBe('user');

    const mismatch = await post(profilePage, PROFILE, cookie, [
      ['intent', 'password'],
      ['currentPassword', PASSWORD],
      ['newPassword', 'Nieuw-wachtwoord-1'],
      ['repeatPassword', 'Nieuw-wachtwoord-2'],
    ]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.answer?.result?.error?.repeatPassword).toEqual([MESSAGES.PASSWORD_REPEAT]);
    // The action says it too while the current password is still empty, beside that field's own message.
    const early = await post(profilePage, PROFILE, cookie, [
      ['intent', 'password'],
      ['newPassword', 'Nieuw-wachtwoord-1'],
      ['repeatPassword', 'Nieuw-wachtwoord-2'],
    ]);
    expect(early.status).toBe(400);
    expect(early.answer?.result?.error).toMatchObject({
      currentPassword: [MESSAGES.REQUIRED],
      repeatPassword: [MESSAGES.PASSWORD_REPEAT],
    });

    const wrong = await post(profilePage, PROFILE, cookie, [
      ['intent', 'password'],
      ['currentPassword', 'niet-mijn-wachtwoord'],
      ['newPassword', 'Nieuw-wachtwoord-1'],
      ['repeatPassword', 'Nieuw-wachtwoord-1'],
    ]);
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.answer)).not.toContain('Nieuw-wachtwoord-1');

    const changed = await post(profilePage, PROFILE, cookie, [
      ['intent', 'password'],
      ['currentPassword', PASSWORD],
      ['newPassword', 'Nieuw-wachtwoord-1'],
      ['repeatPassword', 'Nieuw-wachtwoord-1'],
    ]);
    expect(changed.answer).toMatchObject({ message: ACCOUNT_MESSAGES.PASSWORD_CHANGED });
    const fresh = changed.headers
      .getSetCookie()
      .find((c) => c.startsWith('slaagbundel.session_token='))
      ?.split(';')[0];
    expect(fresh).toBeTruthy();
    expect((await visitArea(rt.services, new Headers({ cookie: fresh! }))).kind).toBe('user');
    expect((await visitArea(rt.services, new Headers({ cookie: other }))).kind).toBe('anonymous');
  });

  it('starts an e-mail change after re-authentication: the link goes to the new address', async () => {
    const { cookie, email } = await pupil();
    const wrong = await post(profilePage, PROFILE, cookie, [
      ['intent', 'email'],
      ['newEmail', 'nieuw-adres@example.nl'],
      ['currentPassword', 'niet-mijn-wachtwoord'],
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.answer?.result?.error?.currentPassword).toEqual(['Je huidige wachtwoord klopt niet.']);
    const same = await post(profilePage, PROFILE, cookie, [
      ['intent', 'email'],
      ['newEmail', email.toUpperCase()],
      ['currentPassword', PASSWORD],
    ]);
    expect(same.answer?.result?.error?.newEmail).toEqual(['Dit is al je e-mailadres.']);

    const before = mails.length;
    const started = await post(profilePage, PROFILE, cookie, [
      ['intent', 'email'],
      ['newEmail', 'nieuw-adres@example.nl'],
      ['currentPassword', PASSWORD],
    ]);
    expect(started.answer?.message).toBe(ACCOUNT_MESSAGES.EMAIL_LINK_SENT('nieuw-adres@example.nl'));
    const mail = mails.slice(before).find((m) => m.to === 'nieuw-adres@example.nl');
    expect(mail?.text).toMatch(/https?:\/\/\S+/);
  });

  it('takes the newsletter subscription along when the new address is confirmed', async () => {
    const { cookie, id, email } = await pupil();
    await setMyNewsletterPreference(rt.services, { email, emailVerified: true }, true);
    const newEmail = `verhuisd-${id.slice(0, 8).toLowerCase()}@example.nl`;
    // The new address had an old, unconfirmed sign-up of its own: the account's subscription replaces it.
    await subscribeToNewsletter(rt.services, { email: newEmail, source: 'page' });
    const before = mails.length;
    await post(profilePage, PROFILE, cookie, [
      ['intent', 'email'],
      ['newEmail', newEmail],
      ['currentPassword', PASSWORD],
    ]);
    const link = /https?:\/\/\S+/.exec(mails.slice(before).find((m) => m.to === newEmail)!.text)![0];
    const opened = await rt.app.request(new URL(link).pathname + new URL(link).search, { headers: { cookie } });
    expect(opened.status).toBeLessThan(400);

    expect((await getMe(rt.services, id))?.email).toBe(newEmail);
    const rows = await rt.database.db
      .select({ email: newsletterSubscriptions.email, status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(inArray(newsletterSubscriptions.email, [email, newEmail]));
    expect(rows).toEqual([{ email: newEmail, status: 'confirmed' }]);
  });

  it('deletes the account only when confirmed: signed out, the user and their data gone', async () => {
    const { cookie, id, email } = await pupil();
    await setMyNewsletterPreference(rt.services, { email, emailVerified: true }, true);
    const [nederlands] = await rt.database.db.select().from(subjects).where(eq(subjects.slug, 'nederlands'));
    await addMySubjects(rt.services, id, [nederlands!.id]);
    const code = demoLicenseCode('SB-HAVO-EC-2027', 1);
    await post(subjectsPage, SUBJECTS, cookie, [
      ['intent', 'license'],
      ['code', code],
    ]);

    const unconfirmed = await post(profilePage, PROFILE, cookie, [['intent', 'delete']]);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.answer?.result?.error?.confirm).toEqual([MESSAGES.REQUIRED_CHECKBOX]);
    expect(await getMe(rt.services, id)).not.toBeNull();

    const deleted = await post(profilePage, PROFILE, cookie, [
      ['intent', 'delete'],
      ['confirm', 'on'],
    ]);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get('location')).toBe(ACCOUNT_DELETED_PATH);
    const cleared = deleted.headers.getSetCookie().find((c) => c.startsWith('slaagbundel.session_token='));
    expect(cleared).toMatch(/Max-Age=0/i);

    expect(await getMe(rt.services, id)).toBeNull();
    expect((await visitArea(rt.services, new Headers({ cookie }))).kind).toBe('anonymous');
    expect(await rt.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(
      await rt.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)),
    ).toEqual([]);
    // The code stays used: a book's code is worth one account.
    const [license] = await rt.database.db.select().from(licenseCodes).where(eq(licenseCodes.code, code));
    expect(license).toMatchObject({ redeemedBy: null });
    expect(license!.redeemedAt).not.toBeNull();
    // Signing in fails now.
    const signIn = await rt.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...clientOf(201) },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(401);
  });
});

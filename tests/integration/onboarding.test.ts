/**
 * The onboarding's service (spec §3 Onboarding draft, §4
 * Onboarding) against a real, seeded database: the draft kept between the
 * steps, answers that no longer fit dropped, the subjects of the last step,
 * and the completion writing the user's study profile and subjects at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOnboardingDraft } from '#app/modules/accounts/db/onboarding.server.ts';
import { addUserSubjects } from '#app/modules/accounts/db/user-subjects.server.ts';
import { grantSubjectAccess } from '#app/modules/cards/db/subjects.server.ts';
import { users } from '#app/modules/accounts/db/tables.ts';
import { EMPTY_DRAFT } from '#app/modules/onboarding/domain/onboarding.ts';
import { examYearRange } from '#app/platform/dates.ts';
import {
  completeOnboarding,
  getOnboardingDraft,
  keepOnboardingChoice,
  onboardingSubjectChoices,
  openOnboardingStep,
  saveOnboardingStep,
  stap3Destination,
} from '#app/modules/onboarding/server/onboarding.server.ts';
import { listMySubjects } from '#app/modules/checks/server/subjects.server.ts';
import { getMe } from '#app/modules/accounts/server/users.server.ts';
import { storedUser } from './accounts.ts';
import { subjectIdOf } from './study-content.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
const year = examYearRange(new Date()).min;
const step = (path: string) => `/mijnslaagbundel/onboarding/${path}`;

beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(() => rt.close());

describe('the draft between the steps', () => {
  it('starts empty, and a later step sends back to the first one missing', async () => {
    const userId = await storedUser(rt.database.db);
    expect(await getOnboardingDraft(rt.services, userId)).toEqual(EMPTY_DRAFT);
    expect(await openOnboardingStep(rt.services, userId, 'stap-4')).toEqual({ kind: 'redirect', to: step('stap-1') });
    const first = await openOnboardingStep(rt.services, userId, 'stap-1');
    expect(first).toMatchObject({ kind: 'show', progress: { current: 1, total: 5 }, backTo: null });
  });

  it('a choice kept as soon as it is made (before Volgende) is there again on the next visit of the step', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    // A new pupil's stap-1 shows no answer: nothing is chosen for them.
    expect(await openOnboardingStep(s, userId, 'stap-1')).toMatchObject({ draft: { educationRole: null } });
    expect(await keepOnboardingChoice(s, userId, { educationRole: 'teacher' })).toMatchObject({
      educationRole: 'teacher',
    });
    expect(await openOnboardingStep(s, userId, 'stap-1')).toMatchObject({
      kind: 'show',
      draft: { educationRole: 'teacher' },
      progress: { current: 1, total: 4 },
    });
    // Chosen again, the choice clears (spec §4): stap-1 is unanswered again, and later steps send back to it.
    expect(await keepOnboardingChoice(s, userId, { educationRole: null })).toMatchObject({ educationRole: null });
    expect(await openOnboardingStep(s, userId, 'stap-1')).toMatchObject({ draft: { educationRole: null } });
    expect(await openOnboardingStep(s, userId, 'stap-1b')).toEqual({ kind: 'redirect', to: step('stap-1') });
    await keepOnboardingChoice(s, userId, { educationRole: 'teacher' });
    // Changed again, the draft follows; later answers that no longer fit go as with Volgende.
    expect(await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'pupil' })).toBe(step('stap-1b'));
    await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['havo'] });
    await saveOnboardingStep(s, userId, 'stap-2', { examYear: year });
    await keepOnboardingChoice(s, userId, { educationRole: 'teacher' });
    expect(await getOnboardingDraft(s, userId)).toMatchObject({
      educationRole: 'teacher',
      selectedBaseLevelIds: ['havo'],
      examYear: null,
    });
  });

  it('a havo pupil: each answer is kept and leads to the next step', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    expect(await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'pupil' })).toBe(step('stap-1b'));
    expect(await openOnboardingStep(s, userId, 'stap-4')).toEqual({ kind: 'redirect', to: step('stap-1b') });
    expect(await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['havo'] })).toBe(step('stap-2'));
    expect(await saveOnboardingStep(s, userId, 'stap-2', { examYear: year })).toBe(step('stap-3/profielen'));
    expect(await stap3Destination(s, userId)).toBe(step('stap-3/profielen'));
    expect(await saveOnboardingStep(s, userId, 'stap-3/profielen', { profile: 'NT' })).toBe(step('stap-4'));
    const visit = await openOnboardingStep(s, userId, 'stap-4');
    expect(visit).toMatchObject({
      kind: 'show',
      progress: { current: 5, total: 5 },
      backTo: step('stap-3/profielen'),
      draft: { educationRole: 'pupil', selectedBaseLevelIds: ['havo'], profile: 'NT', examYear: year },
    });
    // Stored in the user's row, so it survives reloads and new sessions.
    expect(await findOnboardingDraft(rt.database.db, userId)).toMatchObject({ profile: 'NT', examYear: year });
  });

  it('another base level drops the leerweg, the profile and the subjects of the old one (spec §4)', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    const dutch = await subjectIdOf(rt.database.db, 'nederlands', 'vmbo-k');
    await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'pupil' });
    await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['vmbo'] });
    await saveOnboardingStep(s, userId, 'stap-2', { examYear: year });
    expect(await stap3Destination(s, userId)).toBe(step('stap-3/leerweg'));
    await saveOnboardingStep(s, userId, 'stap-3/leerweg', { selectedSubLevelIds: ['vmbo-k'] });
    // A subject the user picked earlier (the last step keeps its choice in the draft).
    await saveOnboardingStep(s, userId, 'stap-4', { selectedSubjectIds: [dutch] });
    expect((await getOnboardingDraft(s, userId)).selectedSubjectIds).toEqual([dutch]);
    expect(await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['havo'] })).toBe(step('stap-2'));
    expect(await getOnboardingDraft(s, userId)).toMatchObject({
      selectedBaseLevelIds: ['havo'],
      selectedSubLevelIds: [],
      profile: null,
      selectedSubjectIds: [],
      examYear: year,
    });
  });
});

describe('the subjects of the last step and the completion', () => {
  it('a havo pupil with NT: required subjects marked and locked; completing writes everything at once', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'pupil' });
    await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['havo'] });
    await saveOnboardingStep(s, userId, 'stap-2', { examYear: year });
    await saveOnboardingStep(s, userId, 'stap-3/profielen', { profile: 'NT' });
    const draft = await getOnboardingDraft(s, userId);
    const choices = await onboardingSubjectChoices(s, draft, []);
    expect(choices.groups.map((g) => g.level)).toEqual(['havo']);
    const required = choices.groups[0]!.subjects.filter((sub) => sub.required).map((sub) => sub.name);
    expect(required.sort()).toEqual(['Engels', 'Natuurkunde', 'Nederlands', 'Scheikunde', 'Wiskunde B'].sort());
    expect(choices.lockedIds).toHaveLength(5);
    expect(choices.selectedIds).toEqual(choices.lockedIds);

    const biology = await subjectIdOf(rt.database.db, 'biologie', 'havo');
    const vwoDutch = await subjectIdOf(rt.database.db, 'nederlands', 'vwo');
    // Only what the step offered counts; the required ones are always in.
    expect(await completeOnboarding(s, userId, [biology, vwoDutch], [])).toEqual({ ok: true });
    const user = await getMe(s, userId);
    expect(user).toMatchObject({
      educationRole: 'pupil',
      onboardingCompleted: true,
      profile: 'NT',
      examYear: year,
      levels: ['havo'],
    });
    const mine = await listMySubjects(s, userId);
    expect(mine.map((sub) => sub.id).sort()).toEqual([...choices.lockedIds, biology].sort());
    expect(await findOnboardingDraft(rt.database.db, userId)).toBeNull();
  });

  it('a vmbo pupil: the leerweg replaces the generic vmbo, no profile', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'pupil' });
    await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['vmbo'] });
    await saveOnboardingStep(s, userId, 'stap-2', { examYear: year });
    await saveOnboardingStep(s, userId, 'stap-3/leerweg', { selectedSubLevelIds: ['vmbo-gl-tl'] });
    const choices = await onboardingSubjectChoices(s, await getOnboardingDraft(s, userId), []);
    expect(choices.groups.map((g) => g.level)).toEqual(['vmbo-gl-tl']);
    expect(await completeOnboarding(s, userId, [await subjectIdOf(rt.database.db, 'nask2', 'vmbo-gl-tl')], [])).toEqual(
      { ok: true },
    );
    expect(await getMe(s, userId)).toMatchObject({ profile: null, examYear: year, levels: ['vmbo-gl-tl'] });
    expect((await listMySubjects(s, userId)).map((sub) => sub.slug).sort()).toEqual(['engels', 'nask2', 'nederlands']);
  });

  it('a teacher with several levels: subjects per level, nothing locked, no exam year or profile', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    expect(await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'teacher' })).toBe(step('stap-1b'));
    expect(await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['vwo', 'vmbo'] })).toBe(
      step('stap-3/leerweg'),
    );
    expect(await openOnboardingStep(s, userId, 'stap-2')).toEqual({ kind: 'redirect', to: step('stap-3/leerweg') });
    expect(await saveOnboardingStep(s, userId, 'stap-3/leerweg', { selectedSubLevelIds: ['vmbo-k', 'vmbo-b'] })).toBe(
      step('stap-4'),
    );
    const choices = await onboardingSubjectChoices(s, await getOnboardingDraft(s, userId), []);
    expect(choices.groups.map((g) => g.level)).toEqual(['vmbo-b', 'vmbo-k', 'vwo']);
    expect(choices.lockedIds).toEqual([]);
    const picked = [
      await subjectIdOf(rt.database.db, 'economie', 'vmbo-k'),
      await subjectIdOf(rt.database.db, 'scheikunde', 'vwo'),
    ];
    expect(await completeOnboarding(s, userId, [], [])).toEqual({ ok: false, reason: 'no_subjects' });
    expect(await completeOnboarding(s, userId, picked, [])).toEqual({ ok: true });
    expect(await getMe(s, userId)).toMatchObject({
      educationRole: 'teacher',
      onboardingCompleted: true,
      profile: null,
      examYear: null,
      levels: ['vmbo-b', 'vmbo-k', 'vwo'],
    });
    expect((await listMySubjects(s, userId)).map((sub) => sub.id).sort()).toEqual(picked.sort());
  });

  it('a teacher with only havo/vwo skips stap-3 altogether', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'teacher' });
    expect(await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['havo'] })).toBe(step('stap-4'));
    expect(await stap3Destination(s, userId)).toBe(step('stap-4'));
  });

  it('subjects the user already has access to are marked and chosen, and kept apart in the draft', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    const french = await subjectIdOf(rt.database.db, 'frans', 'vwo');
    await grantSubjectAccess(rt.database.db, { userId, subjectId: french, stream: 'full', source: 'demo' });
    await addUserSubjects(rt.database.db, userId, [french]);
    const mine = await listMySubjects(s, userId);
    await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'pupil' });
    await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['havo'] });
    await saveOnboardingStep(s, userId, 'stap-2', { examYear: year });
    const choices = await onboardingSubjectChoices(s, await getOnboardingDraft(s, userId), mine);
    // Frans vwo is not a havo subject: it is offered in a group of its own.
    expect(choices.groups.map((g) => g.level)).toEqual(['havo', null]);
    expect(choices.groups[1]!.subjects).toEqual([
      { id: french, name: 'Frans', levelName: 'vwo', required: false, hasAccess: true },
    ]);
    expect(choices.selectedIds).toContain(french);
    // The profile is still missing: back to it, and the choice is kept in the draft meanwhile.
    expect(await completeOnboarding(s, userId, [french], mine)).toEqual({
      ok: false,
      reason: 'unanswered_step',
      redirect: step('stap-3/profielen'),
    });
    expect(await getOnboardingDraft(s, userId)).toMatchObject({ selectedHasAccessIds: [french] });
    expect((await getMe(s, userId))?.onboardingCompleted).toBe(false);
    await saveOnboardingStep(s, userId, 'stap-3/profielen', { profile: 'CM' });
    expect(await completeOnboarding(s, userId, [french], mine)).toEqual({ ok: true });
    expect((await listMySubjects(s, userId)).find((sub) => sub.id === french)?.stream.userHasAccess).toBe(true);
  });

  it('nothing is written when the user is gone before the end', async () => {
    const userId = await storedUser(rt.database.db);
    const s = rt.services;
    await saveOnboardingStep(s, userId, 'stap-1', { educationRole: 'teacher' });
    await saveOnboardingStep(s, userId, 'stap-1b', { selectedBaseLevelIds: ['havo'] });
    const draft = await getOnboardingDraft(s, userId);
    await rt.database.db.delete(users).where(eq(users.id, userId));
    // The draft read before: the user left in between.
    const choices = await onboardingSubjectChoices(s, draft, []);
    await expect(completeOnboarding(s, userId, choices.selectedIds, [])).resolves.toMatchObject({ ok: false });
    expect(await listMySubjects(s, userId)).toEqual([]);
  });
});

import { parseForm } from '#app/platform/schemas/form.ts';
import type { z } from '#app/platform/schemas/z.ts';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '#app/modules/onboarding/domain/onboarding.ts';
import { examYearRange } from '#app/platform/dates.ts';
import {
  baseLevelStepSchema,
  examYearStepSchema,
  onboardingDraftSchema,
  profileStepSchema,
  roleDraftSchema,
  roleStepSchema,
  subjectsStepSchema,
  subLevelStepSchema,
} from './onboarding.ts';

/** Parses form data as the step's action does (and its form, through Conform). */
function parse(schema: z.ZodType, entries: [string, string][]) {
  const formData = new FormData();
  for (const [key, value] of entries) formData.append(key, value);
  const submission = parseForm(formData, { schema });
  return submission.status === 'success'
    ? { value: submission.value }
    : { errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]])) };
}

describe('the onboarding step schemas', () => {
  it('stap-1: leerling or docent', () => {
    expect(parse(roleStepSchema, [['educationRole', 'teacher']])).toEqual({ value: { educationRole: 'teacher' } });
    expect(parse(roleStepSchema, [])).toEqual({ errors: { educationRole: 'Kies of je leerling of docent bent.' } });
    expect(parse(roleStepSchema, [['educationRole', 'admin']]).errors).toBeDefined();
    // Kept as soon as it is chosen: a role, or none (the chosen one chosen again clears it, spec §4).
    expect(parse(roleDraftSchema, [['educationRole', 'pupil']])).toEqual({ value: { educationRole: 'pupil' } });
    expect(parse(roleDraftSchema, [])).toEqual({ value: {} });
    expect(parse(roleDraftSchema, [['educationRole', 'admin']]).errors).toBeDefined();
  });

  it('stap-1b: a pupil one level, a teacher one or more', () => {
    expect(parse(baseLevelStepSchema('pupil'), [['baseLevelIds', 'havo']])).toEqual({
      value: { baseLevelIds: ['havo'] },
    });
    expect(parse(baseLevelStepSchema('pupil'), [])).toEqual({ errors: { baseLevelIds: 'Kies een niveau.' } });
    expect(
      parse(baseLevelStepSchema('pupil'), [
        ['baseLevelIds', 'havo'],
        ['baseLevelIds', 'vwo'],
      ]),
    ).toEqual({ errors: { baseLevelIds: 'Kies één niveau.' } });
    expect(
      parse(baseLevelStepSchema('teacher'), [
        ['baseLevelIds', 'vwo'],
        ['baseLevelIds', 'vmbo'],
        ['baseLevelIds', 'vwo'],
      ]),
    ).toEqual({ value: { baseLevelIds: ['vwo', 'vmbo'] } });
    expect(parse(baseLevelStepSchema('teacher'), [['baseLevelIds', 'mbo']]).errors).toEqual({
      'baseLevelIds[0]': 'Kies een niveau.',
    });
  });

  it('stap-2: an exam year of the range', () => {
    const { min, max } = examYearRange(new Date());
    expect(parse(examYearStepSchema, [['examYear', String(min)]])).toEqual({ value: { examYear: min } });
    for (const bad of [[], [['examYear', String(max + 1)]], [['examYear', 'volgend jaar']]] as [string, string][][]) {
      expect(parse(examYearStepSchema, bad)).toEqual({ errors: { examYear: 'Kies je examenjaar.' } });
    }
  });

  it('stap-3: leerweg and profile', () => {
    expect(parse(subLevelStepSchema('pupil'), [['subLevelIds', 'vmbo-k']])).toEqual({
      value: { subLevelIds: ['vmbo-k'] },
    });
    expect(parse(subLevelStepSchema('pupil'), [])).toEqual({ errors: { subLevelIds: 'Kies je leerweg.' } });
    expect(parse(subLevelStepSchema('teacher'), [])).toEqual({ errors: { subLevelIds: 'Kies minstens één leerweg.' } });
    expect(parse(profileStepSchema, [['profile', 'NT']])).toEqual({ value: { profile: 'NT' } });
    expect(parse(profileStepSchema, [['profile', 'XX']])).toEqual({ errors: { profile: 'Kies je profiel.' } });
  });

  it('stap-4: at least one subject, by id, each once', () => {
    expect(
      parse(subjectsStepSchema, [
        ['subjectIds', '3'],
        ['subjectIds', '1'],
        ['subjectIds', '3'],
      ]),
    ).toEqual({ value: { subjectIds: [3, 1] } });
    expect(parse(subjectsStepSchema, [])).toEqual({ errors: { subjectIds: 'Kies minstens één vak.' } });
    expect(parse(subjectsStepSchema, [['subjectIds', 'x']]).errors).toEqual({
      'subjectIds[0]': 'Dit vak kennen we niet. Kies een vak uit de lijst.',
    });
  });
});

describe('onboardingDraftSchema (the stored draft read back)', () => {
  it('reads a draft and forgets what does not fit', () => {
    expect(
      onboardingDraftSchema.parse({
        educationRole: 'pupil',
        selectedBaseLevelIds: ['havo', 'mbo'],
        selectedSubLevelIds: 'vmbo-b',
        profile: 'XX',
        selectedSubjectIds: [1, 2],
        examYear: 2027,
      }),
    ).toEqual({
      ...EMPTY_DRAFT,
      educationRole: 'pupil',
      selectedBaseLevelIds: ['havo'],
      selectedSubjectIds: [1, 2],
      examYear: 2027,
    });
    expect(onboardingDraftSchema.parse('nonsense')).toEqual(EMPTY_DRAFT);
  });
});

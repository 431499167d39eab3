import { describe, expect, it } from 'vitest';
import {
  applicableSteps,
  chosenSubjectIds,
  draftLevels,
  EMPTY_DRAFT,
  firstMissingStep,
  keepSubjectsOfLevels,
  nextStep,
  onboardingOutcome,
  onboardingStepPath,
  previousStep,
  pruneDraft,
  stap3Step,
  stepProgress,
  stepRedirect,
  subjectChoices,
  subjectLevels,
  subjectProfile,
  updateDraft,
  type LevelSubject,
  type OnboardingDraft,
} from './onboarding.ts';

const draft = (answers: Partial<OnboardingDraft>): OnboardingDraft => ({ ...EMPTY_DRAFT, ...answers });

const vmboPupil = draft({
  educationRole: 'pupil',
  selectedBaseLevelIds: ['vmbo'],
  selectedSubLevelIds: ['vmbo-k'],
  examYear: 2027,
});
const havoPupil = draft({ educationRole: 'pupil', selectedBaseLevelIds: ['havo'], profile: 'NT', examYear: 2027 });
const teacher = draft({
  educationRole: 'teacher',
  selectedBaseLevelIds: ['vmbo', 'vwo'],
  selectedSubLevelIds: ['vmbo-b', 'vmbo-gl-tl'],
});

describe('the steps of a user (spec §2)', () => {
  it('a vmbo pupil: role, level, exam year, leerweg, subjects', () => {
    expect(applicableSteps(vmboPupil)).toEqual(['stap-1', 'stap-1b', 'stap-2', 'stap-3/leerweg', 'stap-4']);
  });

  it('a havo/vwo pupil: the profile instead of the leerweg', () => {
    expect(applicableSteps(havoPupil)).toEqual(['stap-1', 'stap-1b', 'stap-2', 'stap-3/profielen', 'stap-4']);
  });

  it('a teacher skips the exam year and the profile; with only havo/vwo stap-3 altogether', () => {
    expect(applicableSteps(teacher)).toEqual(['stap-1', 'stap-1b', 'stap-3/leerweg', 'stap-4']);
    expect(applicableSteps(draft({ educationRole: 'teacher', selectedBaseLevelIds: ['havo', 'vwo'] }))).toEqual([
      'stap-1',
      'stap-1b',
      'stap-4',
    ]);
  });

  it('before stap-1 is answered, the steps are a pupil’s (the default role)', () => {
    expect(applicableSteps(EMPTY_DRAFT)).toEqual(['stap-1', 'stap-1b', 'stap-2', 'stap-4']);
  });

  it('next and previous follow the applicable steps', () => {
    expect(nextStep('stap-1b', vmboPupil)).toBe('stap-2');
    expect(nextStep('stap-2', vmboPupil)).toBe('stap-3/leerweg');
    expect(nextStep('stap-2', havoPupil)).toBe('stap-3/profielen');
    expect(nextStep('stap-1b', teacher)).toBe('stap-3/leerweg');
    expect(nextStep('stap-4', teacher)).toBeNull();
    expect(previousStep('stap-4', havoPupil)).toBe('stap-3/profielen');
    expect(previousStep('stap-3/leerweg', teacher)).toBe('stap-1b');
    expect(previousStep('stap-1', teacher)).toBeNull();
  });

  it('stap-3’s index leads to the leerweg with VMBO, else to the profiles', () => {
    expect(stap3Step(vmboPupil)).toBe('stap-3/leerweg');
    expect(stap3Step(teacher)).toBe('stap-3/leerweg');
    expect(stap3Step(havoPupil)).toBe('stap-3/profielen');
  });

  it('"Stap x van y"', () => {
    expect(stepProgress('stap-1', EMPTY_DRAFT)).toEqual({ current: 1, total: 5 });
    expect(stepProgress('stap-1b', draft({ educationRole: 'teacher' }))).toEqual({ current: 2, total: 4 });
    expect(stepProgress('stap-3/leerweg', vmboPupil)).toEqual({ current: 4, total: 5 });
    expect(stepProgress('stap-4', havoPupil)).toEqual({ current: 5, total: 5 });
    expect(stepProgress('stap-4', teacher)).toEqual({ current: 4, total: 4 });
    expect(stepProgress('stap-4', draft({ educationRole: 'teacher', selectedBaseLevelIds: ['havo'] }))).toEqual({
      current: 3,
      total: 3,
    });
  });

  it('step addresses', () => {
    expect(onboardingStepPath('stap-3/leerweg')).toBe('/mijnslaagbundel/onboarding/stap-3/leerweg');
  });
});

describe('a step whose earlier answers are missing', () => {
  it('goes to the first missing step', () => {
    expect(stepRedirect('stap-1', EMPTY_DRAFT)).toBeNull();
    expect(stepRedirect('stap-1b', EMPTY_DRAFT)).toBe('stap-1');
    expect(stepRedirect('stap-4', draft({ educationRole: 'pupil' }))).toBe('stap-1b');
    expect(stepRedirect('stap-4', draft({ educationRole: 'pupil', selectedBaseLevelIds: ['havo'] }))).toBe('stap-2');
    expect(stepRedirect('stap-4', { ...havoPupil, profile: null })).toBe('stap-3/profielen');
    expect(stepRedirect('stap-4', { ...vmboPupil, selectedSubLevelIds: [] })).toBe('stap-3/leerweg');
    expect(firstMissingStep('stap-4', vmboPupil)).toBeNull();
    expect(stepRedirect('stap-4', vmboPupil)).toBeNull();
  });

  it('a step that does not apply goes on to the next one that does', () => {
    expect(stepRedirect('stap-2', teacher)).toBe('stap-3/leerweg');
    expect(stepRedirect('stap-3/profielen', teacher)).toBe('stap-4');
    expect(stepRedirect('stap-3/profielen', vmboPupil)).toBe('stap-4');
    expect(stepRedirect('stap-3/leerweg', havoPupil)).toBe('stap-3/profielen');
  });

  it('a pupil with several levels has not answered stap-1b', () => {
    expect(firstMissingStep('stap-2', { ...havoPupil, selectedBaseLevelIds: ['havo', 'vwo'] })).toBe('stap-1b');
  });
});

describe('pruneDraft (spec §4: answers that no longer fit go)', () => {
  it('drops the sub levels without VMBO and the profile with VMBO', () => {
    const changed = updateDraft(vmboPupil, { selectedBaseLevelIds: ['havo'] });
    expect(changed.selectedSubLevelIds).toEqual([]);
    expect(updateDraft(havoPupil, { selectedBaseLevelIds: ['vmbo'] }).profile).toBeNull();
    expect(updateDraft(havoPupil, { selectedBaseLevelIds: ['vwo'] }).profile).toBe('NT');
  });

  it('a teacher has no exam year and no profile; a pupil at most one level and one leerweg', () => {
    const asTeacher = updateDraft(havoPupil, { educationRole: 'teacher' });
    expect(asTeacher).toMatchObject({ examYear: null, profile: null, selectedBaseLevelIds: ['havo'] });
    const asPupil = updateDraft(teacher, { educationRole: 'pupil' });
    expect(asPupil).toMatchObject({ selectedBaseLevelIds: [], selectedSubLevelIds: [] });
    expect(
      updateDraft(
        draft({ educationRole: 'teacher', selectedBaseLevelIds: ['vmbo'], selectedSubLevelIds: ['vmbo-k'] }),
        { educationRole: 'pupil' },
      ).selectedSubLevelIds,
    ).toEqual(['vmbo-k']);
  });

  it('orders the levels (display order, level order) and drops duplicates', () => {
    expect(
      pruneDraft(
        draft({
          educationRole: 'teacher',
          selectedBaseLevelIds: ['vwo', 'vmbo', 'vwo'],
          selectedSubLevelIds: ['vmbo-gl-tl', 'vmbo-b'],
        }),
      ),
    ).toMatchObject({ selectedBaseLevelIds: ['vmbo', 'vwo'], selectedSubLevelIds: ['vmbo-b', 'vmbo-gl-tl'] });
  });

  it('keeps only chosen subjects of the draft’s levels', () => {
    const levelOf = new Map<number, string>([
      [1, 'vmbo-k'],
      [2, 'havo'],
    ]);
    const kept = keepSubjectsOfLevels(
      { ...vmboPupil, selectedSubjectIds: [1, 2, 3], selectedHasAccessIds: [2] },
      levelOf,
    );
    expect(kept.selectedSubjectIds).toEqual([1]);
    expect(kept.selectedHasAccessIds).toEqual([2]);
  });
});

describe('levels and profile of the outcome (spec §4 final level ids)', () => {
  it('VMBO gives way to its sub levels; the order is USER_LEVELS', () => {
    expect(draftLevels(vmboPupil)).toEqual(['vmbo-k']);
    expect(draftLevels(teacher)).toEqual(['vmbo-b', 'vmbo-gl-tl', 'vwo']);
    expect(draftLevels(havoPupil)).toEqual(['havo']);
    expect(subjectLevels(draft({ educationRole: 'teacher', selectedBaseLevelIds: ['vmbo', 'havo'] }))).toEqual([
      'havo',
    ]);
  });

  it('subjects are chosen with the pupil’s profile, else with none', () => {
    expect(subjectProfile(havoPupil)).toBe('NT');
    expect(subjectProfile(vmboPupil)).toBe('geen');
    expect(subjectProfile(teacher)).toBe('geen');
  });

  it('onboardingOutcome: the study profile, or null while a step is missing', () => {
    expect(onboardingOutcome(vmboPupil)).toEqual({
      educationRole: 'pupil',
      profile: null,
      examYear: 2027,
      levels: ['vmbo-k'],
    });
    expect(onboardingOutcome(havoPupil)).toEqual({
      educationRole: 'pupil',
      profile: 'NT',
      examYear: 2027,
      levels: ['havo'],
    });
    expect(onboardingOutcome(teacher)).toEqual({
      educationRole: 'teacher',
      profile: null,
      examYear: null,
      levels: ['vmbo-b', 'vmbo-gl-tl', 'vwo'],
    });
    expect(onboardingOutcome(EMPTY_DRAFT)).toBeNull();
    expect(onboardingOutcome({ ...havoPupil, examYear: null })).toBeNull();
  });
});

describe('subjectChoices (the last step)', () => {
  const havo: LevelSubject[] = [
    { id: 10, name: 'Nederlands', levelName: 'havo', required: true },
    { id: 11, name: 'Biologie', levelName: 'havo', required: false },
    { id: 12, name: 'Wiskunde B', levelName: 'havo', required: true },
  ];
  const vwo: LevelSubject[] = [{ id: 20, name: 'Nederlands', levelName: 'vwo', required: true }];

  it('a pupil: required ones first, chosen and locked; subjects with access marked and chosen', () => {
    const choices = subjectChoices(havoPupil, havo, [
      { id: 11, name: 'Biologie', levelName: 'havo', hasAccess: true },
      { id: 30, name: 'Engels', levelName: 'vwo', hasAccess: true },
      { id: 31, name: 'Frans', levelName: 'vwo', hasAccess: false },
    ]);
    expect(choices.groups.map((g) => [g.level, g.subjects.map((s) => s.id)])).toEqual([
      ['havo', [10, 12, 11]],
      [null, [30]],
    ]);
    expect(choices.groups[0]!.subjects.find((s) => s.id === 11)).toMatchObject({ hasAccess: true, required: false });
    expect(choices.lockedIds).toEqual([10, 12]);
    expect(choices.selectedIds).toEqual([10, 12, 11, 30]);
  });

  it('an earlier choice in the draft is shown again, with the locked ones', () => {
    const choices = subjectChoices({ ...havoPupil, selectedSubjectIds: [11] }, havo, []);
    expect(choices.selectedIds).toEqual([10, 12, 11]);
  });

  it('a teacher: one group per level, required ones chosen but not locked', () => {
    const choices = subjectChoices(
      draft({ educationRole: 'teacher', selectedBaseLevelIds: ['havo', 'vwo'] }),
      [...havo, ...vwo],
      [],
    );
    expect(choices.groups.map((g) => g.level)).toEqual(['havo', 'vwo']);
    expect(choices.lockedIds).toEqual([]);
    expect(choices.selectedIds).toEqual([10, 12, 20]);
  });

  it('chosenSubjectIds: what was offered and sent, plus the locked ones, in the step’s order', () => {
    const choices = subjectChoices(havoPupil, havo, []);
    expect(chosenSubjectIds(choices, [11, 99])).toEqual([10, 12, 11]);
    const forTeacher = subjectChoices(draft({ educationRole: 'teacher', selectedBaseLevelIds: ['havo'] }), havo, []);
    expect(chosenSubjectIds(forTeacher, [])).toEqual([]);
    expect(chosenSubjectIds(forTeacher, [12])).toEqual([12]);
  });
});

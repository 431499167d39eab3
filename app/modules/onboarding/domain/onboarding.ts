/**
 * The onboarding of the logged-in area (spec §2 onboarding routes, §3
 * Onboarding draft, §4 Onboarding and Onboarding selection): which steps a
 * user sees, in which order, what each step needs from the steps before it,
 * the draft kept consistent when an earlier answer changes, and the choice of
 * subjects in the last step. Pure: the service reads and writes the draft.
 */
import { AREA_PATH } from '#app/platform/brand.ts';
import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { NO_PROFILE, type ProfileOrNone, type Profile } from '#app/platform/profiles.ts';
import { USER_LEVELS, type EducationRole, type UserLevel } from '#app/platform/education.ts';

// The choices.

/** Base levels, in the display order of spec §9 (VMBO, HAVO, VWO), by the user level each stands for. */
export const BASE_LEVELS = ['vmbo', 'havo', 'vwo'] as const;
export type BaseLevel = (typeof BASE_LEVELS)[number];

/** How the base levels are shown (spec §9 display order names). */
export const BASE_LEVEL_LABELS: Readonly<Record<BaseLevel, string>> = { vmbo: 'VMBO', havo: 'HAVO', vwo: 'VWO' };

/** The vmbo sub levels (leerwegen), in the level order of spec §9. */
export const SUB_LEVELS = ['vmbo-b', 'vmbo-k', 'vmbo-gl-tl'] as const satisfies readonly Level[];
export type SubLevel = (typeof SUB_LEVELS)[number];

export const SUB_LEVEL_LABELS: Readonly<Record<SubLevel, string>> = {
  'vmbo-b': 'Basis',
  'vmbo-k': 'Kader',
  'vmbo-gl-tl': 'Gemengd/theoretisch',
};

/** The havo/vwo profiles by their Dutch names. */
export const PROFILE_LABELS: Readonly<Record<Profile, string>> = {
  NT: 'Natuur en Techniek',
  NG: 'Natuur en Gezondheid',
  EM: 'Economie en Maatschappij',
  CM: 'Cultuur en Maatschappij',
};

/** The role a user starts with (spec §3: 'pupil' by default). */
export const DEFAULT_ROLE: EducationRole = 'pupil';

// The draft.

/** Spec §3 Onboarding draft: the answers so far, kept on the server between the steps. */
export interface OnboardingDraft {
  /** Null until stap-1 is answered. */
  educationRole: EducationRole | null;
  selectedBaseLevelIds: BaseLevel[];
  selectedSubLevelIds: SubLevel[];
  profile: Profile | null;
  /** Chosen subjects the user has no access to yet. */
  selectedSubjectIds: number[];
  /** Chosen subjects the user already has access to. */
  selectedHasAccessIds: number[];
  examYear: number | null;
}

export const EMPTY_DRAFT: OnboardingDraft = Object.freeze({
  educationRole: null,
  selectedBaseLevelIds: [],
  selectedSubLevelIds: [],
  profile: null,
  selectedSubjectIds: [],
  selectedHasAccessIds: [],
  examYear: null,
}) as OnboardingDraft;

/** The role the steps are shown for: the answer of stap-1, or the default before it is given. */
export function draftRole(draft: OnboardingDraft): EducationRole {
  return draft.educationRole ?? DEFAULT_ROLE;
}

const uniqueIds = (ids: readonly number[]): number[] => [...new Set(ids)];

/**
 * The draft made consistent (spec §4): a pupil has at most one base level and
 * one sub level; sub levels only with VMBO; a profile only for a havo/vwo
 * pupil; an exam year only for a pupil. Levels come out in their order,
 * without duplicates. Subjects are pruned by `keepSubjectsOfLevels`, which
 * needs to know each subject's level.
 */
export function pruneDraft(draft: OnboardingDraft): OnboardingDraft {
  const role = draftRole(draft);
  let base = BASE_LEVELS.filter((level) => draft.selectedBaseLevelIds.includes(level));
  if (role === 'pupil' && base.length > 1) base = [];
  let sub = base.includes('vmbo') ? SUB_LEVELS.filter((level) => draft.selectedSubLevelIds.includes(level)) : [];
  if (role === 'pupil' && sub.length > 1) sub = [];
  return {
    educationRole: draft.educationRole,
    selectedBaseLevelIds: base,
    selectedSubLevelIds: sub,
    profile: profileApplies(role, base) ? draft.profile : null,
    selectedSubjectIds: uniqueIds(draft.selectedSubjectIds),
    selectedHasAccessIds: uniqueIds(draft.selectedHasAccessIds),
    examYear: role === 'pupil' ? draft.examYear : null,
  };
}

/** The draft with one step's answers in it, made consistent again. */
export function updateDraft(draft: OnboardingDraft, answers: Partial<OnboardingDraft>): OnboardingDraft {
  return pruneDraft({ ...draft, ...answers });
}

function profileApplies(role: EducationRole, base: readonly BaseLevel[]): boolean {
  return role === 'pupil' && base.length > 0 && !base.includes('vmbo');
}

/**
 * The user's levels after the onboarding (spec §4): base levels plus sub
 * levels, the generic 'vmbo' left out once VMBO was chosen (its sub levels
 * take its place), in the order of USER_LEVELS.
 */
export function draftLevels(draft: OnboardingDraft): UserLevel[] {
  const ids = finalLevelIds<string>(draft.selectedBaseLevelIds, draft.selectedSubLevelIds);
  return USER_LEVELS.filter((level) => ids.includes(level));
}

/** The levels whose subjects the last step offers: the user's levels that have subjects (never the generic 'vmbo'). */
export function subjectLevels(draft: OnboardingDraft): Level[] {
  const levels = draftLevels(draft);
  return LEVEL_ORDER.filter((level) => levels.includes(level));
}

/** The profile the subjects are chosen with: the pupil's havo/vwo profile, else none ('geen'). */
export function subjectProfile(draft: OnboardingDraft): ProfileOrNone {
  return draft.profile ?? NO_PROFILE;
}

/**
 * The draft without chosen subjects (those without access) that no longer fit
 * its levels. `levelOf` knows the level of each subject; unknown ones go.
 */
export function keepSubjectsOfLevels(draft: OnboardingDraft, levelOf: ReadonlyMap<number, string>): OnboardingDraft {
  const levels: readonly string[] = subjectLevels(draft);
  const fits = (id: number) => levels.includes(levelOf.get(id) ?? '');
  return { ...draft, selectedSubjectIds: draft.selectedSubjectIds.filter(fits) };
}

// The steps.

/** The steps (spec §2 onboarding children), in their order; stap-3 has two variants. */
export const ONBOARDING_STEPS = [
  'stap-1',
  'stap-1b',
  'stap-2',
  'stap-3/leerweg',
  'stap-3/profielen',
  'stap-4',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_PATH = `${AREA_PATH}/onboarding` as const;

/** The address of a step. */
export function onboardingStepPath(step: OnboardingStep): string {
  return `${ONBOARDING_PATH}/${step}`;
}

/**
 * Whether a step is part of this user's onboarding: pupils answer the exam
 * year (stap-2), teachers skip it; the leerweg when VMBO is a base level; the
 * profile for a havo/vwo pupil only (teachers skip it, so a teacher with only
 * havo/vwo skips stap-3).
 */
export function stepApplies(step: OnboardingStep, draft: OnboardingDraft): boolean {
  const role = draftRole(draft);
  switch (step) {
    case 'stap-2':
      return role === 'pupil';
    case 'stap-3/leerweg':
      return draft.selectedBaseLevelIds.includes('vmbo');
    case 'stap-3/profielen':
      return profileApplies(role, draft.selectedBaseLevelIds);
    default:
      return true;
  }
}

/** The steps of this user's onboarding, in order. */
export function applicableSteps(draft: OnboardingDraft): OnboardingStep[] {
  return ONBOARDING_STEPS.filter((step) => stepApplies(step, draft));
}

/** Whether the draft holds a (valid) answer to a step. The last step's answer is the completion itself. */
export function isStepAnswered(step: OnboardingStep, draft: OnboardingDraft): boolean {
  const single = draftRole(draft) === 'pupil';
  switch (step) {
    case 'stap-1':
      return draft.educationRole !== null;
    case 'stap-1b':
      return draft.selectedBaseLevelIds.length > 0 && (!single || draft.selectedBaseLevelIds.length === 1);
    case 'stap-2':
      return draft.examYear !== null;
    case 'stap-3/leerweg':
      return draft.selectedSubLevelIds.length > 0 && (!single || draft.selectedSubLevelIds.length === 1);
    case 'stap-3/profielen':
      return draft.profile !== null;
    case 'stap-4':
      return draft.selectedSubjectIds.length + draft.selectedHasAccessIds.length > 0;
  }
}

const order = (step: OnboardingStep) => ONBOARDING_STEPS.indexOf(step);

/** The first step before `step` that applies and is not answered yet; null when all are. */
export function firstMissingStep(step: OnboardingStep, draft: OnboardingDraft): OnboardingStep | null {
  return (
    applicableSteps(draft).find((earlier) => order(earlier) < order(step) && !isStepAnswered(earlier, draft)) ?? null
  );
}

/** The step after `step` for this draft; null after the last. */
export function nextStep(step: OnboardingStep, draft: OnboardingDraft): OnboardingStep | null {
  return applicableSteps(draft).find((later) => order(later) > order(step)) ?? null;
}

/** The step before `step` for this draft (the Back button); null on the first. */
export function previousStep(step: OnboardingStep, draft: OnboardingDraft): OnboardingStep | null {
  return applicableSteps(draft).findLast((earlier) => order(earlier) < order(step)) ?? null;
}

/**
 * Where a visit to `step` must go instead, or null to show it: to the first
 * earlier step that is not answered; past a step that does not apply to this
 * draft (to the next one that does).
 */
export function stepRedirect(step: OnboardingStep, draft: OnboardingDraft): OnboardingStep | null {
  const missing = firstMissingStep(step, draft);
  if (missing) return missing;
  if (stepApplies(step, draft)) return null;
  return nextStep(step, draft) ?? 'stap-4';
}

/** Which variant of stap-3 its index leads to (spec §2: leerweg with VMBO, else profielen). */
export function stap3Step(draft: OnboardingDraft): OnboardingStep {
  return draft.selectedBaseLevelIds.includes('vmbo') ? 'stap-3/leerweg' : 'stap-3/profielen';
}

/**
 * "Stap x van y" of a step. Until the base level is chosen, a stap-3 is
 * counted (a pupil always gets one; a teacher only with VMBO).
 */
export function stepProgress(step: OnboardingStep, draft: OnboardingDraft): { current: number; total: number } {
  const steps = applicableSteps(draft);
  const unknownStap3 = draft.selectedBaseLevelIds.length === 0 ? 1 : 0;
  const before = steps.filter((earlier) => order(earlier) < order(step)).length;
  const stap3Before = unknownStap3 === 1 && order(step) > order('stap-3/profielen') ? 1 : 0;
  return { current: before + stap3Before + 1, total: steps.length + unknownStap3 };
}

// The subjects of the last step.

/** A subject of a level, marked required for the profile (GET /v1/subjects/{level}/{profile}). */
export interface LevelSubject {
  id: number;
  name: string;
  levelName: Level;
  required: boolean;
}

/** A subject in the user's own list, with whether the user has (full) access to it. */
export interface OwnSubject {
  id: number;
  name: string;
  levelName: Level;
  hasAccess: boolean;
}

export interface SubjectChoice {
  id: number;
  name: string;
  levelName: Level;
  required: boolean;
  hasAccess: boolean;
}

export interface SubjectChoices {
  /** One group per level (its subjects, required ones first), then, with level null, the subjects the user has access to at other levels. */
  groups: { level: Level | null; subjects: SubjectChoice[] }[];
  /** Chosen and cannot be unchosen: a pupil's required subjects. */
  lockedIds: number[];
  /** What the step shows chosen. */
  selectedIds: number[];
}

/**
 * The choice of the last step: the subjects of the draft's levels,
 * required ones marked (and locked for a pupil), those the user already has
 * access to marked too. The draft's earlier choice is shown when there is one
 * (plus anything locked); otherwise the required subjects and those with
 * access are chosen.
 */
export function subjectChoices(
  draft: OnboardingDraft,
  levelSubjects: readonly LevelSubject[],
  ownSubjects: readonly OwnSubject[],
): SubjectChoices {
  const access = new Set(ownSubjects.filter((s) => s.hasAccess).map((s) => s.id));
  const offered = new Set<number>();
  const groups: SubjectChoices['groups'] = [];
  for (const level of subjectLevels(draft)) {
    const subjects = levelSubjects
      .filter((s) => s.levelName === level && !offered.has(s.id))
      .map((s) => ({
        id: s.id,
        name: s.name,
        levelName: s.levelName,
        required: s.required,
        hasAccess: access.has(s.id),
      }));
    subjects.forEach((s) => offered.add(s.id));
    if (subjects.length > 0)
      groups.push({ level, subjects: [...subjects.filter((s) => s.required), ...subjects.filter((s) => !s.required)] });
  }
  const elsewhere = ownSubjects
    .filter((s) => s.hasAccess && !offered.has(s.id))
    .map((s) => ({ id: s.id, name: s.name, levelName: s.levelName, required: false, hasAccess: true }));
  if (elsewhere.length > 0) groups.push({ level: null, subjects: elsewhere });

  const all = groups.flatMap((group) => group.subjects);
  const lockedIds = draftRole(draft) === 'pupil' ? all.filter((s) => s.required).map((s) => s.id) : [];
  const earlier = new Set([...draft.selectedSubjectIds, ...draft.selectedHasAccessIds]);
  const chosen = (s: SubjectChoice) =>
    lockedIds.includes(s.id) || (earlier.size > 0 ? earlier.has(s.id) : s.required || s.hasAccess);
  return { groups, lockedIds, selectedIds: all.filter(chosen).map((s) => s.id) };
}

/** The subjects the user ends up with: what was sent that the step offered, plus the locked ones, in the step's order. */
export function chosenSubjectIds(choices: SubjectChoices, sentIds: readonly number[]): number[] {
  const sent = new Set(sentIds);
  return choices.groups
    .flatMap((group) => group.subjects)
    .filter((s) => sent.has(s.id) || choices.lockedIds.includes(s.id))
    .map((s) => s.id);
}

/** What completing the onboarding writes to the user (spec §3 User, §4 Onboarding). */
export interface OnboardingOutcome {
  educationRole: EducationRole;
  profile: Profile | null;
  examYear: number | null;
  levels: UserLevel[];
}

/**
 * The user's study profile from a draft whose steps before the last are all
 * answered: the role, the profile (none for vmbo and teachers), the exam year
 * (none for teachers) and the levels. Null when a step is still missing.
 */
export function onboardingOutcome(draft: OnboardingDraft): OnboardingOutcome | null {
  const pruned = pruneDraft(draft);
  if (pruned.educationRole === null || firstMissingStep('stap-4', pruned)) return null;
  return {
    educationRole: pruned.educationRole,
    profile: pruned.profile,
    examYear: pruned.examYear,
    levels: draftLevels(pruned),
  };
}

/**
 * The final level ids of onboarding (spec §4): base levels plus sub levels,
 * without duplicates, in that order. When VMBO (the generic `vmboGenericId`)
 * was chosen as a base level, that generic id is left out: the sub levels
 * (vmbo-b, vmbo-k, …) take its place.
 */
export function finalLevelIds<T extends string | number>(
  baseLevelIds: readonly T[],
  subLevelIds: readonly T[],
  vmboGenericId: string | number = 'vmbo',
): T[] {
  const vmboChosen = baseLevelIds.includes(vmboGenericId as T);
  const all = [...baseLevelIds, ...subLevelIds].filter((id) => !(vmboChosen && id === vmboGenericId));
  return [...new Set(all)];
}

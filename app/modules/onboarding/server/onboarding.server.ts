import type { Level } from '#app/platform/levels.ts';
/**
 * The onboarding of the logged-in area (spec §2, §3 Onboarding draft, §4
 * Onboarding): the draft kept on the server between the steps, where each
 * step leads, and the completion that turns the draft into the user's study
 * profile and subjects. Every function takes the session's user id.
 */
import {
  findOnboardingDraft,
  finishOnboarding,
  replaceMySubjects,
  saveOnboardingDraft,
} from '#app/modules/accounts/index.server.ts';
import {
  chosenSubjectIds,
  EMPTY_DRAFT,
  keepSubjectsOfLevels,
  onboardingOutcome,
  onboardingStepPath,
  previousStep,
  nextStep,
  stepProgress,
  stepRedirect,
  stap3Step,
  subjectChoices,
  subjectLevels,
  subjectProfile,
  updateDraft,
  type OnboardingDraft,
  type OnboardingStep,
  type SubjectChoices,
} from '#app/modules/onboarding/domain/onboarding.ts';
import { onboardingDraftSchema } from '#app/modules/onboarding/schemas/onboarding.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { getSubjects, primarySubjects } from '#app/modules/catalog/index.server.ts';

export type { OnboardingDraft, OnboardingStep, SubjectChoices } from '#app/modules/onboarding/domain/onboarding.ts';

/** The user's draft; an empty one before the first step is answered. */
export async function getOnboardingDraft(s: Scope, userId: string): Promise<OnboardingDraft> {
  const stored = await findOnboardingDraft(s.db, userId);
  return stored == null ? { ...EMPTY_DRAFT } : onboardingDraftSchema.parse(stored);
}

export type OnboardingStepVisit =
  | { kind: 'redirect'; to: string }
  | {
      kind: 'show';
      draft: OnboardingDraft;
      /** "Stap x van y". */
      progress: { current: number; total: number };
      /** The previous step's address (the Back button); null on the first step. */
      backTo: string | null;
    };

/**
 * A visit to a step: shown with the draft, or sent to the first earlier step
 * still unanswered (or past a step that does not apply to this user).
 */
export async function openOnboardingStep(s: Scope, userId: string, step: OnboardingStep): Promise<OnboardingStepVisit> {
  const draft = await getOnboardingDraft(s, userId);
  const elsewhere = stepRedirect(step, draft);
  if (elsewhere) return { kind: 'redirect', to: onboardingStepPath(elsewhere) };
  const back = previousStep(step, draft);
  return {
    kind: 'show',
    draft,
    progress: stepProgress(step, draft),
    backTo: back ? onboardingStepPath(back) : null,
  };
}

/** Where stap-3's index leads: the variant for this draft, or on when stap-3 does not apply. */
export async function stap3Destination(s: Scope, userId: string): Promise<string> {
  const draft = await getOnboardingDraft(s, userId);
  const step = stap3Step(draft);
  return onboardingStepPath(stepRedirect(step, draft) ?? step);
}

async function writeDraft(s: Scope, userId: string, draft: OnboardingDraft): Promise<void> {
  await saveOnboardingDraft(s.db, userId, { ...draft });
}

/**
 * Saves one step's answers in the draft and answers the address of the next
 * step. Answers that no longer fit go (spec §4): another base level drops
 * the sub levels, profile and chosen subjects of the old one.
 */
export async function saveOnboardingStep(
  s: Scope,
  userId: string,
  step: OnboardingStep,
  answers: Partial<OnboardingDraft>,
): Promise<string> {
  const draft = await keepOnboardingChoice(s, userId, answers);
  return onboardingStepPath(nextStep(step, draft) ?? 'stap-4');
}

/**
 * Keeps a choice in the draft as soon as it is made, before Next (spec §3:
 * the draft survives a reload), made consistent like a step's answers; answers the draft.
 */
export async function keepOnboardingChoice(
  s: Scope,
  userId: string,
  answers: Partial<OnboardingDraft>,
): Promise<OnboardingDraft> {
  const changed = updateDraft(await getOnboardingDraft(s, userId), answers);
  const levelOf = new Map((await getSubjects(s, changed.selectedSubjectIds)).map((sub) => [sub.id, sub.levelName]));
  const draft = keepSubjectsOfLevels(changed, levelOf);
  await writeDraft(s, userId, draft);
  return draft;
}

/** What the onboarding reads of the user's current subjects (the study module's list of them). */
export interface CurrentSubject {
  id: number;
  name: string;
  levelName: Level;
  stream: { userHasAccess: boolean };
}

const ownSubjects = (mine: readonly CurrentSubject[]) =>
  mine.map((sub) => ({ id: sub.id, name: sub.name, levelName: sub.levelName, hasAccess: sub.stream.userHasAccess }));

/**
 * The subjects of the last step: for a pupil those of their level and
 * profile, for a teacher those of each of their levels (without profile);
 * `mine` are the user's current subjects (those with access are marked).
 */
export async function onboardingSubjectChoices(
  s: Scope,
  draft: OnboardingDraft,
  mine: readonly CurrentSubject[],
): Promise<SubjectChoices> {
  const profile = subjectProfile(draft);
  const perLevel = await Promise.all(subjectLevels(draft).map((level) => primarySubjects(s, level, profile)));
  return subjectChoices(draft, perLevel.flat(), ownSubjects(mine));
}

export type CompleteOnboardingResult = Result<
  void,
  /** An earlier step is not answered (any more): go there. */
  | { reason: 'unanswered_step'; redirect: string }
  /** Nothing that can be chosen was chosen. */
  | { reason: 'no_subjects' }
>;

/**
 * The onboarding's submit (spec §4 Onboarding): in one transaction the user
 * gets the role, profile (none for vmbo and teachers), exam year (none for
 * teachers) and levels of the draft, the chosen subjects (what the last step
 * offered, a pupil's required ones always), onboarding completed and no
 * draft any more.
 */
export async function completeOnboarding(
  s: Scope,
  userId: string,
  sentSubjectIds: readonly number[],
  mine: readonly CurrentSubject[],
): Promise<CompleteOnboardingResult> {
  const draft = await getOnboardingDraft(s, userId);
  const choices = await onboardingSubjectChoices(s, draft, mine);
  const subjectIds = chosenSubjectIds(choices, sentSubjectIds);
  const outcome = onboardingOutcome(draft);
  if (!outcome) {
    // Keep the choice for when the user is back at this step.
    await writeDraft(s, userId, splitSubjects(draft, subjectIds, mine));
    return refuse({
      reason: 'unanswered_step',
      redirect: onboardingStepPath(stepRedirect('stap-4', draft) ?? 'stap-1'),
    });
  }
  if (subjectIds.length === 0) return refuse('no_subjects');
  await s.db.transaction(async (tx) => {
    if (!(await finishOnboarding(tx, userId, outcome))) throw new Error('The user left during the onboarding.');
    await replaceMySubjects({ db: tx }, userId, subjectIds);
  });
  return ok(undefined);
}

/** The draft with the chosen subjects in it: those the user has access to apart (spec §3 selectedHasAccessIds). */
function splitSubjects(draft: OnboardingDraft, ids: readonly number[], mine: readonly CurrentSubject[]) {
  const access = new Set(mine.filter((sub) => sub.stream.userHasAccess).map((sub) => sub.id));
  return {
    ...draft,
    selectedSubjectIds: ids.filter((id) => !access.has(id)),
    selectedHasAccessIds: ids.filter((id) => access.has(id)),
  };
}

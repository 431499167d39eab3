import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/stap-4';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { AREA_PATHS } from '#app/modules/accounts/index.ts';
import { draftRole, ONBOARDING_MESSAGES, subjectsStepSchema } from '#app/modules/onboarding/index.ts';
import {
  ChoiceStep,
  type ChoiceGroup,
  type ChoiceStepResult,
  STEP_TEXTS,
  stepMeta,
  SUBJECT_BADGES,
  SUBMIT_LABELS,
} from '#app/modules/onboarding/ui.ts';
import { levelLabel } from '#app/platform/levels.ts';
import {
  completeOnboarding,
  onboardingSubjectChoices,
  openOnboardingStep,
} from '#app/modules/onboarding/index.server.ts';
import { mySubjects } from '#app/modules/checks/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) =>
  stepMeta(loaderData?.progress, STEP_TEXTS.subjects(loaderData?.role ?? 'pupil').title);

/**
 * stap-4: the subjects of the chosen level(s), required ones marked
 * (and fixed for a pupil), those the user already has access to marked and
 * chosen. Its submit completes the onboarding (spec §4).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const visit = await openOnboardingStep(scope, user.id, 'stap-4');
  if (visit.kind === 'redirect') throw redirect(visit.to);
  const choices = await onboardingSubjectChoices(scope, visit.draft, await mySubjects(scope, user.id));
  return {
    progress: visit.progress,
    backTo: visit.backTo,
    role: draftRole(visit.draft),
    ...choices,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const submission = parseForm(await request.formData(), { schema: subjectsStepSchema });
  if (submission.status !== 'success') {
    return data<ChoiceStepResult>({ result: submission.reply() }, { status: 400 });
  }
  const scope = context.get(scopeContext);
  const done = await completeOnboarding(scope, user.id, submission.value.subjectIds, await mySubjects(scope, user.id));
  if (done.ok) throw redirect(AREA_PATHS.home);
  if (done.reason === 'unanswered_step') throw redirect(done.redirect);
  return data<ChoiceStepResult>(
    { result: submission.reply({ fieldErrors: { subjectIds: [ONBOARDING_MESSAGES.SUBJECTS] } }) },
    { status: 400 },
  );
}

export default function OnboardingStap4({ loaderData, actionData }: Route.ComponentProps) {
  const { role, groups, lockedIds, selectedIds } = loaderData;
  const text = STEP_TEXTS.subjects(role);
  const choiceGroups: ChoiceGroup[] = groups.map((group) => ({
    label: group.level ? levelLabel(group.level) : SUBJECT_BADGES.elsewhere,
    options: group.subjects.map((subject) => ({
      value: String(subject.id),
      label: subject.name,
      description: group.level ? undefined : levelLabel(subject.levelName),
      badges: [
        ...(subject.required ? [{ text: SUBJECT_BADGES.required, tone: 'neutral' as const }] : []),
        ...(subject.hasAccess ? [{ text: SUBJECT_BADGES.hasAccess, tone: 'success' as const }] : []),
      ],
      locked: lockedIds.includes(subject.id),
    })),
  }));
  return (
    <ChoiceStep
      schema={subjectsStepSchema}
      lastResult={actionData}
      name="subjectIds"
      multiple
      groups={choiceGroups.length > 0 ? choiceGroups : [{ options: [], empty: SUBJECT_BADGES.none }]}
      defaultValue={selectedIds.map(String)}
      heading={text.heading}
      intro={text.intro}
      progress={loaderData.progress}
      backTo={loaderData.backTo}
      submitLabel={SUBMIT_LABELS.done}
      columns={2}
    />
  );
}

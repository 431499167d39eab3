import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/stap-3-leerweg';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { draftRole, SUB_LEVEL_LABELS, SUB_LEVELS, subLevelStepSchema } from '#app/modules/onboarding/index.ts';
import {
  ChoiceStep,
  type ChoiceStepResult,
  STEP_TEXTS,
  stepMeta,
  SUB_LEVEL_DESCRIPTIONS,
} from '#app/modules/onboarding/ui.ts';
import { getOnboardingDraft, openOnboardingStep, saveOnboardingStep } from '#app/modules/onboarding/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) =>
  stepMeta(loaderData?.progress, STEP_TEXTS.subLevel(loaderData?.role ?? 'pupil').title);

/** stap-3/leerweg (with VMBO): basis, kader, gemengd/theoretisch; a pupil picks one, a teacher one or more. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const visit = await openOnboardingStep(context.get(scopeContext), user.id, 'stap-3/leerweg');
  if (visit.kind === 'redirect') throw redirect(visit.to);
  return {
    progress: visit.progress,
    backTo: visit.backTo,
    role: draftRole(visit.draft),
    selected: visit.draft.selectedSubLevelIds,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const role = draftRole(await getOnboardingDraft(scope, user.id));
  const submission = parseForm(await request.formData(), { schema: subLevelStepSchema(role) });
  if (submission.status !== 'success') {
    return data<ChoiceStepResult>({ result: submission.reply() }, { status: 400 });
  }
  throw redirect(
    await saveOnboardingStep(scope, user.id, 'stap-3/leerweg', {
      selectedSubLevelIds: submission.value.subLevelIds,
    }),
  );
}

export default function OnboardingLeerweg({ loaderData, actionData }: Route.ComponentProps) {
  const { role } = loaderData;
  const text = STEP_TEXTS.subLevel(role);
  return (
    <ChoiceStep
      schema={subLevelStepSchema(role)}
      lastResult={actionData}
      name="subLevelIds"
      multiple={role === 'teacher'}
      groups={[
        {
          options: SUB_LEVELS.map((level) => ({
            value: level,
            label: SUB_LEVEL_LABELS[level],
            description: SUB_LEVEL_DESCRIPTIONS[level],
          })),
        },
      ]}
      defaultValue={loaderData.selected}
      heading={text.heading}
      intro={text.intro}
      progress={loaderData.progress}
      backTo={loaderData.backTo}
    />
  );
}

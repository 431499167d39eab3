import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/stap-1b';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { BASE_LEVEL_LABELS, BASE_LEVELS, draftRole, baseLevelStepSchema } from '#app/modules/onboarding/index.ts';
import {
  ChoiceStep,
  type ChoiceStepResult,
  BASE_LEVEL_DESCRIPTIONS,
  STEP_TEXTS,
  stepMeta,
} from '#app/modules/onboarding/ui.ts';
import { themeClass, themeForLevel } from '#app/platform/levels.ts';
import { getOnboardingDraft, openOnboardingStep, saveOnboardingStep } from '#app/modules/onboarding/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) =>
  stepMeta(loaderData?.progress, STEP_TEXTS.baseLevel(loaderData?.role ?? 'pupil').title);

/** stap-1b (spec §2, §9 display order): VMBO, HAVO, VWO; a pupil picks one, a teacher one or more. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const visit = await openOnboardingStep(context.get(scopeContext), user.id, 'stap-1b');
  if (visit.kind === 'redirect') throw redirect(visit.to);
  return {
    progress: visit.progress,
    backTo: visit.backTo,
    role: draftRole(visit.draft),
    selected: visit.draft.selectedBaseLevelIds,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const role = draftRole(await getOnboardingDraft(scope, user.id));
  const submission = parseForm(await request.formData(), { schema: baseLevelStepSchema(role) });
  if (submission.status !== 'success') {
    return data<ChoiceStepResult>({ result: submission.reply() }, { status: 400 });
  }
  throw redirect(
    await saveOnboardingStep(scope, user.id, 'stap-1b', { selectedBaseLevelIds: submission.value.baseLevelIds }),
  );
}

export default function OnboardingStap1b({ loaderData, actionData }: Route.ComponentProps) {
  const { role } = loaderData;
  const text = STEP_TEXTS.baseLevel(role);
  return (
    <ChoiceStep
      schema={baseLevelStepSchema(role)}
      lastResult={actionData}
      name="baseLevelIds"
      multiple={role === 'teacher'}
      groups={[
        {
          options: BASE_LEVELS.map((level) => ({
            value: level,
            label: BASE_LEVEL_LABELS[level],
            description: BASE_LEVEL_DESCRIPTIONS[level],
            swatch: themeClass(themeForLevel(level)),
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

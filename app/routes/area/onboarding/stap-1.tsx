import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/stap-1';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { isDraftSave, roleDraftSchema, roleStepSchema } from '#app/modules/onboarding/index.ts';
import { EDUCATION_ROLES, ROLE_LABELS } from '#app/platform/education.ts';
import {
  ChoiceStep,
  type ChoiceStepResult,
  ROLE_DESCRIPTIONS,
  STEP_TEXTS,
  stepMeta,
} from '#app/modules/onboarding/ui.ts';
import { keepOnboardingChoice, openOnboardingStep, saveOnboardingStep } from '#app/modules/onboarding/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => stepMeta(loaderData?.progress, STEP_TEXTS.role().title);

/**
 * stap-1 (spec §2): leerling or docent as radio cards. Nothing is chosen
 * until the user chooses (the draft's answer, spec §3), and choosing the
 * chosen one again clears it (spec §4 Onboarding selection; with nothing
 * chosen beforehand, a first tap always chooses). The choice, or its clearing,
 * is kept in the draft as soon as it is made, so a reload shows it again.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const visit = await openOnboardingStep(context.get(scopeContext), user.id, 'stap-1');
  if (visit.kind === 'redirect') throw redirect(visit.to);
  return { progress: visit.progress, backTo: visit.backTo, role: visit.draft.educationRole };
}

/** Keeping the choice in the draft changes nothing on the page: no reload of its data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData && isDraftSave(formData) ? false : defaultShouldRevalidate;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const formData = await request.formData();
  if (isDraftSave(formData)) {
    // The choice as soon as it is made (before Volgende), or its clearing: kept, and the step stays.
    const kept = parseForm(formData, { schema: roleDraftSchema });
    if (kept.status !== 'success') return data<ChoiceStepResult>({ result: kept.reply() }, { status: 400 });
    await keepOnboardingChoice(context.get(scopeContext), user.id, {
      educationRole: kept.value.educationRole ?? null,
    });
    return { saved: true };
  }
  const submission = parseForm(formData, { schema: roleStepSchema });
  if (submission.status !== 'success') {
    return data<ChoiceStepResult>({ result: submission.reply() }, { status: 400 });
  }
  const next = await saveOnboardingStep(context.get(scopeContext), user.id, 'stap-1', {
    educationRole: submission.value.educationRole,
  });
  throw redirect(next);
}

export default function OnboardingStap1({ loaderData, actionData }: Route.ComponentProps) {
  const text = STEP_TEXTS.role();
  return (
    <ChoiceStep
      schema={roleStepSchema}
      lastResult={actionData && 'result' in actionData ? actionData : undefined}
      name="educationRole"
      multiple={false}
      autosave
      groups={[
        {
          options: EDUCATION_ROLES.map((role) => ({
            value: role,
            label: ROLE_LABELS[role],
            description: ROLE_DESCRIPTIONS[role],
          })),
        },
      ]}
      defaultValue={loaderData.role ? [loaderData.role] : []}
      heading={text.heading}
      intro={text.intro}
      progress={loaderData.progress}
      backTo={loaderData.backTo}
    />
  );
}

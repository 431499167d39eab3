import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import type { Route } from './+types/stap-1';
import { areaContext, scopeContext } from '#app/context.ts';
import { AREA_PATHS, DEFAULT_ROLE, ROLE_LABELS, EDUCATION_ROLES, roleStepSchema } from '#app/modules/accounts/index.ts';
import {
  ChoiceStep,
  type ChoiceStepResult,
  ROLE_DESCRIPTIONS,
  STEP_TEXTS,
  stepMeta,
} from '#app/modules/accounts/ui.ts';
import { openOnboardingStep, saveOnboardingStep } from '#app/modules/accounts/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => stepMeta(loaderData?.progress, STEP_TEXTS.role().title);

/** stap-1 (spec §2): leerling or docent; leerling is chosen until the draft says otherwise (spec §3). */
export async function loader({ context }: Route.LoaderArgs) {
  const area = context.get(areaContext);
  if (!area) throw redirect(AREA_PATHS.login);
  const visit = await openOnboardingStep(context.get(scopeContext), area.user.id, 'stap-1');
  if (visit.kind === 'redirect') throw redirect(visit.to);
  return { progress: visit.progress, backTo: visit.backTo, role: visit.draft.educationRole ?? DEFAULT_ROLE };
}

export async function action({ request, context }: Route.ActionArgs) {
  const area = context.get(areaContext);
  if (!area) throw redirect(AREA_PATHS.login);
  const submission = parseWithZod(await request.formData(), { schema: roleStepSchema });
  if (submission.status !== 'success') {
    return data<ChoiceStepResult>({ result: submission.reply() }, { status: 400 });
  }
  const next = await saveOnboardingStep(context.get(scopeContext), area.user.id, 'stap-1', {
    educationRole: submission.value.educationRole,
  });
  throw redirect(next);
}

export default function OnboardingStap1({ loaderData, actionData }: Route.ComponentProps) {
  const text = STEP_TEXTS.role();
  return (
    <ChoiceStep
      schema={roleStepSchema}
      lastResult={actionData}
      name="educationRole"
      multiple={false}
      groups={[
        {
          options: EDUCATION_ROLES.map((role) => ({
            value: role,
            label: ROLE_LABELS[role],
            description: ROLE_DESCRIPTIONS[role],
          })),
        },
      ]}
      defaultValue={[loaderData.role]}
      heading={text.heading}
      intro={text.intro}
      progress={loaderData.progress}
      backTo={loaderData.backTo}
    />
  );
}

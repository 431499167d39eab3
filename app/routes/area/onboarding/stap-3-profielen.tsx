import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/stap-3-profielen';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { PROFILE_LABELS, profileStepSchema } from '#app/modules/onboarding/index.ts';
import {
  ChoiceStep,
  type ChoiceStepResult,
  PROFILE_DESCRIPTIONS,
  STEP_TEXTS,
  stepMeta,
} from '#app/modules/onboarding/ui.ts';
import { PROFILES } from '#app/platform/profiles.ts';
import { openOnboardingStep, saveOnboardingStep } from '#app/modules/onboarding/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => stepMeta(loaderData?.progress, STEP_TEXTS.profile().title);

/** stap-3/profielen (havo/vwo pupils; teachers skip it): NT, NG, EM or CM. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const visit = await openOnboardingStep(context.get(scopeContext), user.id, 'stap-3/profielen');
  if (visit.kind === 'redirect') throw redirect(visit.to);
  return {
    progress: visit.progress,
    backTo: visit.backTo,
    selected: visit.draft.profile ? [visit.draft.profile] : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const submission = parseForm(await request.formData(), { schema: profileStepSchema });
  if (submission.status !== 'success') {
    return data<ChoiceStepResult>({ result: submission.reply() }, { status: 400 });
  }
  throw redirect(
    await saveOnboardingStep(context.get(scopeContext), user.id, 'stap-3/profielen', {
      profile: submission.value.profile,
    }),
  );
}

export default function OnboardingProfielen({ loaderData, actionData }: Route.ComponentProps) {
  const text = STEP_TEXTS.profile();
  return (
    <ChoiceStep
      schema={profileStepSchema}
      lastResult={actionData}
      name="profile"
      multiple={false}
      groups={[
        {
          options: PROFILES.map((profile) => ({
            value: profile,
            label: PROFILE_LABELS[profile],
            description: PROFILE_DESCRIPTIONS[profile],
            badges: [{ text: profile, tone: 'neutral' as const }],
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

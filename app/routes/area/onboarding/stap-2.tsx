import { parseForm } from '#app/platform/schemas/form.ts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/stap-2';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { examYearStepSchema } from '#app/modules/onboarding/index.ts';
import { ChoiceStep, type ChoiceStepResult, examYearHint, STEP_TEXTS, stepMeta } from '#app/modules/onboarding/ui.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { openOnboardingStep, saveOnboardingStep } from '#app/modules/onboarding/index.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => stepMeta(loaderData?.progress, STEP_TEXTS.examYear().title);

/** stap-2 (pupils; teachers skip it): the exam year, this school year's exams up to four years ahead. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const visit = await openOnboardingStep(context.get(scopeContext), user.id, 'stap-2');
  if (visit.kind === 'redirect') throw redirect(visit.to);
  const { min, max } = examYearRange(new Date());
  const years = Array.from({ length: max - min + 1 }, (_, index) => min + index);
  const chosen = visit.draft.examYear;
  return {
    progress: visit.progress,
    backTo: visit.backTo,
    years,
    selected: chosen !== null && years.includes(chosen) ? [String(chosen)] : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const submission = parseForm(await request.formData(), { schema: examYearStepSchema });
  if (submission.status !== 'success') {
    return data<ChoiceStepResult>({ result: submission.reply() }, { status: 400 });
  }
  throw redirect(
    await saveOnboardingStep(context.get(scopeContext), user.id, 'stap-2', {
      examYear: submission.value.examYear,
    }),
  );
}

export default function OnboardingStap2({ loaderData, actionData }: Route.ComponentProps) {
  const text = STEP_TEXTS.examYear();
  return (
    <ChoiceStep
      schema={examYearStepSchema}
      lastResult={actionData}
      name="examYear"
      multiple={false}
      groups={[
        {
          options: loaderData.years.map((year, index) => ({
            value: String(year),
            label: String(year),
            description: examYearHint(index),
          })),
        },
      ]}
      defaultValue={loaderData.selected}
      heading={text.heading}
      intro={text.intro}
      progress={loaderData.progress}
      backTo={loaderData.backTo}
      columns={2}
    />
  );
}

import { data, redirect, useActionData, useLoaderData, useNavigate, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/check';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import { subjectPath } from '#app/platform/study-paths.ts';
import {
  answersFromForm,
  draftFromForm,
  testAnswersSchema,
  testDraftSchema,
  testIdParams,
  unscoredQuestions,
} from '#app/modules/checks/index.ts';
import { ExamCheckForm } from '#app/modules/checks/ui.ts';
import { SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import { checkRefusal, getTest, getTestDraft, saveTestDraft, submitTest } from '#app/modules/checks/index.server.ts';
import { Modal } from '#app/ui/primitives/modal.tsx';
import { CHECK_MESSAGES } from '#app/modules/checks/index.ts';

async function openTest({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = requireAreaUser(context);
  const parsed = testIdParams.safeParse({ id: params.testId });
  if (!parsed.success) throw data(CHECK_MESSAGES.UNKNOWN_TEST, { status: 404 });
  const result = await getTest(context.get(scopeContext), user.id, parsed.data.id);
  if (!result.ok) refusePage(checkRefusal(result.reason));
  if (result.value.subjectId !== Number(params.subjectId)) throw data(CHECK_MESSAGES.UNKNOWN_TEST, { status: 404 });
  return { userId: user.id, test: result.value };
}

/** The exam-check modal (spec §2): a check of the subject, to take now, or to go on with where the pupil left it. */
export async function loader(args: Route.LoaderArgs) {
  const { userId, test } = await openTest(args);
  const draft = await getTestDraft(args.context.get(scopeContext), userId, test.id);
  return { test, draft };
}

/**
 * Hands the check in (spec §4 "Saving an exam-check result"): the form's
 * answers, checked with the API's schema, scored and saved; then its result.
 * Open questions without points are refused by number (the answers are kept
 * as the draft, so the form shows them again). `intent=draft` keeps the
 * answers so far (the form saves while the pupil works); `intent=later` does
 * so and returns to the subject's results (the button without JavaScript).
 */
export async function action(args: Route.ActionArgs) {
  const { userId, test } = await openTest(args);
  const scope = args.context.get(scopeContext);
  const form = await args.request.formData();
  const intent = form.get('intent');
  const saveDraft = async () => {
    const draft = testDraftSchema.safeParse(draftFromForm(form, test.questions));
    if (!draft.success) return draft.error;
    const saved = await saveTestDraft(scope, userId, test.id, draft.data);
    return saved.ok ? null : CHECK_MESSAGES.ANSWERS;
  };
  const back = pageUrl(args.request.url)
    .pathname.replace(/\/+$/, '')
    .replace(/\/examencheck\/[^/]+$/, '');
  if (intent === 'draft' || intent === 'later') {
    const refused = await saveDraft();
    if (typeof refused === 'string')
      return data({ fieldErrors: { answers: [refused] }, unscored: [] }, { status: 400 });
    if (refused) return data({ fieldErrors: fieldErrorsFromZod(refused), unscored: [] }, { status: 400 });
    if (intent === 'later') throw redirect(back);
    return { saved: true as const };
  }
  const unscored = unscoredQuestions(form, test.questions);
  if (unscored.length > 0) {
    await saveDraft();
    return data({ fieldErrors: { answers: [CHECK_MESSAGES.UNSCORED(unscored)] }, unscored }, { status: 400 });
  }
  const parsed = testAnswersSchema.safeParse(answersFromForm(form, test.questions));
  if (!parsed.success) return data({ fieldErrors: fieldErrorsFromZod(parsed.error), unscored: [] }, { status: 400 });
  const result = await submitTest(args.context.get(scopeContext), userId, test.id, parsed.data);
  if (!result.ok) throw data(CHECK_MESSAGES.ANSWERS, { status: 400 });
  throw redirect(`${pageUrl(args.request.url).pathname.replace(/\/+$/, '')}/resultaat`);
}

export default function CheckModal() {
  const { test, draft } = useLoaderData<typeof loader>();
  const { subject } = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  const navigate = useNavigate();
  const refused = useActionData<typeof action>();
  return (
    <Modal
      open
      size="exam"
      title={test.title}
      onClose={() => void navigate(subjectPath(subject, 'results'), { preventScrollReset: true })}
    >
      {refused && 'fieldErrors' in refused && refused.unscored.length === 0 ? (
        <p role="alert" className="mb-4 rounded-xl bg-danger-soft p-3 font-semibold text-danger">
          {Object.values(refused.fieldErrors).flat()[0] ?? CHECK_MESSAGES.ANSWERS}
        </p>
      ) : null}
      <ExamCheckForm
        key={test.id}
        test={test}
        draft={draft}
        refusedUnscored={refused && 'unscored' in refused ? refused.unscored : []}
      />
    </Modal>
  );
}

import { parseForm } from '#app/platform/schemas/form.ts';
import { useEffect } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/subjects-and-books';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import {
  LICENSE_CODE_PARAM,
  licenseCodeFromQuery,
  licenseCodeSchema,
  LICENSE_MESSAGES,
} from '#app/modules/licenses/index.ts';
import { AddSubjects, LicenseForm, MySubjects, OwnedProducts } from '#app/modules/licenses/ui.ts';
import { type AccountFormResult } from '#app/modules/accounts/ui.ts';
import { removeSubjectSchema, SUBJECTS_INTENTS, type SubjectsIntent } from '#app/modules/accounts/index.ts';
import { uiStore } from '#app/ui/ui-store.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { addSubjectsSchema } from '#app/modules/checks/index.ts';
import { MY_SUBJECT_MESSAGES } from '#app/modules/cards/index.ts';
import { getMe } from '#app/modules/accounts/index.server.ts';
import { subjectsToAdd } from '#app/modules/catalog/index.server.ts';
import {
  listMySubjectsWithBooks,
  addMySubjects,
  MY_SUBJECT_REFUSAL_STATUS,
  removeMySubject,
} from '#app/modules/checks/index.server.ts';
import {
  LICENSE_REFUSAL_STATUS,
  listOwnedProductsWithLinks,
  redeemLicense,
} from '#app/modules/licenses/index.server.ts';
import { isLevel } from '#app/platform/levels.ts';
import { API_MESSAGES } from '#app/platform/schemas/api-error.ts';

type Answer = AccountFormResult<SubjectsIntent>;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn vakken en boeken') },
  { name: 'robots', content: 'noindex' },
];

/**
 * "Mijn vakken en boeken" composes three modules: the user's subjects with
 * their books (study), the subjects of their levels not chosen yet (catalog)
 * and the books they own (licenses).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  // Read afresh: after a form post without JavaScript this loader runs in the same request as the action.
  const user = await getMe(scope, requireAreaUser(context).id);
  if (!user) throw data('Log in om je account te zien.', { status: 401 });
  const levels = user.levels.filter(isLevel);
  const [subjects, owned] = await Promise.all([
    listMySubjectsWithBooks(scope, user.id),
    listOwnedProductsWithLinks(scope, user.id),
  ]);
  const available = await subjectsToAdd(
    scope,
    levels,
    user.profile,
    subjects.map((subject) => subject.id),
  );
  // A code brought along from an article's license block (?code=…) waits in the field, ready to activate.
  const prefillCode = licenseCodeFromQuery(pageUrl(request.url).searchParams.get(LICENSE_CODE_PARAM));
  return { subjects, available, owned, needsLevel: levels.length === 0, prefillCode };
}

const isIntent = (value: unknown): value is SubjectsIntent =>
  typeof value === 'string' && (SUBJECTS_INTENTS as readonly string[]).includes(value);

/** One action for the page's forms, told apart by `intent`: parse → one service → answer (spec §8 notices). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const scope = context.get(scopeContext);
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (!isIntent(intent)) return data<Answer>({ intent: 'add', failed: true }, { status: 400 });
  try {
    switch (intent) {
      case 'add': {
        const submission = parseForm(formData, { schema: addSubjectsSchema });
        if (submission.status !== 'success') {
          return data<Answer>({ intent, result: submission.reply(), failed: true }, { status: 400 });
        }
        const added = await addMySubjects(scope, user.id, submission.value.ids);
        if (!added.ok)
          return data<Answer>({ intent, failed: true }, { status: MY_SUBJECT_REFUSAL_STATUS[added.reason] });
        return { intent, message: MY_SUBJECT_MESSAGES.ADDED } satisfies Answer;
      }
      case 'remove': {
        const submission = parseForm(formData, { schema: removeSubjectSchema });
        if (submission.status !== 'success') return data<Answer>({ intent, failed: true }, { status: 400 });
        const left = await removeMySubject(scope, user.id, submission.value.subjectId);
        if (!left.ok) return data<Answer>({ intent, failed: true }, { status: MY_SUBJECT_REFUSAL_STATUS[left.reason] });
        return { intent, message: MY_SUBJECT_MESSAGES.REMOVED } satisfies Answer;
      }
      case 'license': {
        const submission = parseForm(formData, { schema: licenseCodeSchema });
        if (submission.status !== 'success') {
          return data<Answer>({ intent, result: submission.reply() }, { status: 400 });
        }
        const redeemed = await redeemLicense(scope, user.id, submission.value.code);
        if (!redeemed.ok && redeemed.reason === 'rate_limited') {
          const message = API_MESSAGES.rateLimited(redeemed.retryAfterSeconds);
          const result = submission.reply({ fieldErrors: { code: [message] } });
          return data<Answer>({ intent, result }, { status: LICENSE_REFUSAL_STATUS.rate_limited });
        }
        if (!redeemed.ok) {
          const message =
            redeemed.reason === 'used'
              ? redeemed.yours
                ? LICENSE_MESSAGES.ALREADY_YOURS
                : LICENSE_MESSAGES.USED
              : redeemed.reason === 'class_code'
                ? LICENSE_MESSAGES.CLASS_CODE
                : redeemed.reason === 'revoked'
                  ? LICENSE_MESSAGES.REVOKED
                  : LICENSE_MESSAGES.UNKNOWN;
          const result = submission.reply({ fieldErrors: { code: [message] } });
          return data<Answer>({ intent, result }, { status: LICENSE_REFUSAL_STATUS[redeemed.reason] });
        }
        // A fresh, empty field for the next book.
        const result = submission.reply({ resetForm: true });
        return { intent, result, message: LICENSE_MESSAGES.REDEEMED(redeemed.value.product.name) } satisfies Answer;
      }
    }
  } catch (error) {
    scope.errors.capture(error, { action: `account-subjects-${intent}` });
    return data<Answer>({ intent, failed: true }, { status: 500 });
  }
}

/**
 * "Mijn vakken en boeken" (spec §2, also seen as subjects-and-books): the
 * user's subjects with their access, adding and removing them (spec §8
 * notices), activating a book's code, and the books the user owns.
 */
export default function SubjectsAndBooks({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  useEffect(() => {
    if (!answer) return;
    if (answer.failed) uiStore.notify('error', MESSAGES.GENERIC_ERROR);
    else if (answer.message) uiStore.notify('success', answer.message);
  }, [answer]);
  return (
    <div className="grid gap-6">
      <MySubjects subjects={loaderData.subjects} answer={answer} />
      <AddSubjects available={loaderData.available} needsLevel={loaderData.needsLevel} />
      <LicenseForm answer={answer} prefillCode={loaderData.prefillCode} />
      <OwnedProducts owned={loaderData.owned} />
    </div>
  );
}

import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/exam-n-term';
import { scopeContext } from '#app/context.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { EXAM_DATA_MESSAGES as M, proposeNTermSchema } from '#app/modules/exam-data/index.ts';
import { offeredSubjects } from '#app/modules/exam-data/index.server.ts';
import { EXAM_DATA_PATHS } from '#app/modules/backoffice-exam-data/index.ts';
import { EXAM_DATA_REFUSAL_STATUS, proposeChange } from '#app/modules/backoffice-exam-data/index.server.ts';
import { errorsByName, ExamRecordForm, sentValues, type FormRefusal } from '#app/modules/backoffice-exam-data/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('N-term invoeren') },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/examengegevens/n-term` (BACKOFFICE_ACCESS.proposeExamData): the N-term of one exam, with its source. */
export async function loader({ context }: Route.LoaderArgs) {
  const subjects = await offeredSubjects(context.get(scopeContext));
  return {
    subjects: [...subjects].map(([slug, s]) => ({ slug, ...s })).sort((a, b) => a.name.localeCompare(b.name, 'nl')),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'proposeExamData');
  if (!access.ok) throw data(access.message, { status: 403 });
  const form = await request.formData();
  const values = sentValues(form);
  const submission = parseForm(form, { schema: proposeNTermSchema });
  if (submission.status !== 'success') {
    return data<FormRefusal>(
      { ok: false, message: M.FORM, errors: errorsByName(submission.error), values },
      { status: 400 },
    );
  }
  const result = await proposeChange(scope, access.value, 'n-term', submission.value);
  if (!result.ok) {
    return data<FormRefusal>(
      { ok: false, message: result.message, errors: { [result.field ?? 'form']: [result.message] }, values },
      { status: EXAM_DATA_REFUSAL_STATUS[result.reason] },
    );
  }
  throw redirect(EXAM_DATA_PATHS.change(result.value.change.id));
}

export default function NTermPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="max-w-3xl">
      <p>
        <Link to={EXAM_DATA_PATHS.list} className="underline">
          Terug naar de examengegevens
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">N-term invoeren</h1>
      <p className="mt-3">
        Neem de N-term over uit de normering op Examenblad, met de maximale score van het examen. Er is geen
        standaardwaarde: een N-term wordt nooit aangenomen. Een tweede medewerker keurt hem goed voordat de
        cijferberekening hem aanbiedt.
      </p>
      <Form method="post" noValidate className="mt-6">
        <ExamRecordForm kind="n-term" subjects={loaderData.subjects} refusal={actionData ?? null} />
      </Form>
    </section>
  );
}

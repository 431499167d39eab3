import type { MouseEvent } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import type { Route } from './+types/study-content-upload';
import { scopeContext } from '#app/context.ts';
import { staffAccess } from '#app/modules/backoffice/index.server.ts';
import { listAllSubjects } from '#app/modules/catalog/index.server.ts';
import { studyContentErrorText, type StudyContentError } from '#app/modules/study/index.ts';
import {
  fromContentServiceSchema,
  STUDY_CONTENT_MESSAGES as M,
  STUDY_CONTENT_PATHS,
  uploadStudyContentSchema,
} from '#app/modules/backoffice-study-content/index.ts';
import {
  draftFromContentService,
  STUDY_CONTENT_REFUSAL_STATUS,
  studyContentSource,
  uploadStudyContent,
} from '#app/modules/backoffice-study-content/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { LEVEL_LABELS, LEVEL_ORDER } from '#app/platform/levels.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { FieldError, fieldClass } from '#app/ui/primitives/text-field.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Studie-inhoud uploaden') },
  { name: 'robots', content: 'noindex' },
];

/** The most problems the page lists (the count says how many there are). */
const SHOWN_ERRORS = 100;

/**
 * `/beheer/studie-inhoud/uploaden` (BACKOFFICE_ACCESS.uploadStudyContent): a subject's study file, chosen as a
 * file or pasted, or taken from the content service. `?concept=<id>` fills in a draft's text to correct it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const asked = Number(new URL(request.url).searchParams.get('concept'));
  const [subjects, prefill] = await Promise.all([
    listAllSubjects(scope.db),
    Number.isInteger(asked) && asked > 0 && asked <= 2_147_483_647 ? studyContentSource(scope, asked) : null,
  ]);
  const names = new Map<string, string>();
  for (const subject of subjects) if (!names.has(subject.slug)) names.set(subject.slug, subject.name);
  return {
    prefill: prefill ?? '',
    subjects: [...names].map(([slug, name]) => ({ slug, name })).sort((a, b) => a.name.localeCompare(b.name, 'nl')),
  };
}

/** A refused upload: the message, the problems with their lines, and the text (kept in the text field). */
interface Refusal {
  ok: false;
  /** A new id per answer: the text field and the file field start again from this answer. */
  id: string;
  form: 'upload' | 'service';
  message: string;
  errors: StudyContentError[];
  total: number;
  text: string;
  fields: Record<string, string[]>;
  values: { subject: string; level: string };
}

const refusal = (
  status: number,
  answer: Omit<Refusal, 'ok' | 'id' | 'total' | 'fields' | 'values'> & Partial<Refusal>,
) =>
  data<Refusal>(
    {
      ok: false,
      id: crypto.randomUUID(),
      fields: {},
      values: { subject: '', level: '' },
      ...answer,
      total: answer.errors.length,
      errors: answer.errors.slice(0, SHOWN_ERRORS),
    },
    { status },
  );

/** "Controleren en bewaren als concept", or "Ophalen uit de contentservice" (intent from-service). */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const access = await staffAccess(scope, request.headers, 'uploadStudyContent');
  if (!access.ok) throw data(access.message, { status: 403 });
  const form = await request.formData();
  if (form.get('intent') === 'from-service') {
    const values = { subject: String(form.get('subject') ?? ''), level: String(form.get('level') ?? '') };
    const parsed = fromContentServiceSchema.safeParse(values);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
      return refusal(400, { form: 'service', message: M.FORM, errors: [], text: '', fields, values });
    }
    const result = await draftFromContentService(scope, access.value, parsed.data);
    if (!result.ok) {
      return refusal(STUDY_CONTENT_REFUSAL_STATUS[result.reason], {
        form: 'service',
        message: result.message,
        errors: result.errors ?? [],
        text: result.source ?? '',
        values,
      });
    }
    throw redirect(`${STUDY_CONTENT_PATHS.draft(result.value.draft.id)}?opgeslagen=1`);
  }
  const typed = form.get('text');
  let text = typeof typed === 'string' ? typed : '';
  const file = form.get('file');
  // A chosen file wins: the text field holds the text of an earlier answer, the file what was chosen now.
  if (file instanceof File && file.size > 0) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return refusal(400, { form: 'upload', message: M.FILE_UNREADABLE, errors: [], text: '' });
    }
  }
  const parsed = uploadStudyContentSchema.safeParse({ text });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? M.TEXT;
    return refusal(400, { form: 'upload', message, errors: [], text: message === M.TOO_LONG ? '' : text });
  }
  const result = await uploadStudyContent(scope, access.value, parsed.data.text);
  if (!result.ok) {
    return refusal(STUDY_CONTENT_REFUSAL_STATUS[result.reason], {
      form: 'upload',
      message: result.message,
      errors: result.errors ?? [],
      text,
    });
  }
  throw redirect(`${STUDY_CONTENT_PATHS.draft(result.value.draft.id)}?opgeslagen=1`);
}

const TEXT_ID = 'sc-text';

/** Selects line `line` of the text field and scrolls it into view (with JavaScript; else the link goes to the field). */
function goToLine(event: MouseEvent<HTMLAnchorElement>, line: number) {
  const field = document.getElementById(TEXT_ID);
  if (!(field instanceof HTMLTextAreaElement)) return;
  event.preventDefault();
  const lines = field.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((offset, text) => offset + text.length + 1, 0);
  field.focus();
  field.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
  const height = Number.parseFloat(getComputedStyle(field).lineHeight) || 20;
  field.scrollTop = Math.max(0, (line - 3) * height);
}

export default function StudyContentUploadPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && !actionData.ok ? actionData : null;
  const upload = answer?.form === 'upload' ? answer : null;
  const service = answer?.form === 'service' ? answer : null;
  const text = answer?.text || loaderData.prefill;
  const errorsId = 'sc-errors';
  return (
    <section className="max-w-5xl">
      <p>
        <Link to={STUDY_CONTENT_PATHS.list} className="underline">
          Terug naar de studie-inhoud
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-brand-dark">Studie-inhoud uploaden</h1>
      <p className="mt-3 max-w-3xl">
        Eén JSON-bestand per vak, in het formaat van <code>content/study/&lt;niveau&gt;-&lt;vak&gt;.json</code>: het vak
        (slug en niveau uit de catalogus), de hoofdstukken met hun onderwerpen, minstens 40 leerkaarten, twee
        examenchecks van minstens 15 vragen, minstens 10 examenwoorden en de examenbuddy. Formules schrijf je in KaTeX
        tussen <code>$…$</code>. Het bestand wordt gecontroleerd zoals <code>npm run content:validate</code> dat doet;
        elke fout staat erbij met zijn regel. Een goed bestand wordt een concept: nog niets verandert voor leerlingen.
      </p>

      {answer ? (
        <div
          role="alert"
          aria-labelledby="sc-problem"
          className="mt-6 rounded-2xl border-4 border-danger bg-white p-4"
          tabIndex={-1}
        >
          <h2 id="sc-problem" className="text-lg font-bold text-danger">
            Er is een probleem
          </h2>
          <p className="mt-1 font-semibold">{answer.message}</p>
          {answer.errors.length > 0 ? (
            <ol id={errorsId} className="mt-3 grid gap-2">
              {answer.errors.map((error, i) => (
                <li key={i}>
                  <a
                    href={`#${TEXT_ID}`}
                    onClick={(event) => goToLine(event, error.line)}
                    className="font-semibold text-danger underline underline-offset-4"
                  >
                    {studyContentErrorText(error)}
                  </a>
                  {error.excerpt ? (
                    <code className="mt-0.5 block overflow-x-auto whitespace-pre text-sm text-ink-soft">
                      {error.excerpt}
                    </code>
                  ) : null}
                </li>
              ))}
              {answer.total > answer.errors.length ? (
                <li>En nog {answer.total - answer.errors.length} fouten: verbeter deze eerst.</li>
              ) : null}
            </ol>
          ) : null}
        </div>
      ) : null}

      <Form method="post" encType="multipart/form-data" noValidate className="mt-6 grid gap-5">
        <div>
          <label htmlFor="sc-file" className="block font-semibold">
            JSON-bestand
          </label>
          <p id="sc-file-hint" className="text-sm text-ink-soft">
            Kies je een bestand, dan telt dat bestand en niet de tekst hieronder.
          </p>
          <input
            key={answer?.id ?? 'file'}
            id="sc-file"
            name="file"
            type="file"
            accept="application/json,.json"
            aria-describedby="sc-file-hint"
            className="mt-1 block"
          />
        </div>
        <div>
          <label htmlFor={TEXT_ID} className="block font-semibold">
            Of plak de inhoud van het bestand
          </label>
          <p id="sc-text-hint" className="text-sm text-ink-soft">
            Na een fout staat de tekst hier: verbeter hem hier en probeer het opnieuw.
          </p>
          <textarea
            key={answer?.id ?? 'text'}
            id={TEXT_ID}
            name="text"
            rows={20}
            wrap="off"
            spellCheck={false}
            autoComplete="off"
            defaultValue={text}
            className={`${fieldClass} font-mono text-sm`}
            aria-invalid={upload && upload.errors.length > 0 ? true : undefined}
            aria-describedby={['sc-text-hint', upload && upload.errors.length > 0 ? errorsId : null]
              .filter(Boolean)
              .join(' ')}
          />
        </div>
        <div>
          <Button type="submit" name="intent" value="upload">
            Controleren en bewaren als concept
          </Button>
        </div>
      </Form>

      <h2 className="mt-10 text-xl font-bold">Uit de contentservice</h2>
      <p className="mt-2 max-w-3xl">
        Staat de studie-inhoud van een vak in de contentservice (type <code>studySubject</code> met de velden{' '}
        <code>slug</code>, <code>level</code> en <code>content</code>)? Haal hem dan op: hij wordt net zo gecontroleerd
        en bewaard als concept.
      </p>
      <Form method="post" noValidate className="mt-4 flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value="from-service" />
        <div>
          <label htmlFor="sc-subject" className="block font-semibold">
            Vak
          </label>
          <select
            id="sc-subject"
            name="subject"
            defaultValue={service?.values.subject ?? ''}
            className={fieldClass}
            aria-invalid={service?.fields.subject ? true : undefined}
            aria-describedby={service?.fields.subject ? 'sc-subject-error' : undefined}
          >
            <option value="">Kies een vak</option>
            {loaderData.subjects.map((subject) => (
              <option key={subject.slug} value={subject.slug}>
                {subject.name}
              </option>
            ))}
          </select>
          <FieldError id="sc-subject-error" errors={service?.fields.subject} />
        </div>
        <div>
          <label htmlFor="sc-level" className="block font-semibold">
            Niveau
          </label>
          <select
            id="sc-level"
            name="level"
            defaultValue={service?.values.level ?? ''}
            className={fieldClass}
            aria-invalid={service?.fields.level ? true : undefined}
            aria-describedby={service?.fields.level ? 'sc-level-error' : undefined}
          >
            <option value="">Kies een niveau</option>
            {LEVEL_ORDER.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
          <FieldError id="sc-level-error" errors={service?.fields.level} />
        </div>
        <Button type="submit" variant="secondary">
          Ophalen uit de contentservice
        </Button>
      </Form>
    </section>
  );
}

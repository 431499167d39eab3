import { data, Link, redirect, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/grades';
import { scopeContext, requireAreaUser } from '#app/context.ts';
import { AREA_PATHS, type UserView } from '#app/modules/accounts/index.ts';
import {
  examLevelOf,
  GRADES_MESSAGES,
  ruleSourcesFor,
  saveCeGradeSchema,
  saveGradesSchema,
  savePastExamSchema,
} from '#app/modules/grades/index.ts';
import {
  getMyCeGrades,
  getMyGrades,
  removePastExam,
  savePastExam,
  saveMyGrades,
} from '#app/modules/grades/index.server.ts';
import { type GradesAnswer, GradesSimulator, RuleSources } from '#app/modules/grades/ui.ts';
import { myClassesSharingGrades } from '#app/modules/classes/index.server.ts';
import { listMyParents } from '#app/modules/guardians/index.server.ts';
import { gradeEvidence, saveRealCeGrade } from '#app/modules/study/index.server.ts';
import { publishedNTerms } from '#app/modules/exam-data/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { type Level, LEVEL_ORDER, levelLabel } from '#app/platform/levels.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { ButtonLink } from '#app/ui/primitives/button.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mijn cijfers en slaagkans') },
  { name: 'robots', content: 'noindex' },
];

/**
 * The pupil's simulation: the study module's evidence (their subjects, exam checks) composed with their grades;
 * and who they share the page with (issue 31): the classes (not archived) and the parents they turned it on for.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  // A teacher's area is a teacher's (issue 31): no grades of their own; their pupils are in their classes.
  if (user.educationRole === 'teacher') throw redirect(AREA_PATHS.classes);
  const level = examLevelOf(user.levels, LEVEL_ORDER);
  if (!level) return { view: null, ceGrades: null, sharedWith: null, knownExams: {}, level: null, rules: [] };
  const scope = context.get(scopeContext);
  const [view, ceGrades, classes, parents, knownExams] = await Promise.all([
    gradeEvidence(scope, user, level).then((evidence) => getMyGrades(scope, user.id, level, evidence)),
    getMyCeGrades(scope, user.id, level),
    myClassesSharingGrades(scope, user.id),
    listMyParents(scope, user.id),
    knownPastExams(scope, level),
  ]);
  const sharedWith = {
    classes,
    parents: parents.filter((p) => p.sharesGrades).map((p) => p.parentName ?? p.email),
  };
  // The real CE grades are asked for from May of the exam year (the first tijdvak never starts before): earlier the
  // form would only invite a guess. A grade already entered stays to see, change or clear.
  const ceOpensOn = user.examYear ? `${user.examYear}-05-01` : null;
  const ceOpen = !ceOpensOn || new Date() >= new Date(`${ceOpensOn}T00:00:00Z`) || ceGrades.ceGrades.length > 0;
  return {
    view,
    ceGrades: { ...ceGrades, open: ceOpen, examYear: user.examYear ?? null },
    sharedWith,
    knownExams,
    level: levelLabel(level),
    rules: ruleSourcesFor(level),
  };
}

/**
 * The exams of the pupil's level with a published N-term (issue 35, "kies een examen"), by 'subject:year:tijdvak':
 * the past-exam form fills in their maximum score and N-term.
 */
async function knownPastExams(scope: Scope, level: Level) {
  const known: Record<string, { maxScore: string; nTerm: string }> = {};
  for (const record of await publishedNTerms(scope)) {
    if (record.level !== level) continue;
    known[`${record.subject}:${record.year}:${record.tijdvak}`] = {
      maxScore: String(record.maxScore),
      nTerm: record.n.toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    };
  }
  return known;
}

/** 'a', 'a en b', 'a, b en c'. */
const dutchList = (parts: readonly string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;

/** "Wie ziet je cijfers?": only the pupil, or the classes and parents they share them with, and where to change it. */
function GradesAudience({ sharedWith }: { sharedWith: { classes: string[]; parents: string[] } }) {
  const others = [...sharedWith.classes.map((name) => `de docenten van ${name}`), ...sharedWith.parents];
  const linkClass = 'font-semibold underline focus-visible:outline-3 focus-visible:outline-focus';
  return (
    <p className="mt-4 max-w-prose rounded-xl bg-surface px-4 py-3 text-sm" data-testid="wie-ziet-cijfers">
      <span className="font-bold">Wie ziet je cijfers? </span>
      {others.length === 0 ? 'Alleen jij.' : `Jij en ${dutchList(others)}.`}{' '}
      {others.length === 0 ? 'Delen kan met een klas of een ouder:' : 'Aanpassen:'}{' '}
      <Link to={AREA_PATHS.classes} className={linkClass}>
        Mijn klassen
      </Link>{' '}
      en{' '}
      <Link to={AREA_PATHS.parents} className={linkClass}>
        Mijn ouders
      </Link>
      .
    </p>
  );
}

const INTENTS = ['save', 'add', 'remove', 'past-exam-add', 'past-exam-remove', 'ce-save'] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => INTENTS.includes(value as Intent);

/** 'grades[3].se' or 'grades.3.se' → [3, 'se']. */
function fieldOf(path: string): [number, string] | null {
  const match = /^grades(?:\[(\d+)\]|\.(\d+))\.(se|assessment|subject)$/.exec(path);
  return match ? [Number(match[1] ?? match[2]), match[3]!] : null;
}

/** What was typed and the messages, per subject key, for a refused form. */
function refused(
  intent: Intent,
  formData: FormData,
  fieldErrors: Record<string, readonly string[] | null | undefined>,
): GradesAnswer {
  const keys: string[] = [];
  const typed: NonNullable<GradesAnswer['typed']> = {};
  for (let index = 0; formData.has(`grades[${index}].subject`); index += 1) {
    const key = String(formData.get(`grades[${index}].subject`));
    keys.push(key);
    const se = formData.get(`grades[${index}].se`);
    const assessment = formData.get(`grades[${index}].assessment`);
    typed[key] = {
      ...(typeof se === 'string' ? { se } : {}),
      ...(typeof assessment === 'string' ? { assessment } : {}),
    };
  }
  const errors: NonNullable<GradesAnswer['errors']> = {};
  const others: string[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages?.[0];
    if (!message) continue;
    const field = fieldOf(path);
    const key = field && keys[field[0]];
    if (key && field[1] !== 'subject') errors[key] = { ...errors[key], [field[1]]: message };
    else others.push(message);
  }
  return { intent, typed, errors, formError: others[0] ?? GRADES_MESSAGES.GRADES_INVALID };
}

/**
 * The page's three forms (save the grades, add a subject, take one off the
 * list) are one write, the API's PUT: parse with the shared schema → one use
 * case → answer. A refused form keeps what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAreaUser(context);
  const level = examLevelOf(user.levels, LEVEL_ORDER);
  const formData = await request.formData();
  const intent = formData.get('intent');
  if (!level) return data<GradesAnswer>({ intent: 'save', formError: GRADES_MESSAGES.NO_EXAM_LEVEL }, { status: 400 });
  if (!isIntent(intent)) {
    return data<GradesAnswer>({ intent: 'save', formError: GRADES_MESSAGES.GRADES_INVALID }, { status: 400 });
  }
  if (intent === 'past-exam-add' || intent === 'past-exam-remove') {
    return pastExamAction(context, user.id, level, intent, formData);
  }
  if (intent === 'ce-save') return ceGradeAction(context, user, level, formData);
  const submission = parseForm(formData, { schema: saveGradesSchema });
  if (submission.status !== 'success') {
    return data(refused(intent, formData, submission.error ?? {}), { status: 400 });
  }
  const saved = await saveMyGrades(context.get(scopeContext), user.id, level, submission.value);
  if (!saved.ok) {
    return data(refused(intent, formData, { [saved.field]: [saved.fieldMessage] }), { status: 400 });
  }
  const name = saved.value.names[0] ?? '';
  const message =
    intent === 'add'
      ? GRADES_MESSAGES.SUBJECT_ADDED(name)
      : intent === 'remove'
        ? GRADES_MESSAGES.SUBJECT_REMOVED(name)
        : GRADES_MESSAGES.GRADES_SAVED;
  return { intent, message } satisfies GradesAnswer;
}

const PAST_EXAM_FIELDS = ['subject', 'year', 'tijdvak', 'score', 'maxScore', 'nTerm'] as const;

/** The past-exam forms: enter one (the API's POST schema → savePastExam) or remove one of the pupil's own. */
async function pastExamAction(
  context: Route.ActionArgs['context'],
  userId: string,
  level: Level,
  intent: 'past-exam-add' | 'past-exam-remove',
  formData: FormData,
) {
  const scope = context.get(scopeContext);
  if (intent === 'past-exam-remove') {
    const id = Number(formData.get('id'));
    const removed = Number.isSafeInteger(id) && id > 0 ? await removePastExam(scope, userId, id) : null;
    if (!removed?.ok)
      return data<GradesAnswer>({ intent, formError: GRADES_MESSAGES.UNKNOWN_PAST_EXAM }, { status: 404 });
    return { intent, message: GRADES_MESSAGES.PAST_EXAM_REMOVED } satisfies GradesAnswer;
  }
  const typed: Record<string, string> = {};
  for (const field of PAST_EXAM_FIELDS) {
    const value = formData.get(field);
    if (typeof value === 'string') typed[field] = value.slice(0, 20);
  }
  const refused = (errors: Record<string, string>) =>
    data<GradesAnswer>(
      { intent, formError: GRADES_MESSAGES.PAST_EXAM_INVALID, pastExam: { typed, errors } },
      { status: 400 },
    );
  // An exam whose N-term is published fills in what was left empty (as the form does in the browser).
  const known = (await knownPastExams(scope, level))[`${typed.subject}:${typed.year}:${typed.tijdvak}`];
  if (known) {
    for (const field of ['maxScore', 'nTerm'] as const) {
      if (!typed[field]?.trim()) {
        typed[field] = known[field];
        formData.set(field, known[field]);
      }
    }
  }
  const submission = parseForm(formData, { schema: savePastExamSchema });
  if (submission.status !== 'success') {
    const errors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0]) errors[field] = messages[0];
    }
    return refused(errors);
  }
  const saved = await savePastExam(scope, userId, level, submission.value);
  if (!saved.ok) return refused({ [saved.field]: saved.fieldMessage });
  const exam = saved.value;
  return {
    intent,
    message: GRADES_MESSAGES.PAST_EXAM_SAVED(exam.name, exam.year, exam.tijdvak, exam.gradeTenths),
  } satisfies GradesAnswer;
}

/**
 * "Mijn echte CE-cijfer" (issue 33): the API's PUT /users/me/grades/ce schema → the study module's use case (the
 * prediction before the exam is kept with it). A refused form keeps what was typed.
 */
async function ceGradeAction(context: Route.ActionArgs['context'], user: UserView, level: Level, formData: FormData) {
  const intent = 'ce-save' as const;
  const subject = String(formData.get('subject') ?? '').slice(0, 40);
  const typed = String(formData.get('ce') ?? '').slice(0, 20);
  const refused = (errors: { ce?: string; subject?: string }) =>
    data<GradesAnswer>(
      { intent, formError: GRADES_MESSAGES.CE_GRADE_INVALID_FORM, ce: { subject, typed, errors } },
      { status: 400 },
    );
  const submission = parseForm(formData, { schema: saveCeGradeSchema });
  if (submission.status !== 'success') {
    const errors = submission.error ?? {};
    return refused({
      ...(errors.ce?.[0] ? { ce: errors.ce[0] } : {}),
      ...(errors.subject?.[0] ? { subject: errors.subject[0] } : {}),
    });
  }
  const saved = await saveRealCeGrade(context.get(scopeContext), user, level, submission.value);
  if (!saved.ok) return refused({ subject: saved.fieldMessage });
  const { name, ceTenths } = saved.value;
  return {
    intent,
    message:
      ceTenths === null ? GRADES_MESSAGES.CE_GRADE_CLEARED(name) : GRADES_MESSAGES.CE_GRADE_SAVED(name, ceTenths),
  } satisfies GradesAnswer;
}

export default function GradesPage() {
  const { view, ceGrades, sharedWith, knownExams, level, rules } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-3xl font-extrabold text-brand-dark md:text-4xl">Mijn cijfers en slaagkans</h1>
      {view && ceGrades ? (
        <>
          <p className="mt-2 max-w-prose text-lg text-ink-soft">
            Vul je SE-cijfers in ({levelLabel(view.level)}). Dan zie je per vak welk cijfer je op je centraal examen
            nodig hebt en of je zou slagen.
          </p>
          <p className="mt-2 max-w-prose text-sm">
            Je verwachte CE-cijfer is een schatting uit je examenchecks en de oude examens die je invult. Examenchecks
            rekenen met N = 1; een oud examen telt met de N-term van dat examen. Hoe minder je hebt gemaakt, hoe ruimer
            de marge. Zonder examencheck of oud examen schatten we het uit wat je van de leerkaarten nog weet op je
            examendag, als je er minstens de helft van hebt gelezen.
          </p>
          {sharedWith ? <GradesAudience sharedWith={sharedWith} /> : null}
          <GradesSimulator view={view} ceGrades={ceGrades} answer={answer} knownExams={knownExams} />
          {level ? <RuleSources level={level} rules={rules} /> : null}
        </>
      ) : (
        <div className="mt-4 rounded-2xl bg-surface p-6">
          <p>{GRADES_MESSAGES.NO_EXAM_LEVEL}</p>
          <ButtonLink to={AREA_PATHS.profile} className="mt-4">
            Naar je profiel
          </ButtonLink>
        </div>
      )}
    </section>
  );
}

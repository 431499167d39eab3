/**
 * A subject's study content in the back office (issue 35, item 3; ADR 034): a content member (or an admin)
 * uploads a subject's study file; the study module's checks — the same as `npm run content:validate` — refuse it
 * with every problem on its line, or it is kept as a draft. The draft's page shows it as pupils would see it and
 * what publishing it changes; publishing imports it for that one subject (the seed's workflow) with the audit
 * entry in one transaction, and this copy forgets what it kept of the subject. Every step is audited.
 */
import { isLevel, LEVEL_LABELS, type Level } from '#app/platform/levels.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { renderStudyMarkdown } from '#app/platform/server/rich-text.server.ts';
import { findContacts } from '#app/modules/accounts/index.server.ts';
import { findSubjectBySlug, listAllSubjects, type SubjectRow } from '#app/modules/catalog/index.server.ts';
import type { CardSection } from '#app/modules/cards/index.ts';
import { subjectChecks } from '#app/modules/checks/index.server.ts';
import {
  studyContentCounts,
  type StudyContentError,
  studySubjectFileSchema,
  type StudySubjectFile,
} from '#app/modules/study/index.ts';
import {
  checkStudyContent,
  forgetSubjectContent,
  importSubjectContent,
  studyContentChanges,
  studyContentFromService,
} from '#app/modules/study/index.server.ts';
import { recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { decideDraft, findDraft, insertDraft, listDrafts, type DraftRow } from '../db/drafts.server.ts';
import { STUDY_CONTENT_MESSAGES as M } from '../domain/messages.ts';
import type { StudyContentDraftView, StudyContentListView, StudyContentPreviewView } from '../schemas/study-content.ts';

/** Why a study content write is refused, with the API's status. */
export const STUDY_CONTENT_REFUSAL_STATUS = {
  invalid_content: 400,
  not_in_service: 404,
  not_found: 404,
  not_draft: 409,
  changed: 409,
} as const;
type Reason = keyof typeof STUDY_CONTENT_REFUSAL_STATUS;
export interface StudyContentRefusal<R extends Reason = Reason> {
  reason: R;
  message: string;
  /** The file's problems, each on its line (invalid_content, changed). */
  errors?: StudyContentError[];
  /** The text the lines are of, when the caller did not send it (the content service's file). */
  source?: string;
}

const subjectName = (subject: { name: string; levelName: string }) =>
  `${subject.name} ${isLevel(subject.levelName) ? LEVEL_LABELS[subject.levelName] : subject.levelName}`;

/** The views of drafts: their subjects' names and their staff's names. */
async function draftViews(s: Scope, rows: readonly DraftRow[]): Promise<StudyContentDraftView[]> {
  const people = [...new Set(rows.flatMap((r) => [r.uploadedBy, r.publishedBy, r.discardedBy]))].filter(
    (id): id is string => id !== null,
  );
  const [subjects, contacts] = await Promise.all([listAllSubjects(s.db), findContacts(s.db, people)]);
  const subjectOf = new Map(subjects.map((subject) => [subject.id, subject]));
  const who = new Map(contacts.map((person) => [person.id, person.name]));
  const name = (id: string | null) => (id ? (who.get(id) ?? 'Oud-medewerker') : null);
  return rows.map((row) => {
    const subject = subjectOf.get(row.subjectId);
    return {
      id: row.id,
      subject: {
        id: row.subjectId,
        slug: row.subjectSlug,
        level: row.levelName as Level,
        name: subject ? subjectName(subject) : `${row.subjectSlug} ${row.levelName}`,
      },
      status: row.status as StudyContentDraftView['status'],
      origin: row.origin as StudyContentDraftView['origin'],
      newSubject: row.newSubject,
      counts: row.counts,
      uploadedBy: name(row.uploadedBy),
      uploadedAt: row.uploadedAt.toISOString(),
      publishedBy: name(row.publishedBy),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      discardedBy: name(row.discardedBy),
      discardedAt: row.discardedAt?.toISOString() ?? null,
    };
  });
}

/** GET /v1/backoffice/study-content and /beheer/studie-inhoud: the drafts, newest first. */
export async function listStudyContent(s: Scope): Promise<StudyContentListView> {
  return { drafts: await draftViews(s, await listDrafts(s.db)) };
}

/** The paths of the file's texts with a NUL character (`\u0000` in the JSON): the database cannot store one. */
function nullCharacters(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => nullCharacters(item, [...path, i]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => nullCharacters(item, [...path, key]));
  }
  return [];
}

/**
 * A study file's text checked for the back office: the study module's checks, and its subject one of the
 * catalogue's (slug and level). The file and its subject, or every problem with its line.
 */
async function checked(
  s: Scope,
  source: string,
): Promise<{ ok: true; file: StudySubjectFile; subject: SubjectRow } | { ok: false; errors: StudyContentError[] }> {
  const offered = new Map(
    (await listAllSubjects(s.db)).map((subject) => [`${subject.slug} ${subject.levelName}`, subject]),
  );
  const subjectOf = (file: StudySubjectFile) => offered.get(`${file.subject.slug} ${file.subject.level}`);
  const result = await checkStudyContent(s, source, (file) => [
    ...(subjectOf(file)
      ? []
      : [{ path: ['subject'], dutch: M.SUBJECT_UNKNOWN(file.subject.slug, file.subject.level) }]),
    ...nullCharacters(file).map((path) => ({ path, dutch: M.NUL })),
  ]);
  if (!result.ok) return result;
  return { ok: true, file: result.file, subject: subjectOf(result.file)! };
}

/** Keeps a checked file as a draft, audited (`study-content.upload`). */
async function saveDraft(
  s: Scope,
  actor: StaffActor,
  source: string,
  origin: 'upload' | 'content-service',
): Promise<Result<{ draft: StudyContentDraftView; message: string }, StudyContentRefusal<'invalid_content'>>> {
  const result = await checked(s, source);
  if (!result.ok) {
    return refuse({
      reason: 'invalid_content',
      message: M.INVALID(result.errors.length),
      errors: result.errors,
      ...(origin === 'content-service' ? { source } : {}),
    });
  }
  const { file, subject } = result;
  const changes = await studyContentChanges(s, subject.id, file);
  const counts = studyContentCounts(file);
  const row = await s.db.transaction(async (tx) => {
    const saved = await insertDraft(tx, {
      subjectId: subject.id,
      subjectSlug: subject.slug,
      levelName: subject.levelName,
      source,
      counts,
      newSubject: changes.newSubject,
      origin,
      uploadedBy: actor.userId,
      at: new Date(),
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'study-content.upload',
      objectType: 'study-content',
      objectId: `${subject.levelName}-${subject.slug}`,
      before: null,
      after: { draftId: saved.id, origin, newSubject: changes.newSubject, ...counts },
    });
    return saved;
  });
  const [draft] = await draftViews(s, [row]);
  return ok({ draft: draft!, message: M.UPLOADED });
}

/** POST /v1/backoffice/study-content/drafts and the upload page: the file's text, checked, kept as a draft. */
export function uploadStudyContent(s: Scope, actor: StaffActor, source: string) {
  return saveDraft(s, actor, source, 'upload');
}

/**
 * POST /v1/backoffice/study-content/drafts/from-content-service and the upload page's second form: the content
 * service's study file of a subject (content type `studySubject`), checked like an upload and kept as a draft.
 */
export async function draftFromContentService(
  s: Scope,
  actor: StaffActor,
  subject: { subject: string; level: Level },
): Promise<
  Result<{ draft: StudyContentDraftView; message: string }, StudyContentRefusal<'invalid_content' | 'not_in_service'>>
> {
  const entry = await studyContentFromService(s, subject.subject, subject.level);
  if (!entry) {
    const known = await findSubjectBySlug(s.db, subject.subject, subject.level);
    const name = known ? subjectName(known) : `${subject.subject} ${LEVEL_LABELS[subject.level]}`;
    return refuse({ reason: 'not_in_service', message: M.NOT_IN_SERVICE(name) });
  }
  return saveDraft(s, actor, entry.source, 'content-service');
}

const render = (source: string) => renderStudyMarkdown(source);

/**
 * GET /v1/backoffice/study-content/drafts/{id} and the draft's page: the draft rendered as the study area renders
 * its content (the same Markdown and KaTeX), its topics and its checks' questions, and, while it is a draft, what
 * publishing it changes. Nothing is written.
 */
export async function studyContentPreview(
  s: Scope,
  id: number,
): Promise<Result<StudyContentPreviewView, StudyContentRefusal<'not_found'>>> {
  const row = await findDraft(s.db, id);
  if (!row) return refuse({ reason: 'not_found', message: M.NOT_FOUND });
  // The text was checked when it was kept: its format holds.
  const file = studySubjectFileSchema.parse(JSON.parse(row.source.replace(/^\uFEFF/, '')));
  const [draft] = await draftViews(s, [row]);
  const changes = row.status === 'draft' ? await studyContentChanges(s, row.subjectId, file) : null;
  const topicName = new Map(file.parentTopics.flatMap((p) => p.topics.map((t) => [t.key, t.name] as const)));
  const cardsOf = new Map<string, number>();
  for (const card of file.cards) for (const key of new Set(card.topics)) cardsOf.set(key, (cardsOf.get(key) ?? 0) + 1);
  return ok({
    draft: draft!,
    changes,
    aboutHtml: render(file.about),
    teachersHtml: render(file.teachers),
    chapters: file.parentTopics.map((p) => ({
      key: p.key,
      name: p.name,
      topics: p.topics.map((t) => ({ key: t.key, name: t.name, cards: cardsOf.get(t.key) ?? 0 })),
    })),
    cards: file.cards.map((card) => ({
      key: card.key,
      title: card.title,
      section: card.section as CardSection,
      examType: card.examType,
      difficulty: card.difficulty,
      light: card.light,
      download: card.download,
      new: card.new,
      corrections: card.key === file.correctionsCard,
      topics: card.topics.map((key) => topicName.get(key) ?? key),
      bodyHtml: render(card.body),
      answerHtml: card.answer ? render(card.answer) : null,
    })),
    tests: file.tests.map((test) => ({
      key: test.key,
      title: test.title,
      description: test.description,
      light: test.light,
      questions: test.questions.map((q) => ({
        kind: q.kind,
        topic: topicName.get(q.topic) ?? q.topic,
        promptHtml: render(q.prompt),
        options: q.kind === 'choice' ? q.options.map((o) => ({ html: render(o.text), correct: o.correct })) : [],
        explanationHtml: q.kind === 'choice' ? render(q.explanation) : null,
        modelAnswerHtml: q.kind === 'open' ? render(q.modelAnswer) : null,
        scoringPoints: q.kind === 'open' ? q.scoringPoints : [],
        maxPoints: q.kind === 'open' ? q.scoringPoints.length : 1,
      })),
    })),
    idioms: file.idioms.map(({ term, meaning, example }) => ({ term, meaning, example })),
    buddy: { name: file.buddy.name, intro: file.buddy.intro },
    articles: file.articles,
  });
}

/**
 * POST /v1/backoffice/study-content/drafts/{id}/publish and the draft page's button: the draft, checked again (an
 * article it names may be gone), imported for its subject — an entry whose key stays keeps its id and pupils'
 * work on it; one whose key is gone is deleted with it — with the audit entry (`study-content.publish`, the
 * changes before and after) and the draft marked published, in one transaction. This copy forgets the subject's
 * kept content at once; other copies within CONTENT_CACHE_SECONDS.
 */
export async function publishStudyContent(
  s: Scope,
  actor: StaffActor,
  id: number,
): Promise<
  Result<{ draft: StudyContentDraftView; message: string }, StudyContentRefusal<'not_found' | 'not_draft' | 'changed'>>
> {
  const found = await findDraft(s.db, id);
  if (!found) return refuse({ reason: 'not_found', message: M.NOT_FOUND });
  if (found.status !== 'draft') return refuse({ reason: 'not_draft', message: M.NOT_DRAFT });
  const result = await checked(s, found.source);
  if (!result.ok) return refuse({ reason: 'changed', message: M.CHANGED(result.errors.length), errors: result.errors });
  const { file, subject } = result;
  const [changes, testsBefore] = await Promise.all([
    studyContentChanges(s, subject.id, file),
    subjectChecks(s, subject.id),
  ]);
  const outcome = await s.db.transaction(async (tx) => {
    const draft = await findDraft(tx, id, { lock: true });
    if (!draft) return refuse({ reason: 'not_found' as const, message: M.NOT_FOUND });
    if (draft.status !== 'draft') return refuse({ reason: 'not_draft' as const, message: M.NOT_DRAFT });
    const counts = await importSubjectContent(tx, subject, file, found.source);
    const saved = await decideDraft(tx, id, { status: 'published', by: actor.userId, at: new Date() });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'study-content.publish',
      objectType: 'study-content',
      objectId: `${subject.levelName}-${subject.slug}`,
      before: changes.newSubject
        ? null
        : {
            cards: changes.cards.kept + changes.cards.removed.length,
            tests: changes.tests.kept + changes.tests.removed.length,
          },
      after: {
        draftId: id,
        cards: counts.cards,
        tests: counts.tests,
        questions: counts.questions,
        idioms: counts.idioms,
        cardsKept: changes.cards.kept,
        cardsAdded: changes.cards.added,
        cardsRemoved: changes.cards.removed.map((card) => card.key),
        testsRemoved: changes.tests.removed.map((test) => test.key),
      },
    });
    return ok(saved);
  });
  if (!outcome.ok) return outcome;
  forgetSubjectContent(
    s,
    subject.id,
    testsBefore.map((test) => test.id),
  );
  const [draft] = await draftViews(s, [outcome.value]);
  return ok({ draft: draft!, message: M.PUBLISHED });
}

/**
 * POST /v1/backoffice/study-content/drafts/{id}/discard and the draft page's button: the draft is set aside,
 * audited (`study-content.discard`); nothing is published.
 */
export async function discardStudyContent(
  s: Scope,
  actor: StaffActor,
  id: number,
): Promise<Result<{ draft: StudyContentDraftView; message: string }, StudyContentRefusal<'not_found' | 'not_draft'>>> {
  const outcome = await s.db.transaction(async (tx) => {
    const draft = await findDraft(tx, id, { lock: true });
    if (!draft) return refuse({ reason: 'not_found' as const, message: M.NOT_FOUND });
    if (draft.status !== 'draft') return refuse({ reason: 'not_draft' as const, message: M.NOT_DRAFT });
    const saved = await decideDraft(tx, id, { status: 'discarded', by: actor.userId, at: new Date() });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'study-content.discard',
      objectType: 'study-content',
      objectId: `${draft.levelName}-${draft.subjectSlug}`,
      before: { draftId: id, status: 'draft' },
      after: { draftId: id, status: 'discarded' },
    });
    return ok(saved);
  });
  if (!outcome.ok) return outcome;
  const [draft] = await draftViews(s, [outcome.value]);
  return ok({ draft: draft!, message: M.DISCARDED });
}

/** A draft's text (the upload page fills it in again to correct a draft). */
export async function studyContentSource(s: Scope, id: number): Promise<string | null> {
  return (await findDraft(s.db, id))?.source ?? null;
}

/**
 * The exam reference data in the back office (issue 35, ADR 033): a content member (or an admin) proposes a new
 * version of a timetable, an N-term or a past exam; a second one approves it, and only then is it published, with
 * the plans' exam dates moving at once and the pupils whose date moved told in their area. Every step writes the
 * audit log in its own transaction. Before approval the change page shows what publishing it does.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '#app/db/client.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { isLevel, LEVEL_LABELS, type Level } from '#app/platform/levels.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { findContacts } from '#app/modules/accounts/index.server.ts';
import { listAllSubjects } from '#app/modules/catalog/index.server.ts';
import {
  EXAM_DATA_KIND_LABELS,
  EXAM_DATA_MESSAGES as M,
  recordKey,
  timetableSourceName,
  type ChangeEffectView,
  type DateMoveView,
  type ExamDataChangeView,
  type ExamDataKind,
  type ExamDataListView,
  type ExamDataPayloads,
  type ExamDataVersionView,
  type ExamTimetable,
} from '#app/modules/exam-data/index.ts';
import {
  decideVersion,
  findVersion,
  forgetPublished,
  insertVersion,
  offeredSubjects,
  openRows,
  publishedTimetables,
  supersede,
  upsertNotices,
  versionWithStatus,
  type VersionRow,
} from '#app/modules/exam-data/index.server.ts';
import { examDateOf, newPerDayWith, pupilsAimedAt } from '#app/modules/planner/index.server.ts';
import { recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { effectSummary } from '../domain/effect.ts';

/** Why a change is refused, with the API's status. */
export const EXAM_DATA_REFUSAL_STATUS = {
  not_found: 404,
  subject_not_offered: 400,
  pending_exists: 409,
  unchanged: 409,
  not_pending: 409,
  own_change: 403,
} as const;
type Reason = keyof typeof EXAM_DATA_REFUSAL_STATUS;
export interface ExamDataRefusal<R extends Reason = Reason> {
  reason: R;
  message: string;
  field?: string;
}

/** How many pupils' plans the effect computes before and after (the rest are counted, not planned). */
export const EFFECT_SAMPLE = 20;

const titleOf = (row: Pick<VersionRow, 'kind' | 'key' | 'payload'>, names: ReadonlyMap<string, string>) => {
  if (row.kind === 'timetable') return `Examenrooster ${row.key}`;
  const [subject = '', level = '', year = '', tijdvak = ''] = row.key.split(':');
  const name = `${names.get(subject) ?? subject} ${isLevel(level) ? LEVEL_LABELS[level] : level}`;
  return `${EXAM_DATA_KIND_LABELS[row.kind as ExamDataKind]} ${name} ${year}, tijdvak ${tijdvak}`;
};

async function subjectNames(s: Pick<Scope, 'db' | 'cache'>): Promise<Map<string, string>> {
  return new Map([...(await offeredSubjects(s))].map(([slug, subject]) => [slug, subject.name]));
}

async function versionViews(
  s: Pick<Scope, 'db' | 'cache'>,
  rows: readonly VersionRow[],
): Promise<Map<number, ExamDataVersionView>> {
  const people = [...new Set(rows.flatMap((row) => [row.proposedBy, row.decidedBy]).filter((id) => id !== null))];
  const [names, contacts] = await Promise.all([subjectNames(s), findContacts(s.db, people)]);
  const who = new Map(contacts.map((person) => [person.id, person.name]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        kind: row.kind as ExamDataKind,
        key: row.key,
        version: row.version,
        status: row.status as ExamDataVersionView['status'],
        title: titleOf(row, names),
        note: row.note,
        proposedBy: row.proposedBy ? (who.get(row.proposedBy) ?? 'Oud-medewerker') : null,
        proposedAt: row.proposedAt.toISOString(),
        decidedBy: row.decidedBy ? (who.get(row.decidedBy) ?? 'Oud-medewerker') : null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        decisionNote: row.decisionNote,
        payload: row.payload,
      },
    ]),
  );
}

/** GET /v1/backoffice/exam-data and /beheer/examengegevens: every record, its published and its pending version. */
export async function listExamData(s: Scope): Promise<ExamDataListView> {
  const rows = await openRows(s.db);
  const views = await versionViews(s, rows);
  const records = new Map<string, ExamDataListView['records'][number]>();
  for (const row of rows) {
    const id = `${row.kind}|${row.key}`;
    const view = views.get(row.id)!;
    const record = records.get(id) ?? {
      kind: view.kind,
      key: row.key,
      title: view.title,
      published: null,
      pending: null,
    };
    if (row.status === 'published') record.published = view;
    else record.pending = view;
    records.set(id, record);
  }
  return { records: [...records.values()] };
}

/** A subject slug at a level we do not offer: the field it was typed in. */
async function notOffered<K extends ExamDataKind>(
  s: Scope,
  kind: K,
  payload: ExamDataPayloads[K],
): Promise<ExamDataRefusal<'subject_not_offered'> | null> {
  const offered = await offeredSubjects(s);
  const check = (subject: string, level: string, field: string) => {
    const found = offered.get(subject);
    if (found && isLevel(level) && found.levels.includes(level)) return null;
    return {
      reason: 'subject_not_offered' as const,
      message: M.SUBJECT_NOT_OFFERED(found?.name ?? subject, isLevel(level) ? LEVEL_LABELS[level] : level),
      field,
    };
  };
  if (kind === 'timetable') {
    const exams = (payload as ExamTimetable).exams;
    for (const [i, exam] of exams.entries()) {
      const refused = check(exam.subject, exam.level, `exams.${i}.subject`);
      if (refused) return refused;
    }
    return null;
  }
  const exam = payload as ExamDataPayloads['n-term'];
  return check(exam.subject, exam.level, 'subject');
}

/** Equal payloads, whatever the order of their keys (jsonb keeps its own). */
const samePayload = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * POST /v1/backoffice/exam-data/{timetables|n-terms|past-exams} and the forms: a new version, waiting for a
 * second staff member. Refused: a subject not offered at that level, a record with a change already waiting, a
 * version equal to the published one.
 */
export async function proposeChange<K extends ExamDataKind>(
  s: Scope,
  actor: StaffActor,
  kind: K,
  input: ExamDataPayloads[K] & { note: string },
): Promise<Result<{ change: ExamDataVersionView; message: string }, ExamDataRefusal>> {
  const { note, ...rest } = input;
  const payload = rest as unknown as ExamDataPayloads[K];
  const refused = await notOffered(s, kind, payload);
  if (refused) return refuse(refused);
  const key = recordKey(kind, payload);
  const outcome = await s.db.transaction(async (tx) => {
    const published = await versionWithStatus(tx, kind, key, 'published');
    if (published && samePayload(published.payload, payload))
      return refuse({ reason: 'unchanged' as const, message: M.UNCHANGED });
    const row = await insertVersion(tx, {
      kind,
      key,
      payload: payload as unknown as Record<string, unknown>,
      status: 'pending',
      note,
      proposedBy: actor.userId,
      at: new Date(),
    });
    if (!row) return refuse({ reason: 'pending_exists' as const, message: M.PENDING_EXISTS });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'exam-data.propose',
      objectType: `exam-data:${kind}`,
      objectId: key,
      before: published ? { version: published.version, ...published.payload } : null,
      after: { version: row.version, note, ...row.payload },
    });
    return ok(row);
  });
  if (!outcome.ok) return outcome;
  const view = (await versionViews(s, [outcome.value])).get(outcome.value.id)!;
  return ok({ change: view, message: M.PROPOSED });
}

/** The timetables with one exam year replaced by `timetable`. */
const withYear = (timetables: readonly ExamTimetable[], timetable: ExamTimetable) =>
  [...timetables.filter((t) => t.examYear !== timetable.examYear), timetable].sort((a, b) => a.examYear - b.examYear);

interface Move extends DateMoveView {
  subjectId: number;
  pupilIds: string[];
}

/**
 * What publishing `timetable` does: each subject whose exam date moves for pupils of that exam year, or of a coming
 * year whose estimate rests on it (those who entered their own date keep it), how many pupils aim at it, and their
 * new cards a day before and after, from the plans of up to EFFECT_SAMPLE of them.
 */
export async function timetableEffect(
  s: Scope,
  timetable: ExamTimetable,
  now = new Date(),
): Promise<{ view: ChangeEffectView; moves: Move[] }> {
  const current = await publishedTimetables(s);
  const next = withYear(current, timetable);
  const subjects = (await listAllSubjects(s.db)).filter((subject) => isLevel(subject.levelName));
  // The year's own pupils, and those of the coming years without a timetable: their estimate may rest on it.
  const { min, max } = examYearRange(now);
  const years = [...new Set([timetable.examYear, ...Array.from({ length: max - min + 1 }, (_, i) => min + i)])];
  const perYear = await Promise.all(
    years.map(async (examYear) => {
      const moved = subjects.flatMap((subject) => {
        const levelled = { slug: subject.slug, levelName: subject.levelName as Level };
        const from = examDateOf(current, levelled, examYear, null).date;
        const to = examDateOf(next, levelled, examYear, null).date;
        return from === to ? [] : [{ subject, examYear, from, to }];
      });
      const aimed = await pupilsAimedAt(
        s,
        examYear,
        moved.map((m) => m.subject.id),
      );
      return { examYear, moved, aimed };
    }),
  );
  const moved = perYear.flatMap((year) => year.moved);
  const aimed = perYear.flatMap((year) => year.aimed);
  // A pupil has one exam year: (subject, pupil) pairs of different years never mix.
  const bySubject = new Map<number, string[]>();
  for (const row of aimed) bySubject.set(row.subjectId, [...(bySubject.get(row.subjectId) ?? []), row.userId]);
  const pupils = [...new Set(aimed.map((row) => row.userId))];
  const sample = pupils.slice(0, EFFECT_SAMPLE);
  const figures = await Promise.all(
    sample.map(async (userId) => ({
      userId,
      before: await newPerDayWith(s, userId, current, now),
      after: await newPerDayWith(s, userId, next, now),
    })),
  );
  const yearOf = new Map(perYear.flatMap((year) => year.aimed.map((row) => [row.userId, year.examYear])));
  const moves: Move[] = moved.map(({ subject, examYear, from, to }) => {
    const pupilIds = (bySubject.get(subject.id) ?? []).filter((userId) => yearOf.get(userId) === examYear);
    const counted = figures.filter(
      (f) => pupilIds.includes(f.userId) && f.before?.has(subject.id) && f.after?.has(subject.id),
    );
    const mean = (pick: (f: (typeof counted)[number]) => number) =>
      counted.length ? counted.reduce((sum, f) => sum + pick(f), 0) / counted.length : null;
    return {
      subjectId: subject.id,
      pupilIds,
      subject: subject.slug,
      level: subject.levelName as DateMoveView['level'],
      examYear,
      name: `${subject.name} ${LEVEL_LABELS[subject.levelName as DateMoveView['level']]}`,
      from,
      to,
      pupils: pupilIds.length,
      newPerDayBefore: mean((f) => f.before!.get(subject.id)!),
      newPerDayAfter: mean((f) => f.after!.get(subject.id)!),
      sampled: counted.length,
    };
  });
  // The moves pupils feel first: the most pupils, then by year and name.
  moves.sort((a, b) => b.pupils - a.pupils || a.examYear - b.examYear || a.name.localeCompare(b.name, 'nl'));
  const view = {
    summary: effectSummary(moves, pupils.length),
    pupils: pupils.length,
    moves: moves.map(({ subjectId: _s, pupilIds: _p, ...move }) => move),
  };
  return { view, moves };
}

const NO_EFFECT: ChangeEffectView = {
  summary: 'Deze wijziging verplaatst geen examendatum: geen planning verandert.',
  pupils: 0,
  moves: [],
};

/** GET /v1/backoffice/exam-data/changes/{id} and its page: the version, the published one, its effect. */
export async function examDataChange(
  s: Scope,
  actor: StaffActor,
  id: number,
): Promise<Result<ExamDataChangeView, ExamDataRefusal<'not_found'>>> {
  const row = await findVersion(s.db, id);
  if (!row) return refuse({ reason: 'not_found', message: M.NOT_FOUND });
  const published = await versionWithStatus(s.db, row.kind as ExamDataKind, row.key, 'published');
  const views = await versionViews(s, published && published.id !== row.id ? [row, published] : [row]);
  const effect =
    row.status === 'pending' && row.kind === 'timetable'
      ? (await timetableEffect(s, row.payload as unknown as ExamTimetable)).view
      : NO_EFFECT;
  return ok({
    change: views.get(row.id)!,
    published: published && published.id !== row.id ? views.get(published.id)! : null,
    effect,
    mayDecide: row.status === 'pending' && row.proposedBy !== actor.userId,
    mayWithdraw: row.status === 'pending' && row.proposedBy === actor.userId,
  });
}

/** The pending version, locked, that `actor` may decide on (approving: not their own; rejecting may withdraw it). */
async function decidable(tx: Db, actor: StaffActor, id: number, decision: 'approve' | 'reject') {
  const row = await findVersion(tx, id, { lock: true });
  if (!row) return refuse({ reason: 'not_found' as const, message: M.NOT_FOUND });
  if (row.status !== 'pending') return refuse({ reason: 'not_pending' as const, message: M.NOT_PENDING });
  if (decision === 'approve' && row.proposedBy === actor.userId)
    return refuse({ reason: 'own_change' as const, message: M.OWN_CHANGE });
  return ok(row);
}

/**
 * POST /v1/backoffice/exam-data/changes/{id}/approve and the change page's button: a second staff member publishes
 * the version. In one transaction: the published one is superseded, this one published, the audit entry written,
 * and for a timetable every pupil whose exam date moved gets a notice (which also moves their data version, so
 * their plan is computed anew). This copy forgets its kept records at once; other copies within CONTENT_CACHE_SECONDS.
 */
export async function approveChange(
  s: Scope,
  actor: StaffActor,
  id: number,
): Promise<Result<{ message: string; moved: number }, ExamDataRefusal<'not_found' | 'not_pending' | 'own_change'>>> {
  const found = await findVersion(s.db, id);
  if (!found) return refuse({ reason: 'not_found', message: M.NOT_FOUND });
  // The effect is computed before the transaction (it reads plans); the timetable it compares with cannot change
  // meanwhile: a record has one pending version, and this one is it.
  const effect =
    found.kind === 'timetable' && found.status === 'pending'
      ? await timetableEffect(s, found.payload as unknown as ExamTimetable)
      : null;
  const outcome = await s.db.transaction(async (tx) => {
    const allowed = await decidable(tx, actor, id, 'approve');
    if (!allowed.ok) return allowed;
    const row = allowed.value;
    const kind = row.kind as ExamDataKind;
    const previous = await versionWithStatus(tx, kind, row.key, 'published');
    await supersede(tx, kind, row.key);
    await decideVersion(tx, id, { status: 'published', by: actor.userId, note: null, at: new Date() });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'exam-data.publish',
      objectType: `exam-data:${kind}`,
      objectId: row.key,
      before: previous ? { version: previous.version, ...previous.payload } : null,
      after: { version: row.version, ...row.payload },
    });
    let moved = 0;
    if (effect) {
      const sourceName = timetableSourceName(row.payload as unknown as ExamTimetable);
      const notices = effect.moves.flatMap((move) =>
        move.pupilIds.map((userId) => ({
          userId,
          subjectId: move.subjectId,
          subjectName: move.name,
          fromDate: move.from,
          toDate: move.to,
          sourceName,
          versionId: row.id,
        })),
      );
      await upsertNotices(tx, notices);
      moved = new Set(notices.map((n) => n.userId)).size;
    }
    return ok({ kind, moved });
  });
  if (!outcome.ok) return outcome;
  forgetPublished(s, outcome.value.kind);
  return ok({ message: M.APPROVED, moved: outcome.value.moved });
}

/**
 * POST /v1/backoffice/exam-data/changes/{id}/reject and the change page's form: a second staff member says no, or
 * the proposer withdraws it, with a reason.
 */
export async function rejectChange(
  s: Scope,
  actor: StaffActor,
  id: number,
  reason: string,
): Promise<Result<{ message: string }, ExamDataRefusal<'not_found' | 'not_pending' | 'own_change'>>> {
  return s.db.transaction(async (tx) => {
    const allowed = await decidable(tx, actor, id, 'reject');
    if (!allowed.ok) return allowed;
    const row = allowed.value;
    await decideVersion(tx, id, { status: 'rejected', by: actor.userId, note: reason, at: new Date() });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'exam-data.reject',
      objectType: `exam-data:${row.kind}`,
      objectId: row.key,
      before: { version: row.version, status: 'pending' },
      after: { version: row.version, status: 'rejected', reason },
    });
    return ok({ message: M.REJECTED });
  });
}

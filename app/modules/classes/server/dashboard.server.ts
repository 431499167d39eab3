/**
 * The class dashboard (issue 31, ADR 025): per subject, the grid of pupils × topics with the mastery level
 * and the predicted recall on each pupil's exam morning, who is behind by topic and by effort, the class's
 * exam checks per topic; a pupil's drill-down (what the pupil sees, less what is private), which "Wat ziet
 * mijn docent?" shows the pupil themselves; the grid's CSV. Everything is read from the pupil topic
 * summaries (reviews): two queries for the whole class, whatever its history.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { UserView } from '#app/modules/accounts/index.ts';
import { findPeople, namesStamp } from '#app/modules/accounts/index.server.ts';
import { subjectContent } from '#app/modules/cards/index.server.ts';
import { pupilSummaries, pupilSummariesStamp, type PupilSummary } from '#app/modules/planner/index.server.ts';
import {
  behindByEffort,
  behindByTopic,
  checksPerTopic,
  EXAM_READY_RECALL,
  gridCsv,
  MASTERY_LABELS,
  packRow,
  percent,
  type GridPupil,
} from '../domain/dashboard.ts';
import type { ClassDashboardView, DashboardPupilView } from '../schemas/dashboard.ts';
import { getTaughtClass } from './classes.server.ts';
import { roleOf } from './access.server.ts';
import type { ClassRole } from '../domain/classes.ts';
import { classStamp } from '../db/classes.server.ts';
import { userView } from '#app/platform/server/caches/user-views.server.ts';
import { classRefusal, type ClassRefusal } from './refusals.server.ts';

type Topic = ClassDashboardView['topics'][number];

/** The subject's topics that have cards, in the content's order, each with its chapter. */
export async function topicsOf(s: Scope, subjectId: number): Promise<Topic[]> {
  const content = await subjectContent(s, subjectId);
  if (!content) return [];
  const withCards = new Set(content.cards.flatMap((card) => card.topicIds));
  const names = new Map(content.topics.map((topic) => [topic.id, topic.name]));
  return content.topics
    .filter((topic) => withCards.has(topic.id))
    .map((topic) => ({
      id: topic.id,
      name: topic.name,
      chapter: topic.parentId === null ? null : (names.get(topic.parentId) ?? null),
    }));
}

/** One pupil's row of the grid from their summary (none yet: waiting). */
export function pupilRow(
  userId: string,
  name: string,
  summary: PupilSummary | undefined,
  topics: readonly Topic[],
): DashboardPupilView {
  const cells = summary
    ? topics.flatMap((topic) => {
        const cell = summary.topics.get(topic.id);
        return cell
          ? [
              {
                topicId: topic.id,
                level: cell.level,
                label: MASTERY_LABELS[cell.level],
                recallExam: cell.recallExam,
                recallNow: cell.recallNow,
                checkShare: cell.checkShare,
              },
            ]
          : [];
      })
    : [];
  const topicsBehind = cells.filter((cell) => cell.recallExam < EXAM_READY_RECALL).length;
  return {
    userId,
    name,
    status: !summary
      ? 'waiting'
      : summary.missing === 'no_plan'
        ? 'no_plan'
        : summary.missing === 'no_access'
          ? 'no_access'
          : topicsBehind > 0
            ? 'behind'
            : 'ready',
    examDate: summary?.examDate ?? null,
    recallExam: summary?.recallExam ?? null,
    topicsBehind,
    minutes7d: summary?.minutes7d ?? 0,
    reviews7d: summary?.reviews7d ?? 0,
    minutesAll7d: summary?.minutesAll7d ?? 0,
    minutesAsked7d: summary?.minutesAsked7d ?? 0,
    cells,
  };
}

const gridPupil = (row: DashboardPupilView): GridPupil => ({
  userId: row.userId,
  name: row.name,
  cells: row.cells,
  minutesAll7d: row.minutesAll7d,
  minutesAsked7d: row.minutesAsked7d,
  reviews7d: row.reviews7d,
});

/** The grid of a class and subject: the pupils (in the class now) by name, with their summaries. */
async function grid(s: Scope, members: { userId: string; name: string }[], subjectId: number) {
  const [topics, summaries] = await Promise.all([
    topicsOf(s, subjectId),
    pupilSummaries(
      s,
      members.map((m) => m.userId),
      subjectId,
    ),
  ]);
  const pupils = members.map((m) => pupilRow(m.userId, m.name, summaries.get(m.userId), topics));
  const updated = [...summaries.values()].map((summary) => summary.updatedAt.getTime());
  return { topics, pupils, updatedAt: updated.length ? new Date(Math.max(...updated)).toISOString() : null };
}

/** The dashboard computed from the database (the class, its pupils, their summaries). */
async function classDashboardNow(
  s: Scope,
  user: UserView,
  classId: number,
  subjectId: number | undefined,
  now = new Date(),
): Promise<Result<ClassDashboardView, DashboardRefusal>> {
  const found = await getTaughtClass(s, user, classId, now, { licenses: false });
  if (!found.ok) return found;
  const { class: view, members } = found.value;
  const subject = subjectId === undefined ? view.subjects[0] : view.subjects.find((sub) => sub.id === subjectId);
  if (!subject) {
    if (subjectId !== undefined) return refuse(classRefusal('subject_not_in_class'));
    return ok({
      class: view,
      subject: null,
      target: EXAM_READY_RECALL,
      topics: [],
      pupils: [],
      behindByTopic: [],
      behindByEffort: [],
      checksPerTopic: [],
      updatedAt: null,
    });
  }
  const active = members.filter((m) => m.status === 'active');
  const { topics, pupils, updatedAt } = await grid(s, active, subject.id);
  const gridPupils = pupils.map(gridPupil);
  return ok({
    class: view,
    subject,
    target: EXAM_READY_RECALL,
    topics,
    pupils,
    behindByTopic: behindByTopic(topics, gridPupils),
    behindByEffort: behindByEffort(gridPupils),
    checksPerTopic: checksPerTopic(topics, gridPupils),
    updatedAt,
  });
}

type DashboardRefusal = ClassRefusal<'not_found' | 'subject_not_in_class'>;

/**
 * Everything a class's dashboard is made of, as one short text: the class, its subjects, teachers and pupils
 * (this module's `classStamp`), the people's names, and when each active pupil's summary of each of the class's
 * subjects was written. The same text, the same dashboard, whichever server copy or job changed what. With
 * what the viewer is to the class, read in the first query; undefined when there is no such class. Three small
 * queries in two rounds, the second only for the class's teachers.
 */
async function dashboardStamp(
  s: Scope,
  classId: number,
  viewerId: string,
): Promise<{ role: ClassRole; stamp: string } | undefined> {
  const own = await classStamp(s.db, classId, viewerId);
  if (!own) return undefined;
  const role = roleOf(own);
  // A stranger learns nothing, and costs nothing more.
  if (role !== 'owner' && role !== 'co') return { role, stamp: '' };
  const [names, summaries] = await Promise.all([
    namesStamp(s.db, own.people),
    pupilSummariesStamp(s.db, own.active, own.subjectIds),
  ]);
  return { role, stamp: `${own.stamp}.${names ?? ''}.${summaries ?? ''}` };
}

/**
 * A class's view for one of its teachers, kept while nothing it is made of changes (`dashboardStamp`) and the
 * teacher's own data version stands, at most USER_VIEW_SECONDS (ADR 019's user views; the class's pupils move
 * with their summaries, not with the teacher's version). The access (`classAccess`'s rule, `roleOf`) is read
 * with the stamp, every time: a teacher taken off the class gets nothing kept.
 */
async function keptForTeacher<T>(
  s: Scope,
  user: UserView,
  classId: number,
  key: string,
  now: Date,
  load: () => Promise<Result<T, DashboardRefusal>>,
): Promise<Result<T, DashboardRefusal>> {
  const found = await dashboardStamp(s, classId, user.id);
  if (!found || (found.role !== 'owner' && found.role !== 'co')) return refuse(classRefusal('not_found'));
  // The day is part of the key: a class is archived from 1 August, whatever its stamp.
  return userView(s, user.id, `classes:${key}:${classId}:${now.toISOString().slice(0, 10)}:${found.stamp}`, load);
}

/**
 * GET /v1/classes/{id}/dashboard: the grid of one of the class's subjects (its first unless asked), who is
 * behind, the checks per topic. For the class's teachers only.
 */
export function classDashboard(
  s: Scope,
  user: UserView,
  classId: number,
  subjectId: number | undefined,
  now = new Date(),
): Promise<Result<ClassDashboardView, DashboardRefusal>> {
  return keptForTeacher(s, user, classId, `dashboard:${subjectId ?? ''}`, now, () =>
    classDashboardNow(s, user, classId, subjectId, now),
  );
}

/** The class page's data: what it draws, and no more (a year group's grid is thousands of cells). */
export interface ClassDashboardPage {
  class: ClassDashboardView['class'];
  subject: ClassDashboardView['subject'];
  target: number;
  topics: { id: number; name: string }[];
  pupils: {
    userId: string;
    name: string;
    status: DashboardPupilView['status'];
    examDate: string | null;
    /** Per topic, in the topics' order: the level and the whole percent recalled on the exam morning (`packRow`). */
    row: string;
    /** Whether the pupil has a summary of any topic. */
    started: boolean;
  }[];
  behindByTopic: { topicId: number; name: string; count: number; names: string }[];
  behindByEffort: { userId: string; name: string; minutes: number; asked: number; reviews: number }[];
  checksPerTopic: ClassDashboardView['checksPerTopic'];
  updatedAt: string | null;
}

/** The class page (/mijnslaagbundel/klassen/:id): the dashboard as the page draws it, kept like the API's. */
export function classDashboardPage(
  s: Scope,
  user: UserView,
  classId: number,
  subjectId: number | undefined,
  now = new Date(),
): Promise<Result<ClassDashboardPage, DashboardRefusal>> {
  return keptForTeacher(s, user, classId, `dashboard-page:${subjectId ?? ''}`, now, async () => {
    const found = await classDashboardNow(s, user, classId, subjectId, now);
    if (!found.ok) return found;
    const d = found.value;
    const topicIds = d.topics.map((topic) => topic.id);
    return ok({
      class: d.class,
      subject: d.subject,
      target: d.target,
      topics: d.topics.map(({ id, name }) => ({ id, name })),
      pupils: d.pupils.map((p) => ({
        userId: p.userId,
        name: p.name,
        status: p.status,
        examDate: p.examDate,
        row: packRow(topicIds, p.cells),
        started: p.cells.length > 0,
      })),
      behindByTopic: d.behindByTopic.map((t) => ({
        topicId: t.topicId,
        name: t.name,
        count: t.pupils.length,
        names: t.pupils.map((p) => `${p.name} (${percent(p.recallExam)})`).join(', '),
      })),
      behindByEffort: d.behindByEffort.map(({ userId, name, minutes, asked, reviews }) => ({
        userId,
        name,
        minutes,
        asked,
        reviews,
      })),
      checksPerTopic: d.checksPerTopic,
      updatedAt: d.updatedAt,
    });
  });
}

/** The grid as CSV (a Dutch spreadsheet's format), with the pupils' pseudonymous codes, never their addresses. */
export async function classDashboardCsv(
  s: Scope,
  user: UserView,
  classId: number,
  subjectId: number | undefined,
  now = new Date(),
): Promise<Result<{ filename: string; csv: string }, ClassRefusal<'not_found' | 'subject_not_in_class'>>> {
  const dashboard = await classDashboard(s, user, classId, subjectId, now);
  if (!dashboard.ok) return dashboard;
  const { class: view, subject, topics, pupils } = dashboard.value;
  const people = new Map(
    (
      await findPeople(
        s.db,
        pupils.map((p) => p.userId),
      )
    ).map((p) => [p.id, p]),
  );
  const csv = gridCsv(
    topics,
    pupils.map((p) => ({ ...gridPupil(p), pseudonym: people.get(p.userId)?.pseudonym ?? '', examDate: p.examDate })),
  );
  const slug = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return ok({ filename: `${slug(view.name)}${subject ? `-${slug(subject.name)}` : ''}.csv`, csv });
}

import { and, asc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { preparedPerDatabase } from '#app/db/prepared.server.ts';
import { cards, cardTopics, studySubjects, subjectAccess, topics, userCards, userTopicVisits } from './tables.ts';
import { LIVE_ACCESS } from './subjects.server.ts';

export type StreamRow = 'full' | 'light' | null;

/** Rows of a raw query; `db.execute` answers `{ rows }` on both drivers (node-postgres and PGlite). */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The user's access stream to a subject (spec §4): full, light or none. */
export async function findAccess(db: Db, userId: string, subjectId: number): Promise<StreamRow> {
  const [row] = await db
    .select({ stream: subjectAccess.stream })
    .from(subjectAccess)
    .where(and(eq(subjectAccess.userId, userId), eq(subjectAccess.subjectId, subjectId), LIVE_ACCESS));
  return row?.stream === 'full' || row?.stream === 'light' ? row.stream : null;
}

/** Every subject's access stream of the user. */
export async function listAccess(db: Db, userId: string): Promise<Map<number, 'full' | 'light'>> {
  const rows = await accessStatements(db).ofUser.execute({ userId });
  return new Map(rows.flatMap((r) => (r.stream === 'full' || r.stream === 'light' ? [[r.subjectId, r.stream]] : [])));
}

/** The user's live access per subject with where it came from and until when (the back office's customer page). */
export function listAccessRows(db: Db, userId: string) {
  return db
    .select({
      subjectId: subjectAccess.subjectId,
      stream: subjectAccess.stream,
      source: subjectAccess.source,
      grantedAt: subjectAccess.grantedAt,
      expiresAt: subjectAccess.expiresAt,
    })
    .from(subjectAccess)
    .where(and(eq(subjectAccess.userId, userId), LIVE_ACCESS))
    .orderBy(asc(subjectAccess.subjectId));
}

export interface SubjectContentRow {
  subject: { id: number; slug: string; name: string; levelName: string };
  study: { aboutHtml: string; teachersHtml: string; articleSlugs: string[]; correctionsCardId: number | null } | null;
  topics: { id: number; parentId: number | null; name: string; position: number }[];
  cards: {
    id: number;
    /** The card's key in its study file: stays the same across imports (so does its id). */
    key: string;
    title: string;
    section: string;
    examType: string;
    difficulty: string;
    light: boolean;
    isDownload: boolean;
    newSince: Date | null;
    topicIds: number[];
  }[];
}

/**
 * A subject's study content without the texts: its topics and its cards (with
 * their topics). The same for every pupil, so the service caches it. The
 * subject itself is the catalogue's (study-state.server.ts reads it).
 */
export async function loadSubjectContent(db: Db, subject: SubjectContentRow['subject']): Promise<SubjectContentRow> {
  const subjectId = subject.id;
  const [study, topicRows, cardRows] = await Promise.all([
    db
      .select({
        aboutHtml: studySubjects.aboutHtml,
        teachersHtml: studySubjects.teachersHtml,
        articleSlugs: studySubjects.articleSlugs,
        correctionsCardId: studySubjects.correctionsCardId,
      })
      .from(studySubjects)
      .where(eq(studySubjects.subjectId, subjectId)),
    db
      .select({ id: topics.id, parentId: topics.parentId, name: topics.name, position: topics.position })
      .from(topics)
      .where(eq(topics.subjectId, subjectId))
      .orderBy(asc(topics.position), asc(topics.id)),
    db
      .select({
        id: cards.id,
        key: cards.key,
        title: cards.title,
        section: cards.section,
        examType: cards.examType,
        difficulty: cards.difficulty,
        light: cards.light,
        isDownload: cards.isDownload,
        newSince: cards.newSince,
        topicIds: sql<
          number[]
        >`coalesce((select array_agg(ct.topic_id order by ct.topic_id) from card_topics ct where ct.card_id = "cards"."id"), '{}')`,
      })
      .from(cards)
      .where(eq(cards.subjectId, subjectId))
      .orderBy(asc(cards.position), asc(cards.id)),
  ]);
  return {
    subject,
    study: study[0] ?? null,
    topics: topicRows,
    cards: cardRows.map((c) => ({ ...c, newSince: c.newSince ? new Date(c.newSince) : null })),
  };
}

export interface UserStudyState {
  learned: Set<number>;
  /** When the user last visited each card they visited. */
  visitedCards: Map<number, Date>;
  /** When the user last visited a card of each topic. */
  visitedTopics: Map<number, Date>;
}

/**
 * The user's access stream to a subject and what they did in it (learned and
 * visited cards, visited topics), in one query: the cards API runs it on
 * every call.
 */
export async function loadStudyVisit(
  db: Db,
  userId: string,
  subjectId: number,
): Promise<{ stream: StreamRow; state: UserStudyState }> {
  return studyVisitOf(await studyStatements(db).read.execute({ userId, subjectId }));
}

/**
 * The user's access stream to a subject, what they did with one of its cards (learned, visited) and their visits of
 * the card's topics (`topicIds`), in one query: the state `loadStudyVisit` gives, narrowed to that card, for an
 * answer about the card alone (GET /v1/card/{id}, which the card modal asks between every two reviews).
 */
export async function loadCardVisit(
  db: Db,
  userId: string,
  subjectId: number,
  cardId: number,
  topicIds: readonly number[],
): Promise<{ stream: StreamRow; state: UserStudyState }> {
  return studyVisitOf(
    await studyStatements(db).card.execute({ userId, subjectId, cardId, topicIds: `{${topicIds.join(',')}}` }),
  );
}

/**
 * POST /v1/users/me/cards/{id}/visit (spec §4) in one statement: records the visit of the card and its topics
 * if the pupil may open it (live access, the full stream or a light card: `mayOpen`), and answers the access and
 * what they did in the subject as `loadStudyVisit` does, as it was before this visit (one snapshot).
 *
 * A visit only matters where it clears a new-content flag (a visit's time is compared with `newSince` and nothing
 * else), so it is written only for what is new to the pupil: the card when it has `newSince` and was not visited
 * since, each topic in `newTopics` (its newest card's `newSince`) likewise. Opening a card seen before writes
 * nothing, and leaves the pupil's data version (and what is kept by it) as it was.
 */
export async function visitAndLoadStudy(
  db: Db,
  userId: string,
  subjectId: number,
  card: { id: number; light: boolean; newSince: Date | null },
  newTopics: ReadonlyMap<number, Date>,
): Promise<{ stream: StreamRow; state: UserStudyState }> {
  const topics = [...newTopics];
  return studyVisitOf(
    await studyStatements(db).visit.execute({
      userId,
      subjectId,
      cardId: card.id,
      light: card.light,
      cardSince: card.newSince?.toISOString() ?? null,
      topicIds: `{${topics.map(([id]) => id).join(',')}}`,
      topicSince: `{${topics.map(([, since]) => `"${since.toISOString()}"`).join(',')}}`,
    }),
  );
}

const p = sql.placeholder;

/**
 * The user's access per subject, read by nearly every page of the study area (their subjects, the plan's context),
 * and what they learned per subject (the area home's progress): prepared once per database (ADR 009).
 */
const accessStatements = preparedPerDatabase((db: Db) => ({
  ofUser: db
    .select({ subjectId: subjectAccess.subjectId, stream: subjectAccess.stream })
    .from(subjectAccess)
    .where(and(eq(subjectAccess.userId, p('userId')), LIVE_ACCESS))
    .prepare('subject_access_of_user'),
  /** The learnable cards the user learned, counted per subject (the area home's progress). */
  learnedPerSubject: db
    .select({ subjectId: cards.subjectId, learned: sql<number>`count(*)::int`.mapWith(Number) })
    .from(userCards)
    .innerJoin(cards, eq(cards.id, userCards.cardId))
    .where(and(eq(userCards.userId, p('userId')), isNotNull(userCards.learnedAt), eq(cards.isDownload, false)))
    .groupBy(cards.subjectId)
    .prepare('learned_per_subject'),
}));

/**
 * The statements of a study visit, prepared once per database (ADR 009): a pupil opens a card between every two
 * reviews, and unprepared PostgreSQL planned these unions afresh each time, which took it longer than running them
 * (0.36 and 0.46 ms of planning against 0.20 and 0.42 ms of work, `pg_stat_statements` under the season bench).
 * - `read`: the access and what the pupil did in the subject (`loadStudyVisit`);
 * - `card`: the access, what the pupil did with one card and their visits of its topics (`loadCardVisit`);
 * - `visit`: the subject's after recording a visit of the card and its topics where they are new, when the pupil
 *   may open it.
 */
const studyStatements = preparedPerDatabase((db: Db) => {
  const userId = p('userId');
  const subjectId = p('subjectId');
  const access = db.$with('access', { subject_id: sql<number>`subject_id`, stream: sql<string>`stream` }).as(
    sql`select sa.subject_id, sa.stream from ${subjectAccess} sa
     where sa.user_id = ${userId} and sa.subject_id = ${subjectId}
       and (sa.expires_at is null or sa.expires_at > now())`,
  );
  const rows = {
    kind: sql<string>`kind`,
    id: sql<number>`id`,
    learned: sql<boolean>`learned`,
    visited_at: sql<string | Date | null>`visited_at`,
    stream: sql<string | null>`stream`,
  };
  // The rows a study visit is read from, after the `access` above: the access, then the pupil's cards (learned,
  // visited) that `cardRows`' condition picks, then (in the subject) their visited topics.
  const accessRow = sql`
    select 'access' as kind, a.subject_id as id, false as learned, null::timestamptz as visited_at, a.stream
      from access a`;
  const cardRows = (where: ReturnType<typeof sql>) => sql`
    select 'card' as kind, uc.card_id as id, uc.learned_at is not null as learned, uc.visited_at, null as stream
      from ${userCards} uc ${where}`;
  const done = sql`(${accessRow}
    union all ${cardRows(sql`join ${cards} c on c.id = uc.card_id
     where uc.user_id = ${userId} and c.subject_id = ${subjectId}`)}
    union all
    select 'topic' as kind, tv.topic_id as id, false as learned, tv.visited_at, null as stream
      from ${userTopicVisits} tv join ${topics} t on t.id = tv.topic_id
     where tv.user_id = ${userId} and t.subject_id = ${subjectId}) as done`;
  const oneCard = sql`(${accessRow}
    union all ${cardRows(sql`where uc.user_id = ${userId} and uc.card_id = ${p('cardId')}`)}
    union all
    select 'topic' as kind, tv.topic_id as id, false as learned, tv.visited_at, null as stream
      from ${userTopicVisits} tv where tv.user_id = ${userId} and tv.topic_id = any(${p('topicIds')}::int[])) as done`;
  const mayOpen = db.$with('may_open', { yes: sql<number>`yes` }).as(sql`
      select 1 as yes where exists (
        select 1 from access where access.stream = 'full' or (access.stream = 'light' and ${p('light')}::boolean))`);
  const cardVisit = db.$with('card_visit', { one: sql<number>`one` }).as(sql`
      insert into ${userCards} (user_id, card_id, visited_at)
      select ${userId}, ${p('cardId')}::int, now() from may_open
       where ${p('cardSince')}::timestamptz is not null and not exists (
         select 1 from ${userCards} seen where seen.user_id = ${userId} and seen.card_id = ${p('cardId')}::int
            and seen.visited_at >= ${p('cardSince')}::timestamptz)
          on conflict (user_id, card_id) do update set visited_at = now()
      returning 1 as one`);
  const topicVisits = db.$with('topic_visits', { one: sql<number>`one` }).as(sql`
      insert into ${userTopicVisits} (user_id, topic_id, visited_at)
      select ${userId}, t.id, now() from may_open, unnest(${p('topicIds')}::int[], ${p('topicSince')}::timestamptz[]) as t(id, since)
       where not exists (
         select 1 from ${userTopicVisits} seen where seen.user_id = ${userId} and seen.topic_id = t.id
            and seen.visited_at >= t.since)
          on conflict (user_id, topic_id) do update set visited_at = now()
      returning 1 as one`);
  return {
    read: db.with(access).select(rows).from(done).prepare('study_visit_read'),
    card: db.with(access).select(rows).from(oneCard).prepare('study_visit_card'),
    visit: db.with(access, mayOpen, cardVisit, topicVisits).select(rows).from(done).prepare('study_visit_write'),
  };
});

type StudyVisitRow = {
  kind: string;
  id: number;
  learned: boolean;
  visited_at: string | Date | null;
  stream: string | null;
};

function studyVisitOf(rows: StudyVisitRow[]): { stream: StreamRow; state: UserStudyState } {
  const state: UserStudyState = { learned: new Set(), visitedCards: new Map(), visitedTopics: new Map() };
  let stream: StreamRow = null;
  for (const row of rows) {
    const id = Number(row.id);
    const visited = row.visited_at ? new Date(row.visited_at) : null;
    if (row.kind === 'access') {
      stream = row.stream === 'full' || row.stream === 'light' ? row.stream : null;
    } else if (row.kind === 'card') {
      if (row.learned) state.learned.add(id);
      if (visited) state.visitedCards.set(id, visited);
    } else if (visited) {
      state.visitedTopics.set(id, visited);
    }
  }
  return { stream, state };
}

/** A card's subject, whether it is light, a download, and its texts. */
/** Every card's subject (ids only: a few bytes a card), for finding a card's subject without reading the card. */
export async function listCardSubjects(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: cards.id, subjectId: cards.subjectId }).from(cards);
  return new Map(rows.map((row) => [row.id, row.subjectId]));
}

/** One card's subject; null when there is no such card. */
export async function findCardSubject(db: Db, cardId: number): Promise<number | null> {
  const [row] = await db.select({ subjectId: cards.subjectId }).from(cards).where(eq(cards.id, cardId));
  return row?.subjectId ?? null;
}

/** A card's texts (HTML rendered at import). */
export async function findCardTexts(db: Db, cardId: number) {
  const [row] = await db
    .select({ bodyHtml: cards.bodyHtml, answerHtml: cards.answerHtml })
    .from(cards)
    .where(eq(cards.id, cardId));
  return row ?? null;
}

/** Marks a card learned (or not) for the user; keeps the visit. */
export async function setLearned(db: Db, userId: string, cardId: number, learned: boolean): Promise<void> {
  const learnedAt = learned ? sql`now()` : null;
  await db
    .insert(userCards)
    .values({ userId, cardId, learnedAt })
    .onConflictDoUpdate({
      target: [userCards.userId, userCards.cardId],
      set: { learnedAt: learned ? sql`coalesce(${userCards.learnedAt}, now())` : null },
    });
}

/** How many learnable cards the user learned per subject (for the area home's progress). */
export async function learnedPerSubject(db: Db, userId: string): Promise<Map<number, number>> {
  const rows = await accessStatements(db).learnedPerSubject.execute({ userId });
  return new Map(rows.map((r) => [r.subjectId, r.learned]));
}

/** A card as the exam buddy reads it: its texts (HTML rendered at import), its topics' and chapters' names. */
export interface BuddyCardRow {
  id: number;
  key: string;
  title: string;
  section: string;
  bodyHtml: string;
  answerHtml: string | null;
  plainText: string;
  light: boolean;
  /** The subject's corrections card (errata). */
  corrections: boolean;
  topics: string[];
}

/**
 * The subject's cards (no sheets to print) in its order, with the names of their topics and of those topics'
 * chapters: what the exam buddy answers from (it ranks them itself, app/modules/buddy/domain/buddy-index.ts).
 */
export async function listBuddyCards(db: Db, subjectId: number): Promise<BuddyCardRow[]> {
  const rows = await rowsOf<Omit<BuddyCardRow, 'topics'> & { topics: string[] | null }>(
    db,
    sql`
    select c.id, c.key, c.title, c.section, c.body_html as "bodyHtml", c.answer_html as "answerHtml",
           c.plain_text as "plainText", c.light, c.id = s.corrections_card_id as corrections,
           (select array_agg(distinct n.name) from ${cardTopics} ct join ${topics} t on t.id = ct.topic_id
              cross join lateral (select t.name union all select p.name from ${topics} p where p.id = t.parent_id) n(name)
             where ct.card_id = c.id) as topics
      from ${cards} c left join ${studySubjects} s on s.subject_id = c.subject_id
     where c.subject_id = ${subjectId} and not c.is_download
     order by c.position, c.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), corrections: r.corrections === true, topics: r.topics ?? [] }));
}

/**
 * A subject's cards that can be learned and reviewed, in its order: no sheet, not its corrections card (the rule
 * of domain/access.ts `isLearnable`, in SQL for the demo seed, which has no request Scope).
 */
export async function listLearnableCardIds(db: Db, subjectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .leftJoin(studySubjects, eq(studySubjects.subjectId, cards.subjectId))
    .where(
      and(
        eq(cards.subjectId, subjectId),
        eq(cards.isDownload, false),
        or(isNull(studySubjects.correctionsCardId), ne(cards.id, studySubjects.correctionsCardId)),
      ),
    )
    .orderBy(asc(cards.position), asc(cards.id));
  return rows.map((row) => row.id);
}

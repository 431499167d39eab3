import {
  findCardSubject,
  listAccess,
  listCardSubjects,
  loadStudyVisit,
  loadSubjectContent,
  type StreamRow,
  type SubjectContentRow,
} from '#app/modules/cards/db/study.server.ts';
import { mayOpen } from '#app/modules/cards/domain/access.ts';
import { listUserSubjectIds } from '#app/modules/accounts/index.server.ts';
import { allSubjects, getSubject, subjectRows, type SubjectRow } from '#app/modules/catalog/index.server.ts';
import type { AccessStream } from '#app/modules/cards/db/subjects.server.ts';
import { LEVEL_ORDER, type Level } from '#app/platform/levels.ts';
import { type CardFilters } from '#app/modules/cards/schemas/study.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { Result } from '#app/platform/result.ts';
import type { StudyRefusal } from '#app/modules/cards/server/refusals.server.ts';

/** Why a study read is refused: no such thing, or no access to it (refusals.server.ts: status and message). */
export type AccessRefusal = Extract<StudyRefusal, 'not_found' | 'no_access' | 'light_only'>;
/** A study use case's answer (ADR 014): the value, or a refusal. */
export type StudyResult<T> = Result<T, { reason: AccessRefusal }>;

export { ok, refuse } from '#app/platform/result.ts';

/** A subject's content (no texts), cached: the same for every pupil. Null: no such subject. */
export function subjectContent(s: Scope, subjectId: number): Promise<SubjectContentRow | null> {
  return s.once(`study:subject:${subjectId}`, () =>
    s.cache.get(`study:subject:${subjectId}`, async () => {
      const subject = await getSubject(s, subjectId);
      return subject && loadSubjectContent(s.db, subject);
    }),
  );
}

/** A chosen subject with the user's access to it (null: none). */
export interface UserSubjectRow extends SubjectRow {
  stream: AccessStream | null;
}

/**
 * The subjects `userId` chose (accounts), each with the user's access stream (ours), in the subjects' order
 * (the catalogue's).
 */
export async function listUserSubjects(s: Scope, userId: string): Promise<UserSubjectRow[]> {
  const [ids, access] = await Promise.all([listUserSubjectIds(s.db, userId), listAccess(s.db, userId)]);
  const subjects = await subjectRows(s, ids);
  return subjects.map((subject) => ({ ...subject, stream: access.get(subject.id) ?? null }));
}

/**
 * The study subject of a school subject at a level, with whether it has study content; null when there is none.
 * Public pages ask it (a product's page, an article's exam-check block): both come from what the read-through cache
 * keeps already, every subject (`allSubjects`) and the subject's content (`subjectContent`, which a publish forgets).
 */
export async function findStudySubject(s: Scope, slug: string, levelName: string) {
  const subject = (await allSubjects(s)).find((row) => row.slug === slug && row.levelName === levelName);
  if (!subject) return null;
  const content = await subjectContent(s, subject.id);
  return { id: subject.id, slug: subject.slug, levelName: subject.levelName, hasContent: Boolean(content?.study) };
}

export type ContentCard = SubjectContentRow['cards'][number];

/**
 * The subject of a card, from a cached map of every card's subject (the same
 * for every pupil; a card added since is read from the database). Null: no
 * such card.
 */
export async function subjectOfCard(s: Scope, cardId: number): Promise<number | null> {
  const subjects = await s.cache.get('study:card-subjects', () => listCardSubjects(s.db));
  return subjects.get(cardId) ?? (await findCardSubject(s.db, cardId));
}

/** Whether a pupil with `stream` may open card `cardId` of `content`: the card, or why not. */
export function openableIn(content: SubjectContentRow | null, cardId: number, stream: StreamRow) {
  const contentCard = content?.cards.find((c) => c.id === cardId);
  if (!content || !contentCard) return { refusal: 'not_found' as const };
  if (!stream) return { refusal: 'no_access' as const };
  if (!mayOpen(stream, contentCard)) return { refusal: 'light_only' as const };
  return { refusal: null, content, contentCard, stream };
}

export const levelOf = (name: string): Level => {
  if (!(LEVEL_ORDER as readonly string[]).includes(name)) throw new Error(`unknown level ${name}`);
  return name as Level;
};

/** The pupil's view of a subject and their stream; refusal when the subject does not exist. */
/**
 * A subject's content with the pupil's stream and what they did in it, read
 * once per request (the subject page's loaders and the services they call
 * share it). A write of this request updates `state` in place.
 */
export function studyOf(s: Scope, userId: string, subjectId: number) {
  return s.once(`study:visit:${userId}:${subjectId}`, async () => {
    const [content, { stream, state }] = await Promise.all([
      subjectContent(s, subjectId),
      loadStudyVisit(s.db, userId, subjectId),
    ]);
    return { content, stream, state };
  });
}

/** No filter: every card. */
export const NO_FILTERS: CardFilters = {
  sections: [],
  topicIds: [],
  parentTopicIds: [],
  difficulty: [],
  examTypes: [],
  hideLearned: false,
};

/**
 * Spec §8: failures of chatbots, idioms, subjects, cards and tests are only
 * logged, and the product carries on. A page part that may fail that way
 * loads through this: on a failure it is reported and the page gets `fallback`.
 */
export async function carryOn<T>(s: Scope, source: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    s.errors.capture(error, { source });
    return fallback;
  }
}

/**
 * The exam buddy and the idiom lists (spec §3 Chatbot and
 * Idiom with isActive per user, §7 /v1/users/me/chatbots and …/idioms).
 * The buddy answers from the subject's own cards and idioms: its own
 * retrieval (app/modules/buddy/domain/buddy-index.ts: Dutch stems, formulas
 * whole, the subject's synonyms; docs/buddy.md), each passage shown as a whole
 * step and linked to its card. With a language model configured (the port in
 * app/platform/integrations/language-model/) the model writes the answer from
 * those passages only and cites them; without one the buddy shows the
 * passages and says that it did — it is never passed off as AI.
 */
import { findAccess, listBuddyCards, listUserSubjects } from '#app/modules/cards/index.server.ts';
import { getSubject } from '#app/modules/catalog/index.server.ts';
import {
  findBuddySynonyms,
  findChatbot,
  findIdiomList,
  listChatbots,
  listIdiomEntries,
  listIdiomLists,
  listSubjectIdioms,
  appendBuddyTurn,
  deleteBuddyTurns,
  findBuddyTurns,
} from '#app/modules/buddy/db/buddy-idioms.server.ts';
import {
  type BuddyAnswerView,
  type ChatbotView,
  type IdiomListSummaryView,
  type IdiomListView,
  storedBuddyAnswerSchema,
} from '#app/modules/buddy/schemas/buddy-idioms.ts';
import { cardModalPath, idiomPath, subjectPath, subjectTitle } from '#app/platform/study-paths.ts';
import {
  answerOrder,
  buddyQuery,
  buildBuddyIndex,
  type BuddyIndex,
  passageExcerpt,
  rankPassages,
} from '#app/modules/buddy/domain/buddy-index.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { StudyResult } from '#app/modules/cards/index.server.ts';
import { BUDDY_MESSAGES } from '#app/modules/buddy/domain/messages.ts';
import { subjectBuddy } from './buddy-state.server.ts';

/** How many passages the buddy reads and cites at most. */
export const BUDDY_SOURCES = 4;

/**
 * A subject's retrieval index: its cards (no sheets to print), idioms and synonyms, built once and cached like
 * the subject's content (the same for every pupil; CONTENT_CACHE_SECONDS).
 */
export function subjectIndex(s: Scope, subjectId: number): Promise<BuddyIndex> {
  const key = `buddy:index:${subjectId}`;
  return s.once(key, () =>
    s.cache.get(key, async () => {
      const [cards, idioms, synonyms] = await Promise.all([
        listBuddyCards(s.db, subjectId),
        listSubjectIdioms(s.db, subjectId),
        findBuddySynonyms(s.db, subjectId),
      ]);
      return buildBuddyIndex({ cards, idioms, synonyms });
    }),
  );
}

/** The user's subjects (in the subjects' order) and their access: what their buddies and idiom lists show. */
async function mySubjects(s: Scope, userId: string) {
  const subjects = await listUserSubjects(s, userId);
  const access = new Set(subjects.filter((subject) => subject.stream).map((subject) => subject.id));
  const order = new Map(subjects.map((subject, index) => [subject.id, index]));
  const bySubjectOrder = (a: { subjectId: number; id: number }, b: { subjectId: number; id: number }) =>
    order.get(a.subjectId)! - order.get(b.subjectId)! || a.id - b.id;
  return { subjects, access, ids: subjects.map((subject) => subject.id), bySubjectOrder };
}

/** GET /v1/users/me/chatbots: the buddies of the user's subjects, active where they have access. */
export async function listMyChatbots(s: Scope, userId: string): Promise<ChatbotView[]> {
  const { ids, access, bySubjectOrder } = await mySubjects(s, userId);
  return (await listChatbots(s.db, ids)).sort(bySubjectOrder).map((c) => ({ ...c, isActive: access.has(c.subjectId) }));
}

/**
 * GET /v1/users/me/chatbots/{id}: a subject's buddy, only with access to its
 * subject (like every study call about one thing: no access is refused).
 */
export async function getChatbot(s: Scope, userId: string, chatbotId: number): Promise<StudyResult<ChatbotView>> {
  const chatbot = await findChatbot(s.db, chatbotId);
  if (!chatbot) return { ok: false, reason: 'not_found' };
  if (!(await findAccess(s.db, userId, chatbot.subjectId))) return { ok: false, reason: 'no_access' };
  const { id, subjectId, name, intro } = chatbot;
  return { ok: true, value: { id, subjectId, name, intro, isActive: true } };
}

/** GET /v1/users/me/idioms: the idiom lists of the user's subjects. */
export async function listMyIdiomLists(s: Scope, userId: string): Promise<IdiomListSummaryView[]> {
  const { subjects, ids, access, bySubjectOrder } = await mySubjects(s, userId);
  const names = new Map(subjects.map((subject) => [subject.id, subject.name]));
  return (await listIdiomLists(s.db, ids))
    .sort(bySubjectOrder)
    .map((l) => ({ ...l, subjectName: names.get(l.subjectId)!, isActive: access.has(l.subjectId) }));
}

/** GET /v1/users/me/idioms/{id}: a list with its entries (searched); only with access to its subject. */
export async function getIdiomList(
  s: Scope,
  userId: string,
  listId: number,
  search?: string,
): Promise<StudyResult<IdiomListView>> {
  const list = await findIdiomList(s.db, listId);
  if (!list) return { ok: false, reason: 'not_found' };
  if (!(await findAccess(s.db, userId, list.subjectId))) return { ok: false, reason: 'no_access' };
  const [subject, entries] = await Promise.all([getSubject(s, list.subjectId), listIdiomEntries(s.db, listId, search)]);
  const total = search ? (await listIdiomEntries(s.db, listId)).length : entries.length;
  return {
    ok: true,
    value: { ...list, subjectName: subject?.name ?? '', entryCount: total, isActive: true, entries },
  };
}

/** A passage ranked below this share of the best one is left out: it is barely about the question. */
const MIN_RANK_SHARE = 0.25;

/** The answer the buddy gives without a language model: what it found, said plainly. */
function retrievalAnswer(hits: readonly { kind: 'card' | 'idiom'; title: string; excerpt: string }[]): string {
  if (hits.length === 0) return BUDDY_MESSAGES.BUDDY_NOTHING_FOUND;
  const lines = hits.map(
    (hit, index) =>
      `[${index + 1}] ${hit.kind === 'card' ? 'Leerkaart' : 'Examenidioom'} “${hit.title}”: ${hit.excerpt}`,
  );
  return `Dit vond ik in je lesstof over je vraag:\n\n${lines.join('\n\n')}`;
}

/**
 * A question to a subject's buddy: the best passages of the subject's cards
 * (light ones only with a light stream) and idioms, and the answer made from
 * them. No access to the subject: refused. A failing language model is
 * reported and the buddy answers from retrieval (spec §8: chatbot failures
 * are logged and the product carries on).
 */
export async function askBuddy(
  s: Scope,
  userId: string,
  chatbotId: number,
  question: string,
): Promise<StudyResult<BuddyAnswerView>> {
  const chatbot = await findChatbot(s.db, chatbotId);
  if (!chatbot) return { ok: false, reason: 'not_found' };
  const stream = await findAccess(s.db, userId, chatbot.subjectId);
  if (!stream) return { ok: false, reason: 'no_access' };
  const [index, subject, buddy] = await Promise.all([
    subjectIndex(s, chatbot.subjectId),
    getSubject(s, chatbot.subjectId),
    subjectBuddy(s, chatbot.subjectId),
  ]);
  const query = buddyQuery(index, question);
  const ranked = rankPassages(index, query).filter(({ doc }) => doc.kind === 'idiom' || stream === 'full' || doc.light);
  const top = ranked[0]?.score ?? 0;
  const hits = answerOrder(
    ranked.filter((p) => p.score >= top * MIN_RANK_SHARE),
    question,
  )
    .flatMap(({ doc }) => {
      const shown = passageExcerpt(index, query, doc);
      return shown ? [{ doc, shown }] : [];
    })
    .slice(0, BUDDY_SOURCES);
  // Each source links where the learn pages link it: the card over the subject's learn page, the idiom in its list.
  const pathOf = (doc: (typeof hits)[number]['doc']): string => {
    if (!subject) return '';
    if (doc.kind === 'card') return cardModalPath(subjectPath(subject, 'learn'), doc.id);
    const list = buddy.idiomList ? idiomPath(subject, buddy.idiomList.id) : subjectPath(subject, 'useful');
    return `${list}?q=${encodeURIComponent(doc.title)}`;
  };
  const sources = hits.map(({ doc, shown }) => ({
    kind: doc.kind,
    id: doc.id,
    title: doc.title,
    excerpt: shown.text,
    excerptHtml: shown.html,
    path: pathOf(doc),
  }));
  if (s.languageModel && hits.length > 0) {
    try {
      const answer = await s.languageModel.answer({
        subjectName: subject ? subjectTitle(subject) : chatbot.name,
        question,
        // The model reads each whole card (the step shown first) and cites it by number, title and link.
        passages: hits.map(({ doc, shown }, i) => ({
          title: doc.title,
          link: sources[i]!.path || undefined,
          text: doc.kind === 'card' ? `${shown.text}\n\n${doc.text}`.slice(0, 2500) : doc.text,
        })),
      });
      return { ok: true, value: { question, mode: 'language-model', answer, sources } };
    } catch (error) {
      s.errors.capture(error, { source: 'exam-buddy', provider: s.languageModel.name });
    }
  }
  const found = hits.map(({ doc, shown }) => ({ kind: doc.kind, title: doc.title, excerpt: shown.text }));
  return { ok: true, value: { question, mode: 'retrieval', answer: retrievalAnswer(found), sources } };
}

/** How many turns of a conversation with a buddy are kept (the oldest go first). */
export const BUDDY_TURNS_KEPT = 30;

/**
 * The pupil's conversation with a subject's buddy, oldest first: kept across
 * reloads and devices until they clear it. A turn saved in an older shape is
 * left out rather than shown wrongly.
 */
export async function getBuddyConversation(s: Scope, userId: string, subjectId: number): Promise<BuddyAnswerView[]> {
  const turns = await findBuddyTurns(s.db, userId, subjectId);
  return turns.flatMap((turn) => {
    const parsed = storedBuddyAnswerSchema.safeParse(turn.answer);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Asks a subject's buddy (askBuddy) and keeps the question and its answer in the pupil's conversation. */
export async function askBuddyAndRemember(
  s: Scope,
  userId: string,
  chatbotId: number,
  question: string,
): Promise<StudyResult<BuddyAnswerView>> {
  const result = await askBuddy(s, userId, chatbotId, question);
  if (!result.ok) return result;
  const chatbot = await findChatbot(s.db, chatbotId);
  if (chatbot) {
    await appendBuddyTurn(
      s.db,
      userId,
      chatbot.subjectId,
      { question, answer: result.value, askedAt: new Date().toISOString() },
      BUDDY_TURNS_KEPT,
    );
  }
  return result;
}

/** Clears the pupil's conversation with a subject's buddy. */
export async function clearBuddyConversation(s: Scope, userId: string, subjectId: number): Promise<void> {
  await deleteBuddyTurns(s.db, userId, subjectId);
}

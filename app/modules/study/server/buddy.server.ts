/**
 * The exam buddy and the idiom lists (spec §3 Chatbot and
 * Idiom with isActive per user, §7 /v1/users/me/chatbots and …/idioms).
 * The buddy answers from the subject's own cards and idioms: full-text
 * retrieval in Dutch, the passages cited and linked. With a language model
 * configured (the port in app/integrations/language-model/) the model writes
 * the answer from those passages only; without one the buddy shows the
 * passages and says that it did — it is never passed off as AI.
 */
import { findAccess, listAccess } from '#app/modules/study/db/study.server.ts';
import {
  findChatbot,
  findIdiomList,
  listChatbots,
  listIdiomEntries,
  listIdiomLists,
  searchSubjectMaterial,
  type BuddyHit,
} from '#app/modules/study/db/buddy-idioms.server.ts';
import { listUserSubjects } from '#app/modules/study/db/subjects.server.ts';
import type {
  BuddyAnswerView,
  ChatbotView,
  IdiomListSummaryView,
  IdiomListView,
} from '#app/modules/study/schemas/buddy-idioms.ts';
import { subjectTitle } from '#app/modules/study/domain/study-paths.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { StudyResult } from '#app/modules/study/server/study-state.server.ts';

/** How many passages the buddy reads and cites at most. */
export const BUDDY_SOURCES = 4;
/** The longest excerpt of a passage shown with an answer. */
const EXCERPT_CHARS = 280;

const mySubjectIds = async (s: Scope, userId: string) => (await listUserSubjects(s.db, userId)).map((r) => r.id);

/** GET /v1/users/me/chatbots: the buddies of the user's subjects, active where they have access. */
export async function listMyChatbots(s: Scope, userId: string): Promise<ChatbotView[]> {
  const [ids, access] = await Promise.all([mySubjectIds(s, userId), listAccess(s.db, userId)]);
  return (await listChatbots(s.db, ids)).map((c) => ({ ...c, isActive: access.has(c.subjectId) }));
}

/** GET /v1/users/me/chatbots/{id}: any subject's buddy, active when the user has access to its subject. */
export async function getChatbot(s: Scope, userId: string, chatbotId: number): Promise<ChatbotView | null> {
  const chatbot = await findChatbot(s.db, chatbotId);
  if (!chatbot) return null;
  const { id, subjectId, name, intro } = chatbot;
  return { id, subjectId, name, intro, isActive: (await findAccess(s.db, userId, subjectId)) !== null };
}

/** GET /v1/users/me/idioms: the idiom lists of the user's subjects. */
export async function listMyIdiomLists(s: Scope, userId: string): Promise<IdiomListSummaryView[]> {
  const [ids, access] = await Promise.all([mySubjectIds(s, userId), listAccess(s.db, userId)]);
  return (await listIdiomLists(s.db, ids)).map((l) => ({ ...l, isActive: access.has(l.subjectId) }));
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
  const entries = await listIdiomEntries(s.db, listId, search);
  const total = search ? (await listIdiomEntries(s.db, listId)).length : entries.length;
  return { ok: true, value: { ...list, entryCount: total, isActive: true, entries } };
}

/** The sentences of a passage that share the most words with the question, up to EXCERPT_CHARS. */
export function excerpt(text: string, question: string): string {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4)
    .map((w) => w.slice(0, Math.max(4, w.length - 2)));
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 0);
  const score = (sentence: string) => {
    const lower = sentence.toLowerCase();
    return words.filter((w) => lower.includes(w)).length;
  };
  let best = 0;
  sentences.forEach((sentence, index) => {
    if (score(sentence) > score(sentences[best] ?? '')) best = index;
  });
  let out = sentences[best] ?? text;
  for (
    let next = best + 1;
    next < sentences.length && out.length + (sentences[next]?.length ?? 0) < EXCERPT_CHARS;
    next++
  ) {
    out = `${out} ${sentences[next]}`;
  }
  return out.length > EXCERPT_CHARS ? `${out.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : out;
}

/** The answer the buddy gives without a language model: what it found, said plainly. */
function retrievalAnswer(hits: readonly (BuddyHit & { excerpt: string })[]): string {
  if (hits.length === 0) {
    return (
      'Daar vond ik niets over in de leerkaarten en het examenidioom van dit vak. Probeer andere woorden, ' +
      'bijvoorbeeld de naam van een onderwerp of een begrip uit je boek.'
    );
  }
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
  const found = await searchSubjectMaterial(s.db, chatbot.subjectId, question, BUDDY_SOURCES * 3);
  const hits = found
    .filter((hit) => hit.kind === 'idiom' || stream === 'full' || hit.light)
    .slice(0, BUDDY_SOURCES)
    .map((hit) => ({ ...hit, excerpt: excerpt(hit.text, question) }));
  const sources = hits.map((hit) => ({ kind: hit.kind, id: hit.id, title: hit.title, excerpt: hit.excerpt }));
  if (s.languageModel && hits.length > 0) {
    try {
      const answer = await s.languageModel.answer({
        subjectName: subjectTitle({ name: chatbot.subjectName, levelName: chatbot.levelName }),
        question,
        passages: hits.map((hit) => ({ title: hit.title, text: hit.text.slice(0, 2000) })),
      });
      return { ok: true, value: { question, mode: 'language-model', answer, sources } };
    } catch (error) {
      s.errors.capture(error, { source: 'exam-buddy', provider: s.languageModel.name });
    }
  }
  return { ok: true, value: { question, mode: 'retrieval', answer: retrievalAnswer(hits), sources } };
}

/**
 * The exam buddy and the idiom lists (spec §3 Chatbot and
 * Idiom with isActive per user, §7 /v1/users/me/chatbots and …/idioms).
 * The buddy answers from the subject's own cards and idioms: full-text
 * retrieval in Dutch, the passages cited and linked. With a language model
 * configured (the port in app/integrations/language-model/) the model writes
 * the answer from those passages only; without one the buddy shows the
 * passages and says that it did — it is never passed off as AI.
 */
import { findAccess, listUserSubjects, searchCards } from '#app/modules/cards/index.server.ts';
import { getSubject } from '#app/modules/catalog/index.server.ts';
import {
  findChatbot,
  findIdiomList,
  listChatbots,
  listIdiomEntries,
  listIdiomLists,
  searchIdioms,
  appendBuddyTurn,
  deleteBuddyTurns,
  findBuddyTurns,
} from '#app/modules/buddy/db/buddy-idioms.server.ts';
import {
  buddyAnswerSchema,
  type BuddyAnswerView,
  type ChatbotView,
  type IdiomListSummaryView,
  type IdiomListView,
} from '#app/modules/buddy/schemas/buddy-idioms.ts';
import { subjectTitle } from '#app/platform/study-paths.ts';
import { cardExcerpt, definitionTerm, isAbout, passageBlocks } from '#app/modules/buddy/domain/buddy-passages.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { StudyResult } from '#app/modules/cards/index.server.ts';
import { BUDDY_MESSAGES } from '#app/modules/buddy/domain/messages.ts';

/** How many passages the buddy reads and cites at most. */
export const BUDDY_SOURCES = 4;

/** A passage the buddy found: a card of the subject or an idiom of its list. */
export interface BuddyHit {
  kind: 'card' | 'idiom';
  id: number;
  title: string;
  text: string;
  /** A card's body as HTML (formulas rendered); null for an idiom. */
  html: string | null;
  light: boolean;
  rank: number;
}

/**
 * Full-text retrieval for the exam buddy: the subject's cards (the cards module's) and idioms (ours) best
 * matching the question (Dutch stemming, any of its words), best first.
 */
async function searchSubjectMaterial(s: Scope, subjectId: number, question: string, limit: number) {
  // The question's words (letters and digits only, so nothing in it can break the query); longer ones as prefixes.
  const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 12);
  if (words.length === 0) return [];
  const terms = words.map((word) => (word.length >= 4 ? `${word}:*` : word)).join(' | ');
  const [cards, idioms] = await Promise.all([
    searchCards(s.db, subjectId, terms, limit),
    searchIdioms(s.db, subjectId, terms, limit),
  ]);
  const hits: BuddyHit[] = [
    ...cards.map((card) => ({ kind: 'card' as const, ...card })),
    ...idioms.map((idiom) => ({ kind: 'idiom' as const, ...idiom, html: null, light: true })),
  ];
  return hits.sort((a, b) => b.rank - a.rank || a.id - b.id).slice(0, limit);
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

/** Text as HTML-safe text. */
const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What of a hit to show for a question (app/modules/buddy/domain/buddy-passages.ts):
 * a card's best whole paragraphs, an idiom's meaning (its definition, not its
 * example). Null when the passage is not about the question.
 */
export function passageExcerpt(hit: BuddyHit, question: string): { excerpt: string; excerptHtml: string } | null {
  if (hit.kind === 'idiom') {
    if (!isAbout(question, hit.title, hit.text)) return null;
    return { excerpt: hit.text, excerptHtml: `<p>${escapeHtml(hit.text)}</p>` };
  }
  const found = cardExcerpt(hit.html ?? '', question);
  if (!found && !isAbout(question, hit.title, '')) return null;
  const shown =
    found ??
    passageBlocks(hit.html ?? '')
      .slice(0, 1)
      .map((b) => ({ text: b.text, html: `<p>${b.html}</p>` }))[0];
  return shown ? { excerpt: shown.text, excerptHtml: shown.html } : null;
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
  const found = await searchSubjectMaterial(s, chatbot.subjectId, question, BUDDY_SOURCES * 3);
  const open = found.filter((hit) => hit.kind === 'idiom' || stream === 'full' || hit.light);
  const top = open[0]?.rank ?? 0;
  const term = definitionTerm(question);
  const hits = open
    .filter((hit) => hit.rank >= top * MIN_RANK_SHARE)
    .flatMap((hit) => {
      const shown = passageExcerpt(hit, question);
      return shown ? [{ ...hit, ...shown }] : [];
    })
    // A "wat is …" question: the idiom or card named after the term first (its definition).
    .sort((a, b) => Number(b.title.toLowerCase() === term) - Number(a.title.toLowerCase() === term))
    .slice(0, BUDDY_SOURCES);
  const sources = hits.map((hit) => ({
    kind: hit.kind,
    id: hit.id,
    title: hit.title,
    excerpt: hit.excerpt,
    excerptHtml: hit.excerptHtml,
  }));
  if (s.languageModel && hits.length > 0) {
    try {
      const subject = await getSubject(s, chatbot.subjectId);
      const answer = await s.languageModel.answer({
        subjectName: subject ? subjectTitle(subject) : chatbot.name,
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
    const parsed = buddyAnswerSchema.safeParse(turn.answer);
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

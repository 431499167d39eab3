/**
 * A review session (issue 34, ADR 030): "Herhaal N kaarten" goes through today's planned reviews one card after
 * the other. The session keeps nothing on the server: its address says when it began and which cards it has
 * (`?sessie=…&kaarten=12.15.18`, with `vak` for one subject on the area home), and the pupil's memory of each
 * card says where it stands. Pure: the memories and the time are passed in.
 */
import { REVIEW_SESSION_QUERY as Q } from '#app/platform/study-paths.ts';

/** The most cards one session takes (a day's plan holds far fewer). */
export const MAX_SESSION_CARDS = 200;

export interface ReviewSessionRef {
  /** One subject's reviews (its "Herhaal N kaarten"); null: all of today's. */
  subjectId: number | null;
  /** When it began: null before it has (its address then starts it). */
  startedAt: Date | null;
  /** Its cards in the plan's order, most urgent first. */
  cardIds: number[];
}

/** What the session needs of the pupil's memory of a card (reviews' CardMemory); null: never reviewed. */
export type SessionMemory = { due: Date; reps: number; lastReview: Date } | null;

/** The query of a session's address. */
export function sessionSearch({ subjectId, startedAt, cardIds }: ReviewSessionRef): string {
  const query = new URLSearchParams();
  if (subjectId !== null) query.set(Q.subject, String(subjectId));
  if (startedAt) {
    query.set(Q.started, String(startedAt.getTime()));
    query.set(Q.cards, cardIds.join('.'));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

const WHOLE = /^[1-9]\d{0,9}$/;

/** A session's address read back; null when it is not one (the page then starts a new session). */
export function parseSession(query: URLSearchParams): ReviewSessionRef | null {
  const [subject, started, cards] = [query.get(Q.subject), query.get(Q.started), query.get(Q.cards)];
  if (subject !== null && !WHOLE.test(subject)) return null;
  const subjectId = subject === null ? null : Number(subject);
  if (started === null) return { subjectId, startedAt: null, cardIds: [] };
  const ids = cards ? cards.split('.') : [];
  if (!/^\d{1,15}$/.test(started) || cards === null || ids.length > MAX_SESSION_CARDS) return null;
  if (!ids.every((id) => WHOLE.test(id))) return null;
  return { subjectId, startedAt: new Date(Number(started)), cardIds: [...new Set(ids.map(Number))] };
}

export interface SessionStep {
  /** The card to show now, with its count of reviews as shown; null: the session is done. */
  next: { cardId: number; reviews: number; returning: boolean } | null;
  /** Cards rated in the session and done for today. */
  done: number;
  /** Cards still to come, a card rated Opnieuw that comes back included. */
  left: number;
  /** The cards that come back in the session (rated Opnieuw in it), soonest first. */
  back: number[];
}

/**
 * Where a session stands. Each of its cards is, by the pupil's memory of it: to do (not rated since the session
 * began), back (rated in the session and due again today: FSRS's learning step after Opnieuw), or done. The
 * next card is one that is back and whose step is over, else the first to do in the plan's order, else the
 * one back soonest: once the rest is done, it comes a little before its step is over, as Anki's learn-ahead
 * does. The caller leaves out a card the pupil can no longer open.
 */
export function sessionStep(
  cards: readonly { id: number; memory: SessionMemory }[],
  startedAt: Date,
  now: Date,
  endOfToday: Date,
): SessionStep {
  const todo: { cardId: number; reviews: number }[] = [];
  const back: { cardId: number; reviews: number; due: number }[] = [];
  let done = 0;
  for (const { id, memory } of cards) {
    if (!memory || memory.lastReview < startedAt) todo.push({ cardId: id, reviews: memory?.reps ?? 0 });
    else if (memory.due < endOfToday) back.push({ cardId: id, reviews: memory.reps, due: memory.due.getTime() });
    else done++;
  }
  back.sort((a, b) => a.due - b.due || a.cardId - b.cardId);
  const stepOver = back[0] && back[0].due <= now.getTime() ? back[0] : undefined;
  const first = stepOver ?? todo[0] ?? back[0];
  return {
    next: first ? { cardId: first.cardId, reviews: first.reviews, returning: first !== todo[0] } : null,
    done,
    left: todo.length + back.length,
    back: back.map((card) => card.cardId),
  };
}

import { useSyncExternalStore } from 'react';
import { LEARNED_UPDATE_DELAY_MS } from '#app/platform/constants.ts';
import { adjustLearnedCount } from '#app/modules/cards/domain/study.ts';
import { api } from '#app/platform/api-client.ts';
import type { CardStateView, TopicView } from '#app/modules/cards/schemas/study.ts';

/**
 * The learned marks a pupil changes in this page (spec §4 "Card learned
 * toggle"), shared by the card list, the topic progress and the card modal.
 *
 * - A click flips the card's mark at once (optimistic) and the counts of its
 *   topics 350 ms later, never below 0 nor above totalLearnableCards.
 * - Requests for one card go one at a time: after each answer the store sends
 *   the state the pupil wants now, if it differs from what the server has, so
 *   any number of fast clicks ends with the server in the last clicked state.
 * - The server's answer carries the true topic counts; they replace the
 *   estimates once no change of that card is waiting.
 * - A failed request puts the card back to what the server has, and its
 *   topics' counts with it, and reports the error (spec §8: failures of cards
 *   are logged and the product carries on).
 *
 * Values are absolute overrides of what the page's loader gave, cleared when
 * fresh loader data arrives (`resetLearned`), so nothing is ever counted twice.
 */
type Topic = Pick<TopicView, 'id' | 'learnedCards' | 'totalLearnableCards'>;

/** A card's part in the count shown for one of its topics, so that a failed request can take it back. */
interface Share {
  topic: Topic;
  /** The card's mark in the count as the server (or the loader) last gave it. */
  from: boolean;
  /** How far the card's estimates have moved the count since (a move capped at 0 or at the total moves it less). */
  moved: number;
}

interface State {
  /** The mark the pupil wants per card. */
  wanted: Map<number, boolean>;
  /** The mark the server has per card (after our requests). */
  confirmed: Map<number, boolean>;
  /** Topic counts shown instead of the loader's. */
  topicCounts: Map<number, number>;
  /** The mark each card has in the topic counts shown. */
  counted: Map<number, boolean>;
  /** Per card, its share in the count of each of its topics (by topic id). */
  shares: Map<number, Map<number, Share>>;
  /** Cards with a request on its way. */
  busy: Set<number>;
  version: number;
}

const state: State = {
  wanted: new Map(),
  confirmed: new Map(),
  topicCounts: new Map(),
  counted: new Map(),
  shares: new Map(),
  busy: new Set(),
  version: 0,
};
const listeners = new Set<() => void>();
const emit = () => {
  state.version += 1;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The learned mark to show for a card. */
export const shownLearned = (card: { id: number; userHasLearned: boolean }): boolean =>
  state.wanted.get(card.id) ?? card.userHasLearned;

/** A topic with the count to show. */
export function shownTopic<T extends Topic>(topic: T): T {
  const count = state.topicCounts.get(topic.id);
  if (count === undefined) return topic;
  return { ...topic, learnedCards: Math.min(Math.max(0, count), topic.totalLearnableCards) };
}

/** Re-renders when a mark or a count changes. */
export function useLearnedStore(): number {
  return useSyncExternalStore(
    subscribe,
    () => state.version,
    () => 0,
  );
}

/** The card's share in a topic's count, from the mark it has there now when it has none yet. */
function shareOf(cardId: number, topic: Topic, from: boolean): Share {
  let shares = state.shares.get(cardId);
  if (!shares) state.shares.set(cardId, (shares = new Map()));
  let share = shares.get(topic.id);
  if (!share) shares.set(topic.id, (share = { topic, from, moved: 0 }));
  return share;
}

/**
 * A topic count from the server's answer for `cardId`: it replaces the
 * estimates of every card in it, and holds each card as the server has it.
 */
function serverCount(topicId: number, learnedCards: number, cardId: number, learned: boolean): void {
  state.topicCounts.set(topicId, learnedCards);
  for (const [id, shares] of state.shares) {
    const share = shares.get(topicId);
    if (!share) continue;
    share.from = id === cardId ? learned : (state.confirmed.get(id) ?? share.from);
    share.moved = 0;
  }
}

/** Undoes the card's estimated moves of its topics' counts, so that they count the card as `learned`. */
function takeBackEstimates(cardId: number, learned: boolean): void {
  for (const share of state.shares.get(cardId)?.values() ?? []) {
    if (share.moved !== 0) state.topicCounts.set(share.topic.id, shownTopic(share.topic).learnedCards - share.moved);
    // The server's count had the card the other way (a request landed, its counts were not shown yet).
    if (share.from !== learned)
      state.topicCounts.set(share.topic.id, adjustLearnedCount(shownTopic(share.topic), learned ? 1 : -1).learnedCards);
    share.from = learned;
    share.moved = 0;
  }
  state.counted.set(cardId, learned);
}

async function send(cardId: number): Promise<void> {
  if (state.busy.has(cardId)) return;
  state.busy.add(cardId);
  try {
    for (;;) {
      const want = state.wanted.get(cardId);
      if (want === undefined || want === state.confirmed.get(cardId)) break;
      const path = `/v1/users/me/cards/${cardId}/learn`;
      const answer = want ? await api.post<CardStateView>(path) : await api.delete<CardStateView>(path);
      state.confirmed.set(cardId, answer.userHasLearned);
      // A card that cannot be learned (a sheet) stays as the server says.
      if (answer.userHasLearned !== want && state.wanted.get(cardId) === want)
        state.wanted.set(cardId, answer.userHasLearned);
      if (state.wanted.get(cardId) === state.confirmed.get(cardId)) {
        // The server's counts are the truth; the card's mark is now in them.
        state.counted.set(cardId, answer.userHasLearned);
        for (const topic of answer.topics) serverCount(topic.id, topic.learnedCards, cardId, answer.userHasLearned);
      }
      emit();
    }
  } catch {
    // The API client reported it; show what the server has, in the card and in its topics' counts.
    const confirmed = state.confirmed.get(cardId);
    if (confirmed === undefined) state.wanted.delete(cardId);
    else {
      state.wanted.set(cardId, confirmed);
      takeBackEstimates(cardId, confirmed);
    }
    emit();
  } finally {
    state.busy.delete(cardId);
  }
}

/**
 * Flips a card's learned mark (spec §4). `topics` are the card's topics as
 * shown now; their counts move 350 ms later.
 */
export function toggleLearned(card: { id: number; userHasLearned: boolean }, topics: readonly Topic[]): void {
  const current = shownLearned(card);
  if (!state.confirmed.has(card.id)) state.confirmed.set(card.id, card.userHasLearned);
  if (!state.counted.has(card.id)) state.counted.set(card.id, card.userHasLearned);
  for (const topic of topics) shareOf(card.id, topic, state.counted.get(card.id)!);
  state.wanted.set(card.id, !current);
  emit();
  setTimeout(() => {
    // The counts follow the mark the pupil wants now; clicks within the delay that cancel out move nothing.
    const want = state.wanted.get(card.id);
    if (want === undefined || want === state.counted.get(card.id)) return;
    state.counted.set(card.id, want);
    for (const topic of topics) {
      const before = shownTopic(topic).learnedCards;
      const after = adjustLearnedCount(shownTopic(topic), want ? 1 : -1).learnedCards;
      state.topicCounts.set(topic.id, after);
      shareOf(card.id, topic, !want).moved += after - before;
    }
    emit();
  }, LEARNED_UPDATE_DELAY_MS);
  void send(card.id);
}

/** Fresh data from the server: forget every override that is not waiting for an answer. */
export function resetLearned(): void {
  if (state.busy.size > 0) return;
  state.wanted.clear();
  state.confirmed.clear();
  state.topicCounts.clear();
  state.counted.clear();
  state.shares.clear();
  emit();
}

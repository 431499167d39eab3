/**
 * The review memo (issue 20, ADR 022; every cache layer: docs/caches.md): what this server copy last knew of a
 * pupil's cards, so that a review in a run of reviews needs no read before its write.
 *
 * A review is made from the card's memory, the pupil's fitted weights and their stream to the subject (the
 * access check). This copy keeps:
 * - each card's memory as it last read it (the plan reads every card's memory of the pupil) or wrote it (a
 *   review);
 * - per pupil, their weights and their stream to each subject, as the last review read them, for
 *   USER_SECONDS.
 *
 * Nothing kept is trusted: the review's write (writeReviewFromKept) is made only if the card's memory is still
 * the kept one (its count of reviews and last review unchanged) and the stream is still the kept one, so a
 * change by another copy, a reset of the subject's plan or a lost access makes the write change nothing, and
 * the review is made again from a read. Weights kept for a minute after a new fit schedule that one review
 * with the previous weights, as a review a minute earlier would have been.
 *
 * Bounded: at most MAX_CARDS memories and MAX_PUPILS pupils, the least recently used let go first.
 *
 * One memo per server copy, made by the composition root (server/composition.ts) and carried in the
 * dependencies (`Deps.reviewMemo`, declared by the study module with its card memory and stream types).
 */

const MAX_CARDS = 50_000;
const MAX_PUPILS = 5_000;
const USER_SECONDS = 60;

/** What a review of a card can start from without a read: the card's memory, the weights, the stream. */
export interface KeptReviewStart<Memory, Stream> {
  memory: Memory;
  weights: number[] | null;
  stream: Stream;
}

export interface ReviewMemo<Memory, Stream> {
  /** A card's memory as this copy read or wrote it last. */
  rememberMemory(userId: string, cardId: number, memory: Memory): void;
  /** Every card's memory of a pupil, as just read (the plan's read). */
  rememberMemories(userId: string, all: ReadonlyMap<number, Memory>): void;
  /** A pupil's weights and stream to a subject, as a review just read them (null stream: no access, not kept). */
  rememberPupil(userId: string, subjectId: number, weights: number[] | null, stream: Stream | null, now?: number): void;
  /** What a review of the card can start from without a read, or null when this copy does not know it all. */
  keptReviewStart(
    userId: string,
    cardId: number,
    subjectId: number,
    now?: number,
  ): KeptReviewStart<Memory, Stream> | null;
  /** Forgets a card's memory (its kept one turned out stale). */
  forgetMemory(userId: string, cardId: number): void;
}

const cardKey = (userId: string, cardId: number) => `${userId}\u0000${cardId}`;

/** Sets `key` as the most recently used; lets the least recently used go beyond `max`. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

const sameWeights = (a: number[] | null, b: number[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((w, i) => w === b[i]));

/** An empty review memo for one server copy. */
export function createReviewMemo<Memory, Stream>(): ReviewMemo<Memory, Stream> {
  const memories = new Map<string, Memory>();
  const pupils = new Map<string, { weights: number[] | null; streams: Map<number, Stream>; until: number }>();

  const rememberMemory = (userId: string, cardId: number, memory: Memory) => {
    keep(memories, cardKey(userId, cardId), memory, MAX_CARDS);
  };

  return {
    rememberMemory,
    rememberMemories(userId, all) {
      for (const [cardId, memory] of all) rememberMemory(userId, cardId, memory);
    },
    rememberPupil(userId, subjectId, weights, stream, now = Date.now()) {
      const known = pupils.get(userId);
      const fresh = known && known.until > now && sameWeights(known.weights, weights);
      const streams = fresh ? known.streams : new Map<number, Stream>();
      if (stream) streams.set(subjectId, stream);
      else streams.delete(subjectId);
      keep(pupils, userId, { weights, streams, until: fresh ? known.until : now + USER_SECONDS * 1000 }, MAX_PUPILS);
    },
    keptReviewStart(userId, cardId, subjectId, now = Date.now()) {
      const pupil = pupils.get(userId);
      if (!pupil || pupil.until <= now) return null;
      const stream = pupil.streams.get(subjectId);
      const memory = memories.get(cardKey(userId, cardId));
      if (!stream || !memory) return null;
      return { memory, weights: pupil.weights, stream };
    },
    forgetMemory(userId, cardId) {
      memories.delete(cardKey(userId, cardId));
    },
  };
}

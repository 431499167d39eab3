/**
 * Seeded randomness for the scheduler bench: every draw follows from a seed, so a run is reproducible and the
 * policies of one pupil meet the same chances (common random numbers, which is what makes the paired
 * differences tight).
 */
import { mulberry32 } from '#app/platform/random.ts';

export { mulberry32 };

/** A 32-bit hash of a few integers (for per-pupil, per-card and per-day streams). */
export function hash(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193);
    h ^= h >>> 13;
    h = Math.imul(h, 0x5bd1e995);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** A standard normal draw (Box–Muller). */
export const normal = (random: () => number) =>
  Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** The index drawn from `shares` (they sum to 1) by the uniform `u`. */
export function pick(u: number, shares: readonly number[]): number {
  for (let i = 0; i < shares.length - 1; i++) {
    if (u < shares[i]!) return i;
    u -= shares[i]!;
  }
  return shares.length - 1;
}

/**
 * One independent stream per card in a Uint32Array (mulberry32's state): the k-th draw of a card is the
 * same whichever policy asks for it.
 */
export class CardStreams {
  private readonly state: Uint32Array;
  constructor(seeds: readonly number[]) {
    this.state = Uint32Array.from(seeds);
  }
  next(card: number): number {
    const s = (this.state[card]! + 0x6d2b79f5) >>> 0;
    this.state[card] = s;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

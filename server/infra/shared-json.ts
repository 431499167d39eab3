import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { chooseEncoding, compress } from './compression.ts';

/**
 * JSON answers most of whose bytes are the same for everyone who asks, kept compressed (issue 36).
 *
 * A card's answer (GET /api/v1/card/{id}) is 25–32 kB of JSON, nearly all of it the card's texts (HTML with the
 * formulas in KaTeX's HTML and MathML), and a few fields of the pupil's own (learned, new). Serialising it, turning
 * it into bytes and compressing it took about a third of the request's CPU, for the same bytes every pupil with the
 * same marks gets. Here the compressed answer is kept per slot (`card:<id>`) and per variant: the small fields'
 * JSON and the encoding. It is used only when the large fields are the same strings as those it was made from and
 * the small fields serialise alike, so a kept answer is always byte for byte the one `c.json` would have sent,
 * compressed; the slot only says where to look. When the texts change (a publish, new content read after the
 * content cache's time), the slot's answers are dropped at the next ask.
 *
 * Bounded in bytes (`maxBytes`): the large strings a slot holds (usually the same strings the content cache
 * holds) and its compressed answers. The slot asked for least recently goes first.
 */
export interface SharedJson {
  /**
   * The answer for `value` with status 200: compressed for a client that takes brotli or gzip, from what is kept
   * when it can be; otherwise as `c.json` sends it. `large`: the string (or null) fields of `value` that are the
   * same for everyone who asks this slot (they are not serialised again to find a kept answer).
   */
  answer<T extends object>(c: Context, slot: string, value: T, large: readonly (keyof T & string)[]): JsonAnswer<T>;
  /** What is kept now (for tests and the bench). */
  stats(): { slots: number; answers: number; bytes: number };
}

/** What `c.json(value, 200)` answers, typed as it types it (for the OpenAPI route's typed handlers). */
export type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

interface Slot {
  large: (string | null)[];
  answers: Map<string, Buffer>;
  bytes: number;
}

/** Variants a slot keeps (a card's answer has four: learned or not, new or not; two encodings each). */
const ANSWERS_PER_SLOT = 16;

export function createSharedJson({ maxBytes }: { maxBytes: number }): SharedJson {
  const slots = new Map<string, Slot>();
  let bytes = 0;

  const drop = (key: string, slot: Slot) => {
    slots.delete(key);
    bytes -= slot.bytes;
  };

  return {
    answer<T extends object>(c: Context, slotKey: string, value: T, large: readonly (keyof T & string)[]) {
      // The bytes are `value`'s JSON, compressed: the answer `c.json(value, 200)` types.
      const json = (body: Uint8Array, encoding: string) =>
        c.body(body as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': 'application/json',
          Vary: 'Accept-Encoding',
          'Content-Encoding': encoding,
        }) as unknown as JsonAnswer<T>;
      const encoding = chooseEncoding(c.req.header('Accept-Encoding'), Number.POSITIVE_INFINITY);
      if (!encoding || maxBytes <= 0) return c.json(value, 200);

      const record = value as Record<string, unknown>;
      const largeValues = large.map((k) => record[k]);
      if (!largeValues.every((v) => typeof v === 'string' || v === null)) return c.json(value, 200);
      const small: Record<string, unknown> = { ...record };
      for (const k of large) small[k] = undefined;
      const variant = `${encoding}\n${JSON.stringify(small)}`;

      let slot = slots.get(slotKey);
      if (slot) {
        // `===` on the same string is a pointer compare; on an equal string read anew it compares the text once,
        // and the slot then holds the newer string.
        if (slot.large.length !== largeValues.length || slot.large.some((s, i) => s !== largeValues[i])) {
          drop(slotKey, slot);
          slot = undefined;
        } else {
          slot.large = largeValues as (string | null)[];
          // The least recently asked for slot is the first in the map's order.
          slots.delete(slotKey);
          slots.set(slotKey, slot);
          const kept = slot.answers.get(variant);
          if (kept) return json(kept, encoding);
        }
      }

      const body = Buffer.from(JSON.stringify(value));
      const sent = compress(body, encoding);
      if (!slot) {
        slot = { large: largeValues as (string | null)[], answers: new Map(), bytes: 0 };
        for (const s of slot.large) slot.bytes += 2 * (s?.length ?? 0);
        slots.set(slotKey, slot);
        bytes += slot.bytes;
      }
      if (slot.answers.size < ANSWERS_PER_SLOT) {
        slot.answers.set(variant, sent);
        const added = sent.length + 2 * variant.length;
        slot.bytes += added;
        bytes += added;
      }
      for (const [key, oldest] of slots) {
        if (bytes <= maxBytes) break;
        drop(key, oldest);
      }
      return json(sent, encoding);
    },
    stats() {
      let answers = 0;
      for (const slot of slots.values()) answers += slot.answers.size;
      return { slots: slots.size, answers, bytes };
    },
  };
}

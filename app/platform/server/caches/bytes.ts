/**
 * What a kept value costs in memory, so that every cache is bounded in bytes, not in entries (docs/caches.md):
 * an entry may be a 404's few bytes or a subject's whole content.
 *
 * An estimate of V8's heap for the value's graph, walked once when it is kept: a string its length plus a
 * header, a number a boxed double, an object or array a header and a slot per property or element, a Map or Set
 * a slot pair per entry, binary data its bytes. Keys of plain objects are shared by V8 between objects of one
 * shape, so they are not counted. A part reachable twice counts once. It errs high rather than low for the
 * small values, and stays within a factor of about two of what a heap snapshot retains for the large ones
 * (app/platform/server/caches/bytes.test.ts).
 */
const HEADER = 24;
const SLOT = 8;

export function approximateBytes(value: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  let total = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        total += HEADER + v.length;
        continue;
      case 'number':
      case 'bigint':
        total += 16;
        continue;
      case 'object':
        break;
      default:
        continue;
    }
    if (v === null || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) {
      total += HEADER * 4 + v.byteLength;
    } else if (v instanceof ArrayBuffer) {
      total += HEADER * 2 + v.byteLength;
    } else if (v instanceof Date) {
      total += HEADER + SLOT;
    } else if (v instanceof Map) {
      total += HEADER * 2 + v.size * SLOT * 3;
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      total += HEADER * 2 + v.size * SLOT * 2;
      for (const x of v) stack.push(x);
    } else if (Array.isArray(v)) {
      total += HEADER + v.length * SLOT;
      for (const x of v) stack.push(x);
    } else {
      const values = Object.values(v);
      total += HEADER + values.length * SLOT;
      for (const x of values) stack.push(x);
    }
  }
  return total;
}

/**
 * How a cache sizes what it keeps: once `value` settles, while `stillKept()` says the cache still holds it,
 * `sized` gets its bytes (its graph and its key); a failed load goes to `failed`, which forgets it.
 */
export function sizeWhenSettled(
  value: Promise<unknown>,
  key: string,
  { stillKept, sized, failed }: { stillKept: () => boolean; sized: (bytes: number) => void; failed: () => void },
): void {
  value.then(
    (settled) => {
      if (stillKept()) sized(approximateBytes(settled) + key.length);
    },
    () => {
      if (stillKept()) failed();
    },
  );
}

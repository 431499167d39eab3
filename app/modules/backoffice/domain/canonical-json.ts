/**
 * The canonical JSON of a value, for hashing (the audit log's chain): object keys sorted at every level, no
 * spaces, `undefined` members left out, as JSON.stringify writes the rest. Two values that PostgreSQL's jsonb
 * keeps the same give the same text, whatever order their keys came in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * What a use case answers when the request may be refused (ADR 014): the
 * value, or a refusal with a `reason` code (and whatever the caller needs to
 * answer it: a Dutch `message`, a `field`, a retry time, …). The caller
 * branches on `ok` and turns the reason into its HTTP status or form message.
 * An expected refusal is never thrown; a throw is a fault (a bug, the
 * database or a service down).
 */
export type Result<T, F extends { reason: string } = { reason: string }> = { ok: true; value: T } | ({ ok: false } & F);

/** The value of a use case that was not refused. */
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** A refusal: `refuse('not_found')`, or with its details `refuse({ reason: 'too_many', stock: 2 })`. */
export function refuse<const R extends string>(reason: R): { ok: false; reason: R };
export function refuse<const F extends { reason: string }>(refusal: F): { ok: false } & F;
export function refuse(refusal: string | { reason: string }): { ok: false; reason: string } {
  return typeof refusal === 'string' ? { ok: false, reason: refusal } : { ok: false, ...refusal };
}

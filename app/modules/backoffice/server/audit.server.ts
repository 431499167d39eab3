/**
 * The audit log (issue 32, ADR 026): `recordAudit` writes an entry in the transaction of the change it records;
 * `verifyAuditChain` walks the chain and names the first broken link; `listAudit` is the admins' filtered read.
 */
import { createHash } from 'node:crypto';
import type { Db } from '#app/db/client.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { canonicalJson } from '../domain/canonical-json.ts';
import type { StaffRole } from '../domain/roles.ts';
import {
  auditRowsAfter,
  findAuditRows,
  insertAuditRow,
  lockAuditHead,
  type AuditFilter,
  type AuditRow,
} from '../db/audit.server.ts';
import type { AuditEntryView, AuditQuery, AuditVerifyView } from '../schemas/backoffice.ts';

/** What one staff action writes: who, what, on which object, and the values before and after. */
export interface AuditEntry {
  actorUserId: string | null;
  actorRole: StaffRole | null;
  action: string;
  objectType: string;
  objectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The text an entry's hash covers: the previous hash and the entry's canonical JSON. */
function hashOf(prevHash: string, entry: AuditEntry & { at: Date }): string {
  const body = canonicalJson({
    at: entry.at.toISOString(),
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId,
    before: entry.before,
    after: entry.after,
  });
  return createHash('sha256').update(`${prevHash}\n${body}`).digest('hex');
}

/**
 * Writes one entry, chained to the one before: call it with the transaction that makes the change, so both
 * commit or neither. The log's lock (held to the end of the transaction) makes concurrent writers queue, so
 * each reads the head the previous one wrote.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<AuditRow> {
  const prevHash = await lockAuditHead(tx);
  // Milliseconds: what the column keeps (precision 3), so the hash can be computed again from the row.
  const at = new Date(Math.floor(Date.now()));
  return insertAuditRow(tx, { ...entry, at, prevHash, hash: hashOf(prevHash, { ...entry, at }) });
}

const entryOf = (row: AuditRow): AuditEntry & { at: Date } => ({
  at: row.at,
  actorUserId: row.actorUserId,
  actorRole: row.actorRole as StaffRole | null,
  action: row.action,
  objectType: row.objectType,
  objectId: row.objectId,
  before: row.before as Record<string, unknown> | null,
  after: row.after as Record<string, unknown> | null,
});

/**
 * Walks the whole chain from the first entry: each entry must name the hash of the one before (`prev_hash`) and
 * carry the hash of its own content. Answers how many entries it checked and the first broken link, if any.
 */
export async function verifyAuditChain(s: Pick<Scope, 'db'>): Promise<AuditVerifyView> {
  let prevHash = '';
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await auditRowsAfter(s.db, lastId, 500);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.prevHash !== prevHash) {
        return { ok: false, checked, brokenAt: row.id, reason: 'prev_hash' };
      }
      if (hashOf(prevHash, entryOf(row)) !== row.hash) {
        return { ok: false, checked, brokenAt: row.id, reason: 'hash' };
      }
      prevHash = row.hash;
      lastId = row.id;
      checked += 1;
    }
  }
  return { ok: true, checked, brokenAt: null, reason: null };
}

export const AUDIT_PAGE_SIZE = 50;

const viewOf = (row: AuditRow): AuditEntryView => ({
  id: row.id,
  at: row.at.toISOString(),
  actorUserId: row.actorUserId,
  actorRole: row.actorRole,
  action: row.action,
  objectType: row.objectType,
  objectId: row.objectId,
  before: (row.before as Record<string, unknown> | null) ?? null,
  after: (row.after as Record<string, unknown> | null) ?? null,
  hash: row.hash,
});

/** The newest entries first that match the filter, a page at a time: `next` is the `before` of the next page. */
export async function listAudit(
  s: Pick<Scope, 'db'>,
  query: AuditQuery,
): Promise<{ entries: AuditEntryView[]; next: number | null }> {
  const filter: AuditFilter = {
    actorUserId: query.actor,
    action: query.action,
    objectType: query.objectType,
    objectId: query.objectId,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    until: query.until ? new Date(`${query.until}T23:59:59.999Z`) : undefined,
    beforeId: query.before,
  };
  const rows = await findAuditRows(s.db, filter, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { entries: page.map(viewOf), next: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null };
}

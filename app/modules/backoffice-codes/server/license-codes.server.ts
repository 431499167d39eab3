/**
 * Licence codes in the back office (issue 32, item 3): search by code, order or pupil; one code with its history;
 * revoke (the access it gave ends) and reissue (revoke, and a new code for the same product, order and copy,
 * mailed); batches for a print run or class licences, exported as CSV. The workflows span licenses (the codes),
 * cards (the access), classes (seats), shop (orders), catalog and accounts: this module is last in MODULE_ORDER,
 * so it opens the one transaction and passes it to each module's public read and write, with the audit entry.
 */
import type { Db } from '#app/db/client.server.ts';
import { BRAND } from '#app/platform/brand.ts';
import { csvStream } from '#app/platform/csv.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { findContacts, findPersonByEmail } from '#app/modules/accounts/index.server.ts';
import {
  findProductsByIds,
  findProductsOfType,
  findProductSubjects,
  findSubjects,
  listAllSubjects,
} from '#app/modules/catalog/index.server.ts';
import { grantSubjectAccess, revokeLicenseAccess } from '#app/modules/cards/index.server.ts';
import { findOrderContacts, listOrderLines, listOrdersOf } from '#app/modules/shop/index.server.ts';
import {
  canonicalLicenseCode,
  CODE_ADMIN_MESSAGES,
  CODE_PAGE_SIZE,
  compactLicenseCode,
  type CodeBatchInput,
  type CodeBatchView,
  type CodeDetailView,
  type CodeSearch,
  type CodeSummaryView,
} from '#app/modules/licenses/index.ts';
import {
  existingCodes,
  findBatch,
  findCode,
  findCodes,
  findReplacement,
  findStoredCode,
  insertBatch,
  insertCodeEvents,
  insertCodes,
  listBatches,
  listCodeEvents,
  liveCodeProducts,
  lockCode,
  markCodeRevoked,
  newLicenseCode,
  type CodeFilter,
  type LicenseCodeRow,
} from '#app/modules/licenses/index.server.ts';
import { seatAccessOf } from '#app/modules/classes/index.server.ts';
import { recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';

/** Why a code action is refused, with the API's status (the messages: CODE_ADMIN_MESSAGES). */
export const LICENSE_CODE_REFUSAL_STATUS = {
  code_not_found: 404,
  revoked_already: 409,
  class_licence_redeemed: 409,
  product_unknown: 400,
  batch_not_found: 404,
} as const;
type CodeReason = keyof typeof LICENSE_CODE_REFUSAL_STATUS;
export interface LicenseCodeRefusal<R extends CodeReason = CodeReason> {
  reason: R;
  message: string;
  field?: string;
}
const MESSAGE: Record<CodeReason, string> = {
  code_not_found: CODE_ADMIN_MESSAGES.NOT_FOUND,
  revoked_already: CODE_ADMIN_MESSAGES.REVOKED_ALREADY,
  class_licence_redeemed: CODE_ADMIN_MESSAGES.CLASS_LICENCE_REDEEMED,
  product_unknown: CODE_ADMIN_MESSAGES.PRODUCT_UNKNOWN,
  batch_not_found: CODE_ADMIN_MESSAGES.BATCH_NOT_FOUND,
};
const refusal = <R extends CodeReason>(reason: R): LicenseCodeRefusal<R> => ({
  reason,
  message: MESSAGE[reason],
  ...(reason === 'product_unknown' ? { field: 'productId' } : {}),
});

type Status = CodeSummaryView['status'];
const statusOf = (row: LicenseCodeRow): Status => (row.revokedAt ? 'revoked' : row.redeemedAt ? 'redeemed' : 'active');

/** The stored code a typed one stands for (case, spaces and hyphens do not matter); null when unknown. */
async function storedCode(db: Db, typed: string): Promise<string | null> {
  const canonical = canonicalLicenseCode(typed);
  if (canonical && (await findCode(db, canonical))) return canonical;
  const compact = compactLicenseCode(typed);
  return compact ? findStoredCode(db, compact) : null;
}

/** What a search text matches: a code, an order number, or an e-mail address (an order's or a redeemer's). */
async function filterOf(db: Db, q: string | undefined): Promise<CodeFilter> {
  if (!q) return {};
  if (q.includes('@')) {
    const [orders, person] = await Promise.all([
      findOrderContacts(db, { email: q }),
      findPersonByEmail(db, q.toLowerCase()),
    ]);
    return { orderIds: orders.map((o) => o.id), redeemedBy: person ? [person.id] : [] };
  }
  const [stored, orders] = await Promise.all([storedCode(db, q), findOrderContacts(db, { number: q.toUpperCase() })]);
  return { codes: stored ? [stored] : [], orderIds: orders.map((o) => o.id) };
}

async function summariesOf(db: Db, rows: readonly LicenseCodeRow[]): Promise<CodeSummaryView[]> {
  const [products, orders] = await Promise.all([
    findProductsByIds(db, [...new Set(rows.map((r) => r.productId))]),
    findOrderContacts(db, { ids: [...new Set(rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])))] }),
  ]);
  const productName = new Map(products.map((p) => [p.id, p.name]));
  const orderNumber = new Map(orders.map((o) => [o.id, o.number]));
  return rows.map((row) => ({
    code: row.code,
    product: productName.get(row.productId) ?? '',
    status: statusOf(row),
    orderNumber: row.orderId === null ? null : (orderNumber.get(row.orderId) ?? null),
    seats: row.seats,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** GET /v1/backoffice/license-codes and /beheer/codes: the codes a search matches, a page at a time by code. */
export async function searchLicenseCodes(
  s: Pick<Scope, 'db'>,
  query: CodeSearch,
): Promise<{ codes: CodeSummaryView[]; next: string | null }> {
  const rows = await findCodes(s.db, await filterOf(s.db, query.q), query.after, CODE_PAGE_SIZE + 1);
  const page = rows.slice(0, CODE_PAGE_SIZE);
  return { codes: await summariesOf(s.db, page), next: rows.length > CODE_PAGE_SIZE ? page.at(-1)!.code : null };
}

/** GET /v1/backoffice/license-codes/{code} and /beheer/codes/:code: the code, who has it, and its history. */
export async function getLicenseCode(
  s: Pick<Scope, 'db'>,
  typed: string,
): Promise<Result<CodeDetailView, LicenseCodeRefusal<'code_not_found'>>> {
  const code = await storedCode(s.db, typed);
  const row = code ? await findCode(s.db, code) : undefined;
  if (!row) return refuse(refusal('code_not_found'));
  const [summary] = await summariesOf(s.db, [row]);
  const [events, subjects, orders, replacedBy, batch] = await Promise.all([
    listCodeEvents(s.db, row.code),
    findSubjects(s.db, [row.subjectId]),
    findOrderContacts(s.db, { ids: row.orderId === null ? [] : [row.orderId] }),
    findReplacement(s.db, row.code),
    row.batchId === null ? undefined : findBatch(s.db, row.batchId),
  ]);
  const people = new Map(
    (
      await findContacts(s.db, [
        ...new Set([
          ...(row.redeemedBy ? [row.redeemedBy] : []),
          ...events.flatMap((e) => (e.staffUserId ? [e.staffUserId] : [])),
        ]),
      ])
    ).map((p) => [p.id, p]),
  );
  const redeemer = row.redeemedBy ? people.get(row.redeemedBy) : undefined;
  return ok({
    ...summary!,
    subject: subjects[0] ? `${subjects[0].name} (${subjects[0].levelName})` : '',
    examYear: row.examYear,
    orderEmail: orders[0]?.email ?? null,
    redeemer: redeemer ? { name: redeemer.name, email: redeemer.email } : null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
    replaces: row.replaces,
    replacedBy,
    batch: batch?.label ?? null,
    history: events.map((e) => ({
      kind: e.kind as CodeDetailView['history'][number]['kind'],
      at: e.at.toISOString(),
      staff: e.staffUserId ? (people.get(e.staffUserId)?.name ?? '') : null,
      details: e.details,
    })),
  });
}

/**
 * Takes back the access a redeemed code gave: the redeemer's row for its subject while it came from a code of its
 * product (cards), then what they still hold for the subject from elsewhere is granted again: another code of the
 * subject, a paid order with a product of the subject, a class seat. Answers whether the code's access was taken.
 */
async function takeAccessBack(s: Scope, tx: Db, row: LicenseCodeRow): Promise<boolean> {
  if (!row.redeemedBy || row.seats !== null) return false;
  const userId = row.redeemedBy;
  const subjectId = row.subjectId;
  if (!(await revokeLicenseAccess(tx, userId, subjectId, row.productId))) return false;
  const [otherCode] = await liveCodeProducts(tx, userId, subjectId);
  if (otherCode !== undefined) {
    await grantSubjectAccess(tx, { userId, subjectId, stream: 'full', source: 'license', productId: otherCode });
  }
  const paid = (await listOrdersOf({ ...s, db: tx }, userId)).filter((o) => o.status === 'paid' && o.fulfilledAt);
  for (const order of paid) {
    const lines = (await listOrderLines(tx, order.id)).flatMap((l) => (l.productId === null ? [] : [l.productId]));
    const bundle = (await findProductSubjects(tx, lines)).find(
      (p) => p.subjectId === subjectId && p.productType === 'examenbundel',
    );
    if (bundle) {
      await grantSubjectAccess(tx, { userId, subjectId, stream: 'full', source: 'order', productId: bundle.productId });
      break;
    }
  }
  const seat = await seatAccessOf(tx, userId, subjectId);
  if (seat) {
    await grantSubjectAccess(tx, {
      userId,
      subjectId,
      stream: 'full',
      source: 'class',
      productId: seat.productId,
      expiresAt: seat.expiresAt,
    });
  }
  return true;
}

const auditState = (row: LicenseCodeRow) => ({
  code: row.code,
  status: statusOf(row),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokedReason: row.revokedReason,
});

/** Revokes in the caller's transaction: the code, its event and the access it gave (not the audit entry). */
async function revokeIn(
  s: Scope,
  tx: Db,
  actor: StaffActor,
  typed: string,
  reason: string,
): Promise<
  | { ok: true; row: LicenseCodeRow; at: Date; accessTaken: boolean }
  | { ok: false; reason: 'code_not_found' | 'revoked_already' | 'class_licence_redeemed' }
> {
  const code = await storedCode(tx, typed);
  const row = code ? await lockCode(tx, code) : undefined;
  if (!row) return { ok: false, reason: 'code_not_found' };
  if (row.revokedAt) return { ok: false, reason: 'revoked_already' };
  // A redeemed class licence holds the seats of a whole class: the back office does not take those (see the report).
  if (row.seats !== null && row.redeemedAt) return { ok: false, reason: 'class_licence_redeemed' };
  const at = new Date();
  await markCodeRevoked(tx, row.code, reason, at);
  const accessTaken = await takeAccessBack(s, tx, row);
  await insertCodeEvents(tx, [
    { code: row.code, kind: 'revoked', staffUserId: actor.userId, details: { reason, accessTaken } },
  ]);
  return { ok: true, row, at, accessTaken };
}

/** POST /v1/backoffice/license-codes/{code}/revoke: the code no longer works; the access it gave ends. */
export async function revokeLicenseCode(
  s: Scope,
  actor: StaffActor,
  typed: string,
  reason: string,
): Promise<
  Result<
    { code: CodeDetailView; message: string },
    LicenseCodeRefusal<'code_not_found' | 'revoked_already' | 'class_licence_redeemed'>
  >
> {
  const outcome = await s.db.transaction(async (tx) => {
    const revoked = await revokeIn(s, tx, actor, typed, reason);
    if (!revoked.ok) return revoked;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'license_code.revoke',
      objectType: 'license_code',
      objectId: revoked.row.code,
      before: auditState(revoked.row),
      after: {
        code: revoked.row.code,
        status: 'revoked',
        revokedAt: revoked.at.toISOString(),
        revokedReason: reason,
        accessTaken: revoked.accessTaken,
      },
    });
    return revoked;
  });
  if (!outcome.ok) return refuse(refusal(outcome.reason));
  const view = await getLicenseCode(s, outcome.row.code);
  return ok({ code: view.ok ? view.value : (undefined as never), message: CODE_ADMIN_MESSAGES.REVOKED });
}

/** A new code not stored yet. */
async function freshCodes(db: Db, n: number): Promise<string[]> {
  const made = new Set<string>();
  while (made.size < n) {
    const draw = Array.from({ length: Math.min(n - made.size, 1000) + 5 }, newLicenseCode).filter((c) => !made.has(c));
    const taken = await existingCodes(db, draw);
    for (const code of draw) if (!taken.has(code) && made.size < n) made.add(code);
  }
  return [...made];
}

function reissueMail(code: string, productName: string) {
  return [
    'Hallo,',
    '',
    `Je hebt een nieuwe licentiecode voor ${productName}. Je vorige code werkt niet meer.`,
    '',
    `Je nieuwe code: ${code}`,
    '',
    `Activeer de code in je account bij ${BRAND.name}, onder Mijn vakken en boeken.`,
    '',
    'Groet,',
    `Het team van ${BRAND.name}`,
  ].join('\n');
}

/**
 * POST /v1/backoffice/license-codes/{code}/reissue: revokes the code (and the access it gave) and makes a new one
 * for the same product, order and copy (seats, exam year), mailed to the order's address or else the redeemer's.
 * The new code is not redeemed: the person redeems it.
 */
export async function reissueLicenseCode(
  s: Scope,
  actor: StaffActor,
  typed: string,
  reason: string,
): Promise<
  Result<
    { code: CodeDetailView; replacedBy: string; mailed: boolean; message: string },
    LicenseCodeRefusal<'code_not_found' | 'revoked_already' | 'class_licence_redeemed'>
  >
> {
  const outcome = await s.db.transaction(async (tx) => {
    const revoked = await revokeIn(s, tx, actor, typed, reason);
    if (!revoked.ok) return revoked;
    const old = revoked.row;
    const [code] = await freshCodes(tx, 1);
    const fresh = code!;
    await insertCodes(
      tx,
      [
        {
          code: fresh,
          productId: old.productId,
          subjectId: old.subjectId,
          orderId: old.orderId,
          copy: old.copy,
          seats: old.seats,
          examYear: old.examYear,
          replaces: old.code,
          batchId: old.batchId,
        },
      ],
      { kind: 'issued', staffUserId: actor.userId, details: { replaces: old.code } },
    );
    await insertCodeEvents(tx, [
      { code: old.code, kind: 'reissued', staffUserId: actor.userId, details: { newCode: fresh, reason } },
    ]);
    const [order] = await findOrderContacts(tx, { ids: old.orderId === null ? [] : [old.orderId] });
    const [redeemer] = await findContacts(tx, old.redeemedBy ? [old.redeemedBy] : []);
    const to = order?.email ?? redeemer?.email ?? null;
    if (to) await insertCodeEvents(tx, [{ code: fresh, kind: 'mailed', staffUserId: actor.userId, details: {} }]);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'license_code.reissue',
      objectType: 'license_code',
      objectId: old.code,
      before: { ...auditState(old), replacedBy: null },
      after: {
        code: old.code,
        status: 'revoked',
        revokedAt: revoked.at.toISOString(),
        revokedReason: reason,
        accessTaken: revoked.accessTaken,
        replacedBy: fresh,
        mailed: to !== null,
      },
    });
    return { ok: true as const, old, fresh, to };
  });
  if (!outcome.ok) return refuse(refusal(outcome.reason));
  if (outcome.to) {
    const [product] = await findProductsByIds(s.db, [outcome.old.productId]);
    await s.jobs.enqueue('send-mail', {
      to: outcome.to,
      subject: `Je nieuwe licentiecode van ${BRAND.name}`,
      text: reissueMail(outcome.fresh, product?.name ?? 'je boek'),
    });
  }
  const view = await getLicenseCode(s, outcome.old.code);
  return ok({
    code: view.ok ? view.value : (undefined as never),
    replacedBy: outcome.fresh,
    mailed: outcome.to !== null,
    message: CODE_ADMIN_MESSAGES.REISSUED(outcome.fresh, outcome.to !== null),
  });
}

/** The exam bundles a batch may be for (the form's choice), by name. */
export async function batchProducts(s: Pick<Scope, 'db'>): Promise<{ id: number; name: string; sku: string }[]> {
  const subjects = await listAllSubjects(s.db);
  const rows = await findProductsOfType(
    s.db,
    'examenbundel',
    [...new Set(subjects.map((x) => x.levelName))],
    [...new Set(subjects.map((x) => x.slug))],
  );
  return rows.map((p) => ({ id: p.id, name: p.name, sku: p.sku })).sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

const batchView = (
  b: { id: number; label: string; count: number; seats: number | null; examYear: number | null; createdAt: Date },
  product: string,
  redeemed: number,
  revoked: number,
): CodeBatchView => ({
  id: b.id,
  label: b.label,
  product,
  count: b.count,
  seats: b.seats,
  examYear: b.examYear,
  redeemed,
  revoked,
  createdAt: b.createdAt.toISOString(),
});

/** GET /beheer/codes/batches: the batches, newest first. */
export async function listLicenseCodeBatches(s: Pick<Scope, 'db'>): Promise<CodeBatchView[]> {
  const rows = await listBatches(s.db);
  const products = new Map(
    (await findProductsByIds(s.db, [...new Set(rows.map((r) => r.batch.productId))])).map((p) => [p.id, p.name]),
  );
  return rows.map((r) => batchView(r.batch, products.get(r.batch.productId) ?? '', r.redeemed, r.revoked));
}

/**
 * POST /v1/backoffice/license-code-batches and "Reeks maken": N new codes (1–5,000) for an exam bundle, for a print
 * run (one person each) or class licences (seats, exam year), in one transaction with their history and the audit.
 */
export async function createLicenseCodeBatch(
  s: Scope,
  actor: StaffActor,
  input: CodeBatchInput,
): Promise<Result<{ batch: CodeBatchView; message: string }, LicenseCodeRefusal<'product_unknown'>>> {
  const [subject] = await findProductSubjects(s.db, [input.productId]);
  if (!subject) return refuse(refusal('product_unknown'));
  const [product] = await findProductsByIds(s.db, [input.productId]);
  const seats = input.kind === 'class' ? (input.seats ?? null) : null;
  const examYear = input.kind === 'class' ? (input.examYear ?? null) : null;
  const batch = await s.db.transaction(async (tx) => {
    const row = await insertBatch(tx, {
      label: input.label,
      productId: input.productId,
      count: input.count,
      seats,
      examYear,
      createdBy: actor.userId,
    });
    const codes = await freshCodes(tx, input.count);
    await insertCodes(
      tx,
      codes.map((code) => ({
        code,
        productId: input.productId,
        subjectId: subject.subjectId,
        seats,
        examYear,
        batchId: row.id,
      })),
      { kind: 'batch_created', staffUserId: actor.userId, details: { batchId: row.id } },
    );
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'license_code.batch',
      objectType: 'license_code_batch',
      objectId: String(row.id),
      before: null,
      after: { label: input.label, productId: input.productId, count: input.count, seats, examYear },
    });
    return row;
  });
  return ok({
    batch: batchView(batch, product?.name ?? '', 0, 0),
    message: CODE_ADMIN_MESSAGES.BATCH_CREATED(input.count, input.label),
  });
}

const CSV_HEADER = ['code', 'product', 'plaatsen', 'examenjaar', 'status', 'bestelling', 'aangemaakt'];
/**
 * The codes a filter matches as CSV for Dutch Excel (semicolons, UTF-8 with a byte order mark), read and sent
 * 1,000 codes at a time in code order, each with its product's name and order number.
 */
function codesCsv(db: Db, filter: CodeFilter): ReadableStream<Uint8Array> {
  return csvStream<string>(CSV_HEADER, async (after) => {
    const rows = await findCodes(db, filter, after, 1000);
    const lines = (await summariesOf(db, rows)).map((r) => [
      r.code,
      r.product,
      r.seats,
      rows.find((row) => row.code === r.code)?.examYear ?? null,
      r.status,
      r.orderNumber,
      r.createdAt,
    ]);
    return { lines, next: rows.at(-1)?.code ?? '' };
  });
}

/** GET /v1/backoffice/license-code-batches/{id}/codes.csv: the batch's codes as CSV; null when it is unknown. */
export async function licenseCodeBatchCsv(
  s: Pick<Scope, 'db'>,
  id: number,
): Promise<{ label: string; body: ReadableStream<Uint8Array> } | null> {
  const batch = await findBatch(s.db, id);
  if (!batch) return null;
  return { label: batch.label, body: codesCsv(s.db, { batchId: id }) };
}

/** GET /v1/backoffice/license-codes.csv: the codes a search matches (every code without `q`) as CSV. */
export async function licenseCodesCsv(s: Pick<Scope, 'db'>, query: CodeSearch): Promise<ReadableStream<Uint8Array>> {
  return codesCsv(s.db, await filterOf(s.db, query.q));
}

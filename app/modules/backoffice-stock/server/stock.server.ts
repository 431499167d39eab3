/**
 * Stock in the back office (issue 32, item 4): the products with their stock (low stock marked and filterable),
 * a product's history of changes (who changed what, when, from what to what, why), and the adjustment by a staff
 * member with a required reason. The adjustment is a workflow over catalog (the stock and its history) and
 * backoffice (the audit log) in one transaction; when the stock comes back from 0 the back-in-stock sweep
 * (stock-notices' job) is queued at once instead of at its next 5-minute run.
 */
import { ok, refuse, type Result } from '#app/platform/result.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { findContacts } from '#app/modules/accounts/index.server.ts';
import {
  adjustStock,
  findProductsByIds,
  listStockChanges,
  listStockLevels,
  type StockChangeRow,
  type StockLevelRow,
} from '#app/modules/catalog/index.server.ts';
import { recordAudit, type StaffActor } from '#app/modules/backoffice/index.server.ts';
import { belowZeroMessage, STOCK_MESSAGES } from '../domain/messages.ts';
import {
  isLowStock,
  LOW_STOCK_THRESHOLD,
  STOCK_CHANGES_PAGE_SIZE,
  STOCK_PAGE_SIZE,
  type StockChangeKind,
} from '../domain/stock.ts';
import type {
  StockAdjustInput,
  StockChangesPage,
  StockChangeView,
  StockItemView,
  StockQuery,
} from '../schemas/stock.ts';

/** Why a stock read or adjustment is refused, with the API's status. */
export const STOCK_REFUSAL_STATUS = {
  product_not_found: 404,
  below_zero: 409,
  above_max: 409,
  unchanged: 409,
} as const;
type StockReason = keyof typeof STOCK_REFUSAL_STATUS;
export interface StockRefusal<R extends StockReason = StockReason> {
  reason: R;
  message: string;
  field?: string;
}

const itemOf = (row: StockLevelRow): StockItemView => {
  const orderable = row.isOrderable === 'Y';
  return {
    productId: row.id,
    sku: row.sku,
    name: row.name,
    productType: row.productType,
    orderable,
    quantity: row.quantity,
    low: isLowStock({ quantity: row.quantity, orderable }),
  };
};

/** GET /v1/backoffice/stock and /beheer/voorraad: the products a search matches, in SKU order, 100 a page. */
export async function listStock(
  s: Pick<Scope, 'db'>,
  query: StockQuery,
): Promise<{ products: StockItemView[]; next: string | null }> {
  const rows = await listStockLevels(s.db, {
    q: query.q,
    lowAt: query.low ? LOW_STOCK_THRESHOLD : undefined,
    after: query.after,
    limit: STOCK_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, STOCK_PAGE_SIZE);
  return { products: page.map(itemOf), next: rows.length > STOCK_PAGE_SIZE ? page.at(-1)!.sku : null };
}

async function stockItem(s: Pick<Scope, 'db'>, productId: number): Promise<StockItemView | undefined> {
  const [product] = await findProductsByIds(s.db, [productId]);
  return product
    ? itemOf({
        id: product.id,
        sku: product.sku,
        name: product.name,
        productType: product.productType,
        isOrderable: product.isOrderable,
        quantity: product.totalQuantity,
      })
    : undefined;
}

async function changeViews(s: Pick<Scope, 'db'>, rows: readonly StockChangeRow[]): Promise<StockChangeView[]> {
  const staffIds = [...new Set(rows.flatMap((r) => (r.staffUserId ? [r.staffUserId] : [])))];
  const names = new Map((await findContacts(s.db, staffIds)).map((p) => [p.id, p.name]));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind as StockChangeKind,
    from: row.fromQuantity,
    to: row.toQuantity,
    delta: row.delta,
    reason: row.reason,
    staff: row.staffUserId ? (names.get(row.staffUserId) ?? '') : null,
  }));
}

/**
 * GET /v1/backoffice/stock/{productId}/changes and /beheer/voorraad/:productId: the product's stock and its
 * changes, newest first, 50 a page (keyset: `before`, a change's id).
 */
export async function stockChangesOf(
  s: Pick<Scope, 'db'>,
  productId: number,
  before?: number,
): Promise<Result<StockChangesPage, StockRefusal<'product_not_found'>>> {
  const product = await stockItem(s, productId);
  if (!product) return refuse({ reason: 'product_not_found', message: STOCK_MESSAGES.NOT_FOUND });
  const rows = await listStockChanges(s.db, productId, { before, limit: STOCK_CHANGES_PAGE_SIZE + 1 });
  const page = rows.slice(0, STOCK_CHANGES_PAGE_SIZE);
  return ok({
    product,
    changes: await changeViews(s, page),
    next: rows.length > STOCK_CHANGES_PAGE_SIZE ? page.at(-1)!.id : null,
  });
}

/**
 * A staff member sets a product's stock or changes it, with a reason: catalog's adjustStock (locks the product,
 * refuses below 0, writes the history row) and the audit entry (`stock.adjust`, before and after) in one
 * transaction. Stock back from 0 queues the back-in-stock sweep now; the sweep mails each request once (by its
 * job key) and deletes it, so a second adjustment up from 0 mails nobody twice.
 */
export async function adjustProductStock(
  s: Scope,
  actor: StaffActor,
  productId: number,
  input: StockAdjustInput,
): Promise<
  Result<
    { product: StockItemView; change: StockChangeView; message: string },
    StockRefusal<'product_not_found' | 'below_zero' | 'above_max' | 'unchanged'>
  >
> {
  const field = input.quantity === undefined ? 'delta' : 'quantity';
  const outcome = await s.db.transaction(async (tx) => {
    const adjusted = await adjustStock(tx, {
      productId,
      ...(input.quantity === undefined ? { delta: input.delta ?? 0 } : { to: input.quantity }),
      reason: input.reason,
      staffUserId: actor.userId,
    });
    if (!adjusted.ok) return adjusted;
    await recordAudit(tx, {
      actorUserId: actor.userId,
      actorRole: actor.role,
      action: 'stock.adjust',
      objectType: 'product',
      objectId: String(productId),
      before: { quantity: adjusted.before },
      after: { quantity: adjusted.after, reason: input.reason },
    });
    return adjusted;
  });
  if (!outcome.ok) {
    switch (outcome.reason) {
      case 'product_not_found':
        return refuse({ reason: outcome.reason, message: STOCK_MESSAGES.NOT_FOUND });
      case 'below_zero':
        return refuse({ reason: outcome.reason, message: belowZeroMessage(outcome.before), field });
      case 'above_max':
        return refuse({ reason: outcome.reason, message: STOCK_MESSAGES.ABOVE_MAX, field });
      case 'unchanged':
        return refuse({ reason: outcome.reason, message: STOCK_MESSAGES.UNCHANGED, field });
    }
  }
  if (outcome.before === 0 && outcome.after > 0) {
    // After the commit: the sweep reads the new stock. Should queueing fail, the 5-minute run still mails.
    await s.jobs.enqueue('back-in-stock', {}).catch((error: unknown) => {
      s.errors.capture(error, { source: 'stock.adjust', job: 'back-in-stock' });
    });
  }
  const [product, [change]] = await Promise.all([
    stockItem(s, productId),
    listStockChanges(s.db, productId, { before: outcome.changeId + 1, limit: 1 }).then((rows) => changeViews(s, rows)),
  ]);
  return ok({ product: product!, change: change!, message: STOCK_MESSAGES.ADJUSTED });
}

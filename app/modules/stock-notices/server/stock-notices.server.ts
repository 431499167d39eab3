import { randomBytes } from 'node:crypto';
import type { Scope } from '#app/platform/server/deps.ts';
import { ok, refuse, type Result } from '#app/platform/result.ts';
import { productPath } from '#app/modules/catalog/index.ts';
import { normaliseEmail } from '#app/modules/newsletter/index.ts';
import { STOCK_NOTICE_MESSAGES } from '#app/modules/stock-notices/domain/messages.ts';
import { canAwaitStock, STOCK_NOTICE_RETENTION_DAYS } from '#app/modules/stock-notices/domain/stock-notices.ts';
import type { StockNoticeInput } from '#app/modules/stock-notices/schemas/stock-notices.ts';
import {
  deleteStockNotice,
  deleteStockNoticeByToken,
  findStockNoticeByToken,
  listAwaitedProductIds,
  listNoticesOfProducts,
  purgeStockNotices,
  upsertStockNotice,
} from '#app/modules/stock-notices/db/stock-notices.server.ts';
import { findProductsByIds } from '#app/modules/catalog/index.server.ts';
import { canOrder } from '#app/platform/sales.ts';
import type { StockNoticeRefusal } from './refusals.server.ts';

/**
 * "Mail me als het er weer is" on a sold-out product: stores the address for that product
 * (once; asking again answers the same), for one mail when it is back. Refused for a product
 * that can be ordered now, one no longer sold, and an unknown one. The answer is the same
 * whether the address was stored before, so it tells nobody who asked.
 */
export async function requestStockNotice(
  s: Scope,
  input: StockNoticeInput,
): Promise<Result<{ message: string; token: string }, StockNoticeRefusal>> {
  const [product] = await findProductsByIds(s.db, [input.productId]);
  if (!product) return refuse({ reason: 'unknown_product', message: STOCK_NOTICE_MESSAGES.UNKNOWN_PRODUCT });
  if (!canAwaitStock(product)) {
    return product.isOrderable === 'Y'
      ? refuse({ reason: 'in_stock', message: STOCK_NOTICE_MESSAGES.IN_STOCK })
      : refuse({ reason: 'not_coming_back', message: STOCK_NOTICE_MESSAGES.NOT_COMING_BACK });
  }
  const token = await upsertStockNotice(
    s.db,
    product.id,
    normaliseEmail(input.email),
    randomBytes(24).toString('base64url'),
  );
  return ok({ message: STOCK_NOTICE_MESSAGES.SUBSCRIBED(product.name), token });
}

/** The product a delete link is for; null when the notice is gone (deleted, or mailed). */
export async function findStockNotice(s: Scope, token: string): Promise<{ productName: string } | null> {
  const found = await findStockNoticeByToken(s.db, token);
  const [product] = found ? await findProductsByIds(s.db, [found.productId]) : [];
  return product ? { productName: product.name } : null;
}

/** The delete link: the address is deleted at once; whether there was one. */
export function cancelStockNotice(s: Scope, token: string): Promise<boolean> {
  return deleteStockNoticeByToken(s.db, token);
}

/**
 * Notices whose product can be ordered again (orderable, stock above 0), at most 500, with their product:
 * the products someone waits for, the catalogue's stock of those, then the notices of the ones back.
 */
async function listBackInStockNotices(s: Scope) {
  const awaited = await listAwaitedProductIds(s.db);
  if (awaited.length === 0) return [];
  const back = new Map(
    (await findProductsByIds(s.db, awaited))
      .filter((p) => canOrder({ isOrderable: p.isOrderable, inventory: { totalQuantity: p.totalQuantity } }))
      .map((p) => [p.id, p]),
  );
  const notices = await listNoticesOfProducts(s.db, [...back.keys()]);
  return notices.map((notice) => {
    const product = back.get(notice.productId)!;
    return { ...notice, productName: product.name, productSlug: product.slug };
  });
}

/**
 * The `back-in-stock` job (every 5 minutes): each address waiting for a product that can be
 * ordered again (orderable, stock above 0) gets its one mail, queued by the notice's key so it
 * is sent once however often the sweep runs, and the notice is deleted. Notices older than
 * STOCK_NOTICE_RETENTION_DAYS are deleted unmailed.
 */
export async function sendBackInStockNotices(
  s: Scope,
  now: Date = new Date(),
): Promise<{ mailed: number; purged: number }> {
  let mailed = 0;
  for (const notice of await listBackInStockNotices(s)) {
    const base = s.settings.publicUrl.replace(/\/+$/, '');
    const text = [
      'Hoi,',
      '',
      `Goed nieuws: ${notice.productName} is weer op voorraad.`,
      '',
      `Bestel hem hier: ${base}${productPath(notice.productId, notice.productSlug)}`,
      '',
      'Op is op: we houden hem niet voor je apart.',
      'Je vroeg ons om deze ene mail. We hebben je e-mailadres nu verwijderd en mailen je hier niet meer over.',
      '',
      'Team Slaagbundel',
    ].join('\n');
    await s.jobs.enqueue(
      'send-mail',
      { to: notice.email, subject: `${notice.productName} is weer op voorraad`, text },
      { key: `stock-notice:${notice.id}` },
    );
    await deleteStockNotice(s.db, notice.id);
    mailed += 1;
  }
  const purged = await purgeStockNotices(s.db, new Date(now.getTime() - STOCK_NOTICE_RETENTION_DAYS * 86_400_000));
  return { mailed, purged };
}

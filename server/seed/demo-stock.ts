/**
 * The demo's stock history (issue 32, item 4): a few adjustments by the demo finance member, made the way the
 * back office makes them (`adjustProductStock`: the history row with the reason and the audit entry), so
 * `npm start` shows a history at /beheer/voorraad/… and a product low in stock beside the sold-out ones. Once:
 * nothing is done when the first product already has a history.
 */
import type { Db } from '#app/db/client.server.ts';
import { findPersonByEmail } from '#app/modules/accounts/index.server.ts';
import { findProductsBySkus } from '#app/modules/catalog/index.server.ts';
import { adjustProductStock, stockChangesOf } from '#app/modules/backoffice-stock/index.server.ts';
import type { StockAdjustInput } from '#app/modules/backoffice-stock/index.ts';
import { seedScopes } from './seed-scope.ts';

const FINANCE_EMAIL = 'financien@slaagbundel.test';

/** Per product (by SKU), its adjustments in order. The second ends low in stock (4, at most 10 counts as low). */
export const DEMO_STOCK_CHANGES: readonly { sku: string; changes: readonly StockAdjustInput[] }[] = [
  {
    sku: 'SB-VMBOB-EN-2027',
    changes: [
      { delta: -2, reason: 'Telling magazijn: 2 exemplaren met waterschade afgeschreven.' },
      { quantity: 4, reason: 'Partij met drukfout (p. 112 ontbreekt) teruggestuurd naar de drukker.' },
    ],
  },
  {
    sku: 'SB-VMBOB-WI-2027',
    changes: [{ delta: 50, reason: 'Herdruk binnengekomen (pakbon 2026-1187).' }],
  },
];

/** Answers how many adjustments it made (0 when the demo history existed, or the demo finance member does not). */
export async function seedDemoStock(db: Db): Promise<number> {
  const finance = await findPersonByEmail(db, FINANCE_EMAIL);
  if (!finance) return 0;
  const found = await findProductsBySkus(
    db,
    DEMO_STOCK_CHANGES.map((p) => p.sku),
  );
  const idOf = new Map(found.map((p) => [p.sku, p.id]));
  const first = idOf.get(DEMO_STOCK_CHANGES[0]!.sku);
  if (first === undefined) return 0;
  const scopes = seedScopes(db);
  const history = await stockChangesOf(scopes(), first);
  if (history.ok && history.value.changes.some((c) => c.kind === 'adjustment')) return 0;
  const actor = { userId: finance.id, role: 'finance' as const, email: FINANCE_EMAIL, name: finance.name };
  let made = 0;
  for (const product of DEMO_STOCK_CHANGES) {
    const productId = idOf.get(product.sku);
    if (productId === undefined) continue;
    for (const change of product.changes) {
      const result = await adjustProductStock(scopes(), actor, productId, change);
      if (!result.ok) throw new Error(`The demo stock change was refused: ${result.message}`);
      made += 1;
    }
  }
  return made;
}

/**
 * A paid order's fulfilment: the study access and the licence codes it gives. The shop's orders call no
 * module above them: the shop queues the `fulfil-order` job when an order is paid, and the job runs this
 * workflow, which passes one transaction to the shop (the order's lock and mark), cards (the access) and
 * this module (the codes).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '#app/db/client.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import { findProductSubjects } from '#app/modules/catalog/index.server.ts';
import {
  listOrderLines,
  lockPaidOrder,
  markOrderFulfilled,
  type OrderRow,
  queueOrderConfirmation,
} from '#app/modules/shop/index.server.ts';
import { grantSubjectAccess } from '#app/modules/cards/index.server.ts';
import { subjectPath, subjectTitle } from '#app/platform/study-paths.ts';
import { insertOrderLicenseCodes } from '#app/modules/licenses/db/license-codes.server.ts';
import { orderWithCodes } from './orders.server.ts';

/** A new order code: 12 characters from an alphabet without look-alikes (0/O, 1/I/L): 'SB-7KQ4-MX9P-2HTD'. */
export function newLicenseCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  return `SB-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/**
 * The order's lines that open a subject in Mijn Slaagbundel (exam bundles), each with its subject: the
 * order's lines (the shop's) and their subjects (the catalogue's), two reads for any number of lines.
 */
async function bundleLines(db: Db, orderId: number) {
  const lines = await listOrderLines(db, orderId);
  const subjects = new Map(
    (
      await findProductSubjects(
        db,
        lines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
      )
    ).map((subject) => [subject.productId, subject]),
  );
  return lines.flatMap((line) => {
    const subject = line.productId === null ? undefined : subjects.get(line.productId);
    if (line.productId === null || !subject || subject.productType !== 'examenbundel') return [];
    return [{ productId: line.productId, quantity: line.quantity, subject }];
  });
}

/**
 * A paid order's follow-up (the `fulfil-order` job; idempotent): a signed-in
 * buyer gets full access to the subject of each exam bundle at once; every
 * further copy (and every copy for a guest) becomes a licence code to redeem
 * on the account's mijn-vakken-boeken page. Then the confirmation mail with
 * the order, its VAT lines and the codes.
 */
export async function fulfilOrder(s: Scope, orderId: number): Promise<{ codes: number; access: number }> {
  const run = await s.db.transaction(async (tx) => {
    // The order row stays locked until the commit: a second run waits here, then finds it fulfilled.
    const order = await lockPaidOrder(tx, orderId);
    if (!order) return null;
    if (order.fulfilledAt) return { order, result: null };
    const codes: { code: string; productId: number; subjectId: number; orderId: number; copy: number }[] = [];
    let access = 0;
    for (const line of await bundleLines(tx, order.id)) {
      let copies = line.quantity;
      if (order.userId) {
        await grantSubjectAccess(tx, {
          userId: order.userId,
          subjectId: line.subject.subjectId,
          stream: 'full',
          source: 'order',
          productId: line.productId,
        });
        access += 1;
        copies -= 1;
      }
      for (let copy = 0; copy < copies; copy++) {
        codes.push({
          code: newLicenseCode(),
          productId: line.productId,
          subjectId: line.subject.subjectId,
          orderId,
          copy,
        });
      }
    }
    await insertOrderLicenseCodes(tx, codes);
    await markOrderFulfilled(tx, orderId);
    return { order, result: { access } };
  });
  if (!run) return { codes: 0, access: 0 };
  // The order view reads the codes issued; the mail lists them. The mail is queued by its key, once: also
  // when an earlier run fulfilled the order, since that run may have stopped (a crash, a deploy) between
  // its commit and this call, and the queue then runs the job again.
  const view = await orderWithCodes(s, run.order);
  await queueOrderConfirmation(s, orderId, view);
  return { codes: view.licenseCodes.length, access: run.result?.access ?? 0 };
}

/**
 * The subjects a paid order of a signed-in buyer opens in Mijn Slaagbundel (one per exam bundle,
 * the first copy; further copies are licence codes), each with its address in the area, for the
 * confirmation page. `ready` is false while the fulfilment job has not granted the access yet.
 */
export async function unlockedSubjects(
  s: Scope,
  order: OrderRow,
): Promise<{ ready: boolean; subjects: { title: string; href: string }[] }> {
  if (order.status !== 'paid' || !order.userId) return { ready: true, subjects: [] };
  const found = new Map<number, { title: string; href: string }>();
  for (const { subject } of await bundleLines(s.db, order.id)) {
    if (found.has(subject.subjectId)) continue;
    const ref = { id: subject.subjectId, slug: subject.subjectSlug, levelName: subject.level };
    found.set(subject.subjectId, {
      title: subjectTitle({ name: subject.subjectName, levelName: subject.level }),
      href: subjectPath(ref),
    });
  }
  return { ready: order.fulfilledAt !== null, subjects: [...found.values()] };
}

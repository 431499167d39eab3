/**
 * Licence codes in the back office (issue 32, item 3), through the API as staff use it: revoking a code removes the
 * access it gave (and keeps access from an order or a class seat), a revoked code cannot be redeemed, a reissue
 * mails a new code and both codes' history shows it, the audit log holds the reissue with before and after, a
 * redeemed class licence is not revoked, search by code, order and e-mail, and a batch's CSV holds its N codes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import { auditPageSchema } from '#app/modules/backoffice/index.ts';
import { orderLines, orders } from '#app/modules/shop/db/tables.ts';
import { classCreatedSchema, schoolYearOf } from '#app/modules/classes/index.ts';
import { userSubjectsSchema } from '#app/modules/checks/index.ts';
import {
  CODE_ADMIN_MESSAGES,
  codeBatchCreatedSchema,
  codeChangedSchema,
  codeDetailAnswerSchema,
  codePageSchema,
  LICENSE_MESSAGES,
} from '#app/modules/licenses/index.ts';
import { fulfilOrder, insertClassLicenseCodes } from '#app/modules/licenses/index.server.ts';
import { type Caller, newUser, recordMails, type Mail } from './accounts.ts';
import { answered, apiClient, refused } from './http.ts';
import { codePool, type CodePool } from './license-codes.ts';
import { newStaff, type Staff } from './staff.ts';
import { createTestRuntime, type TestRuntime } from './test-db.ts';

let rt: TestRuntime;
let mails: Mail[];
const call = apiClient(() => rt);
let support: Staff;
let finance: Staff;
let pool: CodePool;

const streamOf = async (caller: Caller, subjectId = pool.subjectId) => {
  const { subjects } = userSubjectsSchema.parse(await answered(await call(caller, 'GET', '/users/me/subjects')));
  const stream = subjects.find((s) => s.id === subjectId)?.stream;
  return stream?.userHasAccess ? 'full' : 'none';
};
const redeem = (caller: Caller, code: string) => call(caller, 'POST', '/users/me/licenses', { code });
const revoke = (code: string, reason = 'Code gelekt op internet') =>
  call(support, 'POST', `/backoffice/license-codes/${code}/revoke`, { reason });
const detail = async (code: string) =>
  codeDetailAnswerSchema.parse(await answered(await call(support, 'GET', `/backoffice/license-codes/${code}`))).code;

/** A paid order of the pool's exam bundle (two copies) by `buyer`, fulfilled: access for them and one code. */
async function paidOrder(buyer: Caller, email: string) {
  const { db } = rt.database;
  const [order] = await db
    .insert(orders)
    .values({
      number: `SB26-T${Date.now() % 1_000_000}`,
      accessToken: 'test',
      userId: buyer.id,
      email,
      status: 'paid',
      customer: {
        firstName: 'Olga',
        lastName: 'Order',
        email,
        billing: { street: 'Straat', houseNumber: '1', postcode: '1234 AB', city: 'Utrecht' },
      },
      shippingMethod: 'post',
      subtotalCents: 0,
      discountPercent: 0,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 0,
      vatCents: 0,
      paidAt: new Date(),
    })
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId: pool.productId,
    sku: 'SB-HAVO-WB-2027',
    name: pool.productName,
    quantity: 2,
    unitPriceCents: 0,
    lineTotalCents: 0,
    discountCents: 0,
    position: 0,
  });
  await fulfilOrder(rt.services, order!.id);
  const page = codePageSchema.parse(
    await answered(await call(support, 'GET', `/backoffice/license-codes?q=${encodeURIComponent(order!.number)}`)),
  );
  expect(page.codes).toHaveLength(1);
  return { number: order!.number, code: page.codes[0]!.code };
}

beforeAll(async () => {
  rt = await createTestRuntime({ env: { TRUST_PROXY: '1' } });
  mails = recordMails(rt);
  support = await newStaff(rt, mails, 'support-codes@example.nl', 'support', '192.0.2.201');
  finance = await newStaff(rt, mails, 'finance-codes@example.nl', 'finance', '192.0.2.202');
  pool = await codePool(rt, 20, 'I');
}, 120_000);
afterAll(() => rt?.close());

describe('revoking a code', () => {
  it('revoking a code removes the access it gave, and the code can no longer be redeemed', async () => {
    const pupil = await newUser(rt, mails, 'ingetrokken@example.nl');
    const code = pool.next();
    await answered(await redeem(pupil, code));
    expect(await streamOf(pupil)).toBe('full');

    const changed = codeChangedSchema.parse(await answered(await revoke(code)));
    expect(changed.message).toBe(CODE_ADMIN_MESSAGES.REVOKED);
    expect(changed.code).toMatchObject({ status: 'revoked', revokedReason: 'Code gelekt op internet' });
    expect(await streamOf(pupil)).toBe('none');
    // Nor is it among the pupil's books any more.
    const owned = (await answered(await call(pupil, 'GET', '/users/me/products'))) as { products: unknown[] };
    expect(owned.products).toEqual([]);

    const other = await newUser(rt, mails, 'andere@example.nl');
    expect((await refused(await redeem(other, code), 409)).message).toBe(LICENSE_MESSAGES.REVOKED);
    expect((await refused(await revoke(code), 409)).message).toBe(CODE_ADMIN_MESSAGES.REVOKED_ALREADY);
    expect((await detail(code)).history.map((e) => e.kind)).toEqual(['batch_created', 'redeemed', 'revoked']);
  });

  it('keeps access the user has from a paid order', async () => {
    const buyer = await newUser(rt, mails, 'koper-houdt@example.nl');
    const { code } = await paidOrder(buyer, 'koper-houdt@example.nl');
    // The buyer redeems the order's second copy themselves: the access now names the code.
    await answered(await redeem(buyer, code));
    expect(await streamOf(buyer)).toBe('full');
    await answered(await revoke(code, 'Tweede exemplaar teruggestuurd'));
    expect(await streamOf(buyer)).toBe('full');
  });

  it('keeps access the pupil has from a class seat; a redeemed class licence is not revoked', async () => {
    const teacher = await newUser(rt, mails, 'docent-codes@example.nl');
    const pupil = await newUser(rt, mails, 'leerling-codes@example.nl');
    expect((await call(teacher, 'PATCH', '/users/me', { educationRole: 'teacher' })).status).toBe(200);
    const year = schoolYearOf(new Date());
    const klas = classCreatedSchema.parse(
      await answered(
        await call(teacher, 'POST', '/classes', {
          schoolName: 'Demo College',
          name: 'H5 Codes',
          level: 'havo',
          examYear: year + 1,
          schoolYear: year,
          subjectIds: [pool.subjectId],
        }),
        201,
      ),
    ).class;
    await answered(await call(pupil, 'POST', '/users/me/classes/join', { code: klas.joinCode }), 201);
    await insertClassLicenseCodes(rt.database.db, [
      { code: 'SB-KLAS-CODES-1', productId: pool.productId, subjectId: pool.subjectId, seats: 5, examYear: null },
    ]);
    await answered(await call(teacher, 'POST', `/classes/${klas.id}/licenses`, { code: 'SB-KLAS-CODES-1' }));
    expect(await streamOf(pupil)).toBe('full');

    const code = pool.next();
    await answered(await redeem(pupil, code));
    await answered(await revoke(code));
    expect(await streamOf(pupil)).toBe('full');

    expect((await refused(await revoke('SB-KLAS-CODES-1'), 409)).message).toBe(
      CODE_ADMIN_MESSAGES.CLASS_LICENCE_REDEEMED,
    );
    expect(await streamOf(pupil)).toBe('full');
  });

  it('asks for a reason, and answers an unknown code with 404', async () => {
    const res = await call(support, 'POST', `/backoffice/license-codes/${pool.next()}/revoke`, { reason: ' ' });
    expect((await refused(res, 400)).fieldErrors?.reason).toEqual([CODE_ADMIN_MESSAGES.REASON]);
    expect((await refused(await revoke('SB-NIET-BESTAAND'), 404)).message).toBe(CODE_ADMIN_MESSAGES.NOT_FOUND);
  });
});

describe('reissuing a code', () => {
  it('mails a new code to the order’s address; the history shows both; the audit log has before and after', async () => {
    const buyer = await newUser(rt, mails, 'koper-nieuw@example.nl');
    await rt.database.db.update(users).set({ name: 'Kees Koper' }).where(eq(users.id, buyer.id));
    const { number, code } = await paidOrder(buyer, 'bestelling-nieuw@example.nl');
    // Found by the order's address, typed in another case, and by the code typed without hyphens.
    const byEmail = codePageSchema.parse(
      await answered(await call(support, 'GET', '/backoffice/license-codes?q=Bestelling-Nieuw@example.nl')),
    );
    expect(byEmail.codes.map((c) => [c.code, c.orderNumber, c.status])).toEqual([[code, number, 'active']]);
    const typed = code.replaceAll('-', '').toLowerCase();
    const byCode = codePageSchema.parse(
      await answered(await call(support, 'GET', `/backoffice/license-codes?q=${typed}`)),
    );
    expect(byCode.codes.map((c) => c.code)).toEqual([code]);

    const res = await call(support, 'POST', `/backoffice/license-codes/${code}/reissue`, {
      reason: 'Klant is de mail kwijt',
    });
    const body = (await answered(res)) as { replacedBy: string; mailed: boolean; message: string };
    expect(body.mailed).toBe(true);
    expect(body.message).toBe(CODE_ADMIN_MESSAGES.REISSUED(body.replacedBy, true));
    const mail = mails.findLast((m) => m.to === 'bestelling-nieuw@example.nl');
    expect(mail?.text).toContain(body.replacedBy);
    expect(mail?.text).not.toContain(code);

    const old = await detail(code);
    const staffName = expect.stringMatching(/\S/);
    expect(old).toMatchObject({
      status: 'revoked',
      replacedBy: body.replacedBy,
      revokedReason: 'Klant is de mail kwijt',
    });
    expect(old.history.map((e) => [e.kind, e.staff])).toEqual([
      ['issued', null],
      ['revoked', staffName],
      ['reissued', staffName],
    ]);
    const fresh = await detail(body.replacedBy);
    expect(fresh).toMatchObject({ status: 'active', replaces: code, orderNumber: number });
    expect(fresh.history.map((e) => e.kind)).toEqual(['issued', 'mailed']);
    // The order's search now shows both, and the buyer's order lists only the new code.
    const byOrder = codePageSchema.parse(
      await answered(await call(support, 'GET', `/backoffice/license-codes?q=${number}`)),
    );
    expect(byOrder.codes.map((c) => c.status).sort()).toEqual(['active', 'revoked']);
    const csv = await call(finance, 'GET', `/backoffice/license-codes.csv?q=${number}`);
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(rows.map((row) => row.split(';').slice(4, 6)).sort()).toEqual([
      ['active', number],
      ['revoked', number],
    ]);

    // Nobody redeemed the new code: it works once, for whoever has it.
    const pupil = await newUser(rt, mails, 'ontvanger@example.nl');
    await answered(await redeem(pupil, body.replacedBy));
    expect(await streamOf(pupil)).toBe('full');

    const audit = auditPageSchema.parse(
      await answered(
        await call(await adminCaller(), 'GET', `/backoffice/audit?action=license_code.reissue&objectId=${code}`),
      ),
    );
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      actorUserId: support.id,
      actorRole: 'support',
      before: { code, status: 'active', revokedAt: null, replacedBy: null },
      after: {
        code,
        status: 'revoked',
        revokedReason: 'Klant is de mail kwijt',
        replacedBy: body.replacedBy,
        mailed: true,
      },
    });
  });
});

let admin: Staff | undefined;
async function adminCaller() {
  admin ??= await newStaff(rt, mails, 'admin-codes@example.nl', 'admin', '192.0.2.203');
  return admin;
}

describe('batches', () => {
  it('generates N unique codes, listed with the batch, and the CSV holds them for Dutch Excel', async () => {
    const res = await call(finance, 'POST', '/backoffice/license-code-batches', {
      label: 'Drukwerk; test "2027"',
      productId: pool.productId,
      kind: 'class',
      count: 25,
      seats: 30,
      examYear: 2027,
    });
    const { batch, message } = codeBatchCreatedSchema.parse(await answered(res, 201));
    expect(message).toBe(CODE_ADMIN_MESSAGES.BATCH_CREATED(25, 'Drukwerk; test "2027"'));
    expect(batch).toMatchObject({ count: 25, seats: 30, examYear: 2027, redeemed: 0 });

    const csv = await call(finance, 'GET', `/backoffice/license-code-batches/${batch.id}/codes.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('code;product;plaatsen;examenjaar;status;bestelling;aangemaakt');
    const codes = lines.slice(1).map((line) => line.split(';')[0]!);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    expect(lines.slice(1).every((line) => line.split(';').slice(2, 5).join(';') === '30;2027;active')).toBe(true);

    const list = (await answered(await call(finance, 'GET', '/backoffice/license-code-batches'))) as {
      batches: { id: number }[];
    };
    expect(list.batches[0]?.id).toBe(batch.id);
    // A batch's class licence works on a class like any.
    expect((await detail(codes[0]!)).history.map((e) => e.kind)).toEqual(['batch_created']);
    await refused(await call(finance, 'GET', '/backoffice/license-code-batches/999999/codes.csv'), 404);
  });

  it('refuses a count out of bounds, class licences without seats and an unknown product', async () => {
    const post = (body: Record<string, unknown>) =>
      call(finance, 'POST', '/backoffice/license-code-batches', {
        label: 'x',
        productId: pool.productId,
        kind: 'print',
        count: 1,
        ...body,
      });
    expect((await refused(await post({ count: 5001 }), 400)).fieldErrors?.count).toEqual([CODE_ADMIN_MESSAGES.COUNT]);
    expect((await refused(await post({ count: 0 }), 400)).fieldErrors?.count).toEqual([CODE_ADMIN_MESSAGES.COUNT]);
    expect((await refused(await post({ kind: 'class' }), 400)).fieldErrors?.seats).toEqual([CODE_ADMIN_MESSAGES.SEATS]);
    expect((await refused(await post({ productId: 999_999 }), 400)).message).toBe(CODE_ADMIN_MESSAGES.PRODUCT_UNKNOWN);
  });
});

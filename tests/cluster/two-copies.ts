/**
 * What two server copies on one database must get right, as a browser behind a load balancer sees it: each
 * request goes to the copy the test names. `twoCopies` starts copies A and B (`build/server/main.js`)
 * on the database and registers the tests; the test files run them straight on PostgreSQL and through
 * PgBouncer in transaction mode.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { userEnvelopeSchema } from '#app/modules/accounts/schemas/user.ts';
import { cardListSchema } from '#app/modules/cards/schemas/study.ts';
import { classCreatedSchema, classDashboardSchema } from '#app/modules/classes/index.ts';
import { cardReviewResultSchema } from '#app/modules/reviews/schemas/review.ts';
import { checkoutRedirectSchema, orderEnvelopeSchema } from '#app/modules/shop/schemas/order.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { Browser, eventually, freePort, logged, ready, spawnServer, type ServerProcess } from './copies.ts';
import { GUESSED_EMAIL, PASSWORD, PUPIL_EMAIL, TEACHER_EMAIL } from './people.ts';

export interface TwoCopiesOptions {
  /** The database the copies use (through PgBouncer, or not). */
  databaseUrl: string;
  /** The same database, straight: the test reads what was stored. */
  factsUrl: string;
  /** More environment for both copies. */
  env?: Record<string, string>;
}

const CHECKOUT_DETAILS = {
  email: 'ouder.cluster@example.nl',
  firstName: 'Sanne',
  lastName: 'de Vries',
  street: 'Oudegracht',
  houseNumber: '12',
  postcode: '3511 AB',
  city: 'Utrecht',
  terms: true,
};

export function twoCopies(options: () => TwoCopiesOptions) {
  let a: ServerProcess;
  let b: ServerProcess;
  let origin = '';
  let facts: pg.Pool;
  let clients = 0;
  /** A browser of its own: a cookie jar and a client address (the rate limits count per address). */
  const browser = () => new Browser(origin, `198.51.100.${(clients += 1)}`);
  const row = async <T>(text: string, values: unknown[] = []) => (await facts.query(text, values)).rows[0] as T;

  async function signedInPupil() {
    const pupil = browser();
    await pupil.json(a, 'POST', '/api/auth/sign-in/email', 200, { email: PUPIL_EMAIL, password: PASSWORD });
    expect([...pupil.jar.keys()]).toContain('slaagbundel.session_token');
    return pupil;
  }

  const wiskundeB = () =>
    row<{ id: number }>(`select id from subjects where slug = 'wiskunde-b' and level_name = 'havo'`).then((r) => r.id);

  beforeAll(async () => {
    const { databaseUrl, factsUrl, env = {} } = options();
    facts = new pg.Pool({ connectionString: factsUrl, max: 2 });
    const [portA, portB] = [await freePort(), await freePort()];
    // Both copies are the one site a load balancer puts in front: one PUBLIC_URL, so a form posted to either
    // comes from the origin both expect.
    origin = `http://127.0.0.1:${portA}`;
    const shared = {
      ...env,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: origin,
      // One process each (the cluster primary is primary.test.ts's), set up by the release step.
      WEB_CONCURRENCY: '1',
      MIGRATE: '0',
    };
    a = spawnServer('A', portA, shared);
    b = spawnServer('B', portB, shared);
    await Promise.all([ready(a), ready(b)]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await facts?.end();
  });

  it('both copies started on the database the release step set up, without migrating it again', () => {
    for (const copy of [a, b]) {
      expect(logged(copy, 'Slaagbundel is listening')).toHaveLength(1);
      expect(logged(copy, 'migrations applied')).toEqual([]);
    }
  });

  it('a session made on copy A works on copy B, and signing out on B ends it on A', async () => {
    const pupil = await signedInPupil();
    const me = userEnvelopeSchema.parse(await pupil.json(b, 'GET', '/api/v1/users/me', 200));
    expect(me.user.email).toBe(PUPIL_EMAIL);
    const token = pupil.jar.get('slaagbundel.session_token')!;
    await pupil.json(b, 'POST', '/api/auth/sign-out', 200, {});
    // The cookie the browser had, sent again to A: the session is gone from the database, not only from B.
    const replay = new Browser(origin, pupil.client);
    replay.jar.set('slaagbundel.session_token', token);
    await replay.json(a, 'GET', '/api/v1/users/me', 401);
  });

  it('reviews of one card alternating between the copies each count once', async () => {
    const pupil = await signedInPupil();
    const subjectId = await wiskundeB();
    const list = cardListSchema.parse(await pupil.json(a, 'GET', `/api/v1/subject/${subjectId}/cards`, 200));
    const card = list.cards.filter((c) => c.learnable).at(-1)!;
    const { id: userId } = await row<{ id: string }>('select id from users where email = $1', [PUPIL_EMAIL]);
    const countLog = () =>
      row<{ n: number }>('select count(*)::int as n from card_reviews where user_id = $1 and card_id = $2', [
        userId,
        card.id,
      ]).then((r) => r.n);
    const before = await countLog();
    const counted: number[] = [];
    // A, B, A, B, A, B: each review starts from the card's memory as the database has it, whichever copy wrote
    // it last.
    for (const copy of [a, b, a, b, a, b]) {
      const result = cardReviewResultSchema.parse(
        await pupil.json(copy, 'POST', `/api/v1/users/me/cards/${card.id}/reviews`, 201, { rating: 'good' }),
      );
      counted.push(result.reviews);
    }
    expect(counted).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n));
    expect(await countLog()).toBe(before + 6);
  });

  it('a list read on copy B shows a write made on copy A at once', async () => {
    const pupil = await signedInPupil();
    const subjectId = await wiskundeB();
    const path = `/api/v1/subject/${subjectId}/cards`;
    const listOn = async (copy: ServerProcess) => cardListSchema.parse(await pupil.json(copy, 'GET', path, 200));
    const first = await listOn(b);
    const card = first.cards.find((c) => c.learnable && !c.userHasLearned)!;
    expect(card).toBeDefined();
    await pupil.json(a, 'POST', `/api/v1/users/me/cards/${card.id}/learn`, 200);
    expect((await listOn(b)).cards.find((c) => c.id === card.id)?.userHasLearned).toBe(true);
    await pupil.json(b, 'DELETE', `/api/v1/users/me/cards/${card.id}/learn`, 200);
    expect((await listOn(a)).cards.find((c) => c.id === card.id)?.userHasLearned).toBe(false);
  });

  it('a class dashboard kept on copy B shows a pupil who joined on copy A at once', async () => {
    const teacher = browser();
    await teacher.json(a, 'POST', '/api/auth/sign-in/email', 200, { email: TEACHER_EMAIL, password: PASSWORD });
    const subjectId = await wiskundeB();
    // The school year starts on 1 August; the class sits its exam in the spring after next.
    const now = new Date();
    const schoolYear = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
    const made = classCreatedSchema.parse(
      await teacher.json(a, 'POST', '/api/v1/classes', 201, {
        schoolName: 'Clustercollege',
        name: 'H5 Cluster',
        level: 'havo',
        examYear: schoolYear + 1,
        schoolYear,
        subjectIds: [subjectId],
      }),
    );
    const dashboardOn = async (copy: ServerProcess) =>
      classDashboardSchema.parse(await teacher.json(copy, 'GET', `/api/v1/classes/${made.class.id}/dashboard`, 200));
    expect((await dashboardOn(b)).pupils).toEqual([]);
    // Asked again with nothing changed: B answers from the view it keeps (ADR 019).
    expect((await dashboardOn(b)).pupils).toEqual([]);
    const pupil = await signedInPupil();
    await pupil.json(a, 'POST', '/api/v1/users/me/classes/join', 201, { code: made.class.joinCode });
    // The class's stamp moved in the database: B's kept dashboard is not answered again.
    expect((await dashboardOn(b)).pupils).toHaveLength(1);
    expect((await dashboardOn(a)).pupils).toHaveLength(1);
  });

  it('failed sign-ins count across the copies: after ten, either copy refuses the eleventh', async () => {
    const guesser = browser();
    // An account no other test signs in to (an unknown address counts the same, but its dummy check costs a
    // full-strength hash each time; this one was hashed cheaply).
    const guess = (copy: ServerProcess) =>
      guesser.send(copy, 'POST', '/api/auth/sign-in/email', {
        json: { email: GUESSED_EMAIL, password: 'Geraden123!' },
      });
    // Ten per account in 15 minutes (ADR 015): five on each copy. Counted in each process, both would allow ten.
    for (const copy of [a, b, a, b, a, b, a, b, a, b]) expect((await guess(copy)).status).toBe(401);
    for (const copy of [a, b]) {
      const refused = await guess(copy);
      expect(apiErrorSchema.parse(await refused.json())).toMatchObject({ status: 429, error: 'rate_limited' });
      // The account's lock (15 minutes), not the address's.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    }
  });

  it('a cart made on copy A checks out on copy B; the paid order is fulfilled by one job, once', async () => {
    const buyer = browser();
    const { id: productId } = await row<{ id: number }>(`select id from products where sku = 'SB-HAVO-WB-2027'`);
    await buyer.json(a, 'POST', '/api/v1/cart/items', 200, { productId, quantity: 1 });
    const cart = (await buyer.json(b, 'GET', '/api/v1/cart', 200)) as {
      cart: { lines: { productId: number; quantity: number }[] };
    };
    expect(cart.cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[productId, 1]]);

    const { order } = orderEnvelopeSchema.parse(await buyer.json(b, 'POST', '/api/v1/orders', 201, CHECKOUT_DETAILS));
    const code = new URLSearchParams(order.accessQuery).get('code')!;
    const { checkoutUrl } = checkoutRedirectSchema.parse(
      await buyer.json(a, 'POST', `/api/v1/orders/${order.number}/payments?code=${code}`, 201, { method: 'ideal' }),
    );
    const paymentId = new URL(checkoutUrl).pathname.split('/').at(-1)!;
    // The demo provider's test page, on B: "paid". It settles the payment and calls the webhook's service.
    const settled = await buyer.send(b, 'POST', `/afrekenen/betalen/test/${paymentId}`, { form: { outcome: 'paid' } });
    // On a failure, what the copies logged at warn or above says why (the answer itself is a bare 500 page).
    expect(settled.status, problemsOf(a, b)).toBe(303);
    // The provider's webhook arrives at both copies at once.
    const webhook = (copy: ServerProcess) =>
      fetch(`${copy.url}/api/v1/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.10' },
        body: `id=${paymentId}`,
      });
    expect((await Promise.all([webhook(a), webhook(b)])).map((res) => res.status)).toEqual([200, 200]);

    const seen = orderEnvelopeSchema.parse(
      await buyer.json(a, 'GET', `/api/v1/orders/${order.number}?code=${code}`, 200),
    );
    expect(seen.order).toMatchObject({ status: 'paid', paymentStatus: 'paid' });
    const { id: orderId } = await row<{ id: number }>('select id from orders where number = $1', [order.number]);
    const mails = () =>
      row<{ n: number }>(`select count(*)::int as n from mail_outbox where "to" = $1`, [CHECKOUT_DETAILS.email]).then(
        (r) => r.n,
      );
    // The fulfilment job issues the guest's licence code; then its confirmation mail is sent.
    expect(await eventually(mails, (n) => n > 0)).toBe(1);
    const fulfilment = await facts.query(
      `select state from pgboss.job where name = 'fulfil-order' and data->>'orderId' = $1`,
      [String(orderId)],
    );
    expect(fulfilment.rows).toEqual([{ state: 'completed' }]);
    // Queued by each of the three deliveries, kept once by its key, and run by one copy.
    const ran = [a, b].flatMap((copy) => logged(copy, 'job completed', { job: 'fulfil-order' }));
    expect(ran).toHaveLength(1);
    expect(
      await row<{ n: number }>('select count(*)::int as n from license_codes where order_id = $1', [orderId]).then(
        (r) => r.n,
      ),
    ).toBe(1);
    const events = await facts.query(
      'select from_status, to_status from order_events where order_id = $1 order by id',
      [orderId],
    );
    expect(
      events.rows.map((e: { from_status: string | null; to_status: string }) => `${e.from_status}→${e.to_status}`),
    ).toEqual(['null→pending', 'pending→paid']);
  });
}

/** The lines each copy logged at warn (40) or above, to read beside a failed expectation. */
function problemsOf(...copies: ServerProcess[]): string {
  return copies
    .map((copy) => {
      const problems = copy.lines.filter((line) => {
        if (!line.startsWith('{')) return /error/i.test(line);
        const level = (JSON.parse(line) as { level?: number }).level ?? 0;
        return level >= 40;
      });
      return `copy ${copy.name}:\n${problems.slice(-20).join('\n') || '(nothing at warn or above)'}`;
    })
    .join('\n');
}

/**
 * A local fake of the Mollie Payments API (v2), enough for the contract tests
 * of the `mollie` payment adapter: `POST /v2/payments`,
 * `GET /v2/payments/:id` and `POST /v2/payments/:id/refunds` with Mollie's
 * JSON shapes (the payment and refund resources with their `_links`, and
 * Mollie's error object `{ status, title, detail, field?, _links }`),
 * bearer-token auth (401), validation of a create (422 naming the `field`),
 * refunds only of a paid payment and of at most what is left of it (422),
 * unknown ids (404), and a POST repeated with an `Idempotency-Key` answered
 * with the first answer, as Mollie does. Anything else is a 404, so an
 * adapter that calls something new fails loudly here.
 *
 * Test helpers: `requests` records every request as received (method, path,
 * headers, parsed body); `setStatus(id, 'paid')` does what a buyer does at
 * Mollie's checkout; `refunds(id)` lists a payment's refunds; `failNext(503)`
 * answers the next requests with a server error; `setDelay(ms)` holds every
 * answer.
 */
import { randomInt } from 'node:crypto';
import http, { createServer, type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

/** Mollie's payment states. */
export type FakeMollieStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface FakeMollieRequest {
  method: string;
  /** Path with the query string, e.g. `/v2/payments/tr_abc`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body as parsed; undefined without a body. */
  body: unknown;
}

export interface FakeMollieOptions {
  /** The only key it accepts; default a `test_` key. */
  apiKey?: string;
  /** Methods enabled on the fake's profile; default iDEAL, Bancontact, credit card, PayPal and bank transfer. */
  methods?: string[];
}

export interface FakeMollie {
  /** `http://127.0.0.1:<port>/v2/`, the SDK's `apiEndpoint`. */
  endpoint: string;
  apiKey: string;
  /** Every request, in order (also the refused ones). */
  requests: FakeMollieRequest[];
  /** A payment as the API answers it now (`GET /v2/payments/:id`), or undefined. */
  payment(id: string): Json | undefined;
  /** The refunds of a payment as the API answers them, oldest first. */
  refunds(paymentId: string): Json[];
  /** Moves a payment to another state, as the buyer's choice at Mollie's checkout (or its expiry) would. */
  setStatus(id: string, status: FakeMollieStatus, opts?: { method?: string }): void;
  /** Answers the next `times` requests with this 5xx (Mollie's error shape, `Retry-After: 0`). */
  failNext(status: number, times?: number): void;
  /** Holds every answer this long (0: answer at once). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

interface StoredPayment {
  id: string;
  createdAt: Date;
  status: FakeMollieStatus;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  metadata: unknown;
  locale: string | null;
  redirectUrl: string;
  webhookUrl: string | null;
  /** When the status last changed to a final one (paidAt, failedAt, …). */
  changedAt: Date | null;
}

interface StoredRefund {
  id: string;
  paymentId: string;
  createdAt: Date;
  amount: { currency: string; value: string };
  description: string;
  metadata: unknown;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
}

const DOCS = 'https://docs.mollie.com';
const LOCALES = new Set(
  'en_US en_GB nl_NL nl_BE de_DE de_AT de_CH fr_FR fr_BE es_ES ca_ES pt_PT it_IT nb_NO sv_SE fi_FI da_DK is_IS hu_HU pl_PL lv_LV lt_LT'.split(
    ' ',
  ),
);
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
/** A payment without a chosen method expires after 15 minutes at Mollie (iDEAL's lifetime). */
const OPEN_FOR_MS = 15 * 60_000;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const randomToken = (length: number) =>
  Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
/** Mollie writes times as `2018-03-12T10:56:15+00:00`. */
const mollieTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
const link = (href: string, type = 'text/html') => ({ href, type });
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

class Refusal extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, detail: string, field?: string) {
    super(detail);
    this.status = status;
    this.field = field;
  }
}

const toCents = (value: string) => Number(value.replace('.', ''));
const toValue = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Mollie's checks of a create-refund body against the payment; throws a 422 naming the field, as Mollie does. */
function validateRefund(body: unknown, payment: StoredPayment, refundedCents: number): void {
  if (body !== undefined && !isObject(body)) throw new Refusal(400, 'The request body is not a JSON object.');
  const { amount, description, metadata } = (body ?? {}) as Json;
  if (payment.status !== 'paid') {
    throw new Refusal(422, `The payment ${payment.id} cannot be refunded: it is ${payment.status}.`);
  }
  if (!isObject(amount)) throw new Refusal(422, 'The amount is required for refunds.', 'amount');
  if (amount.currency !== payment.amount.currency) {
    throw new Refusal(422, 'The amount contains an invalid currency.', 'amount.currency');
  }
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
    throw new Refusal(422, 'The amount contains an invalid value.', 'amount.value');
  }
  if (toCents(amount.value) < 1) throw new Refusal(422, 'The amount is lower than the minimum.', 'amount');
  if (toCents(amount.value) > toCents(payment.amount.value) - refundedCents) {
    throw new Refusal(422, 'The amount is higher than the amount that is left to refund.', 'amount');
  }
  if (description !== undefined && (typeof description !== 'string' || description.length > 255)) {
    throw new Refusal(422, 'The description is invalid.', 'description');
  }
  if (metadata !== undefined && JSON.stringify(metadata).length > 1024) {
    throw new Refusal(422, 'The metadata is too large (at most 1024 bytes).', 'metadata');
  }
}

/** Mollie's checks of a create-payment body; throws a 422 naming the field, as Mollie does. */
function validateCreate(body: unknown, methods: ReadonlySet<string>): void {
  if (!isObject(body)) throw new Refusal(400, 'The request body is not a JSON object.');
  const { amount, description, redirectUrl, webhookUrl, method, locale, metadata } = body;
  if (!isObject(amount)) throw new Refusal(422, 'The amount is required for payments.', 'amount');
  if (amount.currency !== 'EUR') throw new Refusal(422, 'The amount contains an invalid currency.', 'amount.currency');
  if (typeof amount.value !== 'string' || !/^\d+\.\d{2}$/.test(amount.value)) {
    throw new Refusal(422, 'The amount contains an invalid value.', 'amount.value');
  }
  if (Number(amount.value.replace('.', '')) < 1)
    throw new Refusal(422, 'The amount is lower than the minimum.', 'amount');
  if (typeof description !== 'string' || description.trim() === '' || description.length > 255) {
    throw new Refusal(422, 'The description is invalid.', 'description');
  }
  if (!isHttpUrl(redirectUrl)) throw new Refusal(422, 'The redirect URL is invalid.', 'redirectUrl');
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl)) {
    throw new Refusal(422, 'The webhook URL is invalid.', 'webhookUrl');
  }
  if (method !== undefined && method !== null && (typeof method !== 'string' || !methods.has(method))) {
    throw new Refusal(422, 'The payment method is invalid or not activated on this profile.', 'method');
  }
  if (locale !== undefined && (typeof locale !== 'string' || !LOCALES.has(locale))) {
    throw new Refusal(422, 'The locale is invalid.', 'locale');
  }
  if (metadata !== undefined && JSON.stringify(metadata).length > 1024) {
    throw new Refusal(422, 'The metadata is too large (at most 1024 bytes).', 'metadata');
  }
}

export async function startFakeMollie(opts: FakeMollieOptions = {}): Promise<FakeMollie> {
  const apiKey = opts.apiKey ?? `test_${randomToken(30)}`;
  const methods = new Set(opts.methods ?? ['ideal', 'bancontact', 'creditcard', 'paypal', 'banktransfer']);
  const requests: FakeMollieRequest[] = [];
  const payments = new Map<string, StoredPayment>();
  const refunds = new Map<string, StoredRefund[]>();
  /** The first answer to a POST with an idempotency key, by key: a repeat gets it again. */
  const idempotent = new Map<string, [number, Json]>();
  const refundedCents = (paymentId: string) =>
    (refunds.get(paymentId) ?? []).reduce(
      (sum, r) => sum + (r.status === 'failed' || r.status === 'canceled' ? 0 : toCents(r.amount.value)),
      0,
    );
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let failures: { status: number; left: number } | null = null;
  let delayMs = 0;
  let endpoint = '';

  /** The payment resource as Mollie answers it in its current state. */
  function resource(p: StoredPayment, doc: 'create-payment' | 'get-payment'): Json {
    const token = p.id.slice(3);
    const open = p.status === 'open' || p.status === 'pending';
    const changed = p.changedAt ? mollieTime(p.changedAt) : undefined;
    return {
      resource: 'payment',
      id: p.id,
      mode: apiKey.startsWith('live_') ? 'live' : 'test',
      createdAt: mollieTime(p.createdAt),
      amount: p.amount,
      description: p.description,
      method: p.method,
      metadata: p.metadata ?? null,
      status: p.status,
      isCancelable: false,
      ...(open ? { expiresAt: mollieTime(new Date(p.createdAt.getTime() + OPEN_FOR_MS)) } : {}),
      ...(p.status === 'paid'
        ? {
            paidAt: changed,
            amountRefunded: { value: toValue(refundedCents(p.id)), currency: p.amount.currency },
            amountRemaining: {
              value: toValue(toCents(p.amount.value) - refundedCents(p.id)),
              currency: p.amount.currency,
            },
            settlementAmount: p.amount,
          }
        : {}),
      ...(p.status === 'failed' ? { failedAt: changed } : {}),
      ...(p.status === 'canceled' ? { canceledAt: changed } : {}),
      ...(p.status === 'expired' ? { expiredAt: changed } : {}),
      details:
        p.status === 'paid' && p.method === 'ideal'
          ? { consumerName: 'T. TEST', consumerAccount: 'NL72RABO0110438885', consumerBic: 'RABONL2U' }
          : null,
      ...(p.locale ? { locale: p.locale } : {}),
      profileId: 'pfl_fakeprofile',
      sequenceType: 'oneoff',
      redirectUrl: p.redirectUrl,
      ...(p.webhookUrl ? { webhookUrl: p.webhookUrl } : {}),
      _links: {
        self: link(`${endpoint}payments/${p.id}`, 'application/hal+json'),
        // Mollie links its hosted checkout only while the buyer can still pay.
        ...(p.status === 'open' ? { checkout: link(`https://www.mollie.com/checkout/select-method/${token}`) } : {}),
        dashboard: link(`https://my.mollie.com/dashboard/org_fake/payments/${p.id}`),
        documentation: link(`${DOCS}/reference/${doc}`),
      },
    };
  }

  /** The refund resource as Mollie answers it. */
  function refundResource(r: StoredRefund): Json {
    return {
      resource: 'refund',
      id: r.id,
      mode: apiKey.startsWith('live_') ? 'live' : 'test',
      amount: r.amount,
      status: r.status,
      createdAt: mollieTime(r.createdAt),
      description: r.description,
      metadata: r.metadata ?? null,
      paymentId: r.paymentId,
      settlementAmount: { value: `-${r.amount.value}`, currency: r.amount.currency },
      _links: {
        self: link(`${endpoint}payments/${r.paymentId}/refunds/${r.id}`, 'application/hal+json'),
        payment: link(`${endpoint}payments/${r.paymentId}`, 'application/hal+json'),
        documentation: link(`${DOCS}/reference/create-refund`),
      },
    };
  }

  function errorBody(status: number, detail: string, field?: string): Json {
    return {
      status,
      title: TITLES[status] ?? 'Error',
      detail,
      ...(field ? { field } : {}),
      _links: {
        documentation: link(status === 401 ? `${DOCS}/overview/authentication` : `${DOCS}/overview/handling-errors`),
      },
    };
  }

  function answer(method: string, path: string, headers: IncomingHttpHeaders, body: unknown): [number, Json] {
    if (headers.authorization !== `Bearer ${apiKey}`) {
      return [401, errorBody(401, 'Missing authentication, or failed to authenticate')];
    }
    if (failures && failures.left > 0) {
      failures.left -= 1;
      return [failures.status, errorBody(failures.status, 'The Mollie API is temporarily unavailable.')];
    }
    const pathname = path.split('?')[0] ?? '';
    if (method === 'POST' && pathname === '/v2/payments') {
      validateCreate(body, methods);
      const b = body as Json;
      const amount = b.amount as { currency: string; value: string };
      const payment: StoredPayment = {
        id: `tr_${randomToken(10)}`,
        createdAt: new Date(),
        status: 'open',
        amount: { value: amount.value, currency: amount.currency },
        description: b.description as string,
        method: typeof b.method === 'string' ? b.method : null,
        metadata: b.metadata ?? null,
        locale: typeof b.locale === 'string' ? b.locale : null,
        redirectUrl: b.redirectUrl as string,
        webhookUrl: typeof b.webhookUrl === 'string' ? b.webhookUrl : null,
        changedAt: null,
      };
      payments.set(payment.id, payment);
      return [201, resource(payment, 'create-payment')];
    }
    const refund = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(pathname);
    if (method === 'POST' && refund) {
      const id = decodeURIComponent(refund[1] ?? '');
      const payment = payments.get(id);
      if (!payment) return [404, errorBody(404, `No payment exists with token ${id}.`)];
      validateRefund(body, payment, refundedCents(id));
      const b = body as Json;
      const amount = b.amount as { currency: string; value: string };
      const created: StoredRefund = {
        id: `re_${randomToken(10)}`,
        paymentId: id,
        createdAt: new Date(),
        amount: { value: amount.value, currency: amount.currency },
        description: typeof b.description === 'string' ? b.description : '',
        metadata: b.metadata ?? null,
        status: 'pending',
      };
      refunds.set(id, [...(refunds.get(id) ?? []), created]);
      return [201, refundResource(created)];
    }
    const get = /^\/v2\/payments\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && get) {
      const id = decodeURIComponent(get[1] ?? '');
      const payment = payments.get(id);
      if (!payment) return [404, errorBody(404, `No payment exists with token ${id}.`)];
      return [200, resource(payment, 'get-payment')];
    }
    return [404, errorBody(404, 'The requested resource does not exist.')];
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      let unreadable = false;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        unreadable = true;
      }
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      requests.push({ method, path, headers: req.headers, body: unreadable ? text : body });
      let status: number;
      let json: Json;
      try {
        if (unreadable) throw new Refusal(400, 'The request body is not valid JSON.');
        const key = req.headers['idempotency-key'];
        const replay = method === 'POST' && typeof key === 'string' ? idempotent.get(`${path} ${key}`) : undefined;
        [status, json] = replay ?? answer(method, path, req.headers, body);
        // Mollie keeps the answer to a POST with a key and gives it to a repeat (here: successful answers).
        if (!replay && method === 'POST' && typeof key === 'string' && status < 300) {
          idempotent.set(`${path} ${key}`, [status, json]);
        }
      } catch (e) {
        if (!(e instanceof Refusal)) throw e;
        [status, json] = [e.status, errorBody(e.status, e.message, e.field)];
      }
      const send = () => {
        res.writeHead(status, {
          'Content-Type': status < 300 ? 'application/hal+json' : 'application/hal+json; charset=utf-8',
          ...(status >= 500 ? { 'Retry-After': '0' } : {}),
        });
        res.end(JSON.stringify(json));
      };
      if (delayMs === 0) return send();
      const timer = setTimeout(() => (timers.delete(timer), send()), delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  endpoint = `http://127.0.0.1:${port}/v2/`;

  return {
    endpoint,
    apiKey,
    requests,
    payment: (id) => {
      const p = payments.get(id);
      return p ? resource(p, 'get-payment') : undefined;
    },
    refunds: (paymentId) => (refunds.get(paymentId) ?? []).map(refundResource),
    setStatus(id, status, { method } = {}) {
      const p = payments.get(id);
      if (!p) throw new Error(`The fake Mollie has no payment ${id}`);
      p.status = status;
      p.changedAt = ['paid', 'failed', 'canceled', 'expired'].includes(status) ? new Date() : null;
      if (method) p.method = method;
      // A payment the buyer paid or tried to pay has the method they chose.
      else if ((status === 'paid' || status === 'failed') && p.method === null) p.method = 'ideal';
    },
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Runs `make` (which creates the Mollie client) so that the client talks plain
 * HTTP to this fake. The SDK speaks HTTPS only: it builds one `https.Agent`
 * when the client is created (trusting only its bundled CA list) and has no
 * option for another agent or fetch, so an `http://` endpoint fails with
 * 'Protocol "http:" not supported'. Here the agent it builds is an
 * `http.Agent`; everything else — URLs, headers, body, retries, idempotency
 * keys, error parsing — is the SDK's own. Restored when `make` settles.
 */
export async function withPlainHttpMollie<T>(make: () => T | Promise<T>): Promise<T> {
  const original = https.Agent;
  https.Agent = function PlainHttpAgent() {
    return new http.Agent();
  } as unknown as typeof https.Agent;
  try {
    return await make();
  } finally {
    https.Agent = original;
  }
}

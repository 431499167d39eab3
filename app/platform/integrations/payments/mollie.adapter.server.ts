import { createMollieClient, Locale, MollieApiError, PaymentMethod as MollieMethod } from '@mollie/api-client';
import type { Logger } from 'pino';
import {
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  type CreatePaymentInput,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
  type RefundStatus,
} from './port.ts';

/** Mollie's production API; the SDK's own default. */
export const MOLLIE_API_ENDPOINT = 'https://api.mollie.com/v2/';

export interface MollieAdapterOptions {
  /** A Mollie API key, `test_…` or `live_…`. Sent only as the bearer token, never logged or put in an error. */
  apiKey: string;
  /** The API root, default {@link MOLLIE_API_ENDPOINT}. The SDK speaks HTTPS only. */
  apiEndpoint?: string | undefined;
  /**
   * Longest wait for one call in ms, default 10 s. The SDK has no time limit of its own (a stalled
   * connection would hold a checkout forever); it retries a 5xx twice, 2 s apart, within this time.
   */
  timeoutMs?: number | undefined;
  /** Where refused and failed calls are logged (status, title, field; never the key). */
  logger?: Logger | undefined;
}

/** A call to Mollie that failed: refused by the API (with its HTTP status) or not answered. */
export class MolliePaymentError extends Error {
  override name = 'MolliePaymentError';
  /** Mollie's HTTP status; undefined when Mollie was not reached or did not answer in time. */
  readonly statusCode: number | undefined;
  /** The request field Mollie refused (a 422), e.g. `amount`. */
  readonly field: string | undefined;

  constructor(message: string, info: { statusCode?: number | undefined; field?: string | undefined } = {}) {
    super(message);
    this.statusCode = info.statusCode;
    this.field = info.field;
  }
}

/** Euro cents as Mollie's amount value: 2495 → '24.95', 10 → '0.10', 123400 → '1234.00' (integer arithmetic only). */
export function centsToMollieValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`A payment amount must be a whole number of cents, 0 or more (got ${cents})`);
  }
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Mollie's amount value as euro cents: '24.95' → 2495. Throws on anything but digits, a point and two decimals. */
export function mollieValueToCents(value: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new MolliePaymentError(`Mollie answered an amount that is not in euro cents: ${value}`);
  const cents = Number(match[1]) * 100 + Number(match[2]);
  if (!Number.isSafeInteger(cents)) throw new MolliePaymentError(`Mollie answered an amount out of range: ${value}`);
  return cents;
}

/** Our method ids are Mollie's; the lookup makes the compiler check that each one exists in the SDK. */
const METHODS: Record<PaymentMethod, MollieMethod> = {
  ideal: MollieMethod.ideal,
  bancontact: MollieMethod.bancontact,
  creditcard: MollieMethod.creditcard,
  paypal: MollieMethod.paypal,
};

const STATUSES: ReadonlySet<string> = new Set(PAYMENT_STATUSES);

/** Mollie's payment ids: `tr_` and letters/digits. Anything else (a webhook body is anyone's) is never sent. */
const PAYMENT_ID = /^tr_[A-Za-z0-9]{1,64}$/;

/** The fields of Mollie's payment resource the port needs (the SDK's Payment has them all). */
interface MolliePayment {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  method?: string | null | undefined;
  metadata?: unknown;
  _links: { checkout?: { href: string } | undefined };
}

function toProviderPayment(payment: MolliePayment): ProviderPayment {
  if (!STATUSES.has(payment.status)) {
    throw new MolliePaymentError(`Mollie answered an unknown payment status for ${payment.id}: ${payment.status}`);
  }
  if (payment.amount.currency !== 'EUR') {
    throw new MolliePaymentError(`Mollie answered a payment in ${payment.amount.currency}, not EUR: ${payment.id}`);
  }
  const metadata = payment.metadata;
  const orderNumber =
    typeof metadata === 'object' && metadata !== null && 'orderNumber' in metadata ? metadata.orderNumber : undefined;
  return {
    id: payment.id,
    status: payment.status as PaymentStatus,
    amountCents: mollieValueToCents(payment.amount.value),
    method: payment.method ?? null,
    // Mollie links the hosted checkout only while the buyer can still pay.
    checkoutUrl: payment._links.checkout?.href ?? null,
    metadata: { orderNumber: typeof orderNumber === 'string' ? orderNumber : undefined },
  };
}

const REFUND_STATUS_SET: ReadonlySet<string> = new Set(REFUND_STATUSES);

/** The fields of Mollie's refund resource the port needs (the SDK's Refund has them all). */
interface MollieRefund {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  paymentId: string;
}

function toProviderRefund(refund: MollieRefund): ProviderRefund {
  if (!REFUND_STATUS_SET.has(refund.status)) {
    throw new MolliePaymentError(`Mollie answered an unknown refund status for ${refund.id}: ${refund.status}`);
  }
  if (refund.amount.currency !== 'EUR') {
    throw new MolliePaymentError(`Mollie answered a refund in ${refund.amount.currency}, not EUR: ${refund.id}`);
  }
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    status: refund.status as RefundStatus,
    amountCents: mollieValueToCents(refund.amount.value),
  };
}

/**
 * The Mollie payment provider, through the official @mollie/api-client.
 * Selected in server/composition.ts when MOLLIE_API_KEY is set; contract-tested
 * against the local fake of tests/fakes/mollie.ts.
 */
export function createMolliePaymentProvider(options: MollieAdapterOptions): PaymentProvider & { kind: 'mollie' } {
  const { apiKey, logger, timeoutMs = 10_000 } = options;
  const client = createMollieClient({ apiKey, apiEndpoint: options.apiEndpoint ?? MOLLIE_API_ENDPOINT });

  /** Never let the key reach a message, whatever a lower layer put in it. */
  const redact = (text: string) => (apiKey ? text.replaceAll(apiKey, '[api key]') : text);

  /** Runs one SDK call: an error becomes a MolliePaymentError (logged) without the SDK's error attached. */
  async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new MolliePaymentError(`Mollie ${operation}: no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (error) {
      const failure = toFailure(operation, error);
      logger?.warn(
        { operation, statusCode: failure.statusCode, field: failure.field, error: failure.message },
        'mollie call failed',
      );
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  function toFailure(operation: string, error: unknown): MolliePaymentError {
    if (error instanceof MolliePaymentError) return error;
    if (error instanceof MollieApiError) {
      // An answer from Mollie has a status and Mollie's detail as the message; a lost connection has no status.
      const status = error.statusCode === undefined ? 'failed' : `HTTP ${error.statusCode}`;
      return new MolliePaymentError(redact(`Mollie ${operation}: ${status}: ${error.message}`), {
        statusCode: error.statusCode,
        field: error.field,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new MolliePaymentError(redact(`Mollie ${operation}: ${message}`));
  }

  return {
    kind: 'mollie',
    async createPayment(input: CreatePaymentInput) {
      const value = centsToMollieValue(input.amountCents);
      const payment = await call('create payment', () =>
        client.payments.create({
          amount: { currency: 'EUR', value },
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          ...(input.method ? { method: METHODS[input.method] } : {}),
          metadata: { orderNumber: input.metadata.orderNumber },
          locale: Locale.nl_NL,
        }),
      );
      return toProviderPayment(payment);
    },
    async getPayment(id: string) {
      if (!PAYMENT_ID.test(id)) {
        throw new MolliePaymentError(`Not a Mollie payment id: ${JSON.stringify(id.slice(0, 80))}`);
      }
      const payment = await call('get payment', () => client.payments.get(id));
      return toProviderPayment(payment);
    },
    async refund(input: RefundInput) {
      if (!PAYMENT_ID.test(input.paymentId)) {
        throw new MolliePaymentError(`Not a Mollie payment id: ${JSON.stringify(input.paymentId.slice(0, 80))}`);
      }
      const value = centsToMollieValue(input.amountCents);
      // POST /v2/payments/{id}/refunds; the idempotency key makes Mollie answer a repeat with the refund it made.
      const refund = await call('create refund', () =>
        client.paymentRefunds.create({
          paymentId: input.paymentId,
          amount: { currency: 'EUR', value },
          description: input.description,
          metadata: { orderNumber: input.metadata.orderNumber },
          idempotencyKey: input.idempotencyKey,
        }),
      );
      return toProviderRefund(refund);
    },
  };
}

/**
 * The back office's refunds (issue 32): an order's refunds and credit notes, refunding chosen quantities of its lines
 * (and its shipping) through the payment provider, a credit note. Behind the session and the back office's guard
 * (`staffAccess`, BACKOFFICE_ACCESS) on every call, like server/api/v1/backoffice.ts beside it.
 */
import { BACKOFFICE_REFUSAL_STATUS } from '#app/modules/backoffice/index.server.ts';
import { refundOrder } from '#app/modules/backoffice-orders/index.server.ts';
import {
  creditNoteEnvelopeSchema,
  creditNoteParamsSchema,
  orderRefundsSchema,
  refundDoneSchema,
  refundOrderSchema,
} from '#app/modules/refunds/index.ts';
import { creditNoteFor, orderRefunds, REFUND_REFUSAL_STATUS } from '#app/modules/refunds/index.server.ts';
import { orderNumberParamsSchema } from '#app/modules/shop/index.ts';
import { RATE_LIMITS } from '../limits.ts';
import { apiRouter } from '../route-spec.ts';
import { backofficeRoute, guard, refusedBy, rolesOf } from './backoffice-shared.ts';

const route = backofficeRoute;
const refused = refusedBy({ ...BACKOFFICE_REFUSAL_STATUS, ...REFUND_REFUSAL_STATUS });

const REFUND_ROUTES = [
  route(
    {
      method: 'get',
      path: '/backoffice/orders/{number}/refunds',
      summary: 'An order’s refunds',
      description:
        'The order’s lines with the quantity refunded of each, what is left of its payment, and its refunds (newest ' +
        `first) with their credit notes’ numbers. An unknown order: 404. ${rolesOf('listRefunds')}`,
      params: orderNumberParamsSchema,
      answer: { status: 200, description: 'The refunds.', schema: orderRefundsSchema },
    },
    async (c) => {
      const access = await guard(c, 'listRefunds');
      if (!access.ok) return refused(c, access);
      const result = await orderRefunds(c.var.scope, c.req.valid('param').number);
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 200);
    },
  ),
  route(
    {
      method: 'post',
      path: '/backoffice/orders/{number}/refunds',
      summary: 'Refund (part of) a paid order',
      description:
        'Refunds the chosen quantities of the order’s lines (by position) and, with `shipping`, its shipping costs, ' +
        'at what the buyer paid for them (after the discount), through the payment provider, and issues a credit ' +
        'note with the next number of its own series (negative lines with each line’s VAT rate, referring to the ' +
        'invoice). Written to the audit log (`order.refund`) with what was refunded before and after. An order not ' +
        'paid, more than is left of a line, the shipping refunded before or more than is left of the payment: 409; ' +
        'nothing chosen or an unknown line: 400. The provider refused or could not be reached: 502 (nothing refunded, ' +
        `no credit note). ${rolesOf('refundOrder')}`,
      params: orderNumberParamsSchema,
      body: refundOrderSchema,
      answer: { status: 201, description: 'Refunded.', schema: refundDoneSchema },
      refusals: {
        409: 'The order is not paid, or more than is left is asked.',
        502: 'The payment provider refused the refund or could not be reached.',
      },
      limits: { rateLimit: RATE_LIMITS.write },
    },
    async (c) => {
      const access = await guard(c, 'refundOrder');
      if (!access.ok) return refused(c, access);
      const result = await refundOrder(c.var.scope, access.value, c.req.valid('param').number, c.req.valid('json'));
      if (!result.ok) return refused(c, result);
      return c.json(result.value, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/backoffice/credit-notes/{number}',
      summary: 'A credit note',
      description: `The credit note with its negative lines, VAT per rate and the invoice it refers to. ${rolesOf('viewCreditNote')}`,
      params: creditNoteParamsSchema,
      answer: { status: 200, description: 'The credit note.', schema: creditNoteEnvelopeSchema },
    },
    async (c) => {
      const access = await guard(c, 'viewCreditNote');
      if (!access.ok) return refused(c, access);
      const result = await creditNoteFor(c.var.scope, c.req.valid('param').number);
      if (!result.ok) return refused(c, result);
      return c.json({ creditNote: result.value }, 200);
    },
  ),
];

export const backofficeRefundsApi = () => apiRouter(REFUND_ROUTES);

export { CART_MESSAGES, CHECKOUT_MESSAGES, ORDER_MESSAGES } from './domain/messages.ts';
export {
  GUEST_ORDER_MAX_ITEMS,
  GUEST_ORDER_MAX_LINE_QUANTITY,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from './domain/orders.ts';
export { cartTotal } from './domain/cart.ts';
export { DEMO_OUTCOME_LABELS, PAYMENT_METHOD_LABELS, paymentStatusText } from './domain/payments.ts';
export { shopFactContradictions } from './domain/shop-facts.ts';
export { CART_PATH, CHECKOUT_PATH, CONFIRMATION_PATH, isPersonalPath, PAYMENT_PATH } from './domain/shop.ts';
export {
  type CartAction,
  cartActionSchema,
  cartAddBundleSchema,
  cartAddSchema,
  cartEnvelopeSchema,
  cartLineParamsSchema,
  cartQuantitySchema,
  MAX_SET_PRODUCTS,
} from './schemas/cart.ts';
export { checkoutSchema, orderAccessSchema, paymentStartSchema } from './schemas/checkout.ts';
export {
  checkoutRedirectSchema,
  orderCodeQuerySchema,
  orderEnvelopeSchema,
  orderListSchema,
  orderNumberParamsSchema,
  type OrderView,
  paymentWebhookSchema,
} from './schemas/order.ts';

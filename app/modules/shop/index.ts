export { LICENSE_ATTEMPTS, LICENSE_CODE_PARAM, licenseCodeFromQuery } from './domain/license-codes.ts';
export { ORDER_MESSAGES } from './domain/orders.ts';
export { DEMO_OUTCOME_LABELS, PAYMENT_METHOD_LABELS, paymentStatusText } from './domain/payments.ts';
export { QUICKSCAN_PATH } from './domain/quickscan.ts';
export { CART_PATH, CHECKOUT_PATH, CONFIRMATION_PATH, isPersonalPath, PAYMENT_PATH } from './domain/shop.ts';
export {
  type CartAction,
  cartActionSchema,
  cartAddBundleSchema,
  cartAddSchema,
  cartEnvelopeSchema,
  cartLineParamsSchema,
  cartQuantitySchema,
} from './schemas/cart.ts';
export { checkoutSchema, orderAccessSchema, paymentStartSchema } from './schemas/checkout.ts';
export { LICENSE_MESSAGES, licenseCodeSchema, licenseRedeemedSchema, ownedProductsSchema } from './schemas/licenses.ts';
export {
  checkoutRedirectSchema,
  orderCodeQuerySchema,
  orderEnvelopeSchema,
  orderListSchema,
  orderNumberParamsSchema,
  paymentWebhookSchema,
} from './schemas/order.ts';

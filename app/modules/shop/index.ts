export { LICENSE_ATTEMPTS, LICENSE_CODE_PARAM, licenseCodeFromQuery } from './domain/license-codes.ts';
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
export { AddBundleToCartForm, AddSetToCartForm, AddToCartForm } from './ui/add-to-cart-form.tsx';
export { type CartActionData } from './ui/cart-action.ts';
export { notifyCartChanged, useCartCount, useCartSyncAfterSignIn } from './ui/cart-count.ts';
export { CartPage } from './ui/cart-page.tsx';
export { CartTotals } from './ui/cart-summary.tsx';
export { CheckoutForm, type CheckoutFormResult } from './ui/checkout-form.tsx';
export { LazyAddToCartForm, LazyLicenseBlock } from './ui/lazy.ts';
export { Invoice, orderDate, OrderStatusBadge } from './ui/order-parts.tsx';
export { QuickscanAdvice } from './ui/quickscan/quickscan-advice.tsx';
export { QuickscanQuestions } from './ui/quickscan/quickscan-questions.tsx';
export { AddSubjects, LicenseForm, MySubjects, OwnedProducts } from './ui/subjects-and-books.tsx';

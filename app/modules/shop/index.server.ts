export { licenseCodes } from './db/tables.ts';
export {
  addBundleToCart,
  addProductsToCart,
  addToCart,
  CartError,
  type CartResult,
  emptiedCartCookies,
  getCart,
  removeCartItem,
  updateCartItem,
} from './server/cart.server.ts';
export { createDemoPaymentProvider } from './server/demo-payment-provider.server.ts';
export { demoPaymentPage, settleDemoPayment } from './server/demo-payments.server.ts';
export { listOwnedProducts, listOwnedProductsWithLinks, redeemLicense } from './server/licenses.server.ts';
export {
  cancelStaleOrders,
  checkoutPageData,
  findViewableOrder,
  fulfilOrder,
  getMyOrder,
  handlePaymentWebhook,
  listMyOrders,
  OrderError,
  orderView,
  paymentPath,
  placeOrder,
  startPayment,
} from './server/orders.server.ts';
export { getQuickscanPage } from './server/quickscan.server.ts';

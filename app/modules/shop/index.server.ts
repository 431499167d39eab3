export {
  cancelPendingOrder,
  findOrderByNumber,
  findOrderContacts,
  listOrderLines,
  listOrderPayments,
  lockPaidOrder,
  markOrderFulfilled,
  type OrderRow,
} from './db/orders.server.ts';
export {
  countOpenExtraPayments,
  dayOrderFigures,
  findOrderForStaff,
  markExtraPaymentHandled,
  searchOrders,
} from './db/staff-orders.server.ts';
export { orders } from './db/tables.ts';
export {
  addBundleToCart,
  addProductsToCart,
  addToCart,
  type CartAnswer,
  type CartChange,
  emptiedCartCookies,
  getCart,
  removeCartItem,
  updateCartItem,
} from './server/cart.server.ts';
export {
  cancelStaleOrders,
  checkoutPageData,
  findMyOrder,
  findViewableOrder,
  handlePaymentWebhook,
  listOrdersOf,
  orderView,
  paymentPath,
  placeOrder,
  queueOrderConfirmation,
  refundExtraPayment,
  startPayment,
} from './server/orders.server.ts';
export { getProductOffer } from './server/product-offer.server.ts';
export {
  CART_REFUSAL_STATUS,
  type CartRefusal,
  ORDER_REFUSAL_STATUS,
  type OrderRefusal,
} from './server/refusals.server.ts';

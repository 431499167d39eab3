export { AddBundleToCartForm, AddSetToCartForm, AddToCartForm, unavailableLabel } from './ui/add-to-cart-form.tsx';
export { type CartActionData } from './ui/cart-action.ts';
export { notifyCartChanged, useCartCount, useCartSyncAfterSignIn } from './ui/cart-count.ts';
export { CartPage } from './ui/cart-page.tsx';
export { CartTotals } from './ui/cart-summary.tsx';
export { CheckoutForm, type CheckoutFormResult } from './ui/checkout-form.tsx';
export { LazyAddToCartForm } from './ui/lazy.ts';
export { Invoice, orderDate, OrderLinesTable, OrderStatusBadge } from './ui/order-parts.tsx';

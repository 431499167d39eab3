import type { CartView } from '#app/modules/shop/schemas/cart.ts';

/** What the /winkelwagen action answers an enhanced (fetcher) post: the cart, and what was added. */
export type CartActionData =
  | { ok: true; cart: CartView; added: { name: string; count: number } }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

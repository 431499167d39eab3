import { data, redirect } from 'react-router';
import type { Route } from './+types/cart';
import { pageTitle } from '#app/platform/brand.ts';
import { CART_PATH, cartActionSchema, type CartAction } from '#app/modules/shop/index.ts';
import { type CartActionData, CartPage } from '#app/modules/shop/ui.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import { addBundleToCart, addProductsToCart, addToCart, CartError, getCart, removeCartItem, updateCartItem } from '#app/modules/shop/index.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';

const PERSONAL = 'private, no-store';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: pageTitle('Winkelwagen'),
    description: 'Je winkelwagen bij Slaagbundel: stapelkorting tot 15%, gratis verzending vanaf € 35.',
    path: CART_PATH,
    publicUrl: publicUrlOf(matches),
  }),
  { name: 'robots', content: 'noindex' },
];

/** Personal: never stored by a cache; the cart's cookies go along. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': PERSONAL });
  for (const source of [actionHeaders, loaderHeaders]) {
    for (const cookie of source.getSetCookie()) headers.append('Set-Cookie', cookie);
  }
  return headers;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart, setCookies } = await getCart(context.get(scopeContext), request.headers);
  return data({ cart, notice: addedNotice(new URL(request.url).searchParams.get('toegevoegd'), cart) }, {
    headers: cookieHeaders(setCookies),
  });
}

/** After a plain add (no JavaScript): 'X zit in je winkelwagen.', named from the cart itself, never from the URL. */
function addedNotice(added: string | null, cart: { lines: { productId: number; name: string }[] }): string | null {
  if (added === BUNDLE_ADDED) return 'Het voordeelpakket zit in je winkelwagen.';
  if (added === SET_ADDED) return 'De producten van je advies zitten in je winkelwagen.';
  const line = cart.lines.find((l) => String(l.productId) === added);
  return line ? `${line.name} zit in je winkelwagen.` : null;
}

const BUNDLE_ADDED = 'pakket';
const SET_ADDED = 'selectie';

function cookieHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers({ 'Cache-Control': PERSONAL });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

function run(scope: Scope, headers: Headers, action: CartAction) {
  switch (action.intent) {
    case 'add':
      return addToCart(scope, headers, action).then((r) => ({
        ...r,
        added: { name: r.added.name, count: 1, marker: String(r.added.productId) },
      }));
    case 'add-bundle':
      return addBundleToCart(scope, headers, action).then((r) => ({
        ...r,
        added: { name: 'Het voordeelpakket', count: r.addedCount, marker: BUNDLE_ADDED },
      }));
    case 'add-set':
      return addProductsToCart(scope, headers, action.productIds).then((r) => ({
        ...r,
        added: { name: 'Je selectie', count: r.addedCount, marker: SET_ADDED },
      }));
    case 'update':
      return updateCartItem(scope, headers, action).then((r) => ({ ...r, added: null }));
    case 'remove':
      return removeCartItem(scope, headers, action).then((r) => ({ ...r, added: null }));
  }
}

/**
 * One action for the cart, switching on `intent`: add, add-bundle,
 * update, remove. An enhanced button (stay=1) gets the cart back as data;
 * a plain form post goes on to the cart page (post/redirect/get).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const stay = form.get('stay') === '1';
  // Every field once, except the set's product ids (productIds, repeated).
  const parsed = cartActionSchema.safeParse({ ...Object.fromEntries(form), productIds: form.getAll('productIds') });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFromZod(parsed.error);
    const message = Object.values(fieldErrors)[0]?.[0] ?? 'Dat ging niet goed. Probeer het opnieuw.';
    return data<CartActionData>({ ok: false, message, fieldErrors }, { status: 400, headers: cookieHeaders([]) });
  }
  const scope = context.get(scopeContext);
  try {
    const { cart, setCookies, added } = await run(scope, request.headers, parsed.data);
    const headers = cookieHeaders(setCookies);
    if (!stay) {
      const target = added ? `${CART_PATH}?toegevoegd=${added.marker}` : CART_PATH;
      return redirect(target, { status: 303, headers });
    }
    return data<CartActionData>(
      { ok: true, cart, added: { name: added?.name ?? '', count: added?.count ?? 0 } },
      { headers },
    );
  } catch (error) {
    if (error instanceof CartError) {
      return data<CartActionData>(
        { ok: false, message: error.message, ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : {}) },
        { status: error.status, headers: cookieHeaders([]) },
      );
    }
    throw error;
  }
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && !actionData.ok ? actionData.message : null;
  return (
    <section className="container-page py-10 md:py-14">
      <h1 className="text-4xl font-extrabold text-brand-dark md:text-5xl">Winkelwagen</h1>
      {failed ? (
        <p role="alert" className="mt-6 rounded-xl bg-danger/10 p-4 font-semibold text-danger">
          {failed}
        </p>
      ) : null}
      <div className="mt-8">
        <CartPage cart={loaderData.cart} notice={loaderData.notice} />
      </div>
    </section>
  );
}

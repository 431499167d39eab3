import { data, redirect } from 'react-router';
import type { Route } from './+types/cart';
import { pageTitle } from '#app/platform/brand.ts';
import { CART_MESSAGES, CART_PATH, cartActionSchema, type CartAction } from '#app/modules/shop/index.ts';
import { type CartActionData, CartPage } from '#app/modules/shop/ui.ts';
import { scopeContext } from '#app/context.ts';
import { pageMeta, publicUrlOf } from '#app/platform/seo-meta.ts';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import {
  addBundleToCart,
  addProductsToCart,
  addToCart,
  CART_REFUSAL_STATUS,
  type CartAnswer,
  type CartChange,
  getCart,
  removeCartItem,
  updateCartItem,
} from '#app/modules/shop/index.server.ts';
import { ok } from '#app/platform/result.ts';
import { formSchema } from '#app/platform/schemas/form.ts';
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
  if (added === BUNDLE_ADDED) return CART_MESSAGES.BUNDLE_ADDED;
  if (added === SET_ADDED) return CART_MESSAGES.SET_ADDED;
  const line = cart.lines.find((l) => String(l.productId) === added);
  return line ? CART_MESSAGES.PRODUCT_ADDED(line.name) : null;
}

const BUNDLE_ADDED = 'pakket';
const SET_ADDED = 'selectie';

function cookieHeaders(setCookies: readonly string[]): Headers {
  const headers = new Headers({ 'Cache-Control': PERSONAL });
  for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/** What was added, for the answer: its name, how many products, and the marker of the plain post's redirect. */
type Added = { name: string; count: number; marker: string } | null;

async function run(scope: Scope, headers: Headers, action: CartAction): Promise<CartChange<CartAnswer & { added: Added }>> {
  switch (action.intent) {
    case 'add': {
      const r = await addToCart(scope, headers, action);
      if (!r.ok) return r;
      return ok({ ...r.value, added: { name: r.value.added.name, count: 1, marker: String(r.value.added.productId) } });
    }
    case 'add-bundle': {
      const r = await addBundleToCart(scope, headers, action);
      if (!r.ok) return r;
      return ok({ ...r.value, added: { name: 'Het voordeelpakket', count: r.value.addedCount, marker: BUNDLE_ADDED } });
    }
    case 'add-set': {
      const r = await addProductsToCart(scope, headers, action.productIds);
      if (!r.ok) return r;
      return ok({ ...r.value, added: { name: 'Je selectie', count: r.value.addedCount, marker: SET_ADDED } });
    }
    case 'update': {
      const r = await updateCartItem(scope, headers, action);
      return r.ok ? ok({ ...r.value, added: null }) : r;
    }
    case 'remove': {
      const r = await removeCartItem(scope, headers, action);
      return r.ok ? ok({ ...r.value, added: null }) : r;
    }
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
  const parsed = formSchema(cartActionSchema).safeParse({
    ...Object.fromEntries(form),
    productIds: form.getAll('productIds'),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFromZod(parsed.error);
    const message = Object.values(fieldErrors)[0]?.[0] ?? CART_MESSAGES.FAILED;
    return data<CartActionData>({ ok: false, message, fieldErrors }, { status: 400, headers: cookieHeaders([]) });
  }
  const change = await run(context.get(scopeContext), request.headers, parsed.data);
  if (!change.ok) {
    const { message, field } = change;
    return data<CartActionData>(
      { ok: false, message, ...(field ? { fieldErrors: { [field]: [message] } } : {}) },
      { status: CART_REFUSAL_STATUS[change.reason], headers: cookieHeaders([]) },
    );
  }
  const { cart, setCookies, added } = change.value;
  const headers = cookieHeaders(setCookies);
  if (!stay) {
    const target = added ? `${CART_PATH}?toegevoegd=${added.marker}` : CART_PATH;
    return redirect(target, { status: 303, headers });
  }
  return data<CartActionData>({ ok: true, cart, added: { name: added?.name ?? '', count: added?.count ?? 0 } }, { headers });
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

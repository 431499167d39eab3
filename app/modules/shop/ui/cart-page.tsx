import { useEffect, useId } from 'react';
import { useFetcher, useFetchers } from 'react-router';
import { MAX_LINE_QUANTITY } from '#app/modules/shop/domain/cart.ts';
import { levelLabel } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { productTypeLabel } from '#app/modules/catalog/index.ts';
import { notifyCartChanged } from '#app/modules/shop/ui/cart-count.ts';
import type { CartLineView, CartView } from '#app/modules/shop/schemas/cart.ts';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ButtonLink } from '#app/ui/primitives/button.tsx';
import { CartTotals, DiscountProgress } from './cart-summary.tsx';
import { optimisticCart, type PendingChange } from './optimistic.ts';

const money = (cents: number) => formatMoney(cents, { full: true });

/** Changes to the cart still on their way (the lines' fetchers), for the optimistic view. */
function usePendingChanges(): PendingChange[] {
  return useFetchers().flatMap((f): PendingChange[] => {
    const form = f.formData;
    if (!form || f.formAction !== '/winkelwagen') return [];
    const productId = Number(form.get('productId'));
    const intent = form.get('intent');
    if (intent === 'remove') return [{ productId, quantity: 0 }];
    if (intent === 'update') return [{ productId, quantity: Number(form.get('quantity')) }];
    return [];
  });
}

function CartLine({ line }: { line: CartLineView }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>({ key: `line-${line.productId}` });
  const quantityId = useId();
  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data) notifyCartChanged();
  }, [fetcher.state, fetcher.data]);
  const options = Array.from({ length: Math.max(line.maxQuantity, line.quantity, 1) }, (_, i) => i + 1).filter(
    (n) => n <= MAX_LINE_QUANTITY,
  );
  return (
    <li
      className="grid grid-cols-[4.5rem_1fr] gap-4 border-b border-ink/10 py-5 sm:grid-cols-[5.5rem_1fr_auto]"
      data-testid="cart-line"
    >
      <img
        src={line.image}
        alt=""
        width={88}
        height={117}
        className="aspect-[3/4] w-full rounded-lg bg-surface object-cover"
      />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-brand-dark uppercase">
          {productTypeLabel(line.productType)} · {levelLabel(line.level)}
        </p>
        <h2 className="font-bold">
          <AppLink to={line.href} className="hover:underline">
            {line.name}
          </AppLink>
        </h2>
        <p className="text-sm text-ink-soft">{money(line.unitPriceCents)} per stuk</p>
        {line.stockNote ? <p className="mt-1 text-sm font-semibold text-danger">{line.stockNote}</p> : null}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <fetcher.Form method="post" action="/winkelwagen" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="stay" value="1" />
            <label htmlFor={quantityId} className="text-sm font-semibold">
              Aantal
              <select
                id={quantityId}
                name="quantity"
                value={line.quantity}
                onChange={(e) => fetcher.submit(e.currentTarget.form)}
                className="mt-1 block min-h-11 rounded-lg border-2 border-ink/20 bg-white px-3"
              >
                {options.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            {/* Without JavaScript the change is sent with this button. */}
            <noscript>
              <button type="submit" className="btn btn-tertiary btn-small">
                Bijwerken
              </button>
            </noscript>
          </fetcher.Form>
          <fetcher.Form method="post" action="/winkelwagen">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={line.productId} />
            <input type="hidden" name="stay" value="1" />
            <button
              type="submit"
              className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-dark underline underline-offset-4 hover:text-ink"
            >
              Verwijderen<span className="sr-only"> {line.name}</span>
            </button>
          </fetcher.Form>
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <div className="col-start-2 text-left sm:col-start-3 sm:text-right">
        {line.discountCents > 0 ? (
          <p className="text-sm text-ink-soft line-through" aria-hidden="true">
            {money(line.lineTotalCents)}
          </p>
        ) : null}
        <p className="text-lg font-bold" data-testid="line-total">
          {money(line.priceNetCents)}
          {line.discountCents > 0 ? <span className="sr-only"> na {line.discountPercentage}% korting</span> : null}
        </p>
      </div>
    </li>
  );
}

/** The cart page's body: lines with quantity and removal (optimistic), the discount tiers and the totals. */
export function CartPage({ cart: serverCart, notice }: { cart: CartView; notice?: string | null | undefined }) {
  const cart = optimisticCart(serverCart, usePendingChanges());
  if (cart.lines.length === 0) {
    return (
      <div className="mx-auto max-w-xl rounded-3xl bg-surface p-8 text-center">
        <p className="text-xl font-bold">Je winkelwagen is leeg.</p>
        <p className="mt-2 text-ink-soft">
          Kies een examenbundel, samenvatting of examenidioom. Met 2 producten krijg je al 5% stapelkorting.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/producten">Bekijk alle producten</ButtonLink>
          <ButtonLink to="/producten/voordeelpakketten" variant="secondary">
            Voordeelpakketten
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div>
        {notice ? (
          <p role="status" className="mb-4 rounded-xl bg-success/10 p-4 font-semibold text-success">
            {notice}
          </p>
        ) : null}
        <ul aria-label="Producten in je winkelwagen">
          {cart.lines.map((line) => (
            <CartLine key={line.productId} line={line} />
          ))}
        </ul>
        <p className="mt-4">
          <AppLink to="/producten" className="font-semibold text-brand-dark underline underline-offset-4">
            Verder winkelen
          </AppLink>
        </p>
      </div>
      <aside aria-label="Overzicht" className="flex h-fit flex-col gap-5 lg:sticky lg:top-28">
        <DiscountProgress cart={cart} />
        <div className="rounded-2xl bg-white p-5 shadow-md ring-1 ring-ink/10">
          <CartTotals cart={cart} />
          {cart.fullyOrderable ? (
            <ButtonLink to="/afrekenen" className="mt-5 w-full">
              Verder naar afrekenen
            </ButtonLink>
          ) : (
            <p role="status" className="mt-5 rounded-xl bg-danger/10 p-3 text-sm font-semibold text-danger">
              Niet alle producten zijn te bestellen. Verwijder ze of pas het aantal aan om af te rekenen.
            </p>
          )}
          <ul className="mt-4 space-y-1 text-sm text-ink-soft">
            <li>Veilig betalen met iDEAL, Bancontact, creditcard of PayPal</li>
            <li>Op werkdagen voor 22:00 besteld, de volgende dag in huis (PostNL)</li>
            <li>14 dagen bedenktijd</li>
          </ul>
        </div>
      </aside>
    </div>
  );
}

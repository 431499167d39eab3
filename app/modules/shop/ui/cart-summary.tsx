import { DISCOUNT_TIERS, formatMoney } from '#app/platform/sales.ts';
import { SHIPPING_LABEL } from '#app/modules/shop/domain/cart.ts';
import type { CartView } from '#app/modules/shop/schemas/cart.ts';

const money = (cents: number) => formatMoney(cents, { full: true });

/** The cart's totals (cart page and checkout): subtotal, stacking discount, shipping, total and the VAT in it. */
export function CartTotals({ cart }: { cart: CartView }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2" data-testid="cart-totals">
      <dt>Subtotaal ({cart.itemCount === 1 ? '1 product' : `${cart.itemCount} producten`})</dt>
      <dd className="text-right" data-testid="subtotal">
        {money(cart.subtotalCents)}
      </dd>
      {/* No line for a discount there is not (one product): the discount progress tells how to get one. */}
      {cart.discountNetCents > 0 ? (
        <>
          <dt>Stapelkorting ({cart.discountPercentage}%)</dt>
          <dd className="text-right font-semibold text-success" data-testid="discount">
            − {money(cart.discountNetCents)}
          </dd>
        </>
      ) : null}
      <dt>
        Verzendkosten <span className="text-sm text-ink-soft">({SHIPPING_LABEL})</span>
      </dt>
      <dd className="text-right" data-testid="shipping">
        {cart.shippingCents === 0 ? 'Gratis' : money(cart.shippingCents)}
      </dd>
      <dt className="border-t border-ink/15 pt-2 text-lg font-bold">Totaal</dt>
      <dd className="border-t border-ink/15 pt-2 text-right text-lg font-bold" data-testid="grand-total">
        {money(cart.grandTotalCents)}
      </dd>
      <dt className="text-sm text-ink-soft">Waarvan 9% btw</dt>
      <dd className="text-right text-sm text-ink-soft" data-testid="vat">
        {money(cart.vatCents)}
      </dd>
    </dl>
  );
}

/** The stacking-discount tiers with the cart's place on them, and the hint for the next one. */
export function DiscountProgress({ cart }: { cart: CartView }) {
  return (
    <section aria-labelledby="discount-progress" className="rounded-2xl bg-surface p-5">
      <h2 id="discount-progress" className="font-bold">
        Stapelkorting
      </h2>
      <ol className="mt-3 grid grid-cols-3 gap-2 text-center text-sm">
        {DISCOUNT_TIERS.map((tier, i) => {
          const reached = cart.itemCount >= tier.minQuantity;
          const last = i === DISCOUNT_TIERS.length - 1;
          return (
            <li
              key={tier.minQuantity}
              className={`rounded-xl border-2 px-2 py-2 ${reached ? 'border-success bg-white font-bold text-success' : 'border-ink/15'}`}
            >
              <span className="block text-lg">{tier.percent}%</span>
              {last ? `${tier.minQuantity}+ producten` : `${tier.minQuantity} producten`}
              {reached ? <span className="sr-only"> (bereikt)</span> : null}
            </li>
          );
        })}
      </ol>
      <p className="mt-3 font-semibold" aria-live="polite" data-testid="next-tier">
        {cart.nextTierText ?? 'Je krijgt de hoogste stapelkorting: 15%.'}
      </p>
      {cart.missingForFreeShippingCents > 0 ? (
        <p className="mt-1 text-sm text-ink-soft">
          Nog {formatMoney(cart.missingForFreeShippingCents, { full: true })} tot gratis verzending.
        </p>
      ) : cart.itemCount > 0 ? (
        <p className="mt-1 text-sm text-success">Je bestelling wordt gratis verzonden.</p>
      ) : null}
    </section>
  );
}

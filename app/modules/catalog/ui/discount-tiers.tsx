import { DISCOUNT_TIERS, applyDiscount, formatMoney } from '#app/platform/sales.ts';

const EXAMPLE_PRICE_CENTS = 2495;

/** The stacking discount of spec §1/§9 with a worked example. */
export function DiscountTiers() {
  const example = applyDiscount(EXAMPLE_PRICE_CENTS * 3, 3);
  return (
    <section aria-labelledby="discount-title" className="rounded-3xl bg-ink p-6 text-white md:p-10">
      <h2 id="discount-title" className="text-3xl font-extrabold">
        Hoe meer vakken, hoe meer korting
      </h2>
      <p className="mt-2 max-w-2xl text-white/85">
        De korting telt vanzelf op in je winkelwagen. Handig als je voor meerdere vakken tegelijk wilt oefenen.
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {DISCOUNT_TIERS.map((tier, i) => (
          <li key={tier.minQuantity} className="rounded-2xl bg-white/10 p-5">
            <p className="font-display text-5xl font-extrabold text-accent">{tier.percent}%</p>
            <p className="mt-1 text-lg font-semibold">
              {i === DISCOUNT_TIERS.length - 1
                ? `bij ${tier.minQuantity} of meer producten`
                : `bij ${tier.minQuantity} producten`}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-white/85">
        Voorbeeld: 3 examenbundels van {formatMoney(EXAMPLE_PRICE_CENTS)} kosten samen{' '}
        {formatMoney(EXAMPLE_PRICE_CENTS * 3)}. Met 10% korting betaal je{' '}
        <strong className="text-white">{formatMoney(example.totalCents)}</strong> en bespaar je{' '}
        {formatMoney(example.discountCents)}.
      </p>
    </section>
  );
}

import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { buttonClass, ButtonLink } from '#app/ui/primitives/button.tsx';
import { LEVEL_LABELS } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/sales.ts';
import { ProductCard } from '#app/modules/catalog/ui.ts';
import { DIFFICULTY_LABELS, discountText } from '#app/modules/quickscan/domain/quickscan.ts';
import { cartTotal } from '#app/modules/shop/index.ts';
import type { QuickscanAdviceItem, QuickscanAdviceView } from '#app/modules/quickscan/schemas/quickscan-views.ts';

const money = (cents: number) => formatMoney(cents, { full: true });

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="mt-0.5 shrink-0 text-brand-dark"
    >
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}

function AdviceProduct({
  item,
  chosen,
  onChoose,
}: {
  item: QuickscanAdviceItem;
  /** Whether the product is in the package; null before hydration (then the button adds them all). */
  chosen: boolean | null;
  onChoose: (chosen: boolean) => void;
}) {
  const { product } = item;
  return (
    <ProductCard
      product={product}
      variant="advice"
      context={item.subjectName}
      reason={item.reason}
      action={
        chosen === null ? null : (
          // Above the card's stretched link, so the box gets the click.
          <label className="relative z-10 mt-1 flex w-fit cursor-pointer items-center gap-2 font-semibold">
            <input
              type="checkbox"
              checked={chosen}
              onChange={(event) => onChoose(event.target.checked)}
              aria-label={`${product.name} in mijn pakket`}
              className="h-5 w-5 accent-brand-dark"
            />
            In mijn pakket
          </label>
        )
      }
    />
  );
}

/** The totals of the products the pupil keeps: the server's for the whole advice, priced here for a part of it. */
function packageTotals(advice: QuickscanAdviceView, chosenIds: readonly number[]) {
  if (chosenIds.length === advice.productIds.length) return advice;
  const pricing = cartTotal(
    advice.items
      .filter((item) => chosenIds.includes(item.product.id))
      .map((item) => ({
        productId: item.product.id,
        quantity: 1,
        unitPriceCents: item.product.priceCents,
        isOrderable: item.product.isOrderable,
        inventory: { totalQuantity: item.product.inStock ? 1 : 0 },
      })),
  );
  return {
    itemCount: pricing.itemCount,
    subtotalCents: pricing.subtotalCents,
    discountPercentage: pricing.discountPercentage,
    discountCents: pricing.discountNetCents,
    totalCents: pricing.totalCents,
    discountText: discountText(pricing),
    nextTierText: pricing.itemCount > 0 ? pricing.nextTierText : null,
  };
}

/** The package's totals, its stacking discount and the one button that adds what is chosen (`addToCart`). */
function AdviceTotals({ advice, addToCart }: { advice: ReturnType<typeof packageTotals>; addToCart: ReactNode }) {
  const count = advice.itemCount === 1 ? '1 product' : `${advice.itemCount} producten`;
  return (
    <aside
      aria-labelledby="quickscan-totals-title"
      id="quickscan-totals"
      className="scroll-mt-28 rounded-3xl bg-white p-6 shadow-lg ring-2 ring-brand lg:sticky lg:top-28"
    >
      <h3 id="quickscan-totals-title" className="text-xl font-extrabold">
        Jouw pakket
      </h3>
      <dl className="mt-4 grid gap-2">
        <div className="flex justify-between gap-4">
          <dt>Subtotaal ({count})</dt>
          <dd>{money(advice.subtotalCents)}</dd>
        </div>
        {advice.discountCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>Stapelkorting ({advice.discountPercentage}%)</dt>
            <dd className="font-semibold text-success">− {money(advice.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-ink/15 pt-2 text-lg font-bold">
          <dt>Totaal</dt>
          <dd>{money(advice.totalCents)}</dd>
        </div>
      </dl>
      {advice.discountText ? (
        <p className="mt-4 rounded-xl bg-success-soft p-3 font-semibold text-success">{advice.discountText}</p>
      ) : null}
      <div className="mt-5">{addToCart}</div>
      <p className="mt-3 text-sm text-ink-soft">
        {advice.discountPercentage > 0 && advice.nextTierText ? `${advice.nextTierText}. ` : ''}
        Prijzen inclusief 9% btw. De verzendkosten zie je in je winkelwagen.
      </p>
    </aside>
  );
}

/**
 * The quick scan's advice: the recommended products with
 * their reasons and prices, the set's subtotal, stacking discount and total,
 * the button that adds them all (passed in: the cart's feature), tips for what
 * is hard and what could not be recommended. Without products it says so and
 * points to all products.
 */
export function QuickscanAdvice({
  advice,
  addToCart,
  headingRef,
}: {
  advice: QuickscanAdviceView;
  /** The form that adds these products to the cart, with its label. */
  addToCart: (productIds: readonly number[], label: string) => ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const empty = advice.items.length === 0;
  // Every product starts in the package; the pupil takes out what they don't want (with JavaScript:
  // without it the boxes are not shown and the button adds the whole advice).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The products taken out (the component is keyed by the answers, so new answers start full again).
  const [left, setLeft] = useState<readonly number[]>([]);
  const chosenIds = advice.productIds.filter((id) => !left.includes(id));
  const totals = packageTotals(advice, chosenIds);
  const all = chosenIds.length === advice.productIds.length;
  const button =
    chosenIds.length === 0 ? (
      <p className="font-semibold">Zet een vinkje bij wat je wilt bestellen.</p>
    ) : (
      addToCart(
        chosenIds,
        all
          ? 'Alles in winkelwagen'
          : `${chosenIds.length === 1 ? '1 product' : `${chosenIds.length} producten`} in winkelwagen`,
      )
    );
  return (
    <section aria-labelledby="quickscan-advice" className="container-page py-10 md:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2
            id="quickscan-advice"
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-28 text-3xl font-extrabold focus:outline-none md:text-4xl"
          >
            Jouw advies
          </h2>
          <p className="mt-2 text-lg text-ink-soft">
            {LEVEL_LABELS[advice.level]} · examen in {advice.examYear} · {advice.subjectNames.join(', ')}
          </p>
        </div>
        <a href="#vragen" className="font-semibold text-brand-dark underline underline-offset-4">
          Antwoorden aanpassen
        </a>
      </div>

      <p className="mt-6 flex max-w-3xl items-start gap-3 rounded-2xl bg-brand-soft p-4 text-lg">
        <CalendarIcon />
        <span>{advice.countdownText}</span>
      </p>

      {empty ? null : (
        <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-success-soft p-4 lg:hidden">
          <span className="font-semibold text-success">{totals.discountText}</span>
          <a href="#quickscan-totals" className="font-semibold text-brand-dark underline underline-offset-4">
            Naar je pakket
          </a>
        </p>
      )}

      {empty ? (
        <div className="mt-8 max-w-3xl rounded-3xl bg-surface p-6 md:p-8">
          <h3 className="text-xl font-extrabold">We kunnen je nu helaas niets aanraden</h3>
          <p className="mt-2">
            Voor deze vakken hebben we op {LEVEL_LABELS[advice.level]} op dit moment geen product dat je kunt bestellen.
            Kies andere vakken, of kijk wat er wel is.
          </p>
          {advice.notes.length > 0 ? (
            <ul className="mt-4 list-disc space-y-1 pl-5">
              {advice.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/producten">Bekijk alle producten</ButtonLink>
            <a href="#vragen" className={buttonClass('tertiary')}>
              Kies andere vakken
            </a>
          </div>
        </div>
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div>
            <h3 className="sr-only">Aangeraden producten</h3>
            <ul className="grid gap-4">
              {advice.items.map((item) => (
                <li key={item.product.id}>
                  <AdviceProduct
                    item={item}
                    chosen={hydrated ? chosenIds.includes(item.product.id) : null}
                    onChoose={(chosen) =>
                      setLeft((list) =>
                        chosen ? list.filter((id) => id !== item.product.id) : [...list, item.product.id],
                      )
                    }
                  />
                </li>
              ))}
            </ul>
            {advice.notes.length > 0 ? (
              <div className="mt-6 rounded-2xl bg-surface p-5">
                <h3 className="font-bold">Goed om te weten</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  {advice.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
                <p className="mt-2">
                  Kijk ook bij{' '}
                  <AppLink to="/producten" className="font-semibold text-brand-dark underline underline-offset-4">
                    alle producten
                  </AppLink>
                  .
                </p>
              </div>
            ) : null}
          </div>
          <AdviceTotals advice={totals} addToCart={button} />
        </div>
      )}

      {advice.tips.length > 0 ? (
        <section aria-labelledby="quickscan-tips" className="mt-10 rounded-3xl bg-ink p-6 text-white md:p-8">
          <h3 id="quickscan-tips" className="text-2xl font-extrabold">
            Tips voor wat je lastig vindt
          </h3>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {advice.tips.map((tip) => (
              <li key={tip.difficulty} className="rounded-2xl bg-white/10 p-4">
                <p className="font-bold text-accent">{DIFFICULTY_LABELS[tip.difficulty]}</p>
                <p className="mt-1 text-white/90">{tip.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

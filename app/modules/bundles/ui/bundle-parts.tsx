import type { ReactNode } from 'react';
import { bundleSavingText } from '#app/modules/bundles/domain/bundles.ts';
import type { BundleSummary } from '#app/modules/bundles/schemas/bundles.ts';
import type { ProductCardData } from '#app/modules/catalog/index.ts';
import { CARD_FRAME, CardLink, Eyebrow } from '#app/modules/catalog/ui.ts';
import { levelLabel, themeClass, themeForLevel } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/sales.ts';

/** Tilts of 1–4 fanned-out covers (literal classes, so Tailwind finds them). */
const TILTS: Record<number, readonly string[]> = {
  1: ['rotate-0'],
  2: ['-rotate-3', 'rotate-3'],
  3: ['-rotate-4', 'rotate-0', 'rotate-4'],
  4: ['-rotate-6', '-rotate-2', 'rotate-2', 'rotate-6'],
};

/** The covers of a bundle's products, fanned out like books on a table. */
export function BundleCovers({ products, size = 'small' }: { products: ProductCardData[]; size?: 'small' | 'large' }) {
  const shown = products.slice(0, 4);
  // Four covers fan out on the same width as three.
  const width =
    size === 'large' ? (shown.length > 3 ? 'w-24 sm:w-32' : 'w-28 sm:w-36') : shown.length > 3 ? 'w-20' : 'w-24';
  return (
    <div aria-hidden="true" className="flex items-end justify-center">
      {shown.map((product, i) => (
        <img
          key={product.id}
          src={product.image}
          alt=""
          width={300}
          height={400}
          loading="lazy"
          className={`${width} ${TILTS[shown.length]?.[i] ?? ''} h-auto rounded-lg shadow-lg ring-2 ring-white ${i > 0 ? '-ml-8' : ''}`}
        />
      ))}
    </div>
  );
}

/** A bundle's price: the products' total struck through, the bundle price and the saving. */
export function BundlePriceLines({
  price,
  large = false,
}: {
  price: { normalCents: number; discountPercent: number; discountCents: number; priceCents: number };
  large?: boolean;
}) {
  const saving = bundleSavingText(price);
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className={`${large ? 'text-4xl' : 'text-3xl'} font-extrabold`}>{formatMoney(price.priceCents)}</span>
        {price.discountCents > 0 ? (
          <span className="text-ink-soft">
            <span className="sr-only">in plaats van </span>
            <del>{formatMoney(price.normalCents)}</del>
          </span>
        ) : null}
      </p>
      {saving ? (
        <p className="mt-2 inline-block rounded-full bg-accent px-3 py-1 text-sm font-bold text-ink">{saving}</p>
      ) : null}
    </div>
  );
}

/**
 * A bundle in the list of bundles: its fanned-out covers, 'Voordeelpakket ·
 * level · n producten', the name linking to its page, its products, its price
 * and whether all of it can be ordered, in the colour of its level and the
 * product card's frame; `action` (add the bundle to the cart) sits above the
 * card's link.
 */
export function BundleCard({
  bundle,
  action,
}: {
  bundle: Omit<BundleSummary, 'products' | 'slug' | 'description'> & { products: ProductCardData[] };
  action: ReactNode;
}) {
  return (
    <article
      className={`${themeClass(themeForLevel(bundle.level))} ${CARD_FRAME} flex h-full flex-col overflow-hidden sm:flex-row`}
    >
      <div className="flex items-center justify-center bg-brand-soft px-6 py-8 sm:w-2/5">
        <BundleCovers products={bundle.products} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-6">
        <Eyebrow>
          Voordeelpakket · {levelLabel(bundle.level)} · {bundle.products.length} producten
        </Eyebrow>
        <h2 className="text-xl leading-snug font-bold">
          <CardLink to={bundle.href} underline>
            {bundle.name}
          </CardLink>
        </h2>
        <ul className="text-sm text-ink-soft">
          {bundle.products.map((product) => (
            <li key={product.id}>{product.name}</li>
          ))}
        </ul>
        <div className="mt-auto pt-3">
          <BundlePriceLines price={bundle} />
          <p className={`mt-3 text-sm font-semibold ${bundle.fullyOrderable ? 'text-success' : 'text-danger'}`}>
            {bundle.fullyOrderable ? 'Alle producten op voorraad' : 'Niet alle producten zijn nu te bestellen'}
          </p>
          <div className="mt-3">{action}</div>
        </div>
      </div>
    </article>
  );
}

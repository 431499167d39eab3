import { bundleSavingText } from '#app/modules/catalog/domain/bundles.ts';
import { formatMoney } from '#app/platform/money.ts';
import type { ProductCardData } from '#app/modules/catalog/schemas/views.ts';

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

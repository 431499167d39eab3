import type { ReactNode } from 'react';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { levelLabel, themeClass, themeForLevel } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/money.ts';
import { productTypeLabel } from '#app/modules/catalog/domain/products.ts';
import type { ProductCardData } from '#app/modules/catalog/schemas/views.ts';
import { stockLabel } from './product-card.tsx';

/**
 * A product in the shop's lists: cover, type · level, name (the link to its
 * page), stock state and price, in the colour of its level. A row on phones,
 * a tile from md up. `action` (an add-to-cart form) sits above the card's
 * link, so both can be used.
 */
export function CatalogCard({
  product,
  headingLevel = 2,
  action,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  action?: ReactNode;
}) {
  const stock = stockLabel(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`${themeClass(themeForLevel(product.level))} relative flex h-full gap-4 rounded-3xl bg-white p-4 shadow-md ring-1 ring-ink/10 transition-shadow duration-(--duration-transition) hover:shadow-xl md:flex-col md:gap-0 md:overflow-hidden md:p-0`}
    >
      <div className="shrink-0 md:flex md:justify-center md:bg-brand-soft md:px-6 md:py-6">
        <img
          src={product.image}
          alt=""
          width={300}
          height={400}
          loading="lazy"
          className="h-32 w-24 rounded-lg bg-surface object-cover shadow-md md:h-52 md:w-39"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 md:p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-dark uppercase sm:text-sm">
          {productTypeLabel(product.productType)} · {levelLabel(product.level)}
        </p>
        <Heading className="text-lg leading-snug font-bold">
          <AppLink
            to={product.href}
            className="after:absolute after:inset-0 after:rounded-3xl hover:underline focus-visible:outline-3 focus-visible:outline-focus"
          >
            {product.name}
          </AppLink>
        </Heading>
        <p className={`text-sm font-semibold ${stock.tone}`}>{stock.text}</p>
        <p className="mt-auto pt-1 text-2xl font-extrabold">{formatMoney(product.priceCents)}</p>
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </article>
  );
}

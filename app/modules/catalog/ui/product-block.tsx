import type { ReactNode } from 'react';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ArrowRightIcon } from '#app/ui/primitives/icons.tsx';
import { levelLabel } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/money.ts';
import { productTypeLabel } from '#app/modules/catalog/domain/products.ts';
import type { ProductCardData } from '#app/modules/catalog/schemas/views.ts';
import { stockLabel } from './product-card.tsx';

/**
 * A product embedded in an article (an editor's `[[product: SKU]]`,
 * `[[inkijkexemplaar: SKU]]` or `[[in-winkelwagen: SKU]]` block): cover, name,
 * stock and price in a band across the text column. The preview variant leads
 * to the product's preview copy (inkijkexemplaar); `children` is an action
 * under the price (the add-to-cart button), above the band's link.
 */
export default function ProductBlock({
  product,
  preview = false,
  children,
}: {
  product: ProductCardData & { hasPreview: boolean };
  preview?: boolean;
  children?: ReactNode;
}) {
  const stock = stockLabel(product);
  const showPreview = preview && product.hasPreview;
  return (
    <aside
      aria-label={showPreview ? `Inkijkexemplaar: ${product.name}` : `Product: ${product.name}`}
      className="relative my-8 flex gap-5 rounded-3xl bg-brand-soft p-4 ring-1 ring-brand/20 sm:p-6"
    >
      <img
        src={product.image}
        alt=""
        width={96}
        height={128}
        loading="lazy"
        className="h-32 w-24 shrink-0 rounded-xl bg-white object-cover shadow"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">
          {productTypeLabel(product.productType)} · {levelLabel(product.level)}
        </p>
        <p className="text-lg leading-snug font-bold">
          <AppLink
            to={showPreview ? `${product.href}#inkijkexemplaar` : product.href}
            className="after:absolute after:inset-0 after:rounded-3xl focus-visible:outline-3 focus-visible:outline-focus"
          >
            {product.name}
          </AppLink>
        </p>
        <p className={`text-sm font-semibold ${stock.tone}`}>{stock.text}</p>
        <p className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <span className="text-xl font-extrabold">{formatMoney(product.priceCents)}</span>
          <span aria-hidden="true" className="inline-flex items-center gap-1 font-semibold text-brand-dark">
            {showPreview ? 'Blader door het inkijkexemplaar' : 'Bekijk de bundel'} <ArrowRightIcon />
          </span>
        </p>
        {children ? <div className="mt-2 sm:max-w-xs">{children}</div> : null}
      </div>
    </aside>
  );
}

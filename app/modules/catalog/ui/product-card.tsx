import type { ReactNode } from 'react';
import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { ArrowRightIcon, CheckIcon } from '#app/ui/primitives/icons.tsx';
import { levelLabel, themeClass, themeForLevel } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/sales.ts';
import {
  isQuoteProduct,
  PRICE_ON_QUOTE,
  productTypeLabel,
  STOCK_LABELS,
} from '#app/modules/catalog/domain/products.ts';
import type { ProductCardData } from '#app/modules/catalog/schemas/views.ts';

export function stockLabel(p: ProductCardData): { text: string; tone: string } {
  if (isQuoteProduct(p.productType)) return { text: STOCK_LABELS['on-quote'], tone: 'text-ink-soft' };
  if (p.isOrderable !== 'Y') return { text: 'Niet meer te bestellen', tone: 'text-ink-soft' };
  if (!p.inStock) return { text: 'Tijdelijk uitverkocht', tone: 'text-danger' };
  return { text: 'Op voorraad, morgen in huis', tone: 'text-success' };
}

/** The card's frame: white, rounded, a shadow that grows on hover (a bundle's card has it too). */
export const CARD_FRAME =
  'relative rounded-3xl bg-white shadow-md ring-1 ring-ink/10 transition-shadow duration-(--duration-transition) hover:shadow-xl';

/** The line above a name: 'Examenbundel · havo', 'Voordeelpakket · vwo · 4 producten'. */
export function Eyebrow({ children, small = false }: { children: ReactNode; small?: boolean }) {
  return (
    <p
      className={`${small ? 'text-xs' : 'text-sm'} font-semibold tracking-wide text-brand-dark uppercase${small ? ' sm:text-sm' : ''}`}
    >
      {children}
    </p>
  );
}

/**
 * The name's link, stretched over the whole card (its ::after covers the
 * card), so the card is one link for a pointer and one link for a screen
 * reader; an action inside the card sits above it.
 */
export function CardLink({
  to,
  children,
  underline = false,
}: {
  to: string;
  children: ReactNode;
  underline?: boolean;
}) {
  return (
    <AppLink
      to={to}
      className={`after:absolute after:inset-0 after:rounded-3xl ${underline ? 'hover:underline ' : ''}focus-visible:outline-3 focus-visible:outline-focus`}
    >
      {children}
    </AppLink>
  );
}

/**
 * Where a product card is shown:
 * - 'tile': a tile with the cover across its top (the home page's featured products, an article's products);
 * - 'listing': in the colour of the product's level, a row on phones and a tile from md up (the product list,
 *   a product page's related products, a bundle's contents), with an action (add to cart) under the price;
 * - 'advice': a row with a reason under the name and an action (the quick scan's advice, its check box);
 * - 'band': a band across an article's text column, leading to the product or its preview copy, with an action
 *   (add to cart) under the price.
 */
export type ProductCardVariant = 'tile' | 'listing' | 'advice' | 'band';

const LOOKS = {
  tile: {
    frame: 'flex flex-col overflow-hidden',
    cover: { box: null, width: 300, height: 400, className: 'aspect-[3/4] w-full bg-surface object-cover' },
    body: 'flex flex-1 flex-col gap-2 p-5',
    smallEyebrow: false,
    price: 'mt-auto pt-2 text-2xl font-extrabold',
    action: 'mt-2',
  },
  listing: {
    frame: 'flex h-full gap-4 p-4 md:flex-col md:gap-0 md:overflow-hidden md:p-0',
    cover: {
      box: 'shrink-0 md:flex md:justify-center md:bg-brand-soft md:px-6 md:py-6',
      width: 300,
      height: 400,
      className: 'h-32 w-24 rounded-lg bg-surface object-cover shadow-md md:h-52 md:w-39',
    },
    body: 'flex min-w-0 flex-1 flex-col gap-1.5 md:p-5',
    smallEyebrow: true,
    price: 'mt-auto pt-1 text-2xl font-extrabold',
    action: 'mt-2',
  },
  advice: {
    frame: 'flex gap-4 p-4 sm:p-5',
    cover: {
      box: null,
      width: 300,
      height: 400,
      className: 'aspect-[3/4] w-20 shrink-0 self-start rounded-xl bg-surface object-cover sm:w-24',
    },
    body: 'flex min-w-0 flex-1 flex-col gap-1',
    smallEyebrow: true,
    price: 'text-xl font-extrabold',
    // The action (the check box) places itself.
    action: null,
  },
  band: {
    frame: 'relative my-8 flex gap-5 rounded-3xl bg-brand-soft p-4 ring-1 ring-brand/20 sm:p-6',
    cover: {
      box: null,
      width: 96,
      height: 128,
      className: 'h-32 w-24 shrink-0 rounded-xl bg-white object-cover shadow',
    },
    body: 'flex min-w-0 flex-1 flex-col gap-1',
    smallEyebrow: false,
    price: 'text-xl font-extrabold',
    action: 'mt-2 sm:max-w-xs',
  },
} as const;

/**
 * A product as the shop shows it in a list: cover, type · level (or
 * `context`), the name linking to its page, the stock state and the price;
 * `reason` (why it is advised) under the name, `action` (an add-to-cart form,
 * a check box) under the price, above the card's link. `variant` chooses the
 * place's look (ProductCardVariant).
 */
export function ProductCard({
  product,
  variant = 'tile',
  headingLevel = variant === 'listing' ? 2 : 3,
  context = levelLabel(product.level),
  reason,
  preview = false,
  action,
}: {
  product: ProductCardData;
  variant?: ProductCardVariant;
  /** The name's heading level; a band's name is no heading (it sits inside an article's text). */
  headingLevel?: 2 | 3;
  /** What the line above the name says after the product type: the level unless given. */
  context?: string;
  /** Why this product (the quick scan's advice), with a check mark. */
  reason?: string;
  /** A band that leads to the product's preview copy (inkijkexemplaar) instead of its page. */
  preview?: boolean;
  action?: ReactNode;
}) {
  const look = LOOKS[variant];
  const stock = stockLabel(product);
  const Name = variant === 'band' ? 'p' : headingLevel === 2 ? 'h2' : 'h3';
  const cover = (
    <img
      src={product.image}
      alt=""
      width={look.cover.width}
      height={look.cover.height}
      loading="lazy"
      className={look.cover.className}
    />
  );
  const stockLine = <p className={`text-sm font-semibold ${stock.tone}`}>{stock.text}</p>;
  // A class licence has no price in the shop: schools get a quote.
  const price = isQuoteProduct(product.productType) ? PRICE_ON_QUOTE : formatMoney(product.priceCents);
  const body = (
    <div className={look.body}>
      <Eyebrow small={look.smallEyebrow}>
        {productTypeLabel(product.productType)} · {context}
      </Eyebrow>
      <Name className="text-lg leading-snug font-bold">
        <CardLink to={preview ? `${product.href}#inkijkexemplaar` : product.href} underline={variant === 'listing'}>
          {product.name}
        </CardLink>
      </Name>
      {reason ? (
        <p className="flex items-start gap-2 text-ink-soft">
          <CheckIcon width={20} height={20} className="mt-0.5 shrink-0 text-success" />
          <span>{reason}</span>
        </p>
      ) : null}
      {variant === 'advice' ? (
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 pt-2">
          {stockLine}
          <p className={look.price}>{price}</p>
        </div>
      ) : variant === 'band' ? (
        <>
          {stockLine}
          <p className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
            <span className={look.price}>{price}</span>
            <span aria-hidden="true" className="inline-flex items-center gap-1 font-semibold text-brand-dark">
              {preview
                ? 'Blader door het inkijkexemplaar'
                : isQuoteProduct(product.productType)
                  ? 'Bekijk de klaslicentie'
                  : 'Bekijk de bundel'}{' '}
              <ArrowRightIcon />
            </span>
          </p>
        </>
      ) : (
        <>
          {stockLine}
          <p className={look.price}>{price}</p>
        </>
      )}
      {action && look.action ? <div className={look.action}>{action}</div> : action}
    </div>
  );
  if (variant === 'band') {
    return (
      <aside
        aria-label={preview ? `Inkijkexemplaar: ${product.name}` : `Product: ${product.name}`}
        className={look.frame}
      >
        {cover}
        {body}
      </aside>
    );
  }
  const theme = variant === 'listing' ? `${themeClass(themeForLevel(product.level))} ` : '';
  return (
    <article className={`${theme}${CARD_FRAME} ${look.frame}`}>
      {look.cover.box ? <div className={look.cover.box}>{cover}</div> : cover}
      {body}
    </article>
  );
}

/**
 * A titled row of product cards ('In dit pakket', 'Meer voor havo'): four
 * across on wide screens, each card with the `action` given for its product.
 * Nothing without products.
 */
export function ProductCardSection({
  id,
  title,
  products,
  className,
  action,
}: {
  id: string;
  title: string;
  products: readonly ProductCardData[];
  className: string;
  action?: (product: ProductCardData) => ReactNode;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-3xl font-extrabold">
        {title}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-2 md:gap-6 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} variant="listing" headingLevel={3} action={action?.(product)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

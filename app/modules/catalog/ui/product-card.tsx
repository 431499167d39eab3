import { AppLink } from '#app/ui/primitives/app-link.tsx';
import { levelLabel } from '#app/platform/levels.ts';
import { formatMoney } from '#app/platform/money.ts';
import { productTypeLabel } from '#app/modules/catalog/domain/products.ts';
import type { ProductCardData } from '#app/modules/catalog/schemas/views.ts';

export function stockLabel(p: ProductCardData): { text: string; tone: string } {
  if (p.isOrderable !== 'Y') return { text: 'Niet meer te bestellen', tone: 'text-ink-soft' };
  if (!p.inStock) return { text: 'Tijdelijk uitverkocht', tone: 'text-danger' };
  return { text: 'Op voorraad, morgen in huis', tone: 'text-success' };
}

export function ProductCard({ product }: { product: ProductCardData }) {
  const stock = stockLabel(product);
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-3xl bg-white shadow-md ring-1 ring-ink/10 transition-shadow duration-300 hover:shadow-xl">
      <img
        src={product.image}
        alt=""
        width={300}
        height={400}
        loading="lazy"
        className="aspect-[3/4] w-full bg-surface object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-sm font-semibold tracking-wide text-brand-dark uppercase">
          {productTypeLabel(product.productType)} · {levelLabel(product.level)}
        </p>
        <h3 className="text-lg leading-snug font-bold">
          <AppLink
            to={product.href}
            className="after:absolute after:inset-0 focus-visible:outline-3 focus-visible:outline-focus"
          >
            {product.name}
          </AppLink>
        </h3>
        <p className={`text-sm font-semibold ${stock.tone}`}>{stock.text}</p>
        <p className="mt-auto pt-2 text-2xl font-extrabold">{formatMoney(product.priceCents)}</p>
      </div>
    </article>
  );
}

import { Form, Link } from 'react-router';
import type { Route } from './+types/stock';
import { scopeContext } from '#app/context.ts';
import {
  LOW_STOCK_THRESHOLD,
  STOCK_MESSAGES,
  STOCK_PATHS,
  stockQuerySchema,
} from '#app/modules/backoffice-stock/index.ts';
import { listStock } from '#app/modules/backoffice-stock/index.server.ts';
import { pageTitle } from '#app/platform/brand.ts';
import { Button } from '#app/ui/primitives/button.tsx';
import { fieldClass } from '#app/ui/primitives/text-field.tsx';
import { TableScroll } from '#app/ui/primitives/table-scroll.tsx';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Voorraad') },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/voorraad` (BACKOFFICE_ACCESS.listStock): the products with their stock, low stock marked and filterable. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const q = typeof params.q === 'string' ? params.q : '';
  const low = params.low === '1';
  const parsed = stockQuerySchema.safeParse(params);
  if (!parsed.success) return { q, low, invalid: STOCK_MESSAGES.QUERY, products: [], next: null };
  const page = await listStock(context.get(scopeContext), parsed.data);
  const next = page.next
    ? new URLSearchParams({
        ...(parsed.data.q ? { q: parsed.data.q } : {}),
        ...(low ? { low: '1' } : {}),
        after: page.next,
      })
    : null;
  return { q, low, invalid: null, products: page.products, next: next?.toString() ?? null };
}

export default function StockPage({ loaderData }: Route.ComponentProps) {
  const { q, low, invalid, products, next } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold text-brand-dark">Voorraad</h1>
      <Form method="get" className="mt-6 flex max-w-3xl flex-wrap items-end gap-3" role="search">
        <div className="grow">
          <label htmlFor="stock-q" className="block font-semibold">
            Productnaam of SKU
          </label>
          <input
            id="stock-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            className={fieldClass}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'stock-q-error' : undefined}
          />
          {invalid ? (
            <p id="stock-q-error" role="alert" className="mt-1 font-semibold text-danger">
              {invalid}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2 pb-2">
          <input id="stock-low" name="low" type="checkbox" value="1" defaultChecked={low} className="h-5 w-5" />
          <label htmlFor="stock-low" className="font-semibold">
            Alleen lage voorraad ({LOW_STOCK_THRESHOLD} of minder)
          </label>
        </div>
        <Button type="submit">Zoeken</Button>
      </Form>
      {products.length === 0 ? (
        <p className="mt-6" role="status">
          Geen producten gevonden.
        </p>
      ) : (
        <TableScroll className="mt-6">
          <table className="w-full text-left">
            <caption className="sr-only">Producten met hun voorraad</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Product</th>
                <th scope="col" className="text-right">
                  Voorraad
                </th>
                <th scope="col" className="pl-4">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.productId} className="border-t border-ink/10 align-top">
                  <td className="py-2 pr-3 font-mono">{product.sku}</td>
                  <td className="py-2 pr-3">
                    <Link to={STOCK_PATHS.product(product.productId)} className="underline">
                      {product.name}
                    </Link>
                  </td>
                  <td className="py-2 text-right tabular-nums">{product.quantity}</td>
                  <td className="py-2 pl-4">
                    {!product.orderable ? (
                      'Niet te bestellen'
                    ) : product.quantity === 0 ? (
                      <strong className="text-danger">Uitverkocht</strong>
                    ) : product.low ? (
                      <strong className="text-danger">Lage voorraad</strong>
                    ) : (
                      'Op voorraad'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {next ? (
        <p className="mt-6">
          <Link to={`${STOCK_PATHS.list}?${next}`} className="font-semibold underline">
            Volgende producten
          </Link>
        </p>
      ) : null}
    </section>
  );
}

import { useId, type FormEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { productListHref, PRODUCTS_PATH } from '#app/modules/catalog/domain/product-list.ts';
import {
  DEFAULT_PRODUCT_SORT,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  type ProductSort,
} from '#app/modules/catalog/domain/products.ts';
import type { FilterOption } from '#app/modules/catalog/schemas/views.ts';

export interface ProductFilterValues {
  level?: string | undefined;
  subject?: string | undefined;
  productType?: string | undefined;
  sort?: ProductSort | undefined;
}

const selectClass =
  'mt-1 block min-h-12 w-full rounded-xl border-2 border-ink/20 bg-white px-3 py-2 text-base font-semibold text-ink hover:border-brand focus-visible:border-brand focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';

function Select({
  label,
  name,
  value,
  allLabel,
  options,
}: {
  label: string;
  name: string;
  value: string | undefined;
  allLabel?: string;
  options: readonly FilterOption[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold text-ink">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={selectClass}>
        {allLabel ? <option value="">{allLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const SORT_OPTIONS: FilterOption[] = PRODUCT_SORTS.map((sort) => ({ value: sort, label: PRODUCT_SORT_LABELS[sort] }));

/**
 * The product list's filters and order: a plain GET form to /producten, so it
 * works without JavaScript and every result has a URL to share. With
 * JavaScript it goes straight to the clean URL (no empty parameters).
 */
export function ProductFilters({
  options,
  values,
}: {
  options: { levels: FilterOption[]; subjects: FilterOption[]; productTypes: FilterOption[] };
  values: ProductFilterValues;
}) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => {
      const value = data.get(key);
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const sort = text('sort');
    navigate(
      productListHref({
        level: text('level'),
        subject: text('subject'),
        productType: text('productType'),
        sort: PRODUCT_SORTS.find((s) => s === sort),
      }),
    );
  };
  return (
    <Form
      method="get"
      action={PRODUCTS_PATH}
      onSubmit={onSubmit}
      // A new list remounts the form, so the selects show what the URL asks for.
      key={productListHref(values)}
      aria-labelledby="filters-title"
      className="rounded-3xl bg-surface p-5 ring-1 ring-ink/10 md:p-6"
    >
      <h2 id="filters-title" className="sr-only">
        Filteren en sorteren
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
        <Select label="Niveau" name="level" value={values.level} allLabel="Alle niveaus" options={options.levels} />
        <Select label="Vak" name="subject" value={values.subject} allLabel="Alle vakken" options={options.subjects} />
        <Select
          label="Soort product"
          name="productType"
          value={values.productType}
          allLabel="Alle soorten"
          options={options.productTypes}
        />
        <Select label="Sorteren" name="sort" value={values.sort ?? DEFAULT_PRODUCT_SORT} options={SORT_OPTIONS} />
        <button type="submit" className="btn btn-primary col-span-2 lg:col-span-1">
          Toon producten
        </button>
      </div>
    </Form>
  );
}

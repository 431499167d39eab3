import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { notifyCartChanged } from '#app/lib/cart-count.ts';
import { ADD_TO_CART_MODAL_ID, uiStore, useUi } from '#app/lib/ui-store.ts';
import { buttonClass, type ButtonSize } from '#app/components/ui/button.tsx';
import { CartIcon } from '#app/components/ui/icons.tsx';
import type { CartActionData } from './cart-action.ts';

const AddedModal = lazy(() => import('./added-modal.tsx'));

interface Props {
  productId: number;
  productName: string;
  /** Why it cannot be added now ('Tijdelijk uitverkocht'); the button is then disabled. */
  disabled?: boolean | undefined;
  disabledReason?: string | undefined;
  size?: ButtonSize;
  className?: string;
}

/**
 * "In winkelwagen" (issue 8): a form that posts intent=add to /winkelwagen.
 * Without JavaScript the browser goes to the cart; with it a fetcher adds
 * the product in place and the add-to-cart modal shows the cart's count and
 * the next discount tier.
 */
export function AddToCartForm(props: Props) {
  return (
    <CartButtonForm
      {...props}
      fields={[
        ['intent', 'add'],
        ['productId', String(props.productId)],
      ]}
      label="In winkelwagen"
    />
  );
}

/** Adds every product of a bundle (intent=add-bundle). */
export function AddBundleToCartForm({
  bundleId,
  bundleName,
  ...rest
}: Omit<Props, 'productId' | 'productName'> & { bundleId: number; bundleName: string }) {
  return (
    <CartButtonForm
      {...rest}
      productName={bundleName}
      fields={[
        ['intent', 'add-bundle'],
        ['bundleId', String(bundleId)],
      ]}
      label="Pakket in winkelwagen"
    />
  );
}

/** Adds a set of products, one of each (the quick scan's advice: intent=add-set). */
export function AddSetToCartForm({
  productIds,
  label,
  ...rest
}: Omit<Props, 'productId' | 'productName'> & { productIds: readonly number[]; label: string }) {
  return (
    <CartButtonForm
      {...rest}
      productName={label}
      fields={[['intent', 'add-set'], ...productIds.map((id): [string, string] => ['productIds', String(id)])]}
      label={label}
    />
  );
}

function CartButtonForm({
  productName,
  disabled,
  disabledReason,
  size = '',
  className = '',
  fields,
  label,
}: Omit<Props, 'productId'> & { fields: [name: string, value: string][]; label: string }) {
  const fetcher = useFetcher<CartActionData>({ key: `cart-${fields.map(([, v]) => v).join('-')}` });
  const describedBy = useId();
  const [shown, setShown] = useState<CartActionData | null>(null);
  const modalOpen = useUi((s) => s.openModal === ADD_TO_CART_MODAL_ID);
  const busy = fetcher.state !== 'idle';
  // Before hydration the form is a plain post: without `stay` the action redirects to the cart page, which then
  // reads the cart cookie it just set (with `stay` the page rendered in that same request showed a new cart empty).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    notifyCartChanged();
    setShown(fetcher.data);
    if (fetcher.data.ok) uiStore.openModal(ADD_TO_CART_MODAL_ID);
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <fetcher.Form method="post" action="/winkelwagen" className={className}>
        {fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
        <button
          type="submit"
          disabled={disabled}
          aria-describedby={describedBy}
          aria-busy={busy || undefined}
          className={buttonClass('primary', size, 'w-full gap-2 disabled:cursor-not-allowed disabled:opacity-60')}
        >
          <CartIcon width={20} height={20} aria-hidden="true" />
          {busy ? 'Bezig…' : label}
        </button>
        <span id={describedBy} className={disabled && disabledReason ? 'mt-1 block text-sm text-ink-soft' : 'sr-only'}>
          {disabled && disabledReason ? disabledReason : productName}
        </span>
        {shown && !shown.ok ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-danger">
            {shown.message}
          </p>
        ) : null}
      </fetcher.Form>
      {shown?.ok && modalOpen ? (
        <Suspense fallback={null}>
          <AddedModal data={shown} onClose={() => uiStore.closeModal()} />
        </Suspense>
      ) : null}
    </>
  );
}

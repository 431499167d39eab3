import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { notifyCartChanged } from '#app/modules/shop/ui/cart-count.ts';
import { ADD_TO_CART_MODAL_ID, uiStore, useUi } from '#app/ui/ui-store.ts';
import { buttonClass, type ButtonSize } from '#app/ui/primitives/button.tsx';
import { CartIcon } from '#app/ui/primitives/icons.tsx';
import { orderOffer } from '#app/modules/catalog/index.ts';
import type { CartActionData } from './cart-action.ts';

/** A disabled button's text when the page gives none of its own: never "In winkelwagen" on a button that cannot add. */
const NOT_ORDERABLE = 'Nu niet te bestellen';

/**
 * What a disabled button says for a product that cannot be ordered (the catalogue's orderOffer, spec §4):
 * 'Uitverkocht' or 'Niet meer te koop'; undefined when it can be ordered.
 */
export function unavailableLabel(product: { isOrderable: string; inStock: boolean }): string | undefined {
  return orderOffer(product).unavailableLabel;
}

const AddedModal = lazy(() => import('./added-modal.tsx'));

interface Props {
  productId: number;
  productName: string;
  /** Why it cannot be added now ('Tijdelijk uitverkocht'); the button is then disabled. */
  disabled?: boolean | undefined;
  disabledReason?: string | undefined;
  /** The disabled button's text ('Uitverkocht'); 'Nu niet te bestellen' without it. */
  disabledLabel?: string | undefined;
  size?: ButtonSize;
  className?: string;
}

/**
 * "In winkelwagen": a form that posts intent=add to /winkelwagen.
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
      label="In winkelwagen"
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
      productName={null}
      fields={[['intent', 'add-set'], ...productIds.map((id): [string, string] => ['productIds', String(id)])]}
      label={label}
    />
  );
}

function CartButtonForm({
  productName,
  disabled,
  disabledReason,
  disabledLabel,
  size = '',
  className = '',
  fields,
  label,
}: Omit<Props, 'productId' | 'productName'> & {
  /** Named after the button's text for screen readers ('In winkelwagen: X'); null when the text says it all. */
  productName: string | null;
  fields: [name: string, value: string][];
  label: string;
}) {
  const fetcher = useFetcher<CartActionData>({ key: `cart-${fields.map(([, v]) => v).join('-')}` });
  const reasonId = useId();
  const [shown, setShown] = useState<CartActionData | null>(null);
  const modalOpen = useUi((s) => s.openModal === ADD_TO_CART_MODAL_ID);
  // Only the button that opened the modal shows it (every button on a list page shares the one modal id).
  const [opener, setOpener] = useState(false);
  useEffect(() => {
    if (!modalOpen) setOpener(false);
  }, [modalOpen]);
  const busy = fetcher.state !== 'idle';
  const text = disabled ? (disabledLabel ?? NOT_ORDERABLE) : label;
  const reason = disabled && disabledReason && disabledReason !== text ? disabledReason : null;
  // Before hydration the form is a plain post: without `stay` the action redirects to the cart page, which then
  // reads the cart cookie it just set (with `stay` the page rendered in that same request showed a new cart empty).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    notifyCartChanged();
    setShown(fetcher.data);
    if (fetcher.data.ok) {
      setOpener(true);
      uiStore.openModal(ADD_TO_CART_MODAL_ID);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      {/* Above a product card's stretched link, so the button gets the click. */}
      <fetcher.Form method="post" action="/winkelwagen" className={`relative z-10 ${className}`}>
        {fields.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
        <button
          type="submit"
          disabled={disabled}
          aria-label={productName ? `${text}: ${productName}` : undefined}
          aria-describedby={reason ? reasonId : undefined}
          aria-busy={busy || undefined}
          className={buttonClass('primary', size, 'w-full gap-2 disabled:cursor-not-allowed disabled:opacity-60')}
        >
          {disabled ? null : <CartIcon width={20} height={20} aria-hidden="true" />}
          {busy ? 'Bezig…' : text}
        </button>
        {reason ? (
          <p id={reasonId} className="mt-1.5 text-center text-sm font-semibold text-ink-soft">
            {reason}
          </p>
        ) : null}
        {shown && !shown.ok ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-danger">
            {shown.message}
          </p>
        ) : null}
      </fetcher.Form>
      {shown?.ok && modalOpen && opener ? (
        <Suspense fallback={null}>
          <AddedModal data={shown} onClose={() => uiStore.closeModal()} />
        </Suspense>
      ) : null}
    </>
  );
}

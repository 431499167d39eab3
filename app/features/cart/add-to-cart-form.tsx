import { useId } from 'react';
import { Form } from 'react-router';
import { CartIcon } from '#app/components/ui/icons.tsx';

/** Where the cart's one action lives; it switches on `intent` (add, add-bundle, …). */
const CART_PATH = '/winkelwagen';

const NOT_ORDERABLE = 'Nu niet te bestellen';

interface SubmitProps {
  /** What the button adds, for screen readers: 'In winkelwagen: {name}'. */
  name: string;
  disabled: boolean;
}

function SubmitButton({ name, disabled }: SubmitProps) {
  const reasonId = useId();
  return (
    <>
      <button
        type="submit"
        disabled={disabled}
        aria-label={`In winkelwagen: ${name}`}
        aria-describedby={disabled ? reasonId : undefined}
        className="btn btn-primary w-full"
      >
        <CartIcon width={20} height={20} />
        In winkelwagen
      </button>
      {disabled ? (
        <p id={reasonId} className="mt-1.5 text-center text-sm font-semibold text-ink-soft">
          {NOT_ORDERABLE}
        </p>
      ) : null}
    </>
  );
}

/**
 * Adds one product to the cart: a plain POST to /winkelwagen (intent=add),
 * so it works before JavaScript has loaded. Disabled, with the reason shown,
 * when the product cannot be ordered now. The cart may swap the internals for
 * an optimistic fetcher; the props stay these.
 */
export function AddToCartForm({
  productId,
  productName,
  disabled = false,
}: {
  productId: number;
  productName: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" action={CART_PATH} className="relative z-10">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <SubmitButton name={productName} disabled={disabled} />
    </Form>
  );
}

/** Adds every product of a bundle (voordeelpakket) to the cart: intent=add-bundle with bundleId. */
export function AddBundleToCartForm({
  bundleId,
  bundleName,
  disabled = false,
}: {
  bundleId: number;
  bundleName: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" action={CART_PATH} className="relative z-10">
      <input type="hidden" name="intent" value="add-bundle" />
      <input type="hidden" name="bundleId" value={bundleId} />
      <SubmitButton name={bundleName} disabled={disabled} />
    </Form>
  );
}

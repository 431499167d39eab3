import { formatMoney } from '#app/platform/sales.ts';
import { ButtonLink, Button } from '#app/ui/primitives/button.tsx';
import { CheckIcon } from '#app/ui/primitives/icons.tsx';
import { Modal } from '#app/ui/primitives/modal.tsx';
import type { CartActionData } from './cart-action.ts';

/** The add-to-cart modal (spec §2): what was added, the cart now, and how close the next discount is. */
export default function AddedModal({
  data,
  onClose,
}: {
  data: Extract<CartActionData, { ok: true }>;
  onClose: () => void;
}) {
  const { cart, added } = data;
  return (
    <Modal open onClose={onClose} title="Toegevoegd aan je winkelwagen" size="account">
      <p className="flex items-start gap-2">
        <CheckIcon width={22} height={22} aria-hidden="true" className="mt-0.5 shrink-0 text-success" />
        <span>
          <strong>{added.name}</strong>
          {added.count > 1 ? ` (${added.count} producten)` : ''} zit in je winkelwagen.
        </span>
      </p>
      <dl className="mt-5 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-xl bg-surface p-4">
        <dt>In je winkelwagen</dt>
        <dd className="text-right font-semibold">
          {cart.itemCount} {cart.itemCount === 1 ? 'product' : 'producten'}
        </dd>
        {cart.discountPercentage > 0 ? (
          <>
            <dt>Stapelkorting ({cart.discountPercentage}%)</dt>
            <dd className="text-right font-semibold text-success">
              − {formatMoney(cart.discountNetCents, { full: true })}
            </dd>
          </>
        ) : null}
        <dt className="font-bold">Totaal</dt>
        <dd className="text-right font-bold">{formatMoney(cart.totalCents, { full: true })}</dd>
      </dl>
      {cart.nextTierText ? (
        <p className="mt-4 rounded-xl border-2 border-dashed border-brand p-3 font-semibold text-brand-dark">
          {cart.nextTierText}
        </p>
      ) : (
        <p className="mt-4 font-semibold text-success">Je krijgt de hoogste stapelkorting: 15%.</p>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <ButtonLink to="/winkelwagen" className="sm:flex-1">
          Naar winkelwagen
        </ButtonLink>
        <Button variant="secondary" onClick={onClose} className="sm:flex-1">
          Verder winkelen
        </Button>
      </div>
    </Modal>
  );
}

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartLineView, CartView } from '#app/modules/shop/schemas/cart.ts';
import { CartPage } from './cart-page.tsx';

/**
 * The cart page's optimistic updates: a changed quantity or a removal shows
 * its prices at once, before /winkelwagen answers; the answer (or a refusal)
 * then decides. The action is held open by the test to look in between.
 */

function line(productId: number, unitPriceCents: number, quantity: number): CartLineView {
  return {
    productId,
    name: `Examenbundel ${productId}`,
    href: `/producten/${productId}/examenbundel-${productId}`,
    image: `/covers/${productId}.webp`,
    productType: 'examenbundel',
    level: 'havo',
    quantity,
    unitPriceCents,
    lineTotalCents: unitPriceCents * quantity,
    discountPercentage: 5,
    discountCents: 0,
    priceNetCents: unitPriceCents * quantity,
    canOrder: true,
    stockNote: null,
    maxQuantity: 10,
  };
}

/** € 19,95 and € 14,95, one of each, as the server priced them: 5 % off, € 3,95 shipping. */
const twoBooks: CartView = {
  lines: [
    { ...line(1, 1995, 1), discountCents: 100, priceNetCents: 1895 },
    { ...line(2, 1495, 1), discountCents: 75, priceNetCents: 1420 },
  ],
  itemCount: 2,
  subtotalCents: 3490,
  discountPercentage: 5,
  discountNetCents: 175,
  totalCents: 3315,
  shippingCents: 395,
  missingForFreeShippingCents: 185,
  grandTotalCents: 3710,
  vatCents: 306,
  nextTierText: 'Nog 1 product voor 10% korting',
  fullyOrderable: true,
};

interface Post {
  form: FormData;
  answer: (data: unknown) => void;
}
/** The cart the loader gives; a test changes it when the "server" accepts a change. */
let serverCart: CartView;
let posts: Post[];

function renderCart() {
  const Stub = createRoutesStub([
    {
      path: '/winkelwagen',
      loader: () => ({ cart: serverCart }),
      action: async ({ request }) => {
        const form = await request.formData();
        return new Promise((resolve) => posts.push({ form, answer: resolve }));
      },
      Component: function CartRoute() {
        const { cart } = useLoaderData<{ cart: CartView }>();
        return <CartPage cart={cart} />;
      },
    },
  ]);
  render(<Stub initialEntries={['/winkelwagen']} />);
}

/** Text as people read it (Intl puts a no-break space after €). */
const text = (element: HTMLElement) => element.textContent.replace(/\u00a0/g, ' ');
const total = (testId: string) => text(screen.getByTestId(testId));
const lineOf = (name: string) => screen.getByText(name, { selector: 'a' }).closest('li')!;

beforeEach(() => {
  serverCart = twoBooks;
  posts = [];
});
afterEach(cleanup);

describe('CartPage: optimistic updates', () => {
  it('shows the new prices of a changed quantity before the server answers', async () => {
    renderCart();
    const first = lineOf((await screen.findByText('Examenbundel 1', { selector: 'a' })).textContent);
    expect(total('grand-total')).toBe('€ 37,10');

    fireEvent.change(within(first).getByLabelText('Aantal'), { target: { value: '2' } });

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0]!.form)).toMatchObject({ intent: 'update', productId: '1', quantity: '2' });
    // Still waiting for the server, the page already shows the cart with 3 products.
    expect((within(lineOf('Examenbundel 1')).getByLabelText('Aantal') as HTMLSelectElement).value).toBe('2');
    expect(text(within(lineOf('Examenbundel 1')).getByTestId('line-total'))).toBe('€ 35,91 na 10% korting');
    expect(total('subtotal')).toBe('€ 54,85');
    expect(total('discount')).toBe('− € 5,49');
    expect(total('shipping')).toBe('Gratis');
    expect(total('grand-total')).toBe('€ 49,36');
    expect(total('next-tier')).toBe('Nog 1 product voor 15% korting');
    expect(screen.getByText('Je bestelling wordt gratis verzonden.')).toBeTruthy();
  });

  it('takes a removed line away at once and shows an empty cart when it was the last', async () => {
    serverCart = { ...twoBooks, lines: [twoBooks.lines[0]!] };
    renderCart();
    const first = lineOf((await screen.findByText('Examenbundel 1', { selector: 'a' })).textContent);
    fireEvent.click(within(first).getByText('Verwijderen'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(Object.fromEntries(posts[0]!.form)).toMatchObject({ intent: 'remove', productId: '1' });
    expect(screen.queryAllByTestId('cart-line')).toHaveLength(0);
    expect(screen.getByText('Je winkelwagen is leeg.')).toBeTruthy();
  });

  it('shows the server’s cart once it accepted the change', async () => {
    renderCart();
    const first = lineOf((await screen.findByText('Examenbundel 1', { selector: 'a' })).textContent);
    fireEvent.click(within(first).getByText('Verwijderen'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(total('grand-total')).toBe('€ 18,90');

    // Meanwhile the other book's price went up: the server's cart is the truth.
    const accepted: CartView = {
      lines: [{ ...line(2, 1595, 1), discountPercentage: 0 }],
      itemCount: 1,
      subtotalCents: 1595,
      discountPercentage: 0,
      discountNetCents: 0,
      totalCents: 1595,
      shippingCents: 395,
      missingForFreeShippingCents: 1905,
      grandTotalCents: 1990,
      vatCents: 164,
      nextTierText: 'Nog 1 product voor 5% korting',
      fullyOrderable: true,
    };
    serverCart = accepted;
    await act(async () => posts[0]!.answer({ ok: true, cart: accepted, added: { name: '', count: 0 } }));
    await waitFor(() => expect(total('grand-total')).toBe('€ 19,90'));
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('goes back to the server’s cart and says why when the change is refused', async () => {
    renderCart();
    const first = lineOf((await screen.findByText('Examenbundel 1', { selector: 'a' })).textContent);
    fireEvent.change(within(first).getByLabelText('Aantal'), { target: { value: '4' } });
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(total('grand-total')).toBe('€ 80,54');

    await act(async () => posts[0]!.answer({ ok: false, message: 'Er zijn er nog maar 2 op voorraad.' }));
    const alert = await screen.findByText('Er zijn er nog maar 2 op voorraad.');
    expect(alert.getAttribute('role')).toBe('alert');
    // The alert belongs to the line that was changed.
    expect(lineOf('Examenbundel 1').contains(alert)).toBe(true);
    expect((within(lineOf('Examenbundel 1')).getByLabelText('Aantal') as HTMLSelectElement).value).toBe('1');
    expect(total('grand-total')).toBe('€ 37,10');
  });

  it('goes back to the server’s cart when a change is refused after another change landed', async () => {
    renderCart();
    const first = lineOf((await screen.findByText('Examenbundel 1', { selector: 'a' })).textContent);
    fireEvent.change(within(first).getByLabelText('Aantal'), { target: { value: '4' } });
    await waitFor(() => expect(posts).toHaveLength(1));
    fireEvent.click(within(lineOf('Examenbundel 2')).getByText('Verwijderen'));
    await waitFor(() => expect(posts).toHaveLength(2));
    // Both changes show at once: four of the first book, 15 % off, the second gone.
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(total('grand-total')).toBe('€ 67,83');

    // The removal lands first; the quantity is still on its way.
    const removed: CartView = {
      lines: [{ ...line(1, 1995, 1), discountPercentage: 0 }],
      itemCount: 1,
      subtotalCents: 1995,
      discountPercentage: 0,
      discountNetCents: 0,
      totalCents: 1995,
      shippingCents: 395,
      missingForFreeShippingCents: 1505,
      grandTotalCents: 2390,
      vatCents: 197,
      nextTierText: 'Nog 1 product voor 5% korting',
      fullyOrderable: true,
    };
    serverCart = removed;
    await act(async () => posts[1]!.answer({ ok: true, cart: removed, added: { name: '', count: 0 } }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect((within(lineOf('Examenbundel 1')).getByLabelText('Aantal') as HTMLSelectElement).value).toBe('4');

    // Then the quantity is refused: the server's cart after the removal, not the estimate.
    await act(async () => posts[0]!.answer({ ok: false, message: 'Er zijn er nog maar 2 op voorraad.' }));
    await screen.findByText('Er zijn er nog maar 2 op voorraad.');
    expect((within(lineOf('Examenbundel 1')).getByLabelText('Aantal') as HTMLSelectElement).value).toBe('1');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    expect(total('grand-total')).toBe('€ 23,90');
  });
});

describe('CartPage: totals', () => {
  it('shows no stacking-discount line when there is no discount (one product)', async () => {
    serverCart = {
      ...twoBooks,
      lines: [line(1, 1995, 1)],
      itemCount: 1,
      subtotalCents: 1995,
      discountPercentage: 0,
      discountNetCents: 0,
      totalCents: 1995,
      grandTotalCents: 2390,
      nextTierText: 'Nog 1 product voor 5% korting',
    };
    renderCart();
    const totals = await screen.findByTestId('cart-totals');
    expect(within(totals).queryByText(/Stapelkorting/)).toBeNull();
    expect(within(totals).queryByTestId('discount')).toBeNull();
    expect(total('next-tier')).toBe('Nog 1 product voor 5% korting');
  });
});

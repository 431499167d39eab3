import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/** The shop: the cart's stacking discount, checkout, the demo payment, the confirmation and its mail. */

interface ListedProduct {
  id: number;
  name: string;
  href: string;
  priceCents: number;
  canOrder: boolean;
}

async function orderableProducts(page: Page, level: string): Promise<ListedProduct[]> {
  const res = await page.request.get(`/api/v1/products?level=${level}&productType=examenbundel`);
  const { products } = (await res.json()) as { products: ListedProduct[] };
  return products.filter((p) => p.canOrder);
}

/** '€ 74,90' as the pages write it (nl-NL, a non-breaking space after the euro sign). */
const euro = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const roundHalfUp = (n: number) => Math.floor(n + 0.5);

async function addFromProductPage(page: Page, visit: (path: string) => Promise<void>, product: ListedProduct) {
  await visit(product.href);
  await page.getByRole('button', { name: 'In winkelwagen' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(product.name);
  return modal;
}

test('1, 2, 3 and 4 products give 0, 5, 10 and 15 % off, with the right totals and VAT', async ({ page, visit }) => {
  // Four product pages, each checked with axe, and the cart.
  test.setTimeout(90_000);
  const products = (await orderableProducts(page, 'havo')).slice(0, 4);
  expect(products).toHaveLength(4);
  const expected = [0, 5, 10, 15];
  for (const [i, product] of products.entries()) {
    const modal = await addFromProductPage(page, visit, product);
    await expect(modal).toContainText(`${i + 1} ${i === 0 ? 'product' : 'producten'}`);
    if (expected[i]) await expect(modal).toContainText(`Stapelkorting (${expected[i]}%)`);
    else await expect(modal).toContainText('Nog 1 product voor 5% korting');
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Verder winkelen' }).click();
    await expect(modal).toBeHidden();
    // The header's count comes from the cart's cookie, not from the public HTML.
    await expect(page.getByTestId('cart-count')).toContainText(String(i + 1));
  }

  await visit('/winkelwagen');
  const subtotal = products.reduce((sum, p) => sum + p.priceCents, 0);
  const discount = products.reduce((sum, p) => sum + roundHalfUp((p.priceCents * 15) / 100), 0);
  const total = subtotal - discount;
  const totals = page.getByTestId('cart-totals');
  await expect(totals.getByTestId('subtotal')).toHaveText(euro(subtotal));
  await expect(totals.getByTestId('discount')).toHaveText(`− ${euro(discount)}`);
  await expect(totals.getByTestId('shipping')).toHaveText('Gratis');
  await expect(totals.getByTestId('grand-total')).toHaveText(euro(total));
  await expect(totals.getByTestId('vat')).toHaveText(euro(total - Math.round((total * 100) / 109)));
  await expect(page.getByTestId('next-tier')).toHaveText('Je krijgt de hoogste stapelkorting: 15%.');

  // Back to 3 products by removing one: 10 %, at once (optimistic) and after the server answered.
  await page.getByRole('button', { name: `Verwijderen ${products[3]!.name}` }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  await expect(totals.getByTestId('discount')).toContainText(
    euro(products.slice(0, 3).reduce((sum, p) => sum + roundHalfUp((p.priceCents * 10) / 100), 0)),
  );
  await expect(page.getByTestId('next-tier')).toHaveText('Nog 1 product voor 15% korting');
  // Two of the first: 4 products again.
  const saved = page.waitForResponse(
    (response) => response.request().method() !== 'GET' && /quantity\W+2/.test(response.request().postData() ?? ''),
  );
  await page.getByLabel('Aantal').first().selectOption('2');
  await expect(page.getByTestId('next-tier')).toHaveText('Je krijgt de hoogste stapelkorting: 15%.');
  // The page shows the change at once; the reload reads what the server stored, so it waits for that.
  await saved;
  await page.reload();
  await expect(page.getByLabel('Aantal').first()).toHaveValue('2');
  await expect(page.getByTestId('cart-count')).toContainText('4');
});

test('checkout shows Dutch errors and keeps what was typed, then the demo payment fails and succeeds', async ({
  page,
  visit,
}) => {
  test.setTimeout(90_000);
  const [product] = await orderableProducts(page, 'vwo');
  const modal = await addFromProductPage(page, visit, product!);
  await modal.getByRole('link', { name: 'Naar winkelwagen' }).click();
  await expect(page).toHaveURL(/\/winkelwagen$/);
  await page.getByRole('link', { name: 'Verder naar afrekenen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Afrekenen' })).toBeVisible();
  await expectAccessible(page);

  // Nothing filled in: the browser says what is missing, before anything is sent.
  const submit = page.getByRole('button', { name: 'Verder naar betalen' });
  await submit.click();
  await expect(page.getByText('Dit veld is verplicht', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Dit veld is verplicht.', { exact: true })).toBeVisible();

  const email = `koper-${Date.now()}@example.nl`;
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Voornaam').fill('Sanne');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('Postcode').first().fill('35110AB');
  await page.getByLabel('Huisnummer').first().fill('12b');
  await page.getByLabel('Toevoeging').first().fill('#2');
  await page.getByLabel('Straat').first().fill('Oudegracht');
  await page.getByLabel('Plaats').first().fill('Utrecht');
  await page.getByLabel('Plaats').first().blur();
  await submit.click();
  await expect(page.getByText('Voer een postcode in, bijvoorbeeld: 1234 AA')).toBeVisible();
  await expect(page.getByText('Huisnummer mag alleen cijfers bevatten')).toBeVisible();
  await expect(page.getByText('De toevoeging mag geen # bevatten')).toBeVisible();
  await expect(page.getByLabel('Straat').first()).toHaveValue('Oudegracht');
  await expectAccessible(page);

  await page.getByLabel('Postcode').first().fill('3511 ab');
  await page.getByLabel('Huisnummer').first().fill('12');
  await page.getByLabel('Toevoeging').first().fill('bis');
  // A different delivery address appears when asked for.
  const delivery = page.getByRole('group', { name: 'Bezorgadres' });
  await expect(delivery).toBeHidden();
  await page.getByLabel('Bezorgen op een ander adres').check();
  await expect(delivery).toBeVisible();
  await delivery.getByLabel('Postcode').fill('1012 AB');
  await delivery.getByLabel('Huisnummer').fill('1');
  await delivery.getByLabel('Straat').fill('Dam');
  await delivery.getByLabel('Plaats').fill('Amsterdam');
  await page.getByLabel(/Ik ga akkoord met de algemene voorwaarden/).check();
  await submit.click();

  // The payment step: the order's amount, computed on the server.
  await expect(page).toHaveURL(/\/afrekenen\/betalen\?bestelling=SB\d{2}-\d{6}&code=/);
  const due = euro(product!.priceCents + (product!.priceCents >= 3500 ? 0 : 395));
  await expect(page.getByTestId('amount-due')).toHaveText(due);
  await expect(page.getByText('Bezorgen bij Sanne de Vries, Dam 1, 1012 AB Amsterdam.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Bancontact').check();
  await page.getByRole('button', { name: `Betaal ${due}` }).click();

  // The demo provider's test page: first the payment fails.
  await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  await expect(page.getByTestId('test-amount')).toHaveText(due);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Betaling mislukt' }).click();
  await expect(page.getByRole('heading', { name: 'Betaling niet gelukt' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('De betaling is mislukt.');
  await expectAccessible(page);

  // Again, now paid.
  await page.getByRole('link', { name: 'Opnieuw betalen' }).click();
  await expect(page.getByRole('alert').first()).toContainText('probeer het opnieuw');
  await page.getByRole('button', { name: `Betaal ${due}` }).click();
  await page.getByRole('button', { name: 'Betaling gelukt' }).click();
  await expect(page.getByRole('heading', { name: 'Bedankt voor je bestelling!' })).toBeVisible();
  const number = (await page.getByTestId('order-number').innerText()).trim();
  await expect(page.getByTestId('order-total')).toHaveText(due);
  await expect(page.getByText('Wat gebeurt er nu?')).toBeVisible();
  await expectAccessible(page);
  // The cart was emptied by the order.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  // The confirmation mail, with the order and its VAT lines (the offline outbox).
  await expect(async () => {
    await page.goto('/dev/mail');
    const mail = page.getByRole('article').filter({ hasText: `Je bestelling ${number} is betaald` });
    await expect(mail).toContainText(email);
    await expect(mail).toContainText('Btw 9%');
    await expect(mail).toContainText('Bedrag excl. btw');
    await expect(mail).toContainText(product!.name);
  }).toPass({ timeout: 15_000 });
});

test('an out-of-stock product cannot be ordered', async ({ page, visit }) => {
  const res = await page.request.get('/api/v1/products?level=havo&productType=examenbundel');
  const { products } = (await res.json()) as { products: (ListedProduct & { inStock: boolean })[] };
  const soldOut = products.find((p) => !p.inStock);
  expect(soldOut, 'the demo catalogue has a sold-out havo bundle').toBeTruthy();
  await visit(soldOut!.href);
  await expect(page.getByRole('button', { name: `Uitverkocht: ${soldOut!.name}` })).toBeDisabled();
  await expect(page.getByText('Tijdelijk uitverkocht').first()).toBeVisible();
  // Posted anyway (as a crafted request would): refused in Dutch, nothing in the cart.
  const post = await page.request.post('/api/v1/cart/items', {
    headers: { origin: new URL(page.url()).origin },
    data: { productId: soldOut!.id },
  });
  expect(post.status()).toBe(409);
  expect(((await post.json()) as { message: string }).message).toBe('Dit product is tijdelijk uitverkocht.');
  await visit('/winkelwagen');
  await expect(page.getByText('Je winkelwagen is leeg.')).toBeVisible();
});

test('a signed-out product list is the same cached page with a cart', async ({ page, visit }) => {
  const [product] = await orderableProducts(page, 'vmbo-k');
  await addFromProductPage(page, visit, product!);
  const first = await page.request.get('/producten');
  const second = await page.request.get('/producten');
  expect(first.status()).toBe(200);
  expect(second.headers()['x-page-cache']).toBe('HIT');
  expect(second.headers()['cache-control']).toMatch(/public/);
});

test('a signed-in buyer finds the paid order with its invoice in the account', async ({ page, visit, baseURL }) => {
  test.setTimeout(90_000);
  // The demo pupil (seeded, onboarding done), signed in over the API.
  const email = 'leerling@slaagbundel.test';
  const origin = { origin: baseURL! };
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: origin,
    data: { email, password: 'Slaag2026!' },
  });
  expect(signIn.status()).toBe(200);
  const [product] = await orderableProducts(page, 'vwo');
  expect(
    (await page.request.post('/api/v1/cart/items', { headers: origin, data: { productId: product!.id } })).status(),
  ).toBe(200);
  await visit('/afrekenen');
  // The account fills in the e-mail address and the name.
  await expect(page.getByLabel('E-mailadres')).toHaveValue(email);
  await expect(page.getByLabel('Voornaam')).toHaveValue('Sanne');
  await page.getByLabel('Postcode').first().fill('9711 AB');
  await page.getByLabel('Huisnummer').first().fill('3');
  await page.getByLabel('Straat').first().fill('Grote Markt');
  await page.getByLabel('Plaats').first().fill('Groningen');
  await page.getByLabel(/Ik ga akkoord met de algemene voorwaarden/).check();
  await page.getByRole('button', { name: 'Verder naar betalen' }).click();
  await page.getByRole('button', { name: /^Betaal/ }).click();
  await page.getByRole('button', { name: 'Betaling gelukt' }).click();
  await expect(page.getByRole('heading', { name: 'Bedankt voor je bestelling!' })).toBeVisible();
  const number = (await page.getByTestId('order-number').innerText()).trim();
  // The exam bundle's subject is open in Mijn Slaagbundel: the confirmation links to it once the access is there.
  const unlocked = page.getByTestId('unlocked-subjects');
  await expect(unlocked).toContainText('Je examenbundel staat al klaar in Mijn Slaagbundel', { timeout: 30_000 });
  await expect(unlocked.getByRole('link', { name: / vwo in Mijn Slaagbundel$/ })).toHaveAttribute(
    'href',
    /^\/mijnslaagbundel\/\d+\/[a-z0-9-]+-vwo$/,
  );

  await visit('/mijnslaagbundel/account/bestellingen');
  const order = page.getByRole('listitem').filter({ hasText: `Bestelling ${number}` });
  await expect(order).toContainText('Betaald');
  await order.getByRole('link', { name: `Bestelling ${number}` }).click();
  await expect(page.getByRole('heading', { name: `Factuur ${number}` })).toBeVisible();
  const total = product!.priceCents + (product!.priceCents >= 3500 ? 0 : 395);
  await expect(page.getByTestId('invoice-total')).toHaveText(euro(total));
  await expect(page.getByTestId('invoice-vat')).toHaveText(euro(total - Math.round((total * 100) / 109)));
  await expectAccessible(page);
  // Another user's order number is the not-found page.
  await visit('/mijnslaagbundel/account/bestellingen/SB26-999999', { status: 404 });
});

import { expect, test } from './fixtures.ts';

/**
 * The smoke (Playwright project `smoke`): one pass over what `npm start`
 * serves — home, signing in, a cart, a study card and the API docs. CI runs
 * it on embedded PGlite, the database `npm start` uses, next to the full
 * suite on PostgreSQL; the full suite checks each of these in depth.
 */
const DEMO = { email: 'leerling@slaagbundel.test', password: 'Slaag2026!' };

test('home: the landing page with its products', async ({ page, visit }) => {
  await visit('/');
  await expect(page).toHaveTitle('Zeker slagen met onze slaagbundels! | Slaagbundel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeker slagen met onze slaagbundels!');
  await expect(page.locator('#producten li article').first()).toContainText(/€\s\d+,(\d\d|-)/);
});

test('signing in with the form as the demo pupil opens the area with her subjects', async ({ page, visit }) => {
  await visit('/mijnslaagbundel');
  await expect(page).toHaveURL('/mijnslaagbundel/login?from=%2Fmijnslaagbundel');
  await page.getByLabel('E-mailadres').fill(DEMO.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoi Sanne!');
  await expect(
    page.getByRole('region', { name: 'Mijn vakken' }).getByRole('listitem').filter({ hasText: 'Wiskunde B' }),
  ).toContainText('Volledige toegang');
});

test('a product goes into the cart, which shows it with its total', async ({ page, visit }) => {
  const res = await page.request.get('/api/v1/products?level=havo&productType=examenbundel');
  const { products } = (await res.json()) as { products: { name: string; href: string; canOrder: boolean }[] };
  const product = products.find((p) => p.canOrder);
  expect(product, 'an orderable havo exam bundle').toBeDefined();
  await visit(product!.href);
  await page.getByRole('button', { name: 'In winkelwagen' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
  await expect(modal).toContainText(product!.name);
  await visit('/winkelwagen');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText(product!.name);
  await expect(page.getByTestId('cart-totals').getByTestId('grand-total')).toHaveText(/€\s\d+,\d\d/);
});

test('a study card opens in its modal, with its formula rendered on the server', async ({ page, visit, baseURL }) => {
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers: { origin: baseURL! }, data: DEMO });
  expect(signIn.status()).toBe(200);
  await visit('/mijnslaagbundel');
  await page.getByRole('link', { name: 'Wiskunde B', exact: true }).click();
  await page.getByRole('link', { name: 'Leren en oefenen' }).click();
  await expect(page).toHaveURL(/\/mijnslaagbundel\/\d+\/wiskunde-b-havo\/leren-en-oefenen$/);
  await page.locator('aside').locator('form:visible').getByLabel('Uitleg').check();
  await expect(page).toHaveURL(/sections/);
  const first = page.locator('main li a[href*="/kaart/"]').first();
  const title = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/leren-en-oefenen\/kaart\/\d+\?sections/);
  // The card's own address, loaded as a document: the modal comes from the server.
  const { pathname, search } = new URL(page.url());
  await visit(`${pathname}${search}`);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.katex').first()).toBeVisible();
});

test('the API docs render from our own assets', async ({ page }) => {
  // Not `visit`: Scalar is a third-party app without our hydration marker (tests/e2e/api-docs.spec.ts).
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  // Scalar renders the document in the browser: seconds of script on a busy CI machine (the full suite's
  // tests/e2e/api-docs.spec.ts waits up to a minute for every operation).
  await expect(page.getByText('The subject’s learning cards, filtered', { exact: true }).first()).toBeAttached({
    timeout: 30_000,
  });
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * The shop's catalogue (spec §2, §4, §9): the product list with its
 * filters, order, pages and CTAs, a product page with its prices, stock,
 * structured data and preview copy, and the bundles.
 */

/** The id of a product, found through the public API by its slug. */
async function productId(request: APIRequestContext, query: string, slug: string): Promise<number> {
  const body = (await (await request.get(`/api/v1/products?${query}`)).json()) as {
    products: { id: number; slug: string }[];
  };
  const product = body.products.find((p) => p.slug === slug);
  expect(product, slug).toBeDefined();
  return product!.id;
}

const grid = (page: Page) => page.getByRole('list', { name: 'Producten' });
/** The count above the list ('23 producten · pagina 1 van 2'). */
const count = (page: Page) => page.getByRole('main').getByRole('status');
const cards = (page: Page) => grid(page).getByRole('article');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form is a plain GET form that leads to a clean, shareable URL', async ({ page }) => {
    await page.goto('/producten');
    await page.getByLabel('Niveau').selectOption({ label: 'vwo' });
    await page.getByLabel('Soort product').selectOption({ label: 'Samenvatting' });
    await page.getByRole('button', { name: 'Toon producten' }).click();
    await expect(page).toHaveURL(/\/producten\?level=vwo&productType=samenvatting$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Samenvattingen voor vwo');
    await expect(count(page)).toHaveText(/^\d+ producten?$/);
    expect(await cards(page).count()).toBeGreaterThan(0);
    for (const card of await cards(page).all()) await expect(card).toContainText('Samenvatting · vwo');
  });
});

test('filtering by level and type with the form, then paging to page 2', async ({ page, visit }) => {
  await visit('/producten');
  await expect(page).toHaveTitle('Producten | Slaagbundel');
  await expect(count(page)).toHaveText(/^\d+ producten · pagina 1 van \d+$/);
  await expect(cards(page)).toHaveCount(18);

  await page.getByLabel('Niveau').selectOption({ label: 'havo' });
  await page.getByLabel('Soort product').selectOption({ label: 'Examenbundel' });
  await page.getByRole('button', { name: 'Toon producten' }).click();
  await expect(page).toHaveURL(/\/producten\?level=havo&productType=examenbundel$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Examenbundels voor havo');
  for (const card of await cards(page).all()) await expect(card).toContainText('Examenbundel · havo');
  // The selects show what the URL asks for.
  await expect(page.getByLabel('Niveau')).toHaveValue('havo');
  await expect(page.getByLabel('Soort product')).toHaveValue('examenbundel');

  await page.getByLabel('Soort product').selectOption({ label: 'Alle soorten' });
  await page.getByRole('button', { name: 'Toon producten' }).click();
  await expect(page).toHaveURL(/\/producten\?level=havo$/);
  await expect(count(page)).toHaveText(/^\d+ producten · pagina 1 van 2$/);
  const pagination = page.getByRole('navigation', { name: 'Paginering' });
  await expect(pagination.getByRole('link', { name: 'Pagina 1' })).toHaveAttribute('aria-current', 'page');
  await pagination.getByRole('link', { name: 'Volgende pagina' }).click();
  await expect(page).toHaveURL(/\/producten\?level=havo&page=2$/);
  await expect(page).toHaveTitle('Producten voor havo – pagina 2 | Slaagbundel');
  await expect(count(page)).toHaveText(/· pagina 2 van 2$/);
  const onPageTwo = await cards(page).count();
  expect(onPageTwo).toBeGreaterThan(0);
  expect(onPageTwo).toBeLessThan(18);
  await expect(pagination.getByRole('link', { name: 'Volgende pagina' })).toHaveCount(0);
  // Page 2 passes axe too, and a page beyond the last is the 404 page.
  await visit('/producten?level=havo&page=2');
  await visit('/producten?level=havo&page=3', { status: 404 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gezakt!');
});

test('sorting by price puts the cheapest first', async ({ page, visit }) => {
  await visit('/producten?level=vwo');
  await page.getByLabel('Sorteren', { exact: true }).selectOption({ label: 'Prijs: laag naar hoog' });
  await page.getByRole('button', { name: 'Toon producten' }).click();
  await expect(page).toHaveURL(/\/producten\?level=vwo&sort=price-asc$/);
  // '€ 12,95' → 12.95, '€ 28,-' → 28; read again until the sorted list has replaced the one before.
  await expect
    .poll(async () => {
      const prices = (await cards(page).locator('p', { hasText: /^€/ }).allTextContents()).map((text) =>
        Number(text.replace(/[^\d,]/g, '').replace(',', '.')),
      );
      return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);
});

test('a full page has the CTA banners at positions 6 and 16', async ({ page, visit }) => {
  await visit('/producten');
  const entries = grid(page).locator(':scope > li');
  await expect(entries).toHaveCount(20);
  await expect(entries.nth(6).getByRole('complementary')).toHaveAccessibleName('Meer vakken, meer voordeel');
  await expect(entries.nth(16).getByRole('complementary')).toHaveAccessibleName('Weet jij wat je nodig hebt op je CE?');
  await expect(entries.nth(6).getByRole('link', { name: 'Bekijk de voordeelpakketten' })).toHaveAttribute(
    'href',
    '/producten/voordeelpakketten',
  );
  for (const i of [0, 5, 7, 15, 17, 19]) await expect(entries.nth(i).getByRole('article')).toHaveCount(1);
});

test('filters without results show an empty state that clears them', async ({ page, visit }) => {
  await visit('/producten?level=havo&subject=nask1');
  await expect(count(page)).toHaveText('0 producten');
  await expect(page.getByRole('heading', { name: 'Geen producten gevonden' })).toBeVisible();
  // The CTAs are still there, appended to the empty list.
  await expect(grid(page).getByRole('complementary')).toHaveCount(2);
  await page.getByRole('main').getByRole('link', { name: 'Filters wissen' }).last().click();
  await expect(page).toHaveURL(/\/producten$/);
  await expect(cards(page)).toHaveCount(18);
});

test('old filter links of the content are moved to the list’s own parameters', async ({ page }) => {
  const response = await page.request.get('/producten?niveau=vmbo&type=examenidioom', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()['location']).toBe('/producten?level=vmbo&productType=examenidioom');
});

test('a product page: prices with and without VAT, stock, details and structured data', async ({
  page,
  visit,
  baseURL,
}) => {
  const id = await productId(page.request, 'level=havo&subject=wiskunde-a', 'slaagbundel-wiskunde-a-havo-2027');
  const canonical = `/producten/${id}/slaagbundel-wiskunde-a-havo-2027`;
  // Without a slug, or with another one, the page moves permanently to its own address.
  for (const path of [`/producten/${id}`, `/producten/${id}/wiskunde`]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers()['location'], path).toBe(canonical);
  }
  await visit(`/producten/${id}`);
  await expect(page).toHaveURL(new RegExp(`${canonical}$`));
  await expect(page).toHaveTitle('Slaagbundel Wiskunde A havo 2027 | Slaagbundel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slaagbundel Wiskunde A havo 2027');
  const main = page.getByRole('main');
  await expect(main).toContainText('€ 28,95 incl. btw · € 26,56 excl. btw');
  await expect(main).toContainText('Op voorraad');
  await expect(main).toContainText('9789493101227');
  await expect(main.getByRole('img', { name: 'Omslag van Slaagbundel Wiskunde A havo 2027' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'In winkelwagen: Slaagbundel Wiskunde A havo 2027' })).toBeEnabled();

  // Wiskunde A havo has no study content in Mijn Slaagbundel: the page promises none.
  await expect(page.getByRole('region', { name: 'Wat krijg je in Mijn Slaagbundel' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Meer voor havo' }).getByRole('article').first()).toContainText('havo');

  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>));
  const product = jsonLd.find((data) => data['@type'] === 'Product');
  expect(product).toMatchObject({
    name: 'Slaagbundel Wiskunde A havo 2027',
    gtin13: '9789493101227',
    brand: { '@type': 'Brand', name: 'Slaagbundel' },
    image: `${baseURL}/images/covers/sb-havo-wa-2027.svg`,
    offers: {
      '@type': 'Offer',
      price: '28.95',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: `${baseURL}${canonical}`,
    },
  });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${canonical}`);
});

test('an unknown product is the 404 page', async ({ page, visit }) => {
  await visit('/producten/987654', { status: 404 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gezakt!');
});

test('a product that is sold out or no longer sold cannot be added to the cart', async ({ page, visit }) => {
  const soldOut = await productId(
    page.request,
    'level=havo&subject=aardrijkskunde',
    'slaagbundel-aardrijkskunde-havo-2027',
  );
  await visit(`/producten/${soldOut}`);
  const main = page.getByRole('main');
  await expect(main).toContainText('Tijdelijk uitverkocht');
  // The greyed button says why, not "In winkelwagen".
  const button = page.getByRole('button', { name: 'Uitverkocht: Slaagbundel Aardrijkskunde havo 2027' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveText('Uitverkocht');
  // "Mail me als het er weer is": what happens with the address is said before it is sent.
  const notice = main.getByTestId('stock-notice');
  await expect(notice).toContainText('Daarna verwijderen we het');
  await notice.getByLabel('Mail me als Slaagbundel Aardrijkskunde havo 2027 er weer is').fill('ouder@example.nl');
  await notice.getByRole('button', { name: 'Mail mij' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Gelukt!' })).toContainText(
    'We mailen je één keer zodra Slaagbundel Aardrijkskunde havo 2027 weer op voorraad is.',
  );
  await expect(main.getByRole('link', { name: 'Verwijder je e-mailadres weer' })).toBeVisible();

  const old = await productId(page.request, 'level=havo&subject=wiskunde-a', 'slaagbundel-wiskunde-a-havo-2026');
  await visit(`/producten/${old}`);
  await expect(main).toContainText('Niet meer te bestellen');
  await expect(
    page.getByRole('button', { name: 'Niet meer te koop: Slaagbundel Wiskunde A havo 2026' }),
  ).toBeDisabled();
  const availability = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts.map((s) => JSON.parse(s.textContent ?? '{}') as { offers?: { availability?: string } }),
    );
  expect(availability.find((data) => data.offers)?.offers?.availability).toBe('https://schema.org/Discontinued');
});

test('a class licence is priced on a quote: no cart, a quote request filled in for it (issue 31)', async ({
  page,
  visit,
  baseURL,
}) => {
  // The shop's list leaves the class licences out; /voor-docenten lists them.
  const listed = (await (await page.request.get('/api/v1/products?level=havo&subject=wiskunde-b')).json()) as {
    products: { productType: string }[];
  };
  expect(listed.products.length).toBeGreaterThan(0);
  expect(listed.products.map((p) => p.productType)).not.toContain('klaslicentie');
  await visit('/voor-docenten');
  const path = await page.getByRole('link', { name: 'Klaslicentie Wiskunde B havo 2027' }).getAttribute('href');
  const id = Number(/^\/producten\/(\d+)\//.exec(path!)![1]);

  await visit(path!);
  await expect(page).toHaveTitle('Klaslicentie Wiskunde B havo 2027 | Slaagbundel');
  const main = page.getByRole('main');
  await expect(main.getByRole('navigation', { name: 'Kruimelpad' })).toContainText('Voor docenten');
  await expect(main).toContainText('Klaslicentie · havo');
  await expect(main).toContainText('Prijs op offerte');
  await expect(main).toContainText('Voor scholen, op offerte');
  await expect(main).toContainText('Een klaslicentie bestel je niet in de winkelwagen.');
  await expect(main.getByTestId('online-content')).toContainText(
    'Met een klaslicentie krijgt elke leerling van je klas',
  );
  // No add-to-cart button for it (its subject's books below have theirs), no stock notice.
  await expect(page.getByRole('button', { name: /Klaslicentie Wiskunde B havo 2027/ })).toHaveCount(0);
  await expect(main.getByTestId('stock-notice')).toHaveCount(0);
  // Structured data: a product without an offer, since it has no price.
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}') as Record<string, unknown>));
  const product = jsonLd.find((data) => data['@type'] === 'Product');
  expect(product).toMatchObject({ name: 'Klaslicentie Wiskunde B havo 2027', category: 'Klaslicentie' });
  expect(product).not.toHaveProperty('offers');
  // On a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The cart refuses it in Dutch, whatever asks.
  const post = await page.request.post('/api/v1/cart/items', {
    headers: { origin: baseURL! },
    data: { productId: id, quantity: 1 },
  });
  expect(post.status()).toBe(409);
  expect(await post.json()).toMatchObject({
    message:
      'Een klaslicentie bestel je niet in de winkelwagen: scholen betalen op factuur. Vraag op de pagina van de klaslicentie een offerte aan.',
  });

  const quote = main.getByRole('link', { name: 'Offerte aanvragen' });
  await expect(quote).toHaveAttribute('href', '/voor-docenten/offerte?vak=Wiskunde+B+havo&examenjaar=2027');
  await quote.click();
  await expect(page).toHaveURL(/\/voor-docenten\/offerte\?vak=Wiskunde\+B\+havo&examenjaar=2027$/);
  await expect(page.getByLabel('Vak en niveau')).toHaveValue('Wiskunde B havo');
  await expect(page.getByLabel('Examenjaar')).toHaveValue('2027');
});

test('the preview copy opens, turns pages and closes with the keyboard', async ({ page, visit }) => {
  const id = await productId(page.request, 'level=havo&subject=wiskunde-a', 'slaagbundel-wiskunde-a-havo-2027');
  await visit(`/producten/${id}`);
  const opener = page.getByRole('button', { name: 'Blader door het inkijkexemplaar' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: 'Inkijkexemplaar: Slaagbundel Wiskunde A havo 2027' });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText('Pagina 1 van 4: Omslag');
  await expect(viewer.getByRole('img', { name: 'Omslag van Slaagbundel Wiskunde A havo 2027' })).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('Pagina 2 van 4: Inhoud');
  await expect(viewer.getByRole('heading', { name: 'Inhoud' })).toBeVisible();
  const next = viewer.getByRole('button', { name: 'Volgende pagina' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(viewer).toContainText('Pagina 3 van 4');
  await expect(viewer).toContainText('Vraag 1');
  await page.keyboard.press('Enter');
  await expect(viewer).toContainText('Pagina 4 van 4: Uitwerking vraag 1');
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('Pagina 3 van 4');

  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
});

test('bundles: the list, and a bundle with its contents, price and saving', async ({ page, visit }) => {
  await visit('/producten/voordeelpakketten');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voordeelpakketten');
  const name = 'Voordeelpakket havo: Nederlands, Engels en Wiskunde A';
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(
    /\/producten\/voordeelpakketten\/\d+\/voordeelpakket-havo-nederlands-engels-wiskunde-a$/,
  );
  const path = new URL(page.url()).pathname;
  await visit(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const main = page.getByRole('main');
  await expect(main).toContainText('Je bespaart € 8,49 (10 % stapelkorting)');
  await expect(main.getByRole('row', { name: /Los gekocht/ })).toContainText('€ 84,85');
  await expect(main.getByRole('row', { name: /Pakketprijs/ })).toContainText('€ 76,36');
  await expect(main).toContainText('Alle producten op voorraad');
  await expect(page.getByRole('region', { name: 'In dit pakket' }).getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('button', { name: `In winkelwagen: ${name}` })).toBeEnabled();

  // Without its slug the bundle moves to its own address.
  const id = path.split('/')[3];
  const redirect = await page.request.get(`/producten/voordeelpakketten/${id}`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers()['location']).toBe(path);
});

test('a bundle with a sold-out product cannot be added to the cart', async ({ page, visit }) => {
  await visit('/producten/voordeelpakketten');
  await page.getByRole('link', { name: 'Voordeelpakket havo: Aardrijkskunde, Economie en Geschiedenis' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Voordeelpakket havo: Aardrijkskunde, Economie en Geschiedenis',
  );
  await expect(page.getByRole('main')).toContainText('Dit pakket is nu niet te bestellen');
  await expect(page.getByRole('main')).toContainText('Slaagbundel Aardrijkskunde havo 2027: tijdelijk uitverkocht');
  await expect(
    page.getByRole('button', {
      name: 'Nu niet te bestellen: Voordeelpakket havo: Aardrijkskunde, Economie en Geschiedenis',
    }),
  ).toBeDisabled();
});

test('a product whose subject has study content links to its listings in Mijn Slaagbundel', async ({ page, visit }) => {
  const list = await page.request.get('/api/v1/products?level=havo&subject=wiskunde-b&productType=examenbundel');
  const { products } = (await list.json()) as { products: { href: string; name: string }[] };
  const product = products.find((p) => p.name === 'Slaagbundel Wiskunde B havo 2027')!;
  await visit(product.href);
  const study = page.getByRole('region', { name: 'Wat krijg je in Mijn Slaagbundel' });
  await expect(study.getByRole('link', { name: 'Naar je leerkaarten' })).toHaveAttribute(
    'href',
    /^\/mijnslaagbundel\/\d+\/wiskunde-b-havo\/leren-en-oefenen\?sections\[\]=uitleg&hideLearned=true$/,
  );
  await expect(study.getByRole('link', { name: 'Oefen met examenvragen' })).toHaveAttribute(
    'href',
    /^\/mijnslaagbundel\/\d+\/wiskunde-b-havo\/leren-en-oefenen\?sections\[\]=examenvragen&examTypes\[\]=CE$/,
  );
  // A visitor who follows it signs in first, then lands on the listing with its filters.
  await study.getByRole('link', { name: 'Naar je leerkaarten' }).click();
  await expect(page).toHaveURL(/\/mijnslaagbundel\/login\?from=/);
});

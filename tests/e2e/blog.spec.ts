import { expect, test } from './fixtures.ts';

/** The blog (spec §2, §7, §9): paging, the page-1 redirect, the 404 beyond the end, categories and an article. */
test('paging through the blog: 11 a page, to the last page', async ({ page, visit }) => {
  await visit('/examentips');
  await expect(page).toHaveTitle('Examentips | Slaagbundel');
  const cards = page.locator('main ul li article');
  await expect(cards).toHaveCount(11);
  const pagination = page.getByRole('navigation', { name: 'Paginering' });
  await expect(pagination.getByRole('link', { name: 'Pagina 1' })).toHaveAttribute('aria-current', 'page');

  await pagination.getByRole('link', { name: 'Volgende pagina' }).click();
  await expect(page).toHaveURL(/\/examentips\/page\/2$/);
  await expect(page).toHaveTitle('Examentips – pagina 2 | Slaagbundel');
  await expect(cards).toHaveCount(11);

  await pagination.getByRole('link', { name: 'Pagina 3' }).click();
  await expect(page).toHaveURL(/\/examentips\/page\/3$/);
  await expect(cards).toHaveCount(10);
  await expect(pagination.getByRole('link', { name: 'Volgende pagina' })).toHaveCount(0);
});

test('page 1 or no page id redirects to the list itself; a page beyond the last is the 404 page', async ({
  page,
  visit,
}) => {
  for (const path of ['/examentips/page/1', '/examentips/page', '/examentips/page/']) {
    const redirect = await page.request.get(path, { maxRedirects: 0 });
    expect(redirect.status(), path).toBe(301);
    expect(new URL(redirect.headers()['location']!, 'http://x').pathname).toBe('/examentips');
  }
  const noCategoryPage = await page.request.get('/examentips/categorie/talen/page', { maxRedirects: 0 });
  expect(noCategoryPage.status()).toBe(301);
  expect(new URL(noCategoryPage.headers()['location']!, 'http://x').pathname).toBe('/examentips/categorie/talen');
  const categoryRedirect = await page.request.get('/examentips/categorie/talen/page/1', { maxRedirects: 0 });
  expect(categoryRedirect.status()).toBe(301);
  expect(new URL(categoryRedirect.headers()['location']!, 'http://x').pathname).toBe('/examentips/categorie/talen');

  await visit('/examentips/page/4', { status: 404 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gezakt!');
});

test('a category lists only its articles; categories without articles are not offered', async ({ page, visit }) => {
  await visit('/examentips/categorie');
  const categories = page.locator('main ul li a');
  await expect(categories).toHaveCount(5);
  await expect(page.getByText('Profielkeuze')).toHaveCount(0);

  await page.getByRole('link', { name: /^Talen/ }).click();
  await expect(page).toHaveURL(/\/examentips\/categorie\/talen$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talen');
  const cards = page.locator('main ul li article');
  await expect(cards).toHaveCount(7);
  for (const card of await cards.all()) await expect(card).toContainText('TALEN', { ignoreCase: true });
  await expect(page.getByRole('navigation', { name: 'Paginering' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link', { name: /^Talen/ }),
  ).toHaveAttribute('aria-current', 'page');
});

test('reading an article from the blog: title, Dutch date, body and related articles', async ({ page, visit }) => {
  await visit('/examentips');
  const first = page.locator('main ul li article').first();
  const title = (await first.getByRole('heading').textContent())!.trim();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/artikel\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('main time').first()).toHaveText(
    /^(maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag) \d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}$/,
  );
  await expect(page.getByRole('heading', { name: 'Lees ook' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lees ook' }).locator('article')).toHaveCount(3);
  // The article page itself passes axe too.
  await visit(new URL(page.url()).pathname);
});

test('an internal link in an article opens the next article inside the app, with its product blocks and products', async ({
  page,
  visit,
  allowNotFound,
}) => {
  // Product pages arrive with the shop issue; hovering a product may prefetch one.
  allowNotFound('/producten');
  await visit('/artikel/kansrekenen-zonder-paniek');
  await page.evaluate(() => ((window as Window & { __marker?: boolean }).__marker = true));
  await page.locator('.prose-content a[href="/artikel/leren-met-oefenexamens"]').first().click();
  await expect(page).toHaveURL(/\/artikel\/leren-met-oefenexamens$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('oefenexamens');
  expect(await page.evaluate(() => (window as Window & { __marker?: boolean }).__marker)).toBe(true);

  // The editor's [[inkijkexemplaar: …]] block: the product with a way into its preview copy.
  const preview = page.getByRole('complementary', { name: /^Inkijkexemplaar: Slaagbundel Wiskunde A havo 2027$/ });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Slaagbundel Wiskunde A havo 2027' })).toHaveAttribute(
    'href',
    /^\/producten\/\d+\/slaagbundel-wiskunde-a-havo-2027#inkijkexemplaar$/,
  );
  await expect(preview).toContainText(/€\s\d+,(\d{2}|-)/);
  // The products the article is about, each with its price.
  const products = page.getByRole('region', { name: 'Oefenen met de examenbundel' });
  await expect(products.getByRole('article')).toHaveCount(3);
  await expect(products.getByRole('article').first()).toContainText('€');

  // A [[product: …]] block sits between the paragraphs of the text, and the page passes axe.
  await visit('/artikel/formuleblad-wiskunde');
  const block = page.getByRole('complementary', { name: 'Product: Slaagbundel Wiskunde B vwo 2027' });
  await expect(block).toBeVisible();
  await expect(block).toContainText('Bekijk de bundel');
  const blockIsBetweenText = await block.evaluate(
    (el) =>
      el.previousElementSibling?.classList.contains('prose-content') === true &&
      el.nextElementSibling?.classList.contains('prose-content') === true,
  );
  expect(blockIsBetweenText).toBe(true);
});

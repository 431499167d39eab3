import { expect, test } from './fixtures.ts';

for (const path of ['/bestaat-niet', '/examentips-oud/2019', '/a/b/c/d/e']) {
  test(`unknown route ${path} answers a real 404 with the 'Gezakt!' page`, async ({ page, visit }) => {
    const response = await page.request.get(path);
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    await visit(path);
    await expect(page).toHaveTitle('Pagina niet gevonden | Slaagbundel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gezakt!');
    await expect(page.getByText('De pagina die je zoekt is niet (meer) beschikbaar.')).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Verder zoeken' }).getByRole('link');
    await expect(links).toHaveText(['Home', 'Examentips', 'Exameninfo']);
    await expect(links.nth(0)).toHaveAttribute('href', '/');
    await expect(links.nth(1)).toHaveAttribute('href', '/examentips');
    await expect(links.nth(2)).toHaveAttribute('href', '/exameninfo');
  });
}

test('a content page from the content service renders with its title', async ({ page, visit }) => {
  const response = await page.request.get('/exameninfo/herexamen');
  expect(response.status()).toBe(200);
  await visit('/exameninfo/herexamen');
  await expect(page).toHaveTitle(/ \| Slaagbundel$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A relative link inside rich text navigates inside the app without a full reload.
  await page.evaluate(() => ((window as Window & { __marker?: boolean }).__marker = true));
  const link = page.locator('.prose-content a[href^="/"]').first();
  const href = await link.getAttribute('href');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  expect(await page.evaluate(() => (window as Window & { __marker?: boolean }).__marker)).toBe(true);
});

test('every HTML response carries its own CSP nonce on every script, also from the page cache', async ({ page }) => {
  const nonces: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await page.request.get('/?nonce-check');
    const csp = response.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers()['x-page-cache']).toBe(i === 0 ? 'MISS' : 'HIT');
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    nonces.push(nonce!);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

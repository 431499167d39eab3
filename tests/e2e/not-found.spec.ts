import { createHash } from 'node:crypto';
import { expect, test } from './fixtures.ts';

for (const path of ['/bestaat-niet', '/examentips-oud/2019', '/a/b/c/d/e']) {
  test(`unknown route ${path} answers a real 404 with the 'Gezakt!' page`, async ({ page, visit }) => {
    const response = await page.request.get(path);
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    await visit(path, { status: 404 });
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
  // The link leads to another content page, not to a 404 (the first link is /exameninfo/cijfer-berekenen).
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Gezakt!');
  await expect(page).not.toHaveTitle('Pagina niet gevonden | Slaagbundel');
  expect(await page.evaluate(() => (window as Window & { __marker?: boolean }).__marker)).toBe(true);
});

test('every inline script is allowed by its hash, the same policy from the page cache, and the page runs under it', async ({
  page,
  visit,
}) => {
  const policies: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await page.request.get('/?csp-check');
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(response.headers()['x-page-cache']).toBe(i === 0 ? 'MISS' : 'HIT');
    expect(csp).not.toContain('nonce-');
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    // First paint needs no request: the stylesheet is inline and no script is preloaded (ADR 008).
    expect(html).toMatch(/<style id="app-css">[^<]*\.container-page\{/);
    expect(html).not.toContain('modulepreload');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attrs]) => !/\bsrc=/.test(attrs!),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , body] of inline) {
      const digest = createHash('sha256').update(body!, 'utf8').digest('base64');
      expect(csp).toContain(`'sha256-${digest}'`);
    }
    policies.push(csp);
  }
  expect(policies[1]).toBe(policies[0]);
  // Chromium enforces the policy: the page hydrates, and any blocked script would be a console error.
  await visit('/?csp-check');
});

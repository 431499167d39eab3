import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const banner = (page: Page) => page.getByRole('complementary', { name: 'Actie' });

const WITHOUT_BANNER: [path: string, status: number][] = [
  ['/', 200],
  ['/examentips', 200],
  ['/contact', 200],
  ['/exameninfo', 200],
  ['/over-slaagbundel', 200],
];

const WITH_BANNER: [path: string, status: number][] = [
  ['/producten', 200],
  // Redirects to the product's own address (with its full slug).
  ['/producten/1/slaagbundel', 200],
  ['/winkelwagen', 200],
  // With an empty cart the checkout says so.
  ['/afrekenen', 200],
  // Without an order to pay: the not-found page, still on a shop path (the shell decides by path).
  ['/afrekenen/betalen', 404],
];

test('the sales banner shows only on winkelwagen, afrekenen and producten paths', async ({ page, visit }) => {
  for (const [path, status] of WITHOUT_BANNER) {
    await visit(path, { status });
    await expect(banner(page), path).toHaveCount(0);
  }
  for (const [path, status] of WITH_BANNER) {
    await visit(path, { status });
    await expect(banner(page), path).toBeVisible();
    await expect(banner(page)).toContainText(/5%.*10%.*15%/);
  }
});

test('dismissing the sales banner stores sale_notice_cookie for 365 days', async ({ page, context, visit }) => {
  await visit('/winkelwagen');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Actiebanner sluiten' }).click();
  await expect(banner(page)).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'sale_notice_cookie');
  expect(cookie?.path).toBe('/');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);
  await visit('/producten');
  await expect(banner(page)).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const banner = (page: Page) => page.getByRole('complementary', { name: 'Actie' });

test('the sales banner shows only on winkelwagen, afrekenen and producten paths', async ({ page, visit }) => {
  for (const path of ['/', '/examentips', '/exameninfo', '/over-slaagbundel']) {
    await visit(path);
    await expect(banner(page), path).toHaveCount(0);
  }
  for (const path of ['/producten', '/producten/1/slaagbundel', '/winkelwagen', '/afrekenen', '/afrekenen/betalen']) {
    await visit(path);
    await expect(banner(page), path).toBeVisible();
    await expect(banner(page)).toContainText(/5%.*10%.*15%/);
  }
});

test('dismissing the sales banner stores sale_notice_cookie for 365 days', async ({ page, context, visit }) => {
  await visit('/winkelwagen');
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

import { expect, test } from './fixtures.ts';

test('home shows the landing page with title, products, tips and discount tiers', async ({ page, visit }) => {
  await visit('/');
  await expect(page).toHaveTitle('Zeker slagen met onze slaagbundels! | Slaagbundel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zeker slagen met onze slaagbundels!');
  const products = page.locator('#producten li article');
  await expect(products).toHaveCount(6);
  await expect(products.first()).toContainText(/€\s\d+,(\d\d|-)/);
  const tiers = page.getByRole('region', { name: 'Hoe meer vakken, hoe meer korting' });
  await expect(tiers.getByRole('listitem')).toHaveText([
    '5%bij 2 producten',
    '10%bij 3 producten',
    '15%bij 4 of meer producten',
  ]);
  await expect(tiers).toContainText('€ 67,36');
  await expect(page.getByRole('region', { name: 'Nieuwste examentips' }).getByRole('article')).toHaveCount(3);
  // Footer: navigation columns, social links and the year copyright.
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Shop' })).toBeVisible();
  await expect(footer.getByRole('link', { name: /Slaagbundel op Instagram/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Slaagbundel`);
  await expect(footer.getByRole('list', { name: 'Betaalmethoden en keurmerken' }).getByRole('img')).toHaveCount(5);
});

test('the marketing modal opens 53rem wide, closes with Escape and on a route change', async ({ page, visit }) => {
  await visit('/');
  const opener = page.getByRole('button', { name: /examenstress/i });
  await opener.click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  expect(await modal.evaluate((el) => getComputedStyle(el).maxWidth)).toBe(`${53 * 16}px`);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(modal).toBeVisible();
  await modal.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/examentips$/);
  await expect(page).toHaveTitle('Examentips | Slaagbundel');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('language cookies are set for a year', async ({ page, context }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  expect(cookies['vsf-locale']?.value).toBe('nl');
  expect(cookies['vsf-currency']?.value).toBe('EUR');
  expect(cookies['vsf-country']?.value).toBe('NL');
  const days = ((cookies['vsf-locale']?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
});

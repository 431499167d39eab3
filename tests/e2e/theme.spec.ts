import { expect, expectAccessible, test } from './fixtures.ts';

test('the chosen level sets the colour theme class on the page and persists', async ({ page, visit }) => {
  await visit('/');
  const html = page.locator('html');
  await expect(html).toHaveClass('theme-havo');
  const chooser = page.getByRole('region', { name: 'Kies je niveau' });

  await chooser.getByRole('button', { name: 'vwo' }).click();
  await expect(html).toHaveClass('theme-vwo');
  await expect(chooser.getByRole('button', { name: 'vwo' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Populair voor vwo' })).toBeVisible();
  const cta = page.getByRole('link', { name: /Bekijk de examenbundels/ });
  expect(await html.evaluate((el) => getComputedStyle(el).getPropertyValue('--theme-primary').trim())).toBe('#c8102e');
  // The button's colour eases over 0.3 s: the assertions wait for where it ends.
  const vwoColour = 'rgb(200, 16, 46)';
  await expect(cta).toHaveCSS('background-color', vwoColour);

  await chooser.getByRole('button', { name: 'vmbo kader' }).click();
  await expect(html).toHaveClass('theme-vmbo');
  await expect(cta).not.toHaveCSS('background-color', vwoColour);
  expect((await page.reload())?.status()).toBe(200);
  await expect(html).toHaveClass('theme-vmbo');
  await expectAccessible(page);
});

test('the level chooser works without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  expect((await page.goto(`${baseURL}/`))?.status()).toBe(200);
  await page.getByRole('button', { name: 'havo' }).click();
  await expect(page.locator('html')).toHaveClass('theme-havo');
  await expect(page.getByRole('heading', { name: 'Populair voor havo' })).toBeVisible();
  for (const product of await page.locator('#producten article').allTextContents()) {
    expect(product).toContain(' · havo');
  }
  await context.close();
});

import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
const B = 'http://127.0.0.1:3302';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const width of [390, 1366]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: 'nl-NL' });
  await ctx.addCookies([{ name: 'gdpr_cookie', value: '*,1,GTM:1', url: B }]);
  const page = await ctx.newPage();
  for (const id of [20, 21, 22])
    await page.request.post(`${B}/api/v1/cart/items`, { headers: { origin: B }, data: { productId: id } });
  await page.goto(`${B}/winkelwagen`);
  await page.screenshot({ path: `/tmp/shots/cart-${width}.png`, fullPage: true });
  await page.goto(`${B}/afrekenen`);
  await page.getByRole('button', { name: 'Verder naar betalen' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/checkout-${width}.png`, fullPage: true });
  await page.getByLabel('E-mailadres').fill('ouder@example.nl');
  await page.getByLabel('Voornaam').fill('Sanne');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('Postcode').first().fill('3511 AB');
  await page.getByLabel('Huisnummer').first().fill('12');
  await page.getByLabel('Straat').first().fill('Oudegracht');
  await page.getByLabel('Plaats').first().fill('Utrecht');
  await page.getByLabel(/Ik ga akkoord/).check();
  await page.getByRole('button', { name: 'Verder naar betalen' }).click();
  await page.waitForURL(/betalen\?/);
  await page.screenshot({ path: `/tmp/shots/payment-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: /Betaal/ }).click();
  await page.waitForURL(/test\//);
  await page.screenshot({ path: `/tmp/shots/testpay-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Betaling gelukt' }).click();
  await page.waitForURL(/bevestiging/);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/confirm-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();

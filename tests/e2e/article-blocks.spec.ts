import { expect, expectRefusals, test } from './fixtures.ts';

/**
 * The blocks an editor embeds in an article (spec §2 "lazily
 * loaded product blocks"): add to cart, the exam check and the license code,
 * as a reader meets them on the blog (the product, preview and newsletter
 * blocks are in blog.spec.ts and newsletter.spec.ts).
 */

test('an article’s add-to-cart block puts the product in the cart without leaving the article', async ({
  page,
  visit,
}) => {
  await visit('/artikel/contextopgaven-wiskunde');
  const block = page.getByRole('complementary', { name: 'Product: Slaagbundel Wiskunde A havo 2027' });
  await expect(block).toContainText('Op voorraad');
  await block.getByRole('button', { name: 'In winkelwagen: Slaagbundel Wiskunde A havo 2027' }).click();

  // The add-to-cart modal of the shop, over the article.
  const modal = page.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
  await expect(modal).toContainText('Slaagbundel Wiskunde A havo 2027');
  await expect(page).toHaveURL(/\/artikel\/contextopgaven-wiskunde$/);
  await modal.getByRole('button', { name: 'Verder winkelen' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('cart-count')).toHaveText('1 product');

  await visit('/winkelwagen');
  await expect(page.getByRole('main')).toContainText('Slaagbundel Wiskunde A havo 2027');
});

test('an article’s exam-check block leads a visitor through sign-in to the subject’s exam checks', async ({
  page,
  visit,
}) => {
  await visit('/artikel/contextopgaven-wiskunde');
  const block = page.getByRole('complementary', { name: 'Hoe sta jij ervoor in Wiskunde B havo?' });
  await expect(block).toContainText(/\d+ examenchecks met samen \d+ vragen/);
  await expect(block.getByRole('link', { name: 'Slaagbundel Wiskunde B havo 2027' })).toHaveAttribute(
    'href',
    /^\/producten\/\d+\/slaagbundel-wiskunde-b-havo-2027$/,
  );
  await block.getByRole('link', { name: 'Start de examencheck' }).click();

  // Not signed in: the area's login, which brings the pupil back to the exam checks.
  await expect(page).toHaveURL(
    /\/mijnslaagbundel\/login\?from=%2Fmijnslaagbundel%2F\d+%2Fwiskunde-b-havo%2Fmaak-de-balans-op$/,
  );
  await page.getByLabel('E-mailadres').fill('leerling@slaagbundel.test');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Slaag2026!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/mijnslaagbundel\/\d+\/wiskunde-b-havo\/maak-de-balans-op$/);
  await expect(page.getByRole('link', { name: /Start de examencheck/ }).first()).toBeVisible();
});

test('an article’s license block brings the code from a book to the account page, ready to activate', async ({
  page,
  visit,
  consoleErrors,
}) => {
  await visit('/artikel/herhalen-met-leerkaarten');
  const block = page.getByRole('complementary', { name: 'Heb je een Slaagbundel gekocht?' });
  await block.getByLabel('Code uit je boek').fill('SB27-HAVO-XX-9999');
  await block.getByRole('button', { name: 'Code activeren' }).click();

  // Signing in first keeps the code.
  await expect(page).toHaveURL(
    '/mijnslaagbundel/login?from=%2Fmijnslaagbundel%2Faccount%2Fmijn-vakken-boeken%3Fcode%3DSB27-HAVO-XX-9999',
  );
  await page.getByLabel('E-mailadres').fill('leerling@slaagbundel.test');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Slaag2026!');
  await page.getByRole('button', { name: 'Inloggen' }).click();

  await expect(page).toHaveURL('/mijnslaagbundel/account/mijn-vakken-boeken?code=SB27-HAVO-XX-9999');
  const form = page.getByRole('region', { name: 'Code uit je boek activeren' });
  const code = form.getByLabel('Code');
  await expect(code).toHaveValue('SB27-HAVO-XX-9999');
  await expect(code).toBeFocused();
  // Activating checks it like any code (this one is unknown, so no demo code is used up).
  await form.getByRole('button', { name: 'Code activeren' }).click();
  // The field names its message (and the form's error summary links to it).
  await expect(code).toHaveAccessibleDescription(/Deze code kennen we niet\. Controleer de code achter in je boek\./);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expectRefusals(consoleErrors, [400]);
});

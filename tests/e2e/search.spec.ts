import { expect, expectAccessible, test } from './fixtures.ts';

/** Site search: from the header, grouped results with the matched words marked, and a typo. */
test('searching from the header finds products and tips, marks the words, and survives a typo', async ({
  page,
  visit,
  allowNotFound,
}) => {
  await visit('/');
  await page.getByRole('link', { name: 'Zoeken' }).first().click();
  const instant = page.getByRole('combobox', { name: 'Zoek in examenbundels en examentips' });
  await expect(instant).toBeFocused();
  await instant.fill('examens plannen');
  // Enter without a chosen suggestion opens every result.
  await instant.press('Enter');
  await expect(page).toHaveURL(/\/zoeken\?q=examens\+plannen$/);
  await expect(instant).toBeHidden();
  const box = page.getByRole('searchbox', { name: 'Zoek in examenbundels en examentips' });
  await expect(page).toHaveURL(/\/zoeken\?q=examens\+plannen$/);
  await expect(page).toHaveTitle('Zoeken: examens plannen | Slaagbundel');
  const tips = page.getByRole('region', { name: /^Examentips/ });
  await expect(tips.getByRole('link', { name: 'Zo maak je een examenplanning die je echt volhoudt' })).toBeVisible();
  expect(await tips.locator('mark').count()).toBeGreaterThan(0);
  await visit(new URL(page.url()).pathname + new URL(page.url()).search); // axe on a results page

  await box.fill('wiskudne');
  await box.press('Enter');
  const products = page.getByRole('region', { name: /^Producten/ });
  await expect(products.getByRole('listitem').first()).toContainText(/Wiskunde/i);
  // Product pages arrive with the shop issue; hovering a result may prefetch one.
  allowNotFound('/producten');

  await box.fill('a');
  await box.press('Enter');
  await expect(page.getByText('Typ minimaal 2 tekens om te zoeken.')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
});

test('the instant search suggests while typing and is worked with the keyboard', async ({ page, visit }) => {
  await visit('/examentips');
  const toggle = page.getByRole('banner').getByRole('link', { name: 'Zoeken' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const box = page.getByRole('combobox', { name: 'Zoek in examenbundels en examentips' });
  await expect(box).toBeFocused();

  await box.pressSequentially('e');
  await expect(page.getByRole('status').filter({ hasText: 'Typ minimaal 2 tekens om te zoeken.' })).toBeVisible();
  await box.pressSequentially('xamens plannen');
  const list = page.getByRole('listbox', { name: 'Suggesties' });
  const tips = list.getByRole('group', { name: 'Examentips' });
  await expect(tips.getByRole('option', { name: /Zo maak je een examenplanning/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // The information pages that match come before the examentips.
  const info = list.getByRole('group', { name: 'Informatie' });
  await expect(info.getByRole('option', { name: /Het examenrooster/ })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    /^\d+ informatiepagina(’s)?, 0 producten en \d+ examentips gevonden\.$/,
  );
  await expectAccessible(page);

  // Arrow keys move the active suggestion, past the information pages; Enter opens it inside the app.
  const pages = await info.getByRole('option').count();
  for (let i = 0; i <= pages; i += 1) await box.press('ArrowDown');
  const first = tips.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await box.press('Enter');
  await expect(page).toHaveURL(/\/artikel\/examenplanning-maken$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Zo maak je een examenplanning die je echt volhoudt',
  );
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await expect(box).toBeHidden();

  // Escape closes the panel and gives focus back to the search link.
  await toggle.click();
  await expect(box).toBeFocused();
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('without JavaScript the header search link opens the search page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/\/zoeken$/);
  await page.getByRole('searchbox', { name: 'Zoek in examenbundels en examentips' }).fill('examenstress');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/\/zoeken\?q=examenstress$/);
  await expect(page.getByRole('link', { name: 'Examenstress? Zo houd je het hoofd koel' })).toBeVisible();
  await context.close();
});

import { expect, test } from './fixtures.ts';

/** Site search (issue 6, item 6): from the header, grouped results with the matched words marked, and a typo. */
test('searching from the header finds products and tips, marks the words, and survives a typo', async ({
  page,
  visit,
  allowNotFound,
}) => {
  await visit('/');
  await page.getByRole('link', { name: 'Zoeken' }).first().click();
  await expect(page).toHaveURL(/\/zoeken$/);
  const box = page.getByRole('searchbox', { name: 'Zoek in examenbundels en examentips' });

  await box.fill('examens plannen');
  await box.press('Enter');
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

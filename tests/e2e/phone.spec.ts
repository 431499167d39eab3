import { expect, test } from './fixtures.ts';

/**
 * The study area on small phones: the signed-in header fits, nothing scrolls sideways, and
 * signing out is in reach, at the widths of the smallest phones pupils carry.
 */
for (const width of [360, 375]) {
  test(`at ${width} px the area's pages fit the screen and 'Uitloggen' is in view`, async ({
    page,
    signInAs,
    visit,
  }) => {
    await page.setViewportSize({ width, height: 760 });
    await signInAs('leerling@slaagbundel.test');
    for (const path of ['/mijnslaagbundel', '/mijnslaagbundel/account']) {
      await visit(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      const logout = page
        .getByRole('navigation', { name: 'Mijn Slaagbundel' })
        .getByRole('link', { name: 'Uitloggen' });
      await expect(logout).toBeInViewport({ ratio: 1 });
      // The brand is still named for screen readers, and the mark is shown.
      await expect(page.getByRole('link', { name: /Slaagbundel – naar Mijn Slaagbundel/ })).toBeVisible();
    }
  });
}

test('on a phone a card opens at the top of its modal: the title in view, the focus on its text', async ({
  page,
  signInAs,
  visit,
}) => {
  await page.setViewportSize({ width: 390, height: 760 });
  await signInAs('leerling@slaagbundel.test');
  await visit('/mijnslaagbundel');
  await page.getByRole('link', { name: 'Wiskunde B', exact: true }).click();
  await page.getByRole('link', { name: 'Leren en oefenen' }).click();
  await expect(page).toHaveURL(/\/leren-en-oefenen$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const first = page.locator('main li a[href*="/kaart/"]').first();
  const title = await first.innerText();
  await first.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // The card's text has the focus (Space shows the answer), and the dialog did not scroll down to it.
  await expect(dialog.locator('[data-autofocus]')).toBeFocused();
  await expect(dialog.getByRole('heading', { name: title })).toBeInViewport({ ratio: 1 });
  expect(await dialog.evaluate((d) => d.scrollTop)).toBe(0);
});

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

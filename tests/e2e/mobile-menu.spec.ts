import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('holds Home, the navigation with one open group at a time, and Mijn Slaagbundel', async ({ page, visit }) => {
    await visit('/');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobiel menu' });
    await expect(menu).toBeVisible();
    // The panel covers the screen below the 5rem header.
    const box = async () => {
      const b = await page.locator('#mobile-menu').boundingBox();
      return b && [b.x, Math.round(b.y), b.width, Math.round(b.height)];
    };
    // (after the 0.25 s slide-in)
    await expect.poll(box).toEqual([0, 70, 390, 844 - 70]);
    await expect(menu.getByRole('link', { name: 'Home' })).toBeInViewport();
    await expect(menu.getByRole('link', { name: 'Mijn Slaagbundel' })).toHaveAttribute('href', '/mijnslaagbundel');
    // Scroll is locked while the menu is open.
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);

    const products = menu.getByRole('button', { name: 'Producten' });
    const tips = menu.getByRole('button', { name: 'Examentips' });
    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Voordeelpakketten' })).toBeVisible();
    await tips.click();
    await expect(tips).toHaveAttribute('aria-expanded', 'true');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Voordeelpakketten' })).toBeHidden();
    await expectAccessible(page);

    // A route change closes the menu and releases the scroll lock.
    await menu.getByRole('link', { name: 'Over Slaagbundel' }).click();
    await expect(page).toHaveURL(/\/over-slaagbundel$/);
    await expect(page).toHaveTitle('Over Slaagbundel | Slaagbundel');
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page, visit }) => {
    await visit('/');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    // Escape once the menu is there (its code loads on the first sign of intent), as a user sees it first.
    const menu = page.getByRole('navigation', { name: 'Mobiel menu' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test('from the md breakpoint (48em) the menu button is hidden and the main navigation shows', async ({
  page,
  visit,
}) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await visit('/');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Hoofdmenu' })).toBeVisible();
  await page.setViewportSize({ width: 767, height: 900 });
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
});

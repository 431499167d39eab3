/**
 * Stock in the back office (issue 32, item 4): the demo finance member signs in with a TOTP code the test computes,
 * finds a product on the stock page, is told in Dutch when the reason is missing (what was typed stays), adjusts
 * the stock with a reason, and the product's history shows the change with the reason and who made it. The admin's
 * audit log shows `stock.adjust` with the quantity before and after. Every page passes axe.
 */
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from '@playwright/test';
import { DEMO_STAFF, type DemoStaff } from '#server/seed/demo-staff.ts';
import { DEMO_PASSWORD, expect, expectAccessible, expectRefusals, test } from './fixtures.ts';

const finance = DEMO_STAFF.find((member) => member.role === 'finance')!;
const admin = DEMO_STAFF.find((member) => member.role === 'admin')!;
const SKU = 'SB-VMBOB-NE-2027';

async function signIn(page: Page, member: DemoStaff) {
  await page.goto('/beheer/inloggen');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page
    .getByLabel('Code uit je authenticator-app')
    .fill(await createOTP(member.totpSecret, { digits: 6, period: 30 }).totp());
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welkom, ${member.name}`);
}

test('A stock adjustment appears with its reason in the history.', async ({ page, visit, consoleErrors }) => {
  await signIn(page, finance);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Voorraad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Voorraad' })).toBeVisible();
  await expectAccessible(page);

  // Low stock only: the demo's sold-out products are marked.
  await page.getByLabel(/^Alleen lage voorraad/).check();
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Uitverkocht' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Op voorraad' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel(/^Alleen lage voorraad/).uncheck();
  await page.getByLabel('Productnaam of SKU').fill(SKU.toLowerCase());
  await page.getByRole('button', { name: 'Zoeken' }).click();
  const row = page.getByRole('row').filter({ hasText: SKU });
  await expect(row).toHaveCount(1);
  const name = (await row.getByRole('link').innerText()).trim();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectAccessible(page);
  const before = Number(await page.locator('dd strong').first().innerText());

  // No reason: refused in Dutch, and what was typed stays.
  await page.getByLabel('Of: wijziging (+/−)').fill('+7');
  await page.getByLabel('Reden').fill('x');
  await page.getByRole('button', { name: 'Voorraad aanpassen' }).click();
  await expect(page.getByText('Vul een reden in (3 tot 500 tekens).').first()).toBeVisible();
  await expect(page.getByLabel('Of: wijziging (+/−)')).toHaveValue('+7');
  await expectAccessible(page);
  expectRefusals(consoleErrors, [400]);

  const reason = `Telling magazijn e2e ${Date.now()}: 7 dozen gevonden`;
  await page.getByLabel('Reden').fill(reason);
  await page.getByRole('button', { name: 'Voorraad aanpassen' }).click();
  await expect(page.getByRole('status')).toHaveText('De voorraad is aangepast.');
  await expect(page.locator('dd strong').first()).toHaveText(String(before + 7));
  const history = page.getByRole('table', { name: 'Voorraadwijzigingen, nieuwste eerst' });
  const change = history.getByRole('row').filter({ hasText: reason });
  await expect(change).toContainText(finance.name);
  await expect(change).toContainText(`${before} → ${before + 7}`);
  await expect(change).toContainText('+7');
  await expectAccessible(page);

  // The admin's audit log holds the adjustment with before and after.
  await page.context().clearCookies();
  await signIn(page, admin);
  await visit('/beheer/audit?action=stock.adjust');
  const entry = page.getByRole('row').filter({ hasText: reason });
  await expect(entry).toContainText('stock.adjust');
  // The columns Voor and Na (jsonb keeps its own key order).
  await expect(entry.getByRole('cell').nth(5)).toHaveText(`{"quantity":${before}}`);
  await expect(entry.getByRole('cell').nth(6)).toContainText(`"quantity":${before + 7}`);
  await expect(entry.getByRole('cell').nth(6)).toContainText(`"reason":"${reason}"`);
});

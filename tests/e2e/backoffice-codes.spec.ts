/**
 * Licence codes in the back office (issue 32, item 3): finance generates a batch of class licences and downloads
 * its CSV. Support's reissue of a code is step 2 of tests/e2e/backoffice-journey.spec.ts. Every page passes axe.
 */
import { createOTP } from '@better-auth/utils/otp';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { DEMO_PASSWORD, expect, expectAccessible, expectRefusals, test } from './fixtures.ts';

const finance = DEMO_STAFF.find((member) => member.role === 'finance')!;

test('Finance generates a batch of class licences and downloads it as CSV', async ({ page, consoleErrors }) => {
  await page.goto('/beheer/inloggen');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mailadres').fill(finance.email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page
    .getByLabel('Code uit je authenticator-app')
    .fill(await createOTP(finance.totpSecret, { digits: 6, period: 30 }).totp());
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Fleur Financiën');

  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Codereeksen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Codereeksen' })).toBeVisible();
  await expectAccessible(page);
  const label = `Klaslicenties e2e ${Date.now()}`;
  await page.getByLabel('Naam van de reeks').fill(label);
  await page.getByLabel('Product').selectOption({ index: 1 });
  await page.getByLabel('Soort codes').selectOption('class');
  await page.getByLabel(/^Aantal codes/).fill('12');
  // Class licences need seats: the form says so and keeps what was typed.
  await page.getByRole('button', { name: 'Reeks maken' }).click();
  await expect(page.getByText('Kies voor klaslicenties een aantal plaatsen van 1 tot 1.000.')).toBeVisible();
  await expect(page.getByLabel('Naam van de reeks')).toHaveValue(label);
  await expectAccessible(page);
  expectRefusals(consoleErrors, [400]);
  await page.getByLabel(/^Plaatsen per klaslicentie/).fill('30');
  await page.getByRole('button', { name: 'Reeks maken' }).click();
  await expect(page.getByRole('status')).toHaveText(`12 codes gemaakt in de reeks ‘${label}’.`);
  const row = page.getByRole('row').filter({ hasText: label });
  await expect(row).toContainText('30 plaatsen');
  await expectAccessible(page);

  const href = await row.getByRole('link', { name: /CSV downloaden/ }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('code;product;plaatsen;examenjaar;status;bestelling;aangemaakt');
  expect(lines).toHaveLength(13);
});

/**
 * The back office (issue 32, slice 1): the demo admin signs in with the password and a TOTP code the test
 * computes from the seed's fixed secret, and invites a support member; the invitation lands in the outbox and
 * in the audit log. Every page passes axe.
 */
import { createOTP } from '@better-auth/utils/otp';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { DEMO_PASSWORD, expect, expectAccessible, mailedLink, test } from './fixtures.ts';

const admin = DEMO_STAFF.find((member) => member.role === 'admin')!;
const code = () => createOTP(admin.totpSecret, { digits: 6, period: 30 }).totp();

test('the admin signs in with TOTP and invites a support member', async ({ page, visit }) => {
  await page.goto('/beheer');
  await expect(page).toHaveURL(/\/beheer\/inloggen$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expectAccessible(page);
  await page.getByLabel('E-mailadres').fill(admin.email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const codeField = page.getByLabel('Code uit je authenticator-app');
  await expect(codeField).toBeVisible();
  await expectAccessible(page);
  await codeField.fill(await code());
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Bram Beheer');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Medewerkers' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
  await expectAccessible(page);
  const email = `support-${Date.now()}@example.nl`;
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Rol', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(page.getByRole('status')).toHaveText(`Uitnodiging verstuurd naar ${email}.`);
  await expectAccessible(page);

  const link = await mailedLink(page, email, /https?:\/\/\S+\/beheer\/uitnodiging\/\S+/);
  expect(link).toMatch(/^\/beheer\/uitnodiging\//);

  await visit(`/beheer/audit?action=staff.invite`);
  await expect(page.getByRole('cell', { name: new RegExp(email.replace('.', '\\.')) })).toBeVisible();
});

/**
 * Customers in the back office (issue 32, item 5): the demo support member signs in with a TOTP code the test
 * computes, finds the demo parent by e-mail address, opens their page and starts a password reset; the reset
 * mail, with a link the customer follows to choose a password, is in the outbox (/dev/mail). Every page passes
 * axe.
 */
import { createOTP } from '@better-auth/utils/otp';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { DEMO_PARENT_EMAIL } from '#server/seed/demo-accounts.ts';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, expectRefusals, mailedLink, test, VERIFY_LINK } from './fixtures.ts';

const support = DEMO_STAFF.find((member) => member.role === 'support')!;
const code = () => createOTP(support.totpSecret, { digits: 6, period: 30 }).totp();
const RESET_LINK = /https?:\/\/\S+\/reset-password\/\S+/g;

/** The reset links mailed to the demo parent so far (earlier runs leave theirs in the outbox). */
async function resetLinks(page: Page): Promise<string[]> {
  await page.goto('/dev/mail');
  const mails = page
    .getByRole('article')
    .filter({ hasText: DEMO_PARENT_EMAIL })
    .filter({ hasText: 'Nieuw wachtwoord' });
  return (await mails.locator('pre').allInnerTexts()).flatMap((text) => text.match(RESET_LINK) ?? []);
}

async function signInAsSupport(page: Page) {
  await page.goto('/beheer/inloggen');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mailadres').fill(support.email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByLabel('Code uit je authenticator-app').fill(await code());
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Sara Support');
}

test('Support finds a customer by e-mail and starts a password reset', async ({ page }) => {
  const before = new Set(await resetLinks(page));
  await signInAsSupport(page);

  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Klanten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('E-mailadres, naam of bestelnummer').fill(DEMO_PARENT_EMAIL.toUpperCase());
  await page.getByRole('button', { name: 'Zoeken' }).click();
  const row = page.getByRole('row').filter({ hasText: DEMO_PARENT_EMAIL });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ouder');
  await expectAccessible(page);

  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Petra de Ouder' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Bestellingen' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Resetmail sturen' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `De klant krijgt een mail op ${DEMO_PARENT_EMAIL} met een link om zelf een nieuw wachtwoord te kiezen (de link werkt een uur).`,
  );
  await expectAccessible(page);

  await expect(async () => {
    const added = (await resetLinks(page)).filter((link) => !before.has(link));
    expect(added, `a new reset mail to ${DEMO_PARENT_EMAIL}`).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
});

test('Support resends the verification mail of a new account and deletes it on request', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  // A new account that never followed its verification link (signing up sets no session without it).
  const email = `klant-${Date.now()}@example.nl`;
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  const data = { name: 'Noor Verzoek', email, password: DEMO_PASSWORD };
  expect((await page.request.post('/api/auth/sign-up/email', { headers, data })).status()).toBe(200);
  const firstLink = await mailedLink(page, email, VERIFY_LINK);

  await signInAsSupport(page);
  await page.goto(`/beheer/klanten?q=${encodeURIComponent(email)}`);
  await page.getByRole('row').filter({ hasText: email }).getByRole('link', { name: 'Noor Verzoek' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Noor Verzoek' })).toBeVisible();
  await page.getByRole('button', { name: 'Bevestigingsmail sturen' }).click();
  await expect(page.getByRole('status')).toHaveText(`De bevestigingsmail gaat opnieuw naar ${email}.`);
  await expectAccessible(page);
  await expect(async () => {
    expect(await mailedLink(page, email, VERIFY_LINK)).not.toBe(firstLink);
  }).toPass({ timeout: 30_000 });

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Noor Verzoek' })).toBeVisible();
  const reason = page.getByLabel('Reden (bijvoorbeeld: verzoek van de klant per e-mail van 12 mei)');
  await reason.fill('Verzoek van de klant per e-mail');
  await page.getByLabel('Typ ter bevestiging het e-mailadres van de klant').fill('iemand@example.nl');
  await page.getByRole('button', { name: 'Account definitief verwijderen' }).click();
  await expect(page.getByText('Typ het e-mailadres van deze klant precies over')).toBeVisible();
  await expect(reason).toHaveValue('Verzoek van de klant per e-mail');
  expectRefusals(consoleErrors, [400]);
  await expectAccessible(page);

  await page.getByLabel('Typ ter bevestiging het e-mailadres van de klant').fill(email);
  await page.getByRole('button', { name: 'Account definitief verwijderen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Het account is verwijderd.');
  await expectAccessible(page);
  await page.goto(`/beheer/klanten?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('status')).toHaveText('Geen klanten gevonden.');
});

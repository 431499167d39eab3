/**
 * Licence codes in the back office (issue 32, item 3): the demo support member signs in with a TOTP code the test
 * computes, finds the demo guest order's codes by its e-mail address, reissues one with a reason; the new code's
 * mail is in the outbox, and the code page's history shows the reissue. Every page passes axe.
 */
import { createOTP } from '@better-auth/utils/otp';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { DEMO_CODE_ORDER } from '#server/seed/demo-codes.ts';
import { DEMO_PASSWORD, expect, expectAccessible, expectRefusals, test } from './fixtures.ts';

const support = DEMO_STAFF.find((member) => member.role === 'support')!;
const code = () => createOTP(support.totpSecret, { digits: 6, period: 30 }).totp();

test('Support finds a code by the order’s e-mail address and reissues a licence code', async ({ page, visit }) => {
  await page.goto('/beheer/inloggen');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mailadres').fill(support.email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.getByLabel('Code uit je authenticator-app').fill(await code());
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Sara Support');

  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Licentiecodes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Licentiecodes' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Code, bestelnummer of e-mailadres').fill(DEMO_CODE_ORDER.email);
  await page.getByRole('button', { name: 'Zoeken' }).click();
  const rows = page.getByRole('row').filter({ hasText: DEMO_CODE_ORDER.number });
  await expect(rows.filter({ hasText: 'Ingetrokken' }).first()).toBeVisible();
  await expectAccessible(page);

  // An active code of the order (earlier runs of this test left revoked ones beside it).
  const active = rows.filter({ hasText: 'Niet gebruikt' }).first();
  const oldCode = (await active.getByRole('link').innerText()).trim();
  await active.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: oldCode })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Reden voor opnieuw uitgeven').fill('Klant kan de mail met de code niet vinden.');
  await page.getByRole('button', { name: 'Opnieuw uitgeven' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('De code is ingetrokken en vervangen door');
  await expect(status).toContainText('De nieuwe code is gemaild.');
  const newCode = /vervangen door (SB-[A-Z0-9-]+)\./.exec(await status.innerText())![1]!;
  const history = page.getByRole('table', { name: 'Geschiedenis van de code, oudste eerst' });
  await expect(history.getByRole('row').filter({ hasText: 'Vervangen door een nieuwe code' })).toContainText(
    `Nieuwe code: ${newCode}`,
  );
  await expect(history.getByRole('row').filter({ hasText: 'Ingetrokken' })).toContainText(
    'Reden: Klant kan de mail met de code niet vinden.',
  );
  await expectAccessible(page);

  await expect(async () => {
    await page.goto('/dev/mail');
    const mail = page.getByRole('article').filter({ hasText: DEMO_CODE_ORDER.email }).filter({ hasText: newCode });
    expect(await mail.count(), `a mail to ${DEMO_CODE_ORDER.email} with ${newCode}`).toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });

  await visit(`/beheer/codes/${newCode}`);
  await expect(page.getByRole('heading', { level: 1, name: newCode })).toBeVisible();
  await expect(page.getByRole('link', { name: oldCode })).toBeVisible();
});

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

/**
 * Refunds with credit notes (issue 32): a buyer pays an order with the demo provider; the demo finance member
 * signs in with a TOTP code the test computes from the seed's fixed secret, refunds one line of the order, and
 * the credit note page shows the negative line with 9 % VAT and refers to the invoice; the admin finds the
 * refund in the audit log with what was refunded before and after. Every page passes axe.
 */
import type { Page } from '@playwright/test';
import { createOTP } from '@better-auth/utils/otp';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures.ts';

const finance = DEMO_STAFF.find((member) => member.role === 'finance')!;
const admin = DEMO_STAFF.find((member) => member.role === 'admin')!;

async function signInStaff(page: Page, member: (typeof DEMO_STAFF)[number]) {
  await page.goto('/beheer/inloggen');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const codeField = page.getByLabel('Code uit je authenticator-app');
  await expect(codeField).toBeVisible();
  await codeField.fill(await createOTP(member.totpSecret, { digits: 6, period: 30 }).totp());
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welkom, ${member.name}`);
}

test('finance refunds one line of a paid order; the credit note shows it negative at 9 % VAT; the audit log has it', async ({
  page,
  visit,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A guest buys two products and pays with the demo provider.
  const res = await page.request.get('/api/v1/products?level=vwo&productType=examenbundel');
  const { products } = (await res.json()) as { products: { id: number; name: string; canOrder: boolean }[] };
  const [first, second] = products.filter((p) => p.canOrder);
  for (const product of [first!, second!]) {
    const added = await page.request.post('/api/v1/cart/items', {
      headers: { origin: baseURL! },
      data: { productId: product.id },
    });
    expect(added.status()).toBe(200);
  }
  await visit('/afrekenen');
  await page.getByLabel('E-mailadres').fill(`koper-${Date.now()}@example.nl`);
  await page.getByLabel('Voornaam').fill('Sanne');
  await page.getByLabel('Achternaam').fill('de Vries');
  await page.getByLabel('Postcode').first().fill('3511 AB');
  await page.getByLabel('Huisnummer').first().fill('12');
  await page.getByLabel('Straat').first().fill('Oudegracht');
  await page.getByLabel('Plaats').first().fill('Utrecht');
  await page.getByLabel(/Ik ga akkoord met de algemene voorwaarden/).check();
  await page.getByRole('button', { name: 'Verder naar betalen' }).click();
  await page.getByRole('button', { name: /^Betaal/ }).click();
  await page.getByRole('button', { name: 'Betaling gelukt' }).click();
  await expect(page.getByRole('heading', { name: 'Bedankt voor je bestelling!' })).toBeVisible();
  const number = (await page.getByTestId('order-number').innerText()).trim();

  // Finance signs in (a browser of their own) and refunds one copy of the second line.
  const staffContext = await browser.newContext({ baseURL: baseURL!, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const staff = await staffContext.newPage();
  await signInStaff(staff, finance);
  await staff.goto(`/beheer/bestellingen/${number}/terugbetalen`);
  await staff.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Terugbetalen: bestelling ${number}`);
  await expect(staff.getByText('Nog geen terugbetalingen.')).toBeVisible();
  await expectAccessible(staff);

  // Nothing chosen: a Dutch message, and what was typed stays.
  await staff.getByLabel('Reden').selectOption('returned');
  await staff.getByLabel('Toelichting (niet verplicht)').fill('Teruggestuurd, ongeopend');
  await staff.getByRole('button', { name: 'Terugbetalen en creditnota maken' }).click();
  await expect(staff.getByRole('alert')).toHaveText(
    'Kies minstens één product (een aantal) of de verzendkosten om terug te betalen.',
  );
  await expect(staff.getByLabel('Toelichting (niet verplicht)')).toHaveValue('Teruggestuurd, ongeopend');
  await expect(staff.getByLabel('Reden')).toHaveValue('returned');
  await expectAccessible(staff);

  await staff.getByLabel(`Aantal terugbetalen van ${second!.name} (hoogstens 1)`).fill('1');
  await staff.getByRole('button', { name: 'Terugbetalen en creditnota maken' }).click();
  const done = staff.getByRole('status');
  await expect(done).toContainText('is terugbetaald. Creditnota CN');
  await expectAccessible(staff);
  const noteLink = done.getByRole('link', { name: /^Creditnota CN\d{2}-\d{6} bekijken$/ });
  const noteNumber = (await noteLink.innerText()).match(/CN\d{2}-\d{6}/)![0];
  // The earlier refund is listed with its credit note.
  await expect(staff.getByRole('link', { name: noteNumber, exact: true })).toBeVisible();

  await noteLink.click();
  await expect(staff.getByRole('heading', { level: 2, name: `Creditnota ${noteNumber}` })).toBeVisible();
  await expect(staff.getByText(`Betreft factuur ${number}`)).toBeVisible();
  const line = staff.getByTestId('credit-note-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(second!.name);
  await expect(line.getByRole('cell').nth(1)).toHaveText('-1');
  await expect(line.getByRole('cell').nth(2)).toHaveText('9%');
  await expect(line.getByRole('cell').nth(4)).toHaveText(/^€\s?-\d+,\d{2}$/);
  await expect(staff.getByTestId('credit-note-total')).toHaveText(/^€\s?-\d+,\d{2}$/);
  await expectAccessible(staff);
  await staffContext.close();

  // The admin finds the refund in the audit log, with before and after.
  const adminContext = await browser.newContext({ baseURL: baseURL!, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const adminPage = await adminContext.newPage();
  await signInStaff(adminPage, admin);
  await adminPage.goto(`/beheer/audit?action=order.refund&objectId=${number}`);
  await adminPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const row = adminPage.getByRole('row').filter({ hasText: 'order.refund' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`order ${number}`);
  await expect(row.getByRole('cell').nth(5)).toContainText('"refundedCents":0');
  await expect(row.getByRole('cell').nth(6)).toContainText(`"creditNote":"${noteNumber}"`);
  await expect(row.getByRole('cell').nth(6)).toContainText('"refundedUnits":{"line1":1}');
  await expectAccessible(adminPage);
  await adminContext.close();
});

test('the buyer sees the credit note of their refunded order under its invoice', async ({ page, visit, baseURL }) => {
  // The demo parent's order with one refunded line (server/seed/demo-refund.ts), signed in over the API.
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL! },
    data: { email: 'ouder@slaagbundel.test', password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await visit('/mijnslaagbundel/account/bestellingen');
  await page
    .getByRole('link', { name: /^Bestelling SB\d{2}-\d{6}$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 2, name: /^Factuur SB\d{2}-\d{6}$/ })).toBeVisible();
  const invoice = (await page.getByRole('heading', { level: 2, name: /^Factuur/ }).innerText()).replace('Factuur ', '');
  // The invoice carries the rate per line (the order was placed with it).
  const invoiceTable = page.getByRole('table', { name: 'Producten, korting, verzendkosten en btw' });
  await expect(invoiceTable.getByRole('columnheader', { name: 'Btw', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Creditnota CN\d{2}-\d{6}$/ })).toBeVisible();
  await expect(page.getByText(`Betreft factuur ${invoice}`)).toBeVisible();
  await expect(page.getByTestId('credit-note-line').getByRole('cell').nth(2)).toHaveText('9%');
  await expectAccessible(page);
});

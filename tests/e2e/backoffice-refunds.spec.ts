/**
 * Refunds with credit notes (issue 32), as the buyer sees them: the credit note of a refunded order under its
 * invoice, with the rate per line. Finance's refund itself is step 3 of tests/e2e/backoffice-journey.spec.ts.
 */
import { DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures.ts';

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

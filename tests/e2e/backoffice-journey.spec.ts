/**
 * The back office's day (issue 32, its five steps in one database, in order): the admin signs in with TOTP (the
 * test computes the code from the seed's fixed secret) and invites a support member; support finds an order by
 * its e-mail address, resends its confirmation (in the outbox) and reissues one of its licence codes; finance
 * refunds one line of a paid order with the demo provider and the credit note shows the negative line at 9 % VAT;
 * finance adjusts a product's stock with a reason; the admin's audit log shows the four actions with their values
 * before and after. Every page passes axe.
 */
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { DEMO_CODE_ORDER } from '#server/seed/demo-codes.ts';
import { expect, expectAccessible, expectRefusals, mailedLink, signInStaff, test } from './fixtures.ts';

const SKU = 'SB-VMBOB-NE-2027';
const staffMember = (role: string) => DEMO_STAFF.find((member) => member.role === role)!;

/** What each step did, for the audit log's step. */
const steps: { resent?: string; reissued?: string; refunded?: string; adjusted?: string } = {};

test.describe.serial('the back office in five steps', () => {
  test('1. the admin signs in with TOTP and invites a support member', async ({ page, visit }) => {
    await page.goto('/beheer');
    await expect(page).toHaveURL(/\/beheer\/inloggen$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expectAccessible(page);
    await signInStaff(page, staffMember('admin'));
    await expect(page.getByRole('heading', { level: 2, name: /^Vandaag/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Medewerkers' }).click();
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

  test('2. support finds an order by e-mail, resends its mail and reissues a licence code', async ({ page }) => {
    await signInStaff(page, staffMember('support'));
    await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Bestellingen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellingen' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Bestelnummer of e-mailadres').fill(DEMO_CODE_ORDER.email.toUpperCase());
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await page.getByRole('link', { name: DEMO_CODE_ORDER.number, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${DEMO_CODE_ORDER.number}`);
    await expectAccessible(page);

    // Resent to the order's own address: a mail in the outbox, and the action in the order's timeline.
    await page.getByRole('button', { name: 'Bevestiging met licentiecodes opnieuw sturen' }).click();
    await expect(page.getByRole('status')).toHaveText(`De bevestiging gaat opnieuw naar ${DEMO_CODE_ORDER.email}.`);
    await expect(
      page.getByRole('list').getByText('Medewerker (Klantenservice) stuurde de bevestiging opnieuw'),
    ).toBeVisible();
    await expectAccessible(page);
    await expect(async () => {
      await page.goto('/dev/mail');
      const mail = page
        .getByRole('article')
        .filter({ hasText: DEMO_CODE_ORDER.email })
        .filter({ hasText: `Je bestelling ${DEMO_CODE_ORDER.number} is betaald` });
      expect(await mail.count(), 'the resent confirmation in the outbox').toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    steps.resent = DEMO_CODE_ORDER.number;

    // One of the order's codes not redeemed yet, reissued from its page.
    await page.goto(`/beheer/bestellingen/${DEMO_CODE_ORDER.number}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const codeItem = page.getByRole('listitem').filter({ hasText: 'nog niet verzilverd' }).first();
    const oldCode = (await codeItem.getByRole('link').innerText()).trim();
    await codeItem.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: oldCode })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Reden voor opnieuw uitgeven').fill('Klant kan de mail met de code niet vinden.');
    await page.getByRole('button', { name: 'Opnieuw uitgeven' }).click();
    const status = page.getByRole('status');
    await expect(status).toContainText('De code is ingetrokken en vervangen door');
    const newCode = /vervangen door (SB-[A-Z0-9-]+)\./.exec(await status.innerText())![1]!;
    const history = page.getByRole('table', { name: 'Geschiedenis van de code, oudste eerst' });
    await expect(history.getByRole('row').filter({ hasText: 'Vervangen door een nieuwe code' })).toContainText(
      `Nieuwe code: ${newCode}`,
    );
    await expectAccessible(page);
    await expect(async () => {
      await page.goto('/dev/mail');
      const mail = page.getByRole('article').filter({ hasText: DEMO_CODE_ORDER.email }).filter({ hasText: newCode });
      expect(await mail.count(), `a mail with ${newCode}`).toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    steps.reissued = oldCode;
  });

  test('3. finance refunds one line of a paid order; the credit note shows it negative at 9 % VAT', async ({
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
    const staffContext = await browser.newContext({
      baseURL: baseURL!,
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
    });
    // Consent given before, as in every test's own context: no cookie notice sliding in while axe reads the page.
    await staffContext.addCookies([{ name: 'gdpr_cookie', value: '*,1,GTM:1', url: baseURL! }]);
    const staff = await staffContext.newPage();
    await signInStaff(staff, staffMember('finance'));
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
    const refundStatus = staff.getByRole('status');
    await expect(refundStatus).toContainText('is terugbetaald. Creditnota CN');
    await expectAccessible(staff);
    const noteLink = refundStatus.getByRole('link', { name: /^Creditnota CN\d{2}-\d{6} bekijken$/ });
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
    // The order's timeline names the refund, its amount and its credit note.
    await staff.goto(`/beheer/bestellingen/${number}`);
    await expect(
      staff.getByText(
        new RegExp(`^Medewerker \\(Financiën\\) betaalde terug €\\s?\\d+,\\d{2} \\(creditnota ${noteNumber}\\)$`),
      ),
    ).toBeVisible();
    await staffContext.close();

    steps.refunded = number;
  });

  test('4. finance adjusts a stock with a reason; the adjustment appears with it in the history', async ({
    page,
    consoleErrors,
  }) => {
    await signInStaff(page, staffMember('finance'));
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
    await expect(change).toContainText(staffMember('finance').name);
    await expect(change).toContainText(`${before} → ${before + 7}`);
    await expect(change).toContainText('+7');
    await expectAccessible(page);

    steps.adjusted = reason;
  });

  test('5. the admin’s audit log shows the actions with their values before and after', async ({ page }) => {
    await signInStaff(page, staffMember('admin'));
    const entry = async (action: string, objectId: string) => {
      await page.goto(`/beheer/audit?action=${action}&objectId=${encodeURIComponent(objectId)}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const row = page.getByRole('row').filter({ hasText: action }).first();
      await expect(row).toBeVisible();
      return row;
    };
    const resent = await entry('order.resend_confirmation', steps.resent!);
    await expect(resent.getByRole('cell').nth(5)).toContainText(`"email":"${DEMO_CODE_ORDER.email}"`);
    await expect(resent.getByRole('cell').nth(6)).toContainText(`"sentTo":"${DEMO_CODE_ORDER.email}"`);
    await expectAccessible(page);
    const reissued = await entry('license_code.reissue', steps.reissued!);
    await expect(reissued.getByRole('cell').nth(5)).not.toHaveText('–');
    await expect(reissued.getByRole('cell').nth(6)).not.toHaveText('–');
    const refunded = await entry('order.refund', steps.refunded!);
    await expect(refunded.getByRole('cell').nth(5)).toContainText('"refundedCents":0');
    await expect(refunded.getByRole('cell').nth(6)).toContainText('"refundedUnits":{"line1":1}');
    await page.goto('/beheer/audit?action=stock.adjust');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const adjusted = page.getByRole('row').filter({ hasText: steps.adjusted! });
    await expect(adjusted.getByRole('cell').nth(5)).toHaveText(/^\{"quantity":\d+\}$/);
    await expect(adjusted.getByRole('cell').nth(6)).toContainText(`"reason":"${steps.adjusted!}"`);
    await expectAccessible(page);
  });
});

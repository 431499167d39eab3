import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, expectRefusals, mailedLink, signUpVerified, test, VERIFY_LINK } from './fixtures.ts';

/**
 * The account pages: overview, "Mijn vakken en boeken" and
 * the profile, on a phone (390 px) and a desktop, each checked with axe. A
 * fresh havo NT pupil per test: signed up over the API, verified with the
 * link from the outbox (/dev/mail), signed in, onboarding completed (the
 * onboarding's own pages are tested elsewhere).
 */
const PASSWORD = 'Slaag2026!';
const ACCOUNT = '/mijnslaagbundel/account';
const SUBJECTS = `${ACCOUNT}/mijn-vakken-boeken`;
const PROFILE = `${ACCOUNT}/profile`;

let serial = 0;

function jsonHeaders(baseURL: string) {
  return { origin: baseURL, 'content-type': 'application/json' };
}

async function signIn(api: APIRequestContext, baseURL: string, email: string, password = PASSWORD) {
  return api.post('/api/auth/sign-in/email', { headers: jsonHeaders(baseURL), data: { email, password } });
}

/** A new verified havo NT pupil who finished the onboarding, signed in in this page's browser context. */
async function newPupil(page: Page, baseURL: string, name = 'Sanne de Vries'): Promise<{ email: string }> {
  serial += 1;
  const email = `account-${Date.now()}-${serial}@example.nl`;
  await signUpVerified(page, baseURL, { email, name, password: PASSWORD });
  const api = page.request;
  const headers = jsonHeaders(baseURL);
  expect((await api.patch('/api/v1/users/me/levels', { headers, data: { levels: ['havo'] } })).status()).toBe(200);
  const me = await api.patch('/api/v1/users/me', { headers, data: { onboardingCompleted: true, profile: 'NT' } });
  expect(me.status()).toBe(200);
  return { email };
}

/** The notification of spec §8 (the live region of the shell), not the form's own status line. */
const notification = (page: Page, text: string) => page.locator('[aria-live="polite"]').getByText(text);

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the account pages with their sub navigation pass axe on a ${viewport.name}`, async ({
    page,
    visit,
    baseURL,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await newPupil(page, baseURL!);
    const nav = page.getByRole('navigation', { name: 'Mijn account' });

    await visit(ACCOUNT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn account');
    await expect(page.getByRole('heading', { level: 2, name: 'Hoi Sanne de Vries!' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Overzicht' })).toHaveAttribute('aria-current', 'page');
    const subjectsCard = page.getByRole('region', { name: 'Mijn vakken en boeken' });
    await expect(subjectsCard).toContainText('0vakken');
    await expect(page.getByRole('region', { name: 'Mijn gegevens' })).toContainText('havo');
    await expect(page.getByRole('region', { name: 'Mijn gegevens' })).toContainText('Natuur en Techniek (NT)');
    await expect(page.getByRole('link', { name: 'Uitloggen' }).last()).toHaveAttribute('href', /\/logout\?returnUrl=/);

    await nav.getByRole('link', { name: 'Mijn vakken en boeken' }).click();
    await expect(page).toHaveURL(SUBJECTS);
    await expect(nav.getByRole('link', { name: 'Mijn vakken en boeken' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Overzicht' })).not.toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    // The same page under its other name (spec §2).
    await visit(`${ACCOUNT}/subjects-and-books`);
    await expect(page.getByRole('heading', { level: 2, name: 'Mijn vakken', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Mijn vakken en boeken' })).toHaveAttribute('aria-current', 'page');

    await visit(PROFILE);
    await expect(nav.getByRole('link', { name: 'Profiel' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Naam', { exact: true })).toHaveValue('Sanne de Vries');
    // Nothing on the page is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('a subject is added and removed, with the notices of spec §8', async ({ page, visit, baseURL }) => {
  await newPupil(page, baseURL!);
  await visit(SUBJECTS);
  const mine = page.getByRole('region', { name: 'Mijn vakken', exact: true });
  await expect(mine).toContainText('Je hebt nog geen vakken gekozen.');

  await page.getByRole('button', { name: 'Toevoegen Economie' }).click();
  await expect(notification(page, 'Je hebt een vak toegevoegd.')).toBeVisible();
  // The page's own status line says it too (also without JavaScript).
  await expect(mine.getByRole('status')).toHaveText('Je hebt een vak toegevoegd.');
  const economie = mine.getByRole('listitem').filter({ hasText: 'Economie' });
  await expect(economie).toContainText('Geen toegang');
  await expect(economie.getByRole('link', { name: 'Koop het boek voor Economie' })).toHaveAttribute(
    'href',
    /^\/producten\/\d+\//,
  );
  await expect(page.getByRole('button', { name: 'Toevoegen Economie' })).toHaveCount(0);
  await expectAccessible(page);

  await economie.getByRole('button', { name: 'Verwijderen Economie' }).click();
  await expect(notification(page, 'Je hebt een vak verwijderd.')).toBeVisible();
  await expect(mine.getByRole('status')).toHaveText('Je hebt een vak verwijderd.');
  await expect(mine.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toevoegen Economie' })).toBeVisible();
});

test('a license code from a book gives full access to its subject', async ({ page, visit, baseURL, consoleErrors }) => {
  await newPupil(page, baseURL!);
  await visit(SUBJECTS);
  const form = page.getByRole('region', { name: 'Code uit je boek activeren' });
  const code = form.getByLabel('Code');

  await code.fill('SB27-HAVO-XX-9999');
  await form.getByRole('button', { name: 'Code activeren' }).click();
  await expect(form.locator('#license-form-code-error')).toHaveText(
    'Deze code kennen we niet. Controleer de code achter in je boek.',
  );
  await expect(form.getByRole('alert', { name: 'Er is een probleem' })).toBeFocused();
  await expect(code).toHaveValue('SB27-HAVO-XX-9999');
  expectRefusals(consoleErrors, [400]);
  await expectAccessible(page);

  // The seed's unredeemed demo codes (README): one per havo exam bundle; another test may have used one.
  let redeemed = '';
  for (const subject of ['AK', 'EC', 'BI', 'EN', 'NE', 'WA', 'WB']) {
    await code.fill(`sb27-havo-${subject.toLowerCase()}-0001`);
    await form.getByRole('button', { name: 'Code activeren' }).click();
    const outcome = form.getByText(/^Gelukt! Je hebt nu toegang tot .+\.$|^Deze code is al gebruikt\.$/);
    await expect(outcome).toBeVisible();
    const text = await outcome.innerText();
    if (text.startsWith('Gelukt!')) {
      redeemed = /toegang tot (.+)\.$/.exec(text)![1]!;
      break;
    }
    expectRefusals(consoleErrors, [409]);
  }
  expect(redeemed).toMatch(/^Slaagbundel .+ havo 2027$/);
  await expect(notification(page, `Gelukt! Je hebt nu toegang tot ${redeemed}.`)).toBeVisible();
  await expect(code).toHaveValue('');
  const subjectName = redeemed.replace(/^Slaagbundel /, '').replace(/ havo 2027$/, '');
  const subject = page
    .getByRole('region', { name: 'Mijn vakken', exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: subjectName, exact: true }) });
  await expect(subject).toContainText('Volledige toegang');
  await expect(page.getByRole('region', { name: 'Mijn boeken' }).getByRole('link', { name: redeemed })).toBeVisible();
  await expectAccessible(page);
});

test('changing the password: the §5 repeat message, then every other session ends and this one stays', async ({
  page,
  visit,
  baseURL,
  browser,
}) => {
  const { email } = await newPupil(page, baseURL!);
  // A second browser, signed in as the same user.
  const other = await browser.newContext({ baseURL: baseURL! });
  await other.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.77' });
  expect((await signIn(other.request, baseURL!, email)).status()).toBe(200);
  const otherPage = await other.newPage();
  await otherPage.goto(ACCOUNT);
  await expect(otherPage).toHaveURL(ACCOUNT);

  await visit(PROFILE);
  const form = page.locator('#password-form');
  // The field's own message (after a submit the form's error summary says it too).
  const mismatch = form.locator('#password-form-repeatPassword-error');
  // The two new fields disagree: said at once, before the current password is filled in.
  await form.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nieuw-wachtwoord-1');
  await form.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw-wachtwoord-2');
  await form.getByLabel('Herhaal nieuw wachtwoord').blur();
  await expect(mismatch).toBeVisible();
  await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(mismatch).toBeVisible();
  await form.getByLabel('Huidig wachtwoord').fill(PASSWORD);
  await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(mismatch).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw-wachtwoord-1');
  await form.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Je wachtwoord is gewijzigd. Je bent op al je andere apparaten uitgelogd.',
  );

  // This browser keeps going with its fresh session; the other one is signed out.
  await visit(ACCOUNT);
  await expect(page).toHaveURL(ACCOUNT);
  await otherPage.goto(ACCOUNT);
  await expect(otherPage).toHaveURL(`/mijnslaagbundel/login?from=${encodeURIComponent(ACCOUNT)}`);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  await other.close();

  // Only the new password works now.
  const check = await browser.newContext({ baseURL: baseURL! });
  await check.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.78' });
  expect((await signIn(check.request, baseURL!, email)).status()).toBe(401);
  expect((await signIn(check.request, baseURL!, email, 'Nieuw-wachtwoord-1')).status()).toBe(200);
  await check.close();
});

test('changing the e-mail address asks for the password and mails a link to the new address', async ({
  page,
  visit,
  baseURL,
  consoleErrors,
}) => {
  await newPupil(page, baseURL!);
  const newEmail = `nieuw-${Date.now()}@example.nl`;
  await visit(PROFILE);
  const form = page.locator('#email-form');
  await form.getByLabel('Nieuw e-mailadres').fill(newEmail);
  await form.getByLabel('Huidig wachtwoord').fill('niet-mijn-wachtwoord');
  await form.getByRole('button', { name: 'E-mailadres wijzigen' }).click();
  await expect(form.locator('#email-form-currentPassword-error')).toHaveText('Je huidige wachtwoord klopt niet.');
  await expect(form.getByRole('alert', { name: 'Er is een probleem' })).toBeFocused();
  await expect(form.getByLabel('Nieuw e-mailadres')).toHaveValue(newEmail);
  expectRefusals(consoleErrors, [400]);

  await form.getByLabel('Huidig wachtwoord').fill(PASSWORD);
  await form.getByRole('button', { name: 'E-mailadres wijzigen' }).click();
  await expect(form.getByRole('status')).toContainText(`We hebben een link gestuurd naar ${newEmail}.`);
  await expectAccessible(page);
  const link = await mailedLink(page, newEmail, VERIFY_LINK);
  expect(link).toContain('/api/auth/verify-email?');
});

test('the newsletter preference is switched on and off', async ({ page, visit, baseURL }) => {
  const { email } = await newPupil(page, baseURL!);
  await visit(PROFILE);
  const section = page.getByRole('region', { name: 'Nieuwsbrief' });
  const box = section.getByRole('checkbox', { name: 'Ja, stuur mij de nieuwsbrief' });
  await expect(box).not.toBeChecked();

  await box.check();
  await section.getByRole('button', { name: 'Voorkeur opslaan' }).click();
  await expect(section.getByRole('status')).toHaveText('Je ontvangt onze nieuwsbrief.');
  await visit(PROFILE);
  await expect(box).toBeChecked();
  // Subscribed at once (the address is verified): the welcome mail with its unsubscribe link.
  await mailedLink(page, email, /https?:\/\/\S+\/nieuwsbrief\/afmelden\?\S+/);

  await visit(PROFILE);
  await box.uncheck();
  await section.getByRole('button', { name: 'Voorkeur opslaan' }).click();
  await expect(section.getByRole('status')).toHaveText('Je ontvangt onze nieuwsbrief niet meer.');
  await visit(PROFILE);
  await expect(box).not.toBeChecked();
});

test('the account is deleted only after OK in the dialog; afterwards signing in fails', async ({
  page,
  visit,
  baseURL,
}) => {
  const { email } = await newPupil(page, baseURL!);
  await visit(PROFILE);
  const deleteButton = page.getByRole('button', { name: 'Account verwijderen' });
  const dialog = page.getByRole('dialog', { name: 'Account verwijderen?' });

  await deleteButton.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toBeHidden();
  // Cancel kept the account.
  await visit(PROFILE);
  await expect(page).toHaveURL(PROFILE);

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/?accountVerwijderd=1');
  await expect(
    page.getByRole('status').filter({ hasText: 'Je account en al je gegevens zijn verwijderd.' }),
  ).toBeVisible();
  await expect(page.locator('body')).not.toContainText(email);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('slaagbundel.session_token');

  await page.goto(ACCOUNT);
  await expect(page).toHaveURL(`/mijnslaagbundel/login?from=${encodeURIComponent(ACCOUNT)}`);
  expect((await signIn(page.request, baseURL!, email)).status()).toBe(401);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('subjects are added with a visible status, and deleting needs the confirm checkbox', async ({
    page,
    baseURL,
  }) => {
    const { email } = await newPupil(page, baseURL!);
    await page.goto(SUBJECTS);
    await page.getByRole('button', { name: 'Toevoegen Economie' }).click();
    const mine = page.getByRole('region', { name: 'Mijn vakken', exact: true });
    await expect(mine.getByRole('status')).toHaveText('Je hebt een vak toegevoegd.');
    await expect(mine.getByRole('listitem').filter({ hasText: 'Economie' })).toContainText('Geen toegang');

    await page.goto(PROFILE);
    const confirm = page.getByRole('checkbox', { name: 'Ja, verwijder mijn account en al mijn gegevens' });
    await expect(confirm).toBeVisible();
    // Not confirmed: the browser asks for the required checkbox and sends nothing.
    await page.getByRole('button', { name: 'Account verwijderen' }).click();
    await expect(page).toHaveURL(PROFILE);
    expect(await confirm.evaluate((box: HTMLInputElement) => box.validity.valueMissing)).toBe(true);
    await confirm.check();
    await page.getByRole('button', { name: 'Account verwijderen' }).click();
    await expect(page).toHaveURL('/?accountVerwijderd=1');
    // Said on the page itself, without JavaScript too.
    await expect(
      page.getByRole('status').filter({ hasText: 'Je account en al je gegevens zijn verwijderd.' }),
    ).toBeVisible();
    expect((await signIn(page.request, baseURL!, email)).status()).toBe(401);
  });
});

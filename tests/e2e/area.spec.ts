import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectRefusals, mailedLink, test, VERIFY_LINK } from './fixtures.ts';

/**
 * The logged-in area's doors (items 1-3): the route guard of spec §2
 * with `from`, signing in, creating an account and verifying it, a forgotten
 * password with the §5 repeat message, the secure prefix, and the signed-in
 * hint of the public header. Demo account: leerling@slaagbundel.test (havo,
 * onboarding completed); every other account is new per test.
 */
const DEMO = { email: 'leerling@slaagbundel.test', password: 'Slaag2026!' };

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

test('the guard sends a visitor to login with from, and back there after signing in', async ({
  page,
  visit,
  consoleErrors,
}) => {
  await visit('/mijnslaagbundel/account/mijn-vakken-boeken?tab=boeken');
  await expect(page).toHaveURL(
    '/mijnslaagbundel/login?from=%2Fmijnslaagbundel%2Faccount%2Fmijn-vakken-boeken%3Ftab%3Dboeken',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();

  // A wrong password: a Dutch message, the e-mail address kept, the password not.
  await signInWithForm(page, DEMO.email, 'niet-goed');
  await expect(page.getByText('Het e-mailadres of het wachtwoord klopt niet.')).toBeVisible();
  await expect(page.getByLabel('E-mailadres')).toHaveValue(DEMO.email);
  expectRefusals(consoleErrors, [400]);

  await signInWithForm(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL('/mijnslaagbundel/account/mijn-vakken-boeken?tab=boeken');

  // Rule 5: the login route while signed in goes to the area home, which shows the pupil's subjects.
  await visit('/mijnslaagbundel/login');
  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoi Sanne!');
  await expect(
    page.getByRole('region', { name: 'Mijn vakken' }).getByRole('listitem').filter({ hasText: 'Wiskunde B' }),
  ).toContainText('Volledige toegang');
  await expect(
    page.getByRole('region', { name: 'Mijn vakken' }).getByRole('listitem').filter({ hasText: 'Biologie' }),
  ).toContainText('Gratis proefversie');
  // The level theme of a havo pupil (spec §4), on every area page.
  await expect(page.locator('html')).toHaveClass('theme-havo');
  for (const path of ['/mijnslaagbundel/account', '/mijnslaagbundel/account/profile']) {
    await visit(path);
    await expect(page.locator('html')).toHaveClass('theme-havo');
  }

  // Rule 4: the onboarding of a user who finished it goes to the profile page.
  await page.goto('/mijnslaagbundel/onboarding/stap-2');
  await expect(page).toHaveURL('/mijnslaagbundel/account/profile');

  // An unknown area address is a 404 after the guard.
  await visit('/mijnslaagbundel/bestaat-niet', { status: 404 });

  // Signing out through the auth host ends the session: the area asks to log in again.
  await visit('/mijnslaagbundel');
  await page.getByRole('link', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/mijnslaagbundel');
  await expect(page).toHaveURL('/mijnslaagbundel/login?from=%2Fmijnslaagbundel');
});

test('a new account is made with the form, verified by mail, and starts at onboarding stap-1', async ({
  page,
  visit,
}) => {
  const email = `nieuw-${Date.now()}@example.nl`;
  await visit('/mijnslaagbundel/login');
  await page.getByRole('link', { name: 'Maak gratis een account aan' }).click();
  await expect(page).toHaveURL('/mijnslaagbundel/login/registreren');
  await expect(page.getByRole('heading', { level: 1, name: 'Account aanmaken' })).toBeVisible();

  // Missing terms and a short password: the messages, and what was typed stays.
  await page.getByLabel('Voornaam').fill('Noor');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill('kort');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  // The error summary (focused) lists both, each field shows its own.
  const summary = page.getByRole('alert', { name: 'Er is een probleem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Wachtwoord: Kies een wachtwoord van minimaal 8 tekens.',
    'Privacyverklaring: Dit veld is verplicht.',
  ]);
  await expect(page.locator('#sign-up-password-error')).toHaveText('Kies een wachtwoord van minimaal 8 tekens.');
  await expect(page.getByLabel('Voornaam')).toHaveValue('Noor');

  await page.getByLabel('Wachtwoord').fill('Examen2027!');
  await page.getByLabel(/Ik ga akkoord/).check();
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check je mail' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(async () => expect(await page.title()).toContain('Account aanmaken')).toPass();

  const link = await mailedLink(page, email, VERIFY_LINK);
  await page.goto(link);
  // Verified and signed in; the onboarding is not done, so the guard sends the new user to stap-1 (rule 3).
  await expect(page).toHaveURL('/mijnslaagbundel/onboarding/stap-1');
  await page.goto('/mijnslaagbundel/account');
  await expect(page).toHaveURL('/mijnslaagbundel/onboarding/stap-1');
});

test('a forgotten password: a mailed link, the §5 repeat message, then a new password that works', async ({
  page,
  visit,
  request,
  baseURL,
  consoleErrors,
}) => {
  const email = `vergeten-${Date.now()}@example.nl`;
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  expect(
    (
      await request.post('/api/auth/sign-up/email', {
        headers,
        data: { name: 'Daan', email, password: 'Oud-wachtwoord1' },
      })
    ).status(),
  ).toBe(200);
  await page.goto(await mailedLink(page, email, VERIFY_LINK));
  await page.context().clearCookies();

  await visit('/mijnslaagbundel/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wachtwoord vergeten' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Stuur mij een link' }).click();
  await expect(page.getByRole('status')).toContainText('staat er nu een e-mail met een link in je inbox');

  await page.goto(await mailedLink(page, email, /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/));
  await expect(page).toHaveURL(/\/mijnslaagbundel\/login\/nieuw-wachtwoord\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord' })).toBeVisible();
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nieuw-wachtwoord1');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw-wachtwoord2');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.locator('#reset-password-repeatPassword-error')).toHaveText(
    'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.',
  );
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nieuw-wachtwoord1');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw-wachtwoord1');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page).toHaveURL('/mijnslaagbundel/login?melding=wachtwoord-gewijzigd');
  await expect(page.getByText('Je wachtwoord is gewijzigd. Log in met je nieuwe wachtwoord.')).toBeVisible();

  await signInWithForm(page, email, 'Oud-wachtwoord1');
  await expect(page.getByText('Het e-mailadres of het wachtwoord klopt niet.')).toBeVisible();
  expectRefusals(consoleErrors, [400]);
  await signInWithForm(page, email, 'Nieuw-wachtwoord1');
  await expect(page).toHaveURL('/mijnslaagbundel/onboarding/stap-1');
});

test('the secure prefix logs in without a prompt and the area removes the result from the address', async ({
  page,
  visit,
}) => {
  // Not signed in: back with error=login_required, which the guard turns into the login page with from.
  await page.goto('/mijnslaagbundel/secure/account');
  await expect(page).toHaveURL('/mijnslaagbundel/login?from=%2Fmijnslaagbundel%2Faccount');

  await signInWithForm(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL('/mijnslaagbundel/account');

  // Signed in: back with loggedIn=1, removed from the address bar after load.
  const response = await page.goto('/mijnslaagbundel/secure');
  expect(response!.url()).toMatch(/\/mijnslaagbundel\?loggedIn=1$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await expect(page).toHaveURL('/mijnslaagbundel');
  await visit('/mijnslaagbundel');
});

test('the public header shows the signed-in state from a hint, and the public page stays shared', async ({
  page,
  visit,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await visit('/mijnslaagbundel/login');
  await signInWithForm(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL('/mijnslaagbundel');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'slaagbundel.session_token')?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === 'slaagbundel.signed_in')?.value).toBe('1');

  await visit('/contact');
  await expect(page.getByRole('link', { name: 'Mijn Slaagbundel (ingelogd)' })).toBeVisible();
  const again = await page.request.get('/contact');
  expect(again.headers()['x-page-cache']).toBe('HIT');
  expect(await again.text()).not.toContain('ingelogd');
});

test('the account modal signs a visitor in without leaving the shop page, or on to the area', async ({
  page,
  visit,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await visit('/examentips');
  await page.getByRole('banner').getByRole('link', { name: 'Mijn Slaagbundel' }).click();
  const modal = page.getByRole('dialog', { name: 'Inloggen' });
  await expect(modal).toBeVisible();
  // 31.9375rem wide from 48em (spec §9), once its opening animation (a slight zoom) has ended.
  await expect.poll(async () => Math.round((await modal.boundingBox())!.width)).toBe(511);
  await expectAccessible(page);

  // To create an account instead, and back.
  await modal.getByRole('button', { name: 'Maak gratis een account aan' }).click();
  await expect(page.getByRole('dialog', { name: 'Account aanmaken' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Log in' }).click();

  // A wrong password keeps the modal open with the message.
  await modal.getByLabel('E-mailadres').fill(DEMO.email);
  await modal.getByLabel('Wachtwoord', { exact: true }).fill('fout-wachtwoord');
  await modal.getByRole('button', { name: 'Inloggen' }).click();
  await expect(modal.getByText('Het e-mailadres of het wachtwoord klopt niet.')).toBeVisible();
  await expect(page).toHaveURL('/examentips');
  expectRefusals(consoleErrors, [400]);

  // Outside the shop the link's destination follows: the area.
  await modal.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
  await modal.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

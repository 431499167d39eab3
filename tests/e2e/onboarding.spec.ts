import type { Page } from '@playwright/test';
import { expect, expectAccessible, signUpVerified, test } from './fixtures.ts';

/**
 * The onboarding (spec §2 onboarding routes and route guard,
 * §4 Onboarding and Onboarding selection) against the real server: a fresh
 * account per test, every step checked with axe, each path to the end.
 */

// Each test walks a whole onboarding with axe on every step: more than the default 30 s under load.
test.describe.configure({ timeout: 60_000 });

const ONBOARDING = '/mijnslaagbundel/onboarding';
const PASSWORD = 'Slaag2026!';

/** Signs a fresh account up over the API, verifies it by the mailed link and signs in: the page has the session. */
async function signUpAndSignIn(page: Page, baseURL: string): Promise<string> {
  const email = `e2e-onboarding-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;
  await signUpVerified(page, baseURL, { email, name: 'Sanne de Vries', password: PASSWORD });
  return email;
}

/** After a step's form is sent: the next step is there, its heading has the focus, and axe finds nothing. */
async function atStep(page: Page, path: string, heading: string, progress: string) {
  await expect(page).toHaveURL(`${ONBOARDING}/${path}`);
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toContainText(heading);
  await expect(h1).toContainText(progress);
  await expect(page).toHaveTitle(new RegExp(`^${progress}`));
  await expectAccessible(page);
}

const next = (page: Page) => page.getByRole('button', { name: 'Volgende' }).click();

/** The save of a step's choice in the draft (sent as soon as it is made), answered. */
const draftSaved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname.startsWith(`${ONBOARDING}/stap-1`) &&
      response.ok(),
  );

test('a vmbo pupil: the guard starts the onboarding, the leerweg, and the vmbo theme afterwards', async ({
  page,
  baseURL,
  visit,
  allowNotFound,
}) => {
  await signUpAndSignIn(page, baseURL!);
  // Spec §2 guard: an unfinished onboarding sends every area page to stap-1.
  await visit('/mijnslaagbundel');
  await expect(page).toHaveURL(`${ONBOARDING}/stap-1`);
  await visit(ONBOARDING);
  await expect(page).toHaveURL(`${ONBOARDING}/stap-1`);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('group', { name: /Wie ben jij\?/ })).toBeVisible();
  // Nothing is chosen before the user chooses (the draft holds no answer yet).
  const pupil = page.getByRole('radio', { name: /Leerling/ });
  const teacher = page.getByRole('radio', { name: /Docent/ });
  await expect(pupil).not.toBeChecked();
  await expect(teacher).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Terug' })).toHaveCount(0);
  // A choice is kept in the draft as soon as it is made: a reload shows it again.
  await Promise.all([draftSaved(page), teacher.click()]);
  await expect(teacher).toBeChecked();
  await page.reload();
  await expect(teacher).toBeChecked();
  await expect(pupil).not.toBeChecked();
  // Spec §4: choosing the chosen one again clears it, by a tap and by Space, and the draft keeps that.
  await Promise.all([draftSaved(page), pupil.click()]);
  await expect(pupil).toBeChecked();
  await expect(teacher).not.toBeChecked();
  await Promise.all([draftSaved(page), pupil.click()]);
  await expect(pupil).not.toBeChecked();
  await expect(teacher).not.toBeChecked();
  await page.reload();
  await expect(pupil).not.toBeChecked();
  await expect(teacher).not.toBeChecked();
  await Promise.all([draftSaved(page), pupil.click()]);
  await Promise.all([draftSaved(page), pupil.press('Space')]);
  await expect(pupil).not.toBeChecked();
  await Promise.all([draftSaved(page), pupil.press('Space')]);
  await expect(pupil).toBeChecked();
  await page.reload();
  await expect(pupil).toBeChecked();
  await next(page);

  await atStep(page, 'stap-1b', 'Op welk niveau zit je?', 'Stap 2 van 5');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // Display order (spec §9).
  await expect(page.getByRole('radio')).toHaveCount(3);
  const levels = await page
    .getByRole('radio')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(levels).toEqual(['vmbo', 'havo', 'vwo']);
  await page.getByRole('radio', { name: /VMBO/ }).check();
  await next(page);

  await atStep(page, 'stap-2', 'In welk jaar doe je eindexamen?', 'Stap 3 van 5');
  await page.getByRole('radio').first().check();
  await next(page);

  await atStep(page, 'stap-3/leerweg', 'Welke leerweg volg je?', 'Stap 4 van 5');
  await expect(page.getByRole('radio', { name: /Gemengd\/theoretisch/ })).toBeVisible();
  await page.getByRole('radio', { name: /Kader/ }).check();
  await next(page);

  await atStep(page, 'stap-4', 'Welke vakken wil je oefenen?', 'Stap 5 van 5');
  // Required subjects: marked, chosen and fixed for a pupil.
  for (const name of ['Nederlands', 'Engels']) {
    const subject = page.getByRole('checkbox', { name: new RegExp(`^${name}.*verplicht`) });
    await expect(subject).toBeChecked();
    await expect(subject).toBeDisabled();
  }
  await page.getByRole('checkbox', { name: /^Wiskunde/ }).check();
  await page.getByRole('button', { name: 'Klaar, naar Mijn Slaagbundel' }).click();

  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.locator('html')).toHaveClass(/\btheme-vmbo\b/);
  await expectAccessible(page);

  // Spec §2 guard rule 4: a completed onboarding sends its routes to the profile page.
  allowNotFound('/mijnslaagbundel/account/profile');
  await page.goto(`${ONBOARDING}/stap-1`);
  await expect(page).toHaveURL('/mijnslaagbundel/account/profile');
  const me = await (await page.request.get('/api/v1/users/me')).json();
  expect(me.user).toMatchObject({
    educationRole: 'pupil',
    onboardingCompleted: true,
    profile: null,
    levels: ['vmbo-k'],
  });
  const mine = await (await page.request.get('/api/v1/users/me/subjects')).json();
  // One slug per subject (issue 34): the one of its pages.
  expect(mine.subjects.map((s: { slug: string }) => s.slug).sort()).toEqual([
    'engels-vmbo-k',
    'nederlands-vmbo-k',
    'wiskunde-vmbo-k',
  ]);
});

test('a havo pupil with NT: keyboard only, the draft survives a reload, required subjects chosen', async ({
  page,
  baseURL,
  visit,
}) => {
  await signUpAndSignIn(page, baseURL!);
  await visit(`${ONBOARDING}/stap-1`);
  // A later step without the earlier answers goes back to the first missing one.
  await visit(`${ONBOARDING}/stap-4`);
  await expect(page).toHaveURL(`${ONBOARDING}/stap-1`);
  // Nothing chosen yet: Volgende asks for a choice.
  await next(page);
  await expect(page.getByRole('alert')).toHaveText('Kies of je leerling of docent bent.');
  await page.getByRole('radio', { name: /Leerling/ }).check();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await next(page);
  await atStep(page, 'stap-1b', 'Op welk niveau zit je?', 'Stap 2 van 5');
  await page.getByRole('radio', { name: /HAVO/ }).check();
  // Spec §4: choosing the chosen level again clears it; sending nothing is refused with a message.
  await page.getByRole('radio', { name: /HAVO/ }).click();
  await expect(page.getByRole('radio', { name: /HAVO/ })).not.toBeChecked();
  await next(page);
  await expect(page.getByRole('alert')).toHaveText('Kies een niveau.');
  await expect(page).toHaveURL(`${ONBOARDING}/stap-1b`);
  await page.getByRole('radio', { name: /HAVO/ }).check();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await next(page);

  // Keyboard only: Tab, Space and Enter.
  await atStep(page, 'stap-2', 'In welk jaar doe je eindexamen?', 'Stap 3 van 5');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const firstYear = page.getByRole('radio').first();
  await page.keyboard.press('Tab');
  await expect(firstYear).toBeFocused();
  await page.keyboard.press('Space');
  await expect(firstYear).toBeChecked();
  await page.keyboard.press('Space');
  await expect(firstYear).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(firstYear).toBeChecked();
  const year = await firstYear.inputValue();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Terug' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Volgende' })).toBeFocused();
  await page.keyboard.press('Enter');

  await atStep(page, 'stap-3/profielen', 'Welk profiel heb je?', 'Stap 4 van 5');
  // The draft lives on the server: earlier answers are shown again, also after a reload.
  await page.getByRole('link', { name: 'Terug' }).click();
  await atStep(page, 'stap-2', 'In welk jaar doe je eindexamen?', 'Stap 3 van 5');
  await page.reload();
  await expect(page.getByRole('radio', { name: new RegExp(year) })).toBeChecked();
  await visit(`${ONBOARDING}/stap-1b`);
  await expect(page.getByRole('radio', { name: /HAVO/ })).toBeChecked();
  await visit(`${ONBOARDING}/stap-3`);
  await expect(page).toHaveURL(`${ONBOARDING}/stap-3/profielen`);
  for (const name of [
    'Natuur en Techniek',
    'Natuur en Gezondheid',
    'Economie en Maatschappij',
    'Cultuur en Maatschappij',
  ]) {
    await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeVisible();
  }
  await page.getByRole('radio', { name: /Natuur en Techniek/ }).check();
  await next(page);

  await atStep(page, 'stap-4', 'Welke vakken wil je oefenen?', 'Stap 5 van 5');
  for (const name of ['Nederlands', 'Engels', 'Wiskunde B', 'Natuurkunde', 'Scheikunde']) {
    const subject = page.getByRole('checkbox', { name: new RegExp(`^${name}.*verplicht`) });
    await expect(subject).toBeChecked();
    await expect(subject).toBeDisabled();
  }
  await expect(page.getByRole('checkbox', { name: /^Biologie/ })).not.toBeChecked();
  await page.getByRole('checkbox', { name: /^Biologie/ }).check();
  await page.getByRole('button', { name: 'Klaar, naar Mijn Slaagbundel' }).click();
  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.locator('html')).toHaveClass(/\btheme-havo\b/);
  const me = await (await page.request.get('/api/v1/users/me')).json();
  expect(me.user).toMatchObject({ profile: 'NT', examYear: Number(year), levels: ['havo'], onboardingCompleted: true });
  const mine = await (await page.request.get('/api/v1/users/me/subjects')).json();
  expect(mine.subjects.map((s: { slug: string }) => s.slug).sort()).toEqual(
    ['biologie', 'engels', 'natuurkunde', 'nederlands', 'scheikunde', 'wiskunde-b'].map((s) => `${s}-havo`).sort(),
  );
});

test('a teacher with several levels: no exam year, no profile, subjects per level', async ({
  page,
  baseURL,
  visit,
}) => {
  await signUpAndSignIn(page, baseURL!);
  await visit(`${ONBOARDING}/stap-1`);
  await page.getByRole('radio', { name: /Docent/ }).check();
  await next(page);

  await atStep(page, 'stap-1b', 'Op welke niveaus geef je les?', 'Stap 2 van 4');
  await page.getByRole('checkbox', { name: /VMBO/ }).check();
  await page.getByRole('checkbox', { name: /VWO/ }).check();
  await next(page);

  await atStep(page, 'stap-3/leerweg', 'Welke leerwegen geef je les?', 'Stap 3 van 4');
  await next(page);
  await expect(page.getByRole('alert')).toHaveText('Kies minstens één leerweg.');
  await page.getByRole('checkbox', { name: /Basis/ }).check();
  await page.getByRole('checkbox', { name: /Kader/ }).check();
  await next(page);

  await atStep(page, 'stap-4', 'Welke vakken wil je bekijken?', 'Stap 4 van 4');
  await expect(page.getByRole('link', { name: 'Terug' })).toHaveAttribute('href', `${ONBOARDING}/stap-3/leerweg`);
  const groups = page.getByRole('group');
  for (const level of ['vmbo basis', 'vmbo kader', 'vwo'])
    await expect(groups.filter({ hasText: level }).first()).toBeVisible();
  const vwo = page.getByRole('group', { name: 'vwo', exact: true });
  const vwoDutch = vwo.getByRole('checkbox', { name: /^Nederlands/ });
  // Required ones are chosen, but a teacher may leave them out.
  await expect(vwoDutch).toBeChecked();
  await expect(vwoDutch).toBeEnabled();
  const chosen = page.getByRole('checkbox', { checked: true });
  while ((await chosen.count()) > 0) await chosen.first().uncheck();
  await page.getByRole('button', { name: 'Klaar, naar Mijn Slaagbundel' }).click();
  await expect(page.getByRole('alert')).toHaveText('Kies minstens één vak.');
  await vwo.getByRole('checkbox', { name: /^Scheikunde/ }).check();
  await page
    .getByRole('group', { name: 'vmbo kader', exact: true })
    .getByRole('checkbox', { name: /^Economie/ })
    .check();
  await page.getByRole('button', { name: 'Klaar, naar Mijn Slaagbundel' }).click();

  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.locator('html')).toHaveClass(/\btheme-vmbo\b/);
  const me = await (await page.request.get('/api/v1/users/me')).json();
  expect(me.user).toMatchObject({
    educationRole: 'teacher',
    profile: null,
    examYear: null,
    levels: ['vmbo-b', 'vmbo-k', 'vwo'],
    onboardingCompleted: true,
  });
  const mine = await (await page.request.get('/api/v1/users/me/subjects')).json();
  expect(mine.subjects.map((s: { slug: string }) => s.slug).sort()).toEqual(['economie-vmbo-k', 'scheikunde-vwo']);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a vwo pupil goes through every step with plain forms; a missing choice comes back with its message', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await signUpAndSignIn(page, baseURL!);
    // (axe needs JavaScript in the page: the steps are checked with it in the tests above.)
    await page.goto(`${ONBOARDING}/stap-1`);
    await page.getByRole('radio', { name: /Leerling/ }).check();
    await next(page);
    await expect(page).toHaveURL(`${ONBOARDING}/stap-1b`);
    await next(page);
    // The server refuses it (400) and shows the step again with the message.
    await expect(page.getByRole('alert')).toHaveText('Kies een niveau.');
    await page.getByRole('radio', { name: /VWO/ }).check();
    await next(page);
    await expect(page).toHaveURL(`${ONBOARDING}/stap-2`);
    await page.getByRole('radio').nth(1).check();
    await next(page);
    await expect(page).toHaveURL(`${ONBOARDING}/stap-3/profielen`);
    await next(page);
    await expect(page.getByRole('alert')).toHaveText('Kies je profiel.');
    await page.getByRole('radio', { name: /Economie en Maatschappij/ }).check();
    await next(page);
    await expect(page).toHaveURL(`${ONBOARDING}/stap-4`);
    await expect(page.getByRole('checkbox', { name: /^Economie.*verplicht/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Klaar, naar Mijn Slaagbundel' }).click();
    await expect(page).toHaveURL('/mijnslaagbundel');
    await expect(page.locator('html')).toHaveClass(/\btheme-vwo\b/);
    const me = await (await page.request.get('/api/v1/users/me')).json();
    expect(me.user).toMatchObject({ profile: 'EM', levels: ['vwo'], onboardingCompleted: true });
    // Each refused step is a 400 document, which Chromium reports as a failed load: the two expected ones.
    const expected = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';
    expect(consoleErrors.errors).toEqual([expected, expected]);
    consoleErrors.errors.length = 0;
  });
});

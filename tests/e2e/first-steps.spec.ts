import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signUpVerified, test } from './fixtures.ts';

/**
 * A brand-new pupil's first step (issue 34, item 2): signed up, through the onboarding, and on the area home
 * one clear step in "Wat nu?" that leads to the code from the book or to a free trial. Never "klaar voor
 * vandaag" before any work. At 390 px by touch, and at 1366 px with the keyboard only; axe on every page.
 */

// Each test walks a whole onboarding with axe on every step: more than the default 30 s under load.
test.describe.configure({ timeout: 90_000 });

const AREA = '/mijnslaagbundel';
const PASSWORD = 'Slaag2026!';

async function newPupil(page: Page, baseURL: string) {
  const email = `e2e-eerste-stap-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.nl`;
  await signUpVerified(page, baseURL, { email, name: 'Noor Bakker', password: PASSWORD });
}

/** The home's "Wat nu?" region. */
const whatNext = (page: Page) => page.getByRole('region', { name: 'Wat nu?' });

/** Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The home a new havo NT pupil reaches: the first step, and no "klaar" before any work. */
async function expectFirstStep(page: Page) {
  await expect(page).toHaveURL(AREA);
  const step = whatNext(page);
  await expect(step).toBeVisible();
  await expect(step).toContainText('Activeer de code uit je boek');
  await expect(page.getByText(/klaar voor vandaag/i)).toHaveCount(0);
  // One step: its button, and the trial as the way on for a pupil without a book.
  await expect(step.getByRole('link', { name: 'Code activeren' })).toBeVisible();
  await expect(step.getByRole('button', { name: 'Probeer Wiskunde B gratis' })).toBeVisible();
  await expectAccessible(page);
  return step;
}

test.describe('at 390 px by touch', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('a new pupil finishes the onboarding and follows the first step to the code from the book', async ({
    page,
    baseURL,
    visit,
  }) => {
    await newPupil(page, baseURL!);
    await visit(AREA);
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-1`);
    const next = () => page.getByRole('button', { name: 'Volgende' }).tap();
    // Stap 1: choosing the chosen role again clears it (spec §4); chosen once more, it stays.
    const pupil = page.getByRole('radio', { name: /Leerling/ });
    await pupil.tap();
    await expect(pupil).toBeChecked();
    await pupil.tap();
    await expect(pupil).not.toBeChecked();
    await pupil.tap();
    await expect(pupil).toBeChecked();
    await next();
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-1b`);
    await page.getByRole('radio', { name: /HAVO/ }).tap();
    await next();
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-2`);
    await page.getByRole('radio').first().tap();
    await next();
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-3/profielen`);
    await page.getByRole('radio', { name: /Natuur en Techniek/ }).tap();
    await next();
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-4`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Klaar, naar Mijn Slaagbundel' }).tap();

    const step = await expectFirstStep(page);
    await expect(step).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the home scrolls sideways').toBeLessThanOrEqual(0);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/home-390.png`, fullPage: true });

    await step.getByRole('link', { name: 'Code activeren' }).tap();
    await expect(page).toHaveURL(`${AREA}/account/mijn-vakken-boeken#license`);
    const form = page.getByRole('region', { name: 'Code uit je boek activeren' });
    await expect(form.getByRole('heading', { name: 'Code uit je boek activeren' })).toBeInViewport();
    const code = form.getByRole('textbox', { name: 'Code' });
    await expect(code).toBeInViewport();
    await code.tap();
    await expect(code).toBeFocused();
    await expectAccessible(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/code-390.png` });
  });
});

test.describe('at 1366 px with the keyboard only', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a new pupil finishes the onboarding and starts the free trial from the first step', async ({
    page,
    baseURL,
    visit,
  }) => {
    await newPupil(page, baseURL!);
    await visit(`${AREA}/onboarding/stap-1`);
    const volgende = page.getByRole('button', { name: 'Volgende' });
    // A radio group is one Tab stop (its first radio while none is chosen); the arrows move and choose in it.
    const choose = async (option: Locator) => {
      await tabTo(page, page.getByRole('radio').first());
      for (let i = 0; i < 10 && !(await option.evaluate((el) => el === document.activeElement)); i += 1)
        await page.keyboard.press('ArrowDown');
      if (!(await option.isChecked())) await page.keyboard.press('Space');
      await expect(option).toBeChecked();
      await tabTo(page, volgende);
      await page.keyboard.press('Enter');
    };
    await choose(page.getByRole('radio', { name: /Leerling/ }));
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-1b`);
    await choose(page.getByRole('radio', { name: /HAVO/ }));
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-2`);
    await choose(page.getByRole('radio').first());
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-3/profielen`);
    await choose(page.getByRole('radio', { name: /Natuur en Techniek/ }));
    await expect(page).toHaveURL(`${AREA}/onboarding/stap-4`);
    await tabTo(page, page.getByRole('button', { name: 'Klaar, naar Mijn Slaagbundel' }));
    await page.keyboard.press('Enter');

    const step = await expectFirstStep(page);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/home-1366.png`, fullPage: true });
    // The code form is in reach by keyboard: after the link, the next Tab is its field.
    await tabTo(page, step.getByRole('link', { name: 'Code activeren' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${AREA}/account/mijn-vakken-boeken#license`);
    // A pupil presses Tab once the page is there (the navigation has rendered the form).
    await expect(page.getByRole('textbox', { name: 'Code' })).toBeInViewport();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
    await expectAccessible(page);
    await page.goBack();
    await expect(page).toHaveURL(AREA);

    // No book yet: the trial, by keyboard.
    const trial = whatNext(page).getByRole('button', { name: 'Probeer Wiskunde B gratis' });
    await tabTo(page, trial);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`^${baseURL}${AREA}/\\d+/wiskunde-b-havo$`));
    await expect(page.getByText(/Je gebruikt de gratis proefversie van Wiskunde B/)).toBeVisible();
    await expectAccessible(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/trial-1366.png` });

    // Back home the trial leads: a step to read its cards, no first step, and still no "klaar".
    await visit(AREA);
    await expect(whatNext(page).getByRole('link')).toHaveText(/^Lees \d+ nieuwe (kaart|kaarten) over /);
    await expect(whatNext(page)).not.toContainText('Activeer de code');
    await expect(page.getByText(/klaar voor vandaag/i)).toHaveCount(0);
    const tile = page
      .getByRole('region', { name: 'Mijn vakken' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Wiskunde B', exact: true }) });
    await expect(tile).toContainText('Gratis proefversie');
    await expect(tile.getByRole('progressbar', { name: 'Wiskunde B: kaarten herhaald' })).toBeVisible();
    await expect(tile.getByRole('progressbar', { name: 'Wiskunde B: kaarten geleerd' })).toBeVisible();
    // The API names the subject by the slug of the page the pupil is on.
    const mine = await (await page.request.get('/api/v1/users/me/subjects')).json();
    const wiskunde = mine.subjects.find((s: { name: string }) => s.name === 'Wiskunde B');
    expect(page.url()).toBe(`${baseURL}${AREA}`);
    await expect(tile.getByRole('link', { name: 'Wiskunde B', exact: true })).toHaveAttribute(
      'href',
      `${AREA}/${wiskunde.id}/${wiskunde.slug}`,
    );
  });
});

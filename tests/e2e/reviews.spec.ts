import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * Reviews (issue 20) in Chromium as the demo pupil, who has sixteen weeks of reviews in havo Wiskunde B
 * (the seed): today's reviews on the area home, a review by keyboard, by touch and without
 * JavaScript, and the queue that shrinks. The demo pupil is shared by the e2e tests, so every check is
 * relative to what the page showed before.
 */
const EMAIL = 'leerling@slaagbundel.test';

/** The number in "Herhalen: 8 kaarten" of today's plan. */
async function dueCount(queue: Locator): Promise<number> {
  const text = await queue.getByRole('heading', { level: 3 }).innerText();
  return Number(/Herhalen: (\d+)/.exec(text)?.[1] ?? Number.NaN);
}

const queueOf = (page: Page) => page.getByRole('region', { name: /^Herhalen:/ });

test('a pupil reviews the cards due today from the area home, by keyboard; the queue shrinks', async ({
  page,
  visit,
  signInAs,
}) => {
  await signInAs(EMAIL);
  await visit('/mijnslaagbundel');
  const queue = queueOf(page);
  await expect(queue).toBeVisible();
  const before = await dueCount(queue);
  expect(before).toBeGreaterThan(0);

  // The first due card opens over the home; keys 1–4 rate it.
  const first = queue.getByRole('link').first();
  const title = (await first.locator('span').first().innerText()).trim();
  await first.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Hoe goed wist je dit?' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('3');
  const status = dialog.getByRole('status');
  // Known again: no date is promised; the plan brings it back when that adds to the exam (ADR 031).
  await expect(status).toContainText(
    'Goed opgeslagen. Je planning brengt deze kaart terug wanneer dat voor je examen iets oplevert.',
  );
  await expect(dialog.getByRole('button', { name: /^Goed/ })).toHaveAttribute('aria-pressed', 'true');
  // A review never ticks the learned mark itself.
  await expect(dialog.getByRole('button', { name: /Markeer als geleerd|Geleerd/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expectAccessible(page);

  // Closing the card shows the home again, with the reviewed card gone from the queue. (Other cards of
  // the seeded history can come due meanwhile, so the card itself is looked for, not only the count.)
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(queue.getByRole('link', { name: new RegExp(`^${title}`) })).toHaveCount(0);
  const api = await (await page.request.get('/api/v1/users/me/plan/today')).json();
  expect(api.reviews.map((c: { title: string }) => c.title)).not.toContain(title);
  expect(api.reviewedToday).toBeGreaterThan(0);
  if (api.reviews.length === 0) await expect(queue).toBeHidden();
  else await expect.poll(() => dueCount(queue)).toBe(api.reviews.length);
});

test.describe('by touch', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('a card is rated with a tap on a phone', async ({ page, visit, signInAs }) => {
    await signInAs(EMAIL);
    await visit('/mijnslaagbundel');
    const queue = queueOf(page);
    const link = queue.getByRole('link').first();
    const href = await link.getAttribute('href');
    await link.tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Hoe goed wist je dit?' })).toBeVisible();
    await dialog.getByRole('button', { name: /^Makkelijk/ }).tap();
    await expect(dialog.getByRole('status')).toContainText('Makkelijk opgeslagen');
    await dialog.getByRole('link', { name: 'Sluiten' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the ratings are plain form posts; the answer says when the card comes back', async ({ page, signInAs }) => {
    await signInAs(EMAIL);
    await page.goto('/mijnslaagbundel');
    const href = await queueOf(page).getByRole('link').first().getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: /^Moeilijk/ }).click();
    // In a learning step a card comes back the same day, at its time; out of one, when the plan brings it back.
    await expect(page.getByRole('status').filter({ hasText: 'opgeslagen' })).toContainText(
      /Moeilijk opgeslagen\. (Deze kaart komt terug over \d+ minuten|Je planning brengt deze kaart terug)/,
    );
    // Closing the card is a link to the page below it (Back is not the only way out).
    await page.getByRole('link', { name: 'Sluiten' }).click();
    await expect(page).toHaveURL(/\/mijnslaagbundel$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
  });
});

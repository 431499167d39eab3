import { expect, expectAccessible, expectRefusals, test } from './fixtures.ts';

/**
 * The study plan (issue 20) in Chromium as the demo pupil (exam year 2027, havo Wiskunde B with weeks of
 * reviews): what next with its reason on the area home, the plan page's minutes and exam dates by
 * keyboard with a refused value kept, its two charts, and mastery per topic beside the spec's results.
 * The demo pupil is shared by the e2e tests, so every setting is put back at the end.
 */
const EMAIL = 'leerling@slaagbundel.test';

test('what next and today on the area home; the plan page sets the minutes and an exam date by keyboard', async ({
  page,
  visit,
  signInAs,
  consoleErrors,
}) => {
  await signInAs(EMAIL);
  await visit('/mijnslaagbundel');
  const next = page.getByRole('region', { name: 'Wat nu?' });
  await expect(next.getByRole('link')).toHaveText(/^(Herhaal|Lees|Oefen|Maak de examencheck)/);
  await expect(next.getByText(/\.$/)).toBeVisible();
  const today = page.getByRole('region', { name: /^Vandaag/ });
  await expect(today).toBeVisible();
  await expectAccessible(page);

  await today.getByRole('link', { name: /Mijn planning/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn planning' })).toBeVisible();
  // The workload chart, drawn on the server, says what it shows.
  await expect(page.getByRole('img', { name: /minuten/i }).first()).toBeVisible();
  const minutes = page.getByRole('textbox', { name: 'Minuten per dag' });
  const examDate = page.getByLabel('Wiskunde B (havo)');
  await expect(page.getByText(/Geschat: 14 mei 2027\./).first()).toBeVisible();

  // A refused value comes back with its Dutch message and what was typed.
  await minutes.fill('3');
  await minutes.press('Enter');
  await expect(page.locator('#dailyMinutes-error')).toHaveText(
    'Kies hoeveel minuten per dag je wilt leren: een heel aantal van 5 tot 240.',
  );
  await expect(page.getByRole('alert', { name: 'Er is een probleem' })).toBeFocused();
  await expect(minutes).toHaveValue('3');
  await expect(minutes).toHaveAttribute('aria-invalid', 'true');
  expectRefusals(consoleErrors, [400]);

  await minutes.fill('35');
  await examDate.fill('2027-05-20');
  await page.getByRole('button', { name: 'Planning opslaan' }).press('Enter');
  await expect(page.getByRole('status')).toHaveText('Je planning is bijgewerkt.');
  await expect(minutes).toHaveValue('35');
  await expect(page.getByText('Jouw datum: 20 mei 2027.')).toBeVisible();
  const plan = await (await page.request.get('/api/v1/users/me/plan')).json();
  expect(plan.dailyMinutes).toBe(35);
  expect(
    plan.subjects.find((s: { subject: { slug: string } }) => s.subject.slug === 'wiskunde-b-havo').examDate,
  ).toMatchObject({
    date: '2027-05-20',
    source: 'pupil',
  });
  await expectAccessible(page);

  // Back as it was, for the other tests of the demo pupil.
  await minutes.fill('20');
  await examDate.fill('');
  await page.getByRole('button', { name: 'Planning opslaan' }).click();
  await expect(page.getByRole('status')).toHaveText('Je planning is bijgewerkt.');
  await expect(page.getByText(/Geschat: 14 mei 2027\./).first()).toBeVisible();
});

test('mastery per topic stands beside the results, with the recall chart and the levels explained', async ({
  page,
  visit,
  signInAs,
}) => {
  await signInAs(EMAIL);
  await visit('/mijnslaagbundel');
  await page.getByRole('region', { name: 'Mijn vakken' }).getByRole('link', { name: 'Wiskunde B' }).click();
  await expect(page.getByRole('region', { name: 'Wat nu?' })).toBeVisible();
  await page.getByRole('link', { name: 'Maak de balans op' }).click();
  const mastery = page.getByRole('region', { name: 'Beheersing per onderwerp' });
  const row = mastery.getByRole('listitem').filter({ hasText: 'Differentiëren' });
  await expect(row).toBeVisible();
  // Issue 34: the row says why its level is what it is, and counts the topic's cards.
  await expect(row).toContainText(/\d+ van \d+ kaarten herhaald/);
  await expect(row.getByText(/(Bekend|Vaardig|Beheerst) (vanaf|vraagt)|^Je onthoudt nu \d+ %/)).toBeVisible();
  await expect(mastery.getByText(/^(Geoefend|Bekend|Vaardig|Beheerst)$/).first()).toBeVisible();
  await expect(mastery.getByRole('img', { name: /op de examendag|examen/i })).toBeVisible();
  await mastery.getByText('Wat betekenen de niveaus?').click();
  await expect(mastery.getByText(/Je onthoudt nu minstens 90 % van alle kaarten/)).toBeVisible();
  await expectAccessible(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plan form is a plain post that keeps a refused value', async ({ page, signInAs, consoleErrors }) => {
    await signInAs(EMAIL);
    await page.goto('/mijnslaagbundel/planning');
    const minutes = page.getByRole('textbox', { name: 'Minuten per dag' });
    await minutes.fill('999');
    await page.getByRole('button', { name: 'Planning opslaan' }).click();
    await expect(page.locator('#dailyMinutes-error')).toHaveText(
      'Kies hoeveel minuten per dag je wilt leren: een heel aantal van 5 tot 240.',
    );
    await expect(minutes).toHaveValue('999');
    expectRefusals(consoleErrors, [400]);
  });
});

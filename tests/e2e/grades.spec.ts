import { expect, expectAccessible, expectRefusals, test } from './fixtures.ts';

/**
 * The grade simulator (issue 21) on a 360 px phone: the demo pupil (havo)
 * types their SE grades with the keyboard, saves with Enter and sees the CE
 * grades they need and the outcome; a grade that is no grade answers a Dutch
 * message and keeps what was typed. Axe checks each state.
 */
test.use({ viewport: { width: 360, height: 800 } });

const GRADES = [
  ['SE-cijfer Nederlands', '6,5'],
  ['SE-cijfer Engels', '7,1'],
  ['SE-cijfer Wiskunde B', '5,8'],
  ['SE-cijfer Biologie', '6,0'],
  ['SE-cijfer Economie', '6,4'],
  ['SE-cijfer Maatschappijleer', '7'],
  ['SE-cijfer CKV', '7,5'],
  ['SE-cijfer Profielwerkstuk', '6,8'],
] as const;

test('the demo pupil enters SE grades and sees the needed CE grades and the outcome', async ({
  page,
  context,
  browser,
  baseURL,
  signInAs,
  visit,
  consoleErrors,
}) => {
  await signInAs('leerling@slaagbundel.test');
  await visit('/mijnslaagbundel/cijfers');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn cijfers en slaagkans' })).toBeVisible();
  // The demo pupil has entered SE grades and two past exams (server/seed/demo-accounts.ts): a full simulation.
  await expect(page.getByTestId('uitslag')).toBeVisible();
  const pastExams = page.getByRole('list', { name: 'Je oude examens' });
  await expect(pastExams.getByRole('listitem')).toHaveCount(2);
  await expect(pastExams).toContainText('Engels 2023, tijdvak 1 (mei)');
  await expect(pastExams).toContainText('34 van de 47 punten, N-term 1,0: een 7,5');
  await expect(page.getByText('7,5 (tussen 4,5 en 10,0, uit 1 oud examen)')).toBeVisible();

  for (const [label, grade] of GRADES) {
    await page.getByLabel(label).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(grade);
  }
  await page.getByLabel('Beoordeling Lichamelijke opvoeding').focus();
  await page.keyboard.press('Home'); // Weet ik nog niet
  await page.keyboard.press('ArrowDown'); // → Goed
  await page.getByLabel('SE-cijfer Profielwerkstuk').press('Enter');

  await expect(page.getByRole('status').getByText('Je cijfers zijn opgeslagen.')).toBeVisible();
  await expect(page.getByTestId('uitslag')).toHaveText('Geslaagd');
  // The other CE grades: Engels 7,5 and Economie 7,1 from their past exams, Nederlands 6,5 and Biologie 6,0
  // assumed equal to their SE grades. Wiskunde B, a core subject, needs a final grade of 5 ((5,8 + CE) / 2 ≥
  // 4,5): 3,2; the CE average ((CE + 27,1) / 5 ≥ 5,5) needs less.
  await expect(page.getByTestId('nodig-wiskunde-b')).toHaveText('3,2');
  await expect(page.getByText('Nog geen examencheck gemaakt').first()).toBeVisible();
  await expectAccessible(page);

  // A past exam: a score above the maximum is refused in Dutch and kept; then it counts in the prediction.
  const form = page.getByRole('form', { name: 'Oud examen invullen' });
  await form.getByLabel('Vak', { exact: true }).selectOption({ label: 'Biologie' });
  await form.getByLabel('Examenjaar').selectOption('2022');
  await form.getByLabel('Je score (punten)').fill('80');
  await form.getByLabel('Maximale score').fill('70');
  await form.getByLabel('N-term').fill('1,2');
  await form.getByRole('button', { name: 'Oud examen toevoegen' }).click();
  await expect(form.locator('#oud-examen-score-fout')).toHaveText(
    'De score moet een heel getal van 0 tot en met 70 zijn.',
  );
  await expect(form.getByRole('alert', { name: 'Er is een probleem' })).toBeFocused();
  await expect(form.getByLabel('Je score (punten)')).toHaveValue('80');
  await expect(form.getByLabel('Vak', { exact: true })).toHaveValue('biologie');
  await form.getByLabel('Je score (punten)').fill('30');
  await form.getByLabel('Je score (punten)').press('Enter');
  // 9 · 30 / 70 + 1,2 = 5,1.
  await expect(
    page.getByRole('status').getByText('Je oude examen Biologie 2022, tijdvak 1, staat erbij: een 5,1.'),
  ).toBeVisible();
  await expect(pastExams.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('5,1 (tussen 2,1 en 8,1, uit 1 oud examen)')).toBeVisible();
  await expectAccessible(page);
  await pastExams.getByRole('button', { name: 'Verwijder Biologie 2022, tijdvak 1' }).click();
  await expect(page.getByRole('status').getByText('Het oude examen is verwijderd.')).toBeVisible();
  await expect(pastExams.getByRole('listitem')).toHaveCount(2);

  const biologie = page.getByLabel('SE-cijfer Biologie');
  await biologie.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(page.locator('#cijfer-biologie-fout')).toContainText(
    'Vul een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal',
  );
  await expect(biologie).toHaveAttribute('aria-invalid', 'true');
  await expect(biologie).toHaveValue('12');
  await expect(page.getByLabel('SE-cijfer Nederlands')).toHaveValue('6,5');
  await expectAccessible(page);
  expectRefusals(consoleErrors, [400, 400]);

  // Without JavaScript: a plain form post; the refused answer keeps what was typed.
  const plain = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
  });
  await plain.addCookies(await context.cookies());
  const noScript = await plain.newPage();
  await noScript.goto('/mijnslaagbundel/cijfers');
  await noScript.getByLabel('SE-cijfer Engels').fill('0,5');
  await noScript.getByLabel('SE-cijfer Engels').press('Enter');
  await expect(noScript.locator('#cijfer-engels-fout')).toContainText(
    'Vul een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal',
  );
  await expect(noScript.getByRole('alert', { name: 'Er is een probleem' })).toBeFocused();
  await expect(noScript.getByLabel('SE-cijfer Engels')).toHaveValue('0,5');
  await expect(noScript.getByLabel('SE-cijfer Wiskunde B')).toHaveValue('5,8');
  await plain.close();
});

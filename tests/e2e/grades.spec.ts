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
  await expect(page.getByText('We kunnen je uitslag nog niet berekenen.')).toBeVisible();

  for (const [label, grade] of GRADES) {
    await page.getByLabel(label).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(grade);
  }
  await page.getByLabel('Beoordeling Lichamelijke opvoeding').focus();
  await page.keyboard.press('ArrowDown'); // Weet ik nog niet → Goed
  await page.getByLabel('SE-cijfer Profielwerkstuk').press('Enter');

  await expect(page.getByRole('status').getByText('Je cijfers zijn opgeslagen.')).toBeVisible();
  await expect(page.getByTestId('uitslag')).toHaveText('Geslaagd');
  // The other CE grades assumed equal to their SE grades (260 tenths): wiskunde B, a core subject, needs a final
  // grade of 5 ((5,8 + CE) / 2 ≥ 4,5) and the CE average 5,5 ((CE + 26,0) / 5): 3,2.
  await expect(page.getByTestId('nodig-wiskunde-b')).toHaveText('3,2');
  await expect(page.getByText('Nog geen examencheck gemaakt').first()).toBeVisible();
  await expectAccessible(page);

  const biologie = page.getByLabel('SE-cijfer Biologie');
  await biologie.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Vul een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal')).toBeVisible();
  await expect(biologie).toHaveAttribute('aria-invalid', 'true');
  await expect(biologie).toHaveValue('12');
  await expect(page.getByLabel('SE-cijfer Nederlands')).toHaveValue('6,5');
  await expectAccessible(page);
  expectRefusals(consoleErrors, [400]);

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
  await expect(
    noScript.getByText('Vul een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal'),
  ).toBeVisible();
  await expect(noScript.getByLabel('SE-cijfer Engels')).toHaveValue('0,5');
  await expect(noScript.getByLabel('SE-cijfer Wiskunde B')).toHaveValue('5,8');
  await plain.close();
});

import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * The public grade calculator (issue 21, part 6) on /exameninfo/cijfer-berekenen:
 * no account, its inputs are the address (a shareable URL, cached like any
 * public page), it works the same without JavaScript, and a wrong entry gets a
 * Dutch message that keeps what was typed. Axe checks each state.
 */
const PATH = '/exameninfo/cijfer-berekenen';

test('a visitor converts a score with the N-term and checks a havo grade list on a phone', async ({ page, visit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Je cijfer berekenen' })).toBeVisible();
  // The content service's explanation stays under the calculator.
  await expect(page.getByRole('heading', { name: 'Stap 1: je schoolexamencijfer' })).toBeVisible();

  // Part one, by keyboard: a score that does not fit the scale is refused in Dutch and kept.
  const conversion = page.getByRole('region', { name: 'Score omrekenen naar een cijfer' });
  await conversion.getByLabel('Je score (punten)').fill('80');
  await conversion.getByLabel('Maximale score').fill('75');
  await conversion.getByLabel('N-term').fill('1,1');
  await conversion.getByLabel('N-term').press('Enter');
  const summary = conversion.getByRole('alert');
  await expect(summary).toContainText('Je score: De score moet een heel getal van 0 tot en met 75 zijn.');
  await expect(summary).toBeFocused();
  await expect(conversion.getByLabel('Je score (punten)')).toHaveValue('80');
  await expect(conversion.getByLabel('Je score (punten)')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await conversion.getByLabel('Je score (punten)').fill('48');
  await conversion.getByRole('button', { name: 'Bereken je cijfer' }).click();
  await expect(page).toHaveURL(/\/exameninfo\/cijfer-berekenen\?score=48&max=75&n=1%2C1#omrekenen-antwoord$/);
  const result = conversion.getByTestId('omrekenen-uitkomst');
  await expect(result.getByRole('heading', { name: 'Je cijfer: 6,9' })).toBeFocused();
  await expect(result).toContainText('48 van de 75 punten, met N-term 1,1.');
  const passScore = result.getByText('Voor een 5,5 heb je bij deze N-term minstens 37 punten nodig.');
  // The whole answer is on the phone's screen after the submit, its last line included (issue 35).
  await expect(passScore).toBeInViewport({ ratio: 1 });
  await expect(result.getByRole('heading', { name: 'Je cijfer: 6,9' })).toBeInViewport({ ratio: 1 });
  await expect(result).toContainText('Met N-term 1,0 was het een 6,8.');
  await expectAccessible(page);

  // Part two: a havo list without a CE grade for wiskunde A.
  const check = page.getByRole('region', { name: 'Slaag ik? Check je cijferlijst' });
  const grades: [string, string, string][] = [
    ['Nederlands', 'SE-cijfer', '6,4'],
    ['Nederlands', 'CE-cijfer', '5,8'],
    ['Engels', 'SE-cijfer', '7'],
    ['Engels', 'CE-cijfer', '6,5'],
    ['Wiskunde A', 'SE-cijfer', '5,5'],
    ['Economie', 'SE-cijfer', '6'],
    ['Economie', 'CE-cijfer', '5,1'],
    ['Geschiedenis', 'SE-cijfer', '7,2'],
    ['Geschiedenis', 'CE-cijfer', '6,8'],
    ['Maatschappijleer', 'Cijfer', '7'],
    ['CKV', 'Cijfer', '6,5'],
    ['Profielwerkstuk', 'Cijfer', '7,5'],
  ];
  for (const [subject, label, value] of grades) {
    await check
      .getByRole('group', { name: new RegExp(`^${subject}`) })
      .getByLabel(label)
      .fill(value);
  }
  await check
    .getByRole('group', { name: /^Lichamelijke opvoeding/ })
    .getByLabel('Beoordeling')
    .selectOption('voldoende');
  await check.getByRole('button', { name: 'Check of je slaagt' }).click();
  await expect(page).toHaveURL(/niveau=havo&se-nederlands=6%2C4&ce-nederlands=5%2C8.*#slagen-antwoord$/);
  // The first part's inputs are not in the second part's address.
  expect(new URL(page.url()).searchParams.has('score')).toBe(false);
  const outcome = check.getByTestId('slagen-uitkomst');
  await expect(outcome.getByRole('heading', { name: 'Je uitslag (havo)' })).toBeFocused();
  await expect(outcome.getByRole('heading', { name: 'Je uitslag (havo)' })).toBeInViewport({ ratio: 1 });
  // Wiskunde A's CE grade is not known: the outcome says, in its own words, that it holds only so.
  await expect(outcome.getByTestId('uitslag')).toHaveText('Geslaagd, als je CE-cijfers zo uitvallen');
  await expect(outcome.getByTestId('uitslag')).toBeInViewport({ ratio: 1 });
  await expect(outcome).toContainText('Voor Wiskunde A vulde je geen CE-cijfer in');
  await expect(outcome.getByTestId('nodig-wiskunde-a')).toHaveText('3,5');
  await expect(outcome.getByTestId('eindcijfer-nederlands')).toHaveText('6');
  // The combination grade's parts stand under it, named as its parts, not beside it as final grades.
  const rows = outcome.getByRole('table', { name: 'Je eindcijfers' }).getByRole('rowheader');
  const names = (await rows.allTextContents()).map((name) => name.trim());
  const combination = names.indexOf('Combinatiecijfer');
  expect(names.slice(combination)).toEqual([
    'Combinatiecijfer',
    'Maatschappijleer (onderdeel van het combinatiecijfer)',
    'CKV (onderdeel van het combinatiecijfer)',
    'Profielwerkstuk (onderdeel van het combinatiecijfer)',
  ]);
  await expect(outcome.getByTestId('eindcijfer-combinatiecijfer')).toHaveText('7');
  await expectAccessible(page);

  // An unsatisfactory LO fails, and says why.
  await check
    .getByRole('group', { name: /^Lichamelijke opvoeding/ })
    .getByLabel('Beoordeling')
    .selectOption('onvoldoende');
  await check.getByRole('button', { name: 'Check of je slaagt' }).click();
  await expect(outcome.getByTestId('uitslag')).toHaveText('Gezakt, als je CE-cijfers zo uitvallen');
  await expect(outcome).toContainText('Lichamelijke opvoeding moet voldoende of goed zijn.');
});

test('a shared result is the same page for everyone, cached, and marked noindex; the bare page is indexable', async ({
  page,
  visit,
}) => {
  const query = '?score=30&max=60&n=0,8';
  const first = await page.request.get(`${PATH}${query}`);
  const second = await page.request.get(`${PATH}${query}`);
  expect(first.status()).toBe(200);
  expect(first.headers()['x-page-cache']).toBe('MISS');
  expect(second.headers()['x-page-cache']).toBe('HIT');

  await visit(`${PATH}${query}`);
  // 9 · 30 / 60 + 0,8 = 5,3.
  await expect(page.getByRole('heading', { name: 'Je cijfer: 5,3' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');

  await visit(PATH);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/\/exameninfo\/cijfer-berekenen$/);
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const types = structured.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
  expect(types).toEqual(expect.arrayContaining(['WebApplication', 'BreadcrumbList']));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('both parts work as plain GET forms, and switching the level keeps the shared subjects', async ({ page }) => {
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(200);
    const conversion = page.getByRole('region', { name: 'Score omrekenen naar een cijfer' });
    await conversion.getByLabel('Je score (punten)').fill('75');
    await conversion.getByLabel('Maximale score').fill('75');
    await conversion.getByRole('button', { name: 'Bereken je cijfer' }).click();
    await expect(page.getByRole('heading', { name: 'Je cijfer: 10,0' })).toBeVisible();
    // The address's fragment names the answer: the browser itself brings it into view on a phone.
    await expect(page).toHaveURL(/#omrekenen-antwoord$/);
    await expect(page.getByText('Voor een 5,5 heb je bij deze N-term minstens')).toBeInViewport({ ratio: 1 });

    const check = page.getByRole('region', { name: 'Slaag ik? Check je cijferlijst' });
    await check
      .getByRole('group', { name: /^Nederlands/ })
      .getByLabel('SE-cijfer')
      .fill('6,8');
    await check.getByLabel('Je niveau').selectOption('vmbo-gl-tl');
    await check.getByRole('button', { name: 'Toon de vakken' }).click();
    await expect(check.getByRole('group', { name: /^NaSk2/ })).toBeVisible();
    await expect(check.getByRole('group', { name: /^Nederlands/ }).getByLabel('SE-cijfer')).toHaveValue('6,8');
    // Not everything a vmbo gl/tl diploma has is filled in yet: the check says what.
    await expect(check.getByTestId('slagen-uitkomst')).toContainText('Vul nog in: Engels');
  });
});

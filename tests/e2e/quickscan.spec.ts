import { expect, expectAccessible, test } from './fixtures.ts';

/** Money as the page shows it: nl-NL with the non-breaking space Intl puts after the euro sign. */
const euro = (amount: string) => new RegExp(`€\\s${amount}`);

test('the quick scan asks four questions one by one, advises havo bundles with 15% off, and adds them all to the cart', async ({
  page,
  visit,
}) => {
  await visit('/quickscan');
  await expect(page).toHaveTitle('Quick scan: welke examenbundels heb jij nodig? | Slaagbundel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welke examenbundels heb jij nodig?');

  // 1. The level. Going on without an answer says why, in Dutch.
  const level = page.getByRole('group', { name: /Op welk niveau doe je examen\?/ });
  await expect(level).toBeVisible();
  await expect(page.getByRole('group', { name: /In welk jaar/ })).toBeHidden();
  await page.getByRole('button', { name: 'Volgende vraag' }).click();
  await expect(level).toContainText('Kies je niveau.');
  await level.getByRole('radio', { name: 'havo', exact: true }).check();
  await page.getByRole('button', { name: 'Volgende vraag' }).click();

  // 2. The exam year: focus moves to the new question.
  const year = page.getByRole('group', { name: /In welk jaar doe je centraal examen\?/ });
  await expect(year).toBeFocused();
  await expect(level).toBeHidden();
  await page.getByRole('button', { name: 'Volgende vraag' }).click();
  await expect(year).toContainText('Kies het jaar waarin je centraal examen doet.');
  await year.getByRole('radio', { name: '2027' }).check();
  await page.getByRole('button', { name: 'Volgende vraag' }).click();

  // 3. Only havo's subjects are offered.
  const subjects = page.getByRole('group', { name: /Voor welke vakken wil je oefenen\?/ });
  await expect(subjects).toBeFocused();
  await expect(subjects.getByRole('checkbox', { name: 'Wiskunde A' })).toBeVisible();
  await expect(subjects.getByRole('checkbox', { name: 'Wiskunde', exact: true })).toBeHidden();
  await expect(subjects.getByRole('checkbox', { name: 'NaSk1' })).toBeHidden();
  for (const name of ['Wiskunde A', 'Engels', 'Biologie']) {
    await subjects.getByRole('checkbox', { name, exact: true }).check();
  }
  // Back and forth keeps the answers.
  await page.getByRole('button', { name: 'Vorige vraag' }).click();
  await expect(year.getByRole('radio', { name: '2027' })).toBeChecked();
  await page.getByRole('button', { name: 'Volgende vraag' }).click();
  await expect(subjects.getByRole('checkbox', { name: 'Biologie' })).toBeChecked();
  await page.getByRole('button', { name: 'Volgende vraag' }).click();

  // 4. What is hard.
  const hard = page.getByRole('group', { name: /Wat vind je lastig\?/ });
  await expect(hard).toBeFocused();
  await hard.getByRole('checkbox', { name: 'Plannen en overzicht houden' }).check();
  await page.getByRole('button', { name: 'Bekijk mijn advies' }).click();

  // The advice is a shareable URL, and focus goes to it.
  await expect(page).toHaveURL(
    /\/quickscan\?niveau=havo&examenjaar=2027&vakken=engels&vakken=wiskunde-a&vakken=biologie&lastig=plannen$/,
  );
  const advice = page.getByRole('region', { name: 'Jouw advies' });
  await expect(advice.getByRole('heading', { name: 'Jouw advies' })).toBeFocused();
  await expect(advice).toContainText('havo · examen in 2027 · Engels, Wiskunde A, Biologie');
  await expect(advice).toContainText(/De eerste centrale examens zijn rond half mei 2027: nog ongeveer \d+ weken/);
  const products = advice.getByRole('listitem').getByRole('article');
  await expect(products.getByRole('heading')).toHaveText([
    'Slaagbundel Engels havo 2027',
    'Slaagbundel Wiskunde A havo 2027',
    'Slaagbundel Biologie havo 2027',
    'Slaagbundel Samenvatting Biologie havo 2027',
  ]);
  await expect(products.last()).toContainText('Omdat je plannen lastig vindt');
  await expect(products.last()).toContainText(euro('14,95'));

  // 2795 + 2895 + 2800 + 1495 = € 99,85; 15 % stacking discount € 14,97; total € 84,88.
  const totals = advice.getByRole('complementary', { name: 'Jouw pakket' });
  await expect(totals).toContainText(/Subtotaal \(4 producten\)\s*€\s99,85/);
  await expect(totals).toContainText(/Stapelkorting \(15%\)\s*−\s€\s14,97/);
  await expect(totals).toContainText(/Totaal\s*€\s84,88/);
  await expect(totals).toContainText(/Met 4 producten krijg je 15% korting: je bespaart €\s14,97\./);
  await expect(advice.getByRole('region', { name: 'Tips voor wat je lastig vindt' })).toContainText(
    'Plannen en overzicht houden',
  );
  await expectAccessible(page);

  // Only what is chosen: taking the samenvatting out prices three products (10 %), and putting it back all four.
  const summaryBox = advice.getByRole('checkbox', {
    name: 'Slaagbundel Samenvatting Biologie havo 2027 in mijn pakket',
  });
  await summaryBox.uncheck();
  await expect(totals).toContainText(/Subtotaal \(3 producten\)\s*€\s84,90/);
  await expect(totals.getByRole('button', { name: '3 producten in winkelwagen' })).toBeVisible();
  await summaryBox.check();

  // One click: all four in the cart, the modal and the header say so.
  await totals.getByRole('button', { name: 'Alles in winkelwagen' }).click();
  const modal = page.getByRole('dialog', { name: 'Toegevoegd aan je winkelwagen' });
  await expect(modal).toContainText('Je selectie (4 producten) zit in je winkelwagen.');
  await expect(modal).toContainText(/Stapelkorting \(15%\)\s*−\s€\s14,97/);
  await expect(page.getByTestId('cart-count')).toHaveText('4 producten');
  await modal.getByRole('link', { name: 'Naar winkelwagen' }).click();

  await expect(page).toHaveURL(/\/winkelwagen$/);
  const lines = page.getByRole('list', { name: 'Producten in je winkelwagen' }).getByTestId('cart-line');
  await expect(lines.getByRole('heading')).toHaveText([
    'Slaagbundel Engels havo 2027',
    'Slaagbundel Wiskunde A havo 2027',
    'Slaagbundel Biologie havo 2027',
    'Slaagbundel Samenvatting Biologie havo 2027',
  ]);
  await expect(page.getByTestId('discount')).toHaveText(/−\s€\s14,97/);
});

test('wrong answers in the URL get Dutch messages on the page, with the questions to fix them', async ({
  page,
  visit,
}) => {
  await visit('/quickscan?niveau=havo&examenjaar=1999&vakken=wiskunde');
  const summary = page.getByRole('alert').filter({ hasText: 'Er is een probleem' });
  await expect(summary.getByRole('link')).toHaveText([
    'Kies het jaar waarin je centraal examen doet.',
    'Wiskunde hoort niet bij havo. Kies de vakken van havo.',
  ]);
  await expect(page.getByRole('region', { name: 'Jouw advies' })).toHaveCount(0);
  // Every question is on the page, the valid answer kept, the subject of another level unticked.
  await expect(page.getByRole('radio', { name: 'havo', exact: true })).toBeChecked();
  await expect(page.getByRole('group', { name: /Wat vind je lastig\?/ })).toBeVisible();
  await expect(page.getByRole('group', { name: /In welk jaar/ })).toContainText(
    'Kies het jaar waarin je centraal examen doet.',
  );

  // Fixing them here gives the advice: 2 products, 5 % off.
  await page.getByRole('radio', { name: '2027' }).check();
  await page.getByRole('checkbox', { name: 'Nederlands' }).check();
  await page.getByRole('checkbox', { name: 'Engels' }).check();
  await page.getByRole('button', { name: 'Bekijk mijn advies' }).click();
  const totals = page.getByRole('complementary', { name: 'Jouw pakket' });
  await expect(totals).toContainText(/Met 2 producten krijg je 5% korting: je bespaart €\s2,80\./);
  await expect(totals).toContainText(/Totaal\s*€\s53,10/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('all questions are on one page, the level shows its subjects, and the advice goes into the cart', async ({
    page,
  }) => {
    const response = await page.goto('/quickscan');
    expect(response?.status()).toBe(200);
    for (const question of [/Op welk niveau/, /In welk jaar/, /Voor welke vakken/, /Wat vind je lastig/]) {
      await expect(page.getByRole('group', { name: question })).toBeVisible();
    }
    await page.getByRole('radio', { name: 'vwo', exact: true }).check();
    // CSS alone shows the level's subjects.
    await expect(page.getByRole('checkbox', { name: 'NaSk1' })).toBeHidden();
    await page.getByRole('radio', { name: '2027' }).check();
    await page.getByRole('checkbox', { name: 'Natuurkunde' }).check();
    await page.getByRole('checkbox', { name: 'Scheikunde' }).check();
    await page.getByRole('checkbox', { name: 'Formules en rekenen' }).check();
    await page.getByRole('button', { name: 'Bekijk mijn advies' }).click();

    await expect(page).toHaveURL(/niveau=vwo&examenjaar=2027&vakken=natuurkunde&vakken=scheikunde&lastig=formules$/);
    const totals = page.getByRole('complementary', { name: 'Jouw pakket' });
    // 2900 + 2995 = € 58,95; 5 %: 145 + 150 = € 2,95.
    await expect(totals).toContainText(/Totaal\s*€\s56,00/);
    await totals.getByRole('button', { name: 'Alles in winkelwagen' }).click();
    await expect(page).toHaveURL(/\/winkelwagen\?toegevoegd=selectie$/);
    await expect(page.getByText('De producten van je advies zitten in je winkelwagen.')).toBeVisible();
    await expect(page.getByTestId('cart-line').getByRole('heading')).toHaveText([
      'Slaagbundel Natuurkunde vwo 2027',
      'Slaagbundel Scheikunde vwo 2027',
    ]);
  });
});

test('the quick scan is found from the menu and the footer, and is in the sitemap', async ({ page, visit }) => {
  await visit('/');
  // In the header's Producten menu (opened on hover or with its button) …
  await expect(page.getByRole('banner').locator('a[href="/quickscan"]')).toHaveCount(1);
  // … and in the footer's shop column.
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Quick scan: welke bundels heb jij nodig?' }).click();
  await expect(page).toHaveURL('/quickscan');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welke examenbundels heb jij nodig?');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/quickscan<\/loc>/);
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

/**
 * The study area in Chromium as the demo pupil
 * leerling@slaagbundel.test: havo Wiskunde B with full access, Biologie as a
 * free trial (light stream), Economie without access. The demo pupil is
 * shared by the e2e tests, so every change is undone or judged relative to
 * what the page showed before.
 */
const EMAIL = 'leerling@slaagbundel.test';

/** Opens a subject from the area home and answers its address. */
async function openSubject(page: Page, visit: (path: string) => Promise<void>, name: string): Promise<string> {
  await visit('/mijnslaagbundel');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) })).toBeVisible();
  await expectAccessible(page);
  return new URL(page.url()).pathname;
}

/** The "(learned/total)" count of a topic in the filter panel. */
async function topicCount(page: Page, topic: string): Promise<string> {
  const label = page.locator('aside').locator('label:visible').filter({ hasText: topic }).first();
  return (/\((\d+)\/(\d+)/.exec(await label.innerText()) ?? ['', '', ''])[1]!;
}

test('a pupil filters the cards, opens one in its modal, and marks cards learned and unlearned', async ({
  page,
  visit,
  signInAs,
}) => {
  test.setTimeout(90_000);
  await signInAs(EMAIL);
  const subject = await openSubject(page, visit, 'Wiskunde B');
  expect(subject).toMatch(/^\/mijnslaagbundel\/\d+\/wiskunde-b-havo$/);

  await page.getByRole('link', { name: 'Leren en oefenen' }).click();
  await expect(page).toHaveURL(`${subject}/leren-en-oefenen`);
  const status = page.getByRole('status').filter({ hasText: /kaarten?,/ });
  const all = Number(/^(\d+)/.exec(await status.innerText())![1]);
  expect(all).toBeGreaterThanOrEqual(40);
  await expectAccessible(page);

  // Filters: one section, then also a difficulty; the address holds them, the list follows.
  const filters = page.locator('aside').locator('form:visible');
  await filters.getByLabel('Oefenen').check();
  await expect(page).toHaveURL(/sections%5B%5D=oefenen|sections\[\]=oefenen/);
  await expect(status).not.toHaveText(new RegExp(`^${all} `));
  const cards = page.locator('main li').filter({ has: page.getByRole('button', { name: /geleerd/ }) });
  for (const badge of await cards.locator('ul[aria-label="Kenmerken"] li:first-child').allInnerTexts()) {
    expect(badge).toBe('Oefenen');
  }
  await filters.getByLabel('Moeilijk', { exact: true }).check();
  await expect(page).toHaveURL(/difficulty/);
  await expect(page.locator('[aria-busy="false"]')).toBeVisible();
  await expectAccessible(page);
  // Reset everything at once.
  await filters.getByRole('link', { name: 'Alles wissen' }).click();
  await expect(page).toHaveURL(`${subject}/leren-en-oefenen`);
  await expect(status).toHaveText(new RegExp(`^${all} `));

  // A card in the kaart/{id} modal: addressable, formulas rendered on the server, closing returns to the list.
  await filters.getByLabel('Uitleg').check();
  await expect(page).toHaveURL(/sections/);
  const first = page.locator('main li a[href*="/kaart/"]').first();
  const title = await first.innerText();
  // Opened in the browser, the card is read from the card API, not the router's server pass (ADR 039); its visit
  // is posted only when the card's answer says it clears a new-content flag (`clearsNew`).
  const cardReads: string[] = [];
  const visits: string[] = [];
  const onRequest = (request: { url(): string; method(): string }) => {
    const path = new URL(request.url()).pathname;
    if (/\/kaart\/\d+\.data|\/api\/v1\/card\/\d+$/.test(request.url())) cardReads.push(path);
    if (request.method() === 'POST' && /\/api\/v1\/users\/me\/cards\/\d+\/visit$/.test(path)) visits.push(path);
  };
  page.on('request', onRequest);
  const cardAnswer = page.waitForResponse((response) => /\/api\/v1\/card\/\d+$/.test(response.url()));
  await first.click();
  await expect(page).toHaveURL(/\/leren-en-oefenen\/kaart\/\d+\?sections/);
  const cardId = /kaart\/(\d+)/.exec(page.url())![1];
  const { clearsNew } = (await (await cardAnswer).json()) as { clearsNew: boolean };
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.katex').first()).toBeVisible();
  expect(cardReads).toEqual([`/api/v1/card/${cardId}`]);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/leren-en-oefenen\?sections/);
  page.off('request', onRequest);
  expect(visits).toEqual(clearsNew ? [`/api/v1/users/me/cards/${cardId}/visit`] : []);
  await filters.getByRole('link', { name: 'Alles wissen' }).click();
  await expect(status).toHaveText(new RegExp(`^${all} `));

  // Learned: the mark at once, the topic's count 350 ms later; both survive a reload.
  const row = page.locator('main li').filter({ hasText: 'De kettingregel' }).first();
  const toggle = row.getByRole('button', { name: /geleerd/ });
  const topic = 'De kettingregel';
  const before = Number(await topicCount(page, topic));
  const wasLearned = (await toggle.getAttribute('aria-pressed')) === 'true';
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(!wasLearned));
  const after = before + (wasLearned ? -1 : 1);
  await expect.poll(() => topicCount(page, topic)).toBe(String(after));
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', String(!wasLearned));
  expect(await topicCount(page, topic)).toBe(String(after));
  // Fast repeated clicks: three more clicks end in the opposite state, on the page and on the server.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await toggle.click();
  await toggle.click();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', String(wasLearned));
  await expect.poll(() => topicCount(page, topic)).toBe(String(before));
  await page.waitForTimeout(1_000);
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', String(wasLearned));
  expect(await topicCount(page, topic)).toBe(String(before));
});

test('clicking through the area asks the server only for what changes: the page, not the area or subject around it', async ({
  page,
  visit,
  signInAs,
}) => {
  await signInAs(EMAIL);
  // The loaders each client navigation asks for (the `_routes` of its .data fetch), in order. A link's
  // prefetch on hover is no fetch (the server answers it at once without loading; server/pages.test.ts).
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.data') && request.resourceType() === 'fetch') {
      asked.push(url.searchParams.get('_routes') ?? '(all)');
    } else if (/^\/api\/v1\/card\/\d+$/.test(url.pathname)) asked.push('card API');
  });
  const subject = await openSubject(page, visit, 'Wiskunde B');
  await page.getByRole('link', { name: 'Leren en oefenen' }).click();
  await expect(page).toHaveURL(`${subject}/leren-en-oefenen`);
  const card = page.locator('main li a[href*="/kaart/"]').first();
  const title = await card.innerText();
  await card.click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The card itself came from the card API (ADR 039). Closing it loads the list again (reading a card changes
  // it); then back to the area home.
  await expect.poll(() => asked.length).toBe(4);
  await page.getByRole('link', { name: /naar Mijn Slaagbundel/ }).click();
  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.getByRole('heading', { level: 1, name: /^Hoi / })).toBeVisible();
  const routes = (...ids: string[]) => ids.map((id) => `${id}___nl`).join(',');
  expect(asked).toEqual([
    routes('subject', 'subject-overview'),
    routes('subject-learn'),
    'card API',
    routes('subject-learn'),
    routes('area', 'area-home'),
  ]);

  // A card opened over the area home is the card API alone: the area's user and subjects and the home stay.
  asked.length = 0;
  const planned = page.locator('main a[href^="/mijnslaagbundel/kaart/"]').first();
  const plannedTitle = (await planned.innerText()).split('\n')[0]!.trim();
  await planned.click();
  await expect(page).toHaveURL(/\/mijnslaagbundel\/kaart\/\d+$/);
  await expect(page.getByRole('dialog', { name: plannedTitle })).toBeVisible();
  expect(asked).toEqual(['card API']);

  // The plan page shows no subject's grade: the area's user and subjects stay. The area home shows the grades (an
  // exam check handed in through the API changes one), so going back reads them again.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect.poll(() => asked.length).toBe(2);
  asked.length = 0;
  await page.getByRole('link', { name: 'Mijn planning: examendata en minuten per dag' }).click();
  await expect(page).toHaveURL('/mijnslaagbundel/planning');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Terug naar Mijn Slaagbundel' }).click();
  await expect(page).toHaveURL('/mijnslaagbundel');
  await expect(page.getByRole('heading', { level: 1, name: /^Hoi / })).toBeVisible();
  expect(asked).toEqual([routes('area-planning'), routes('area', 'area-home')]);
});

test('a pupil takes an exam check question by question and reopens the latest attempt', async ({
  page,
  visit,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs(EMAIL);
  const subject = await openSubject(page, visit, 'Wiskunde B');
  await visit(`${subject}/maak-de-balans-op`);
  await page
    .getByRole('link', { name: /Start de examencheck|Opnieuw maken/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Examencheck 1/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Vraag 1 van \d+$/)).toBeVisible();
  await expectAccessible(page);
  const total = Number(/van (\d+)/.exec(await dialog.getByText(/^Vraag 1 van/).innerText())![1]);
  for (let step = 0; step < total; step++) {
    await expect(dialog.getByText(`Vraag ${step + 1} van ${total}`, { exact: true })).toBeVisible();
    const question = dialog.locator('form > ol > li:visible');
    const radios = question.locator('input[type="radio"][name^="choice-"]');
    if ((await radios.count()) > 0) {
      await radios.first().check();
    } else {
      await question.getByRole('textbox', { name: 'Jouw antwoord' }).fill('Mijn uitwerking.');
      await question.getByText('Bekijk het antwoordmodel en geef jezelf punten').click();
      await question.locator('input[name^="points-"]').last().check();
    }
    if (step < total - 1) await dialog.getByRole('button', { name: 'Volgende vraag' }).click();
  }
  await dialog.getByRole('button', { name: 'Inleveren en nakijken' }).click();
  const result = page.getByRole('dialog', { name: /je resultaat$/ });
  await expect(result).toBeVisible();
  await expect(page).toHaveURL(/\/examencheck\/\d+\/resultaat$/);
  const grade = (await result.locator('span:has(> span.sr-only)').first().innerText()).replace('Cijfer', '').trim();
  expect(grade).toMatch(/^(10|[1-9]),\d$/);
  await expect(result.getByRole('heading', { name: 'Per onderwerp' })).toBeVisible();
  await expect(result.locator('li').filter({ hasText: /\d+%/ }).first()).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${subject}/maak-de-balans-op`);
  // The list shows the grade; the topic list with score boxes and the charts have the results.
  await expect(page.getByRole('heading', { name: 'Resultaten per onderwerp' })).toBeVisible();
  await expect(page.locator('svg[role="img"]').first()).toBeVisible();
  await page.getByRole('link', { name: 'Bekijk je laatste poging' }).first().click();
  await expect(page.getByRole('dialog', { name: /je resultaat$/ })).toBeVisible();
  await expect(
    page
      .getByRole('dialog', { name: /je resultaat$/ })
      .getByText(grade)
      .first(),
  ).toBeVisible();
});

test('an exam check in progress survives leaving; unscored open questions are named before handing in', async ({
  page,
  visit,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs(EMAIL);
  const subject = await openSubject(page, visit, 'Wiskunde B');
  await visit(`${subject}/maak-de-balans-op`);
  await page
    .getByRole('link', { name: /Start de examencheck|Opnieuw maken|Ga verder bij vraag/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Examencheck 1/ });
  await expect(dialog.getByText(/^Vraag 1 van \d+$/)).toBeVisible();
  const checkUrl = page.url();
  const total = Number(/van (\d+)/.exec(await dialog.getByText(/^Vraag 1 van/).innerText())![1]);
  const question = dialog.locator('form > ol > li:visible');
  // Three questions answered (an open one typed, not scored), on to question 4.
  const chosen: string[] = [];
  for (let step = 0; step < 3; step++) {
    const radios = question.locator('input[type="radio"][name^="choice-"]');
    if ((await radios.count()) > 0) {
      await radios.nth(1).check();
      chosen.push((await radios.nth(1).getAttribute('name'))!);
    } else {
      await question.getByRole('textbox', { name: 'Jouw antwoord' }).fill(`Mijn uitwerking ${step + 1}.`);
    }
    await dialog.getByRole('button', { name: 'Volgende vraag' }).click();
  }
  await expect(dialog.getByText(`Vraag 4 van ${total}`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`3 van ${total} beantwoord`)).toBeVisible();

  // Escape asks first; staying keeps the pupil at question 4.
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('dialog', { name: 'Stoppen met deze examencheck?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`verder bij vraag 4 van ${total}`);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Verder met de check' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByText(`Vraag 4 van ${total}`, { exact: true })).toBeVisible();
  // Leaving: the answers are kept on the server.
  await page.keyboard.press('Escape');
  await confirm.getByRole('button', { name: 'Stoppen en later verder' }).click();
  await expect(page).toHaveURL(`${subject}/maak-de-balans-op`);
  // The list says the check is not handed in, and its button goes on where the pupil left it.
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Examencheck 1/ }) });
  await expect(listed).toContainText(`Nog niet ingeleverd: 3 van ${total} vragen beantwoord.`);
  await expect(listed.getByRole('link', { name: 'Ga verder bij vraag 4' })).toBeVisible();

  // Coming back (a fresh page load) resumes at question 4 with the answers given.
  await page.goto(checkUrl);
  await expect(dialog.getByText(`Vraag 4 van ${total}`, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`3 van ${total} beantwoord`)).toBeVisible();
  for (const name of chosen) await expect(dialog.locator(`input[name="${name}"]:checked`)).toHaveCount(1);

  // To the end without scoring: handing in names the open questions without points and stores nothing.
  for (let step = 3; step < total - 1; step++) await dialog.getByRole('button', { name: 'Volgende vraag' }).click();
  await dialog.getByRole('button', { name: 'Inleveren en nakijken' }).click();
  const warning = dialog.getByRole('alert');
  await expect(warning).toContainText(/Geef jezelf eerst punten voor (vraag|de vragen) \d+/);
  await expect(page).toHaveURL(checkUrl);
  const unscored = await warning.getByRole('button', { name: /^Naar vraag \d+$/ }).allInnerTexts();
  expect(unscored.length).toBeGreaterThan(0);
  for (const go of unscored) {
    await warning.getByRole('button', { name: go }).click();
    await question.getByLabel('0 punten', { exact: true }).check();
  }
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog
    .getByRole('button', { name: /Volgende vraag|Inleveren en nakijken/ })
    .last()
    .click();
  for (
    let guard = 0;
    guard < total && (await dialog.getByRole('button', { name: 'Volgende vraag' }).count());
    guard++
  ) {
    await dialog.getByRole('button', { name: 'Volgende vraag' }).click();
  }
  await dialog.getByRole('button', { name: 'Inleveren en nakijken' }).click();
  await expect(page.getByRole('dialog', { name: /je resultaat$/ })).toBeVisible();
  // Handed in: the next start is a fresh check.
  await page.goto(checkUrl);
  await expect(dialog.getByText(/^Vraag 1 van \d+$/)).toBeVisible();
  await expect(dialog.getByText(`0 van ${total} beantwoord`)).toBeVisible();
});

test('the exam buddy answers from the cards and cites them; a cited card opens', async ({ page, visit, signInAs }) => {
  test.setTimeout(60_000);
  await signInAs(EMAIL);
  const subject = await openSubject(page, visit, 'Wiskunde B');
  await visit(`${subject}/ook-handig`);
  await page.getByRole('link', { name: /^Examenbuddy/ }).click();
  await expect(page.getByRole('heading', { name: /^Examenbuddy/ })).toBeVisible();
  await expectAccessible(page);
  if (await page.getByRole('button', { name: 'Gesprek wissen' }).count()) {
    await page.getByRole('button', { name: 'Gesprek wissen' }).click();
    await expect(page.getByRole('button', { name: 'Gesprek wissen' })).toHaveCount(0);
  }
  await page.getByLabel('Jouw vraag').fill('Hoe werkt de kettingregel?');
  await page.getByRole('button', { name: 'Vraag het' }).click();
  await expect(page.getByText('Gevonden in je lesstof')).toBeVisible();
  const source = page.getByRole('link', { name: /^Leerkaart: / }).first();
  const cardTitle = (await source.innerText()).replace('Leerkaart: ', '');
  await source.click();
  await expect(page.getByRole('dialog', { name: cardTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/examenbuddy\/kaart\/\d+$/);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: cardTitle })).toBeHidden();

  // Whole paragraphs with the formulas rendered as on the cards; nothing unrelated, no formula source, no table markup.
  await page.getByLabel('Jouw vraag').fill('hoe bereken ik de afgeleide van een wortelfunctie?');
  await page.getByRole('button', { name: 'Vraag het' }).click();
  const answers = page.locator('[aria-live="polite"] > div');
  await expect(answers).toHaveCount(2);
  const roots = answers.nth(1);
  await expect(roots.getByText('Gevonden in je lesstof')).toBeVisible();
  await expect(roots.locator('.katex').first()).toBeVisible();
  const rootsText = await roots.innerText();
  expect(rootsText).not.toMatch(/\(\(1\)\/\(2\)\)|\^\(|\|\s*---|angle/);
  // A "wat is" question: the definition first.
  await page.getByLabel('Jouw vraag').fill('wat is een asymptoot?');
  await page.getByRole('button', { name: 'Vraag het' }).click();
  await expect(answers).toHaveCount(3);
  await expect(answers.nth(2)).toContainText('Examenidioom “Asymptoot”');
  await expect(answers.nth(2)).toContainText('Een lijn waar de grafiek steeds dichter bij komt');
  // Nothing found: said so, under a heading that says so.
  await page.getByLabel('Jouw vraag').fill('kwantumzwaartekracht');
  await page.getByRole('button', { name: 'Vraag het' }).click();
  await expect(answers).toHaveCount(4);
  await expect(answers.nth(3).getByText('Niet gevonden in je lesstof')).toBeVisible();
  await expect(answers.nth(3).getByText('Gevonden in je lesstof', { exact: true })).toHaveCount(0);

  // The conversation survives a reload, and can be cleared.
  await page.reload();
  await expect(answers).toHaveCount(4);
  await page.getByRole('button', { name: 'Gesprek wissen' }).click();
  await expect(answers).toHaveCount(0);
  await page.reload();
  await expect(answers).toHaveCount(0);
});

test('the idiom page searches the exam vocabulary', async ({ page, visit, signInAs }) => {
  await signInAs(EMAIL);
  const subject = await openSubject(page, visit, 'Wiskunde B');
  await visit(`${subject}/ook-handig`);
  await page.getByRole('link', { name: /^Examenidioom \d+ woorden/ }).click();
  const count = page.getByRole('status');
  await expect(count).toHaveText(/^\d+ woorden$/);
  await page.getByLabel('Zoek een woord').fill('exact');
  await expect(count).toHaveText(/van \d+ woorden met “exact”/);
  await expect(page.locator('dt').first()).toContainText(/exact/i);
  await expectAccessible(page);
});

test('a subject without access shows what it offers and its bundle; its cards API answers 403', async ({
  page,
  visit,
  signInAs,
}) => {
  await signInAs(EMAIL);
  const subject = await openSubject(page, visit, 'Economie');
  await expect(page.getByRole('heading', { name: 'Wat je krijgt met de Slaagbundel Economie' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'In winkelwagen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leren en oefenen' })).toHaveCount(0);
  const id = /\/mijnslaagbundel\/(\d+)\//.exec(`${subject}/`)![1];
  const cards = await page.request.get(`/api/v1/subject/${id}/cards`);
  expect(cards.status()).toBe(403);
  expect((await cards.json()).message).toMatch(/geen toegang/);
  // Its pages redirect to the overview.
  await page.goto(`${subject}/leren-en-oefenen`);
  await expect(page).toHaveURL(subject);

  // The free trial: marked, with a part of the cards.
  const light = await openSubject(page, visit, 'Biologie');
  await expect(page.getByText('Proefversie', { exact: true })).toBeVisible();
  await visit(`${light}/leren-en-oefenen`);
  await expect(page.getByText(/Je gebruikt de proefversie/)).toBeVisible();
});

test('a teacher finds what a subject covers and how to use it in class; a pupil has no such tab', async ({
  page,
  visit,
  baseURL,
  signInAs,
}) => {
  await signInAs('docent@slaagbundel.test');
  const subject = await openSubject(page, visit, 'Wiskunde B');
  const parts = page.getByRole('navigation', { name: 'Onderdelen van dit vak' });
  await parts.getByRole('link', { name: 'Voor docenten' }).click();
  await expect(page).toHaveURL(`${subject}/docenten`);
  await expect(page.getByRole('heading', { level: 2, name: 'Voor docenten' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wat de studiestof dekt' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Bekijk de leerkaarten' }).click();
  await expect(page).toHaveURL(`${subject}/leren-en-oefenen`);

  // The demo pupil's subject page has no tab for teachers.
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'gdpr_cookie', value: '*,1,GTM:1', url: baseURL! }]);
  await signInAs(EMAIL);
  await openSubject(page, visit, 'Wiskunde B');
  await expect(
    page.getByRole('navigation', { name: 'Onderdelen van dit vak' }).getByRole('link', { name: 'Voor docenten' }),
  ).toHaveCount(0);
});

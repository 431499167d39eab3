import type { Browser, Page } from '@playwright/test';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { expect, expectAccessible, expectRefusals, signInStaff, signUpVerified, test } from './fixtures.ts';

/**
 * Exam data kept by staff (issue 35) in Chromium: a content member enters a CvTE timetable for Wiskunde B havo with
 * its source (a wrong source refused first, with what was typed kept), the change's page names the pupils whose
 * exam date it moves, the admin approves it (the proposer could not), and a pupil of that exam year sees the new
 * date with its source and a notice in their area; the public examenrooster page shows it. Then an N-term goes
 * the same way, and "kies een examen" fills it in on the public calculator. axe on every page.
 *
 * The timetable is of next school year's exam year and the pupil is one of this test's own: the demo pupils (this
 * year's exams) are shared by the other tests, and a published timetable cannot be taken back (only replaced).
 */
test.describe.configure({ timeout: 180_000 });

const content = DEMO_STAFF.find((member) => member.role === 'content')!;
const admin = DEMO_STAFF.find((member) => member.role === 'admin')!;
const Y = examYearRange(new Date()).min + 1;
/** A reference of this run: a test run again on the same database proposes a new version, not the same one. */
const KENMERK = `CvTE-${String(Y - 2).slice(2)}.${String(Date.now()).slice(-5)}`;

/** Another person at another browser: their own cookies and address, cookies accepted. */
async function actor(browser: Browser, baseURL: string, address: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  await context.addCookies([{ name: 'gdpr_cookie', value: '*,1,GTM:1', url: baseURL }]);
  return context.newPage();
}

/** "dinsdag 16 mei 2028", as the pages write a day. */
const longDay = (date: string) =>
  new Intl.DateTimeFormat('nl-NL', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
const EXAM_DAY = `${Y}-05-16`;

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

test('a timetable and an N-term from a content member, approved by a second, reach the plan, the page and the calculator', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  // A havo pupil of exam year Y with a free trial of Wiskunde B: their plan aims at the estimate.
  const pupil = await actor(browser, baseURL!, '198.51.77.11');
  const email = `e2e-rooster-${Date.now()}@example.nl`;
  await signUpVerified(pupil, baseURL!, { email, name: 'Lotte Rooster', password: 'Slaag2026!' });
  const api = (method: 'patch' | 'post', path: string, data: unknown) =>
    pupil.request[method](`/api/v1${path}`, { data, headers: { origin: baseURL! } });
  expect((await api('patch', '/users/me/levels', { levels: ['havo'] })).status()).toBe(200);
  expect((await api('patch', '/users/me', { examYear: Y, onboardingCompleted: true })).status()).toBe(200);
  const subjects = (await (await pupil.request.get('/api/v1/subjects/havo/NT')).json()) as {
    subjects: { id: number; schoolSubject: string }[];
  };
  const wiskundeB = subjects.subjects.find((s) => s.schoolSubject === 'wiskunde-b')!;
  expect((await api('post', `/users/me/subjects/${wiskundeB.id}/trial`, {})).status()).toBe(200);
  await pupil.goto('/mijnslaagbundel/planning');
  await expect(pupil.getByText(new RegExp(`Het examenrooster van ${Y} staat nog niet in onze gegevens`))).toBeVisible();

  // 1. The content member enters the timetable of Y; a source off the official sites is refused, all else kept.
  await signInStaff(page, content);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Examengegevens' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Examengegevens' })).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/beheer/examengegevens/rooster?jaar=${Y}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: `Examenrooster ${Y}` })).toBeVisible();
  await page.getByLabel('Regeling en kenmerk').fill(`Regeling rooster centrale examens vo ${Y} (${KENMERK})`);
  await page.getByLabel('Gepubliceerd op').fill(`${Y - 2}-09-15`);
  await page.getByLabel('Bron').fill('https://example.com/rooster');
  await page.getByLabel('Eerste tijdvak, begin').fill(`${Y}-05-08`);
  await page.getByLabel('Eerste tijdvak, einde').fill(`${Y}-05-26`);
  await page.getByLabel('Tweede tijdvak, begin').fill(`${Y}-06-19`);
  await page.getByLabel('Tweede tijdvak, einde').fill(`${Y}-06-23`);
  await page.getByLabel('Examen 1, vak').selectOption({ label: 'Wiskunde B' });
  await page.getByLabel('Examen 1, niveau').selectOption({ label: 'havo' });
  await page.getByLabel('Examen 1, datum').fill(EXAM_DAY);
  await page.getByLabel('Examen 1, begintijd').fill('13:30');
  await page.getByLabel('Examen 1, eindtijd').fill('16:30');
  await page.getByLabel('Toelichting voor wie goedkeurt').fill('Het rooster van het CvTE overgenomen.');
  await page.getByRole('button', { name: 'Ter goedkeuring aanbieden' }).click();
  const summary = page.getByRole('alert', { name: 'Er is een probleem' });
  await expect(summary.getByRole('link', { name: /^Bron: Vul het https-adres van de bron in/ })).toBeVisible();
  await expect(page.getByLabel('Examen 1, datum')).toHaveValue(EXAM_DAY);
  await expectAccessible(page);
  expectRefusals(consoleErrors, [400]);
  await page.getByLabel('Bron').fill('https://zoek.officielebekendmakingen.nl/stcrt-2026-12345.html');
  await page.getByRole('button', { name: 'Ter goedkeuring aanbieden' }).click();

  // 2. Its page shows what publishing does: the pupils whose date moves; the proposer cannot approve it.
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Examenrooster ${Y}, versie \\d+$`) }),
  ).toBeVisible();
  await expect(page.getByText('Wacht op goedkeuring')).toBeVisible();
  await expect(page.getByText(/^Verplaatst de examendatum van [\d.]+ leerling(en)? in \d+ vak/)).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^Wiskunde B havo \\(examen ${Y}\\): van .* naar ${longDay(EXAM_DAY)}`) }),
  ).toBeVisible();
  await expect(
    page.getByText('Je hebt deze wijziging zelf voorgesteld: een tweede medewerker keurt hem goed.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Goedkeuren en publiceren' })).toHaveCount(0);
  await expectAccessible(page);
  const changeUrl = page.url();

  // 3. A second member (the admin) approves it.
  const second = await actor(browser, baseURL!, '198.51.77.12');
  await signInStaff(second, admin);
  await second.goto(changeUrl);
  await hydrated(second);
  await second.getByRole('button', { name: 'Goedkeuren en publiceren' }).click();
  await expect(second.getByRole('status')).toHaveText(
    'Goedgekeurd en gepubliceerd. Planningen gebruiken de nieuwe gegevens meteen.',
  );
  await expect(second.getByText('Gepubliceerd', { exact: true })).toBeVisible();

  // 4. The pupil's plan aims at the new date with its source, and their area says it moved.
  await pupil.goto('/mijnslaagbundel');
  await hydrated(pupil);
  const notice = pupil.getByRole('region', { name: 'Je examendatum is veranderd' });
  await expect(notice).toContainText(`Wiskunde B havo: van`);
  await expect(notice).toContainText(`naar ${longDay(EXAM_DAY)}, volgens het Examenrooster CvTE ${Y} (${KENMERK})`);
  await expectAccessible(pupil);
  await notice.getByRole('button', { name: /^Begrepen/ }).click();
  await expect(notice).toHaveCount(0);
  await pupil.goto('/mijnslaagbundel/planning');
  await expect(pupil.getByText(`Uit het Examenrooster CvTE ${Y} (${KENMERK}).`).first()).toBeVisible();

  // 5. The public examenrooster page shows it (after the page micro-cache's few seconds at most).
  await expect(async () => {
    await page.goto('/exameninfo/examenrooster');
    await expect(page.getByRole('heading', { name: `${Y}: gepubliceerd door het CvTE` })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: `Examenrooster CvTE ${Y} (${KENMERK})` })).toBeVisible();
  await expect(page.getByRole('row', { name: `Wiskunde B havo ${longDay(EXAM_DAY)} 13:30–16:30` })).toBeVisible();
  await expectAccessible(page);

  // 6. An N-term the same way; "kies een examen" then fills it in on the calculator.
  const year = 2001 + (Date.now() % 19);
  await page.goto('/beheer/examengegevens/n-term');
  await hydrated(page);
  await page.getByLabel('Vak', { exact: true }).selectOption({ label: 'Wiskunde B' });
  await page.getByLabel('Niveau').selectOption({ label: 'havo' });
  await page.getByLabel('Examenjaar').fill(String(year));
  await page.getByLabel('Tijdvak', { exact: true }).selectOption('1');
  await page.getByLabel('N-term', { exact: true }).fill('3,4');
  await page.getByLabel('Maximale score').fill('78');
  await page.getByLabel('Bron').fill('https://www.examenblad.nl/normering');
  await page.getByLabel('Toelichting voor wie goedkeurt').fill('Normering van het CvTE.');
  await page.getByRole('button', { name: 'Ter goedkeuring aanbieden' }).click();
  await expect(page.getByRole('alert', { name: 'Er is een probleem' })).toContainText('N-term: Vul een N-term in');
  expectRefusals(consoleErrors, [400]);
  await page.getByLabel('N-term', { exact: true }).fill('1,3');
  await page.getByRole('button', { name: 'Ter goedkeuring aanbieden' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `N-term Wiskunde B havo ${year}, tijdvak 1, versie 1` }),
  ).toBeVisible();
  await second.goto(page.url());
  await hydrated(second);
  await second.getByRole('button', { name: 'Goedkeuren en publiceren' }).click();
  await expect(second.getByRole('status')).toContainText('Goedgekeurd en gepubliceerd.');

  await expect(async () => {
    await page.goto('/exameninfo/cijfer-berekenen');
    await hydrated(page);
    await page
      .getByLabel('Kies een examen')
      .selectOption({ label: `Wiskunde B havo ${year}, tijdvak 1` }, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByLabel('Maximale score')).toHaveValue('78');
  await expect(page.getByLabel('N-term')).toHaveValue('1,3');
  await page.getByLabel('Je score (punten)').fill('50');
  await page.getByRole('button', { name: 'Bereken je cijfer' }).click();
  const result = page.getByTestId('omrekenen-uitkomst');
  await expect(result).toContainText('50 van de 78 punten, met N-term 1,3.');
  await expect(result).toContainText(`De maximale score en N-term van Wiskunde B havo ${year}, tijdvak 1`);
  await expectAccessible(page);
});

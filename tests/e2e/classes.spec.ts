import { readFile } from 'node:fs/promises';
import { stripVTControlCharacters } from 'node:util';
import type { Cookie, Page } from '@playwright/test';
import pg from 'pg';
import { expect, expectAccessible, signUpVerified, test } from './fixtures.ts';

/**
 * Classes (issue 31) in Chromium, as one story on one class: a fresh teacher makes it and copies its code
 * (desktop); the demo pupil joins with the code typed in lower case and reviews a card of Wiskunde B (a
 * phone, 390 px); without JavaScript the create and join forms are plain posts and a bad code comes back
 * with its message, and a late joiner (the code made older than 14 days) waits; the teacher's grid shows the
 * pupil's topics (the summary job runs a few seconds after the review) and downloads as CSV; the pupil's
 * "Wat ziet mijn docent?" shows the very table of the teacher's drill-down, without her grades until she shares
 * them with the class (then with them, and her grades page says who sees them), and she leaves the class again;
 * last, the teacher lets the late joiner in.
 *
 * The tests run in order and share the class. The demo pupil is shared by the e2e tests: joining a class,
 * reviewing one card and leaving again changes nothing the other specs count on.
 */
const PASSWORD = 'Slaag2026!';
const CLASSES = '/mijnslaagbundel/klassen';
const DEMO_PUPIL = 'leerling@slaagbundel.test';
/** The demo pupil "Sanne de Leerling" as a teacher sees her: first name and the last name's initial. */
const DEMO_PUPIL_SHOWN = 'Sanne L.';
const PHONE = { width: 390, height: 844 };

let accounts = 0;

/** A new verified account that finished the onboarding (a teacher or a pupil), signed in in this page's context. */
async function newAccount(page: Page, baseURL: string, name: string, role: 'teacher' | 'pupil'): Promise<void> {
  accounts += 1;
  const email = `klassen-${role}-${Date.now()}-${accounts}@example.nl`;
  await signUpVerified(page, baseURL, { email, name, password: PASSWORD });
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  const me = await page.request.patch('/api/v1/users/me', {
    headers,
    data: role === 'teacher' ? { educationRole: 'teacher', onboardingCompleted: true } : { onboardingCompleted: true },
  });
  expect(me.status(), `the ${role}'s profile`).toBe(200);
}

/** Nothing on the page scrolls sideways (a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The refused form's 4xx answer, a document load that Chromium reports as a failed resource: expected. */
const failedLoad = (status: number, text: string) =>
  `Failed to load resource: the server responded with a status of ${status} (${text})`;

test.describe.serial('classes', () => {
  /** The class's name, new for each run of the group (`--repeat-each`). */
  let className = '';
  let teacherCookies: Cookie[] = [];
  let classId = 0;
  let joinCode = '';
  /** The topic table of the teacher's drill-down of the demo pupil, to compare with what she sees herself. */
  let drillDownTable = '';
  /** The address of the teacher's drill-down of the demo pupil. */
  let drillDownUrl = '';

  test('a teacher makes a class and copies its code', async ({ page, context, visit, baseURL }) => {
    className = `H5 Wiskunde B ${Date.now().toString(36).slice(-5)}`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await newAccount(page, baseURL!, 'Dewi van Dijk', 'teacher');
    teacherCookies = await context.cookies();

    await visit(CLASSES);
    await expect(page.getByText('Je hebt nog geen klassen.')).toBeVisible();
    await page.getByRole('link', { name: 'Nieuwe klas' }).click();
    await expect(page).toHaveURL(`${CLASSES}/nieuw`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuwe klas');
    await expectAccessible(page);

    await page.getByLabel('Naam van de klas').fill(className);
    await expect(page.getByLabel('Niveau')).toHaveValue('havo');
    await page.getByRole('checkbox', { name: 'Wiskunde B' }).check();
    await page.getByLabel('School', { exact: true }).fill('Het Stedelijk Lyceum');
    await page.getByRole('button', { name: 'Klas aanmaken' }).click();

    await expect(page).toHaveURL(new RegExp(`${CLASSES}/\\d+/leden\\?nieuw=1$`));
    classId = Number(/klassen\/(\d+)\//.exec(page.url())![1]);
    await expect(page.getByRole('status').filter({ hasText: 'is aangemaakt' })).toHaveText(
      `De klas ${className} is aangemaakt. Geef je leerlingen de klascode.`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(className);
    await expect(page.getByText('havo · examen')).toContainText('Het Stedelijk Lyceum');
    joinCode = (await page.getByTestId('join-code').innerText()).trim();
    expect(joinCode).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    await expect(page.getByText('Leerlingen komen er direct mee in de klas tot en met')).toBeVisible();

    await page.getByRole('button', { name: 'Code kopiëren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gekopieerd' })).toHaveText('Gekopieerd');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(joinCode);
    await expectAccessible(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the demo pupil joins with the code in lower case and reviews a card of Wiskunde B', async ({
      page,
      visit,
      signInAs,
    }) => {
      await signInAs(DEMO_PUPIL);
      await visit(CLASSES);
      await page.getByLabel('Klascode').fill(joinCode.toLowerCase());
      await page.getByRole('button', { name: 'Lid worden' }).click();
      await expect(page.getByRole('status')).toHaveText(`Je zit nu in ${className}.`);
      // The form is empty again for the next code.
      await expect(page.getByLabel('Klascode')).toHaveValue('');
      const joined = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: className, exact: true }) });
      await expect(joined).toContainText('Het Stedelijk Lyceum');
      await expect(joined).toContainText('Docent: Dewi D.');
      await expect(joined.getByText('Je zit in deze klas')).toBeVisible();
      await expect(joined.getByRole('link', { name: 'Wat ziet mijn docent?' })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // A review of a due card (the demo pupil's review history is in havo Wiskunde B) queues the summary.
      await visit('/mijnslaagbundel');
      const due = page.getByRole('region', { name: /^Herhalen:/ }).getByRole('link');
      await expect(due.first()).toBeVisible();
      await due.first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Hoe goed wist je dit?' })).toBeVisible();
      await dialog.getByRole('button', { name: /^Goed/ }).click();
      await expect(dialog.getByRole('status')).toContainText('Goed opgeslagen');
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the create and join forms are plain posts; a bad code comes back with its message', async ({
      page,
      browser,
      baseURL,
      workerServer,
      consoleErrors,
    }, testInfo) => {
      // (axe needs JavaScript in the page: these pages are checked with it in the other tests.)
      // The teacher makes a second class. Without JavaScript every level's subjects show: havo's is picked.
      const teacher = await browser.newContext({ baseURL, javaScriptEnabled: false });
      await teacher.addCookies(teacherCookies);
      const plain = await teacher.newPage();
      await plain.goto(`${CLASSES}/nieuw`);
      await plain.getByLabel('Naam van de klas').fill(`${className} (2)`);
      await plain.locator('[data-level="havo"]').getByRole('checkbox', { name: 'Wiskunde B' }).check();
      await plain.getByLabel('School', { exact: true }).fill('Het Stedelijk Lyceum');
      await plain.getByRole('button', { name: 'Klas aanmaken' }).click();
      await expect(plain).toHaveURL(new RegExp(`${CLASSES}/\\d+/leden\\?nieuw=1$`));
      await expect(plain.getByRole('status').filter({ hasText: 'is aangemaakt' })).toHaveText(
        `De klas ${className} (2) is aangemaakt. Geef je leerlingen de klascode.`,
      );
      await teacher.close();

      // A late joiner: a code of the class is not known, and what was typed stays with the message beside it.
      await newAccount(page, baseURL!, 'Lotte de Laat', 'pupil');
      await page.goto(CLASSES);
      const code = page.getByLabel('Klascode');
      await code.fill('ol10-il10');
      await page.getByRole('button', { name: 'Lid worden' }).click();
      await expect(code).toHaveValue('ol10-il10');
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toHaveAccessibleDescription(
        /Deze klascode kennen we niet\. Controleer de code bij je docent\.$/,
      );
      expect(consoleErrors.errors).toEqual([failedLoad(400, 'Bad Request')]);
      consoleErrors.errors.length = 0;

      // The code is more than 14 days old now: the join waits for the teacher. No page makes a code old, so the
      // worker's database is changed. On embedded PGlite (no DATABASE_URL; CI runs the full suite on
      // PostgreSQL) only the server reaches the database: the late join and the approval are left out there,
      // and this pupil joins at once.
      const aged = await ageJoinCode(workerServer.databaseUrl, classId);
      if (!aged) {
        testInfo.annotations.push({
          type: 'left out',
          description: 'a late join (code older than 14 days) needs DATABASE_URL (PostgreSQL)',
        });
      }
      await code.fill(joinCode.toLowerCase().replace('-', ''));
      await page.getByRole('button', { name: 'Lid worden' }).click();
      await expect(page.getByRole('status')).toHaveText(
        aged
          ? `Je hebt je aangemeld voor ${className}. De code is ouder dan 14 dagen, dus je docent laat je eerst toe.`
          : `Je zit nu in ${className}.`,
      );
      const mine = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: className, exact: true }) });
      if (aged) {
        await expect(mine).toContainText('Wacht op toelating door je docent');
        await expect(mine.getByRole('button', { name: 'Aanmelding intrekken' })).toBeVisible();
      } else {
        await expect(mine).toContainText('Je zit in deze klas');
      }
      expect(consoleErrors.errors).toEqual([]);
    });
  });

  test('the teacher sees the pupil in the grid, downloads it as CSV and opens her topics', async ({
    page,
    context,
    visit,
    workerServer,
  }) => {
    await context.addCookies(teacherCookies);
    const lateJoin = workerServer.databaseUrl !== undefined;
    await visit(CLASSES);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: className, exact: true }) });
    await expect(card).toContainText(`havo · examen`);
    await expect(card).toContainText(lateJoin ? '1 leerling' : '2 leerlingen');
    if (lateJoin) await expect(card).toContainText('1 wacht op toelating');
    await expect(page.getByRole('heading', { name: `${className} (2)` })).toBeVisible();

    // The grid: the demo pupil's row gets its topics once the summary job has run (a few seconds after the
    // join and the review; the page asks again every 4 s while a pupil's summary is missing).
    await card.getByRole('link', { name: className }).click();
    await expect(page).toHaveURL(`${CLASSES}/${classId}`);
    await expect(page.getByRole('navigation', { name: 'Klas' }).getByRole('link', { name: /^Leerlingen/ })).toHaveText(
      lateJoin ? 'Leerlingen en klascode (1 wacht)' : 'Leerlingen en klascode',
    );
    const grid = page.getByRole('table', { name: /^Per leerling en onderwerp/ });
    const row = grid.getByRole('row').filter({ has: page.getByRole('link', { name: DEMO_PUPIL_SHOWN }) });
    await expect(row.getByText(/op de examendag/).first()).toBeVisible({ timeout: 20_000 });
    await expect(row).not.toContainText('Wordt bijgewerkt');
    await expect(page.getByRole('status').filter({ hasText: 'op schema' })).not.toContainText('worden bijgewerkt', {
      timeout: 15_000,
    });
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download als CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^h5-wiskunde-b-.+-wiskunde-b\.csv$/);
    const csv = (await readFile(await download.path())).toString('utf8');
    // A byte order mark first, so a Dutch Excel reads the accents right.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toMatch(/^Leerling;Leerlingcode;Examendatum;/);
    expect(lines.some((line) => line.startsWith(`${DEMO_PUPIL_SHOWN};`))).toBe(true);

    // The drill-down of the demo pupil: her topics of Wiskunde B.
    await row.getByRole('link', { name: DEMO_PUPIL_SHOWN }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(DEMO_PUPIL_SHOWN);
    const topics = page.getByRole('table', { name: 'Onderwerpen van Wiskunde B' });
    await expect(topics.getByRole('row').nth(1)).toBeVisible();
    drillDownTable = await topics.innerText();
    drillDownUrl = page.url();
    // Her grades are private: she shares none with this class.
    await expect(page.getByTestId('cijfers-niet-gedeeld')).toHaveText('Cijfers: niet gedeeld door de leerling.');
    await expectAccessible(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the pupil sees what the teacher sees of her, and leaves the class', async ({
      page,
      visit,
      signInAs,
      browser,
      baseURL,
    }) => {
      await signInAs(DEMO_PUPIL);
      await visit(CLASSES);
      const joined = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: className, exact: true }) });
      await joined.getByRole('link', { name: 'Wat ziet mijn docent?' }).click();
      await expect(page).toHaveURL(`${CLASSES}/${classId}/wat-ziet-mijn-docent`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wat ziet mijn docent?');
      await expect(page.getByText(`je naam als “${DEMO_PUPIL_SHOWN}”`)).toBeVisible();
      const topics = page.getByRole('table', { name: 'Onderwerpen van Wiskunde B' });
      expect(drillDownTable).not.toBe('');
      // The same table as her teacher's drill-down at the same moment. (Her summary may have been refreshed since
      // the teacher's test: a review of hers in an earlier file of this worker queues a refresh a few seconds later.)
      const teacher = await browser.newContext({ baseURL });
      await teacher.addCookies(teacherCookies);
      const teacherPage = await teacher.newPage();
      const teacherTopics = teacherPage.getByRole('table', { name: 'Onderwerpen van Wiskunde B' });
      await expect
        .poll(
          async () => {
            await teacherPage.goto(drillDownUrl);
            const theirs = await teacherTopics.innerText();
            await page.reload();
            return (await topics.innerText()) === theirs && theirs.includes('op de examendag');
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      await teacher.close();
      await expect(page.getByTestId('cijfers-niet-gedeeld')).toHaveText('Cijfers: niet gedeeld door de leerling.');
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // She shares her grades with the class from here (a post to "Mijn klassen"), and sees them as her teachers do.
      await page.getByRole('button', { name: 'Deel mijn cijfers met deze klas' }).click();
      await expect(page).toHaveURL(CLASSES);
      await expect(page.getByRole('status')).toContainText(`De docenten van ${className} zien nu je cijfers`);
      await expect(joined.getByRole('button', { name: /^Stop met delen/ })).toBeVisible();
      await joined.getByRole('link', { name: 'Wat ziet mijn docent?' }).click();
      const grades = page.getByRole('region', { name: 'Cijfers en slaagkans' });
      await expect(grades.getByRole('heading', { name: 'Vakken' })).toBeVisible();
      await expect(grades.getByText('SE-cijfer:').first()).toBeVisible();
      await expect(page.getByTestId('cijfers-niet-gedeeld')).toHaveCount(0);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await visit('/mijnslaagbundel/cijfers');
      await expect(page.getByTestId('wie-ziet-cijfers')).toContainText(`Jij en de docenten van ${className}.`);

      // Leaving the class takes the share with it.
      await visit(CLASSES);
      await joined.getByRole('button', { name: `${className} verlaten` }).click();
      await expect(page.getByRole('status')).toHaveText(`Je hebt ${className} verlaten.`);
      await expect(joined).toHaveCount(0);
      await visit('/mijnslaagbundel/cijfers');
      await expect(page.getByTestId('wie-ziet-cijfers')).toContainText('Wie ziet je cijfers? Alleen jij.');
    });
  });

  test('the teacher lets the late joiner in on "Leerlingen en klascode"', async ({ page, context, workerServer }) => {
    await context.addCookies(teacherCookies);
    const lateJoin = workerServer.databaseUrl !== undefined;
    await page.goto(`${CLASSES}/${classId}/leden`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const tab = page.getByRole('navigation', { name: 'Klas' }).getByRole('link', { name: /^Leerlingen/ });
    await expect(tab).toHaveAttribute('aria-current', 'page');
    if (lateJoin) {
      await expect(tab).toHaveText('Leerlingen en klascode (1 wacht)');
      await expect(page.getByText('De code is ouder dan 14 dagen')).toBeVisible();
      const waiting = page.getByRole('region', { name: 'Wachten op toelating (1)' });
      await expect(waiting).toContainText('Lotte L.');
      await expect(waiting.getByText('Weigeren')).toBeVisible();
      // Checked on, so the approval below is still tested while this page fails axe: the "Weigeren" button is
      // named "Lotte L. uit de klas halen" (label-content-name-mismatch, WCAG 2.5.3). Fails until fixed.
      const axe = await expectAccessible(page).then(
        () => 'clean',
        (error: Error) => stripVTControlCharacters(error.message),
      );
      expect.soft(axe, 'axe on the pupils page with a pupil waiting').toBe('clean');
      await waiting.getByRole('button', { name: 'Lotte L. toelaten' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'zit nu in de klas' })).toHaveText(
        'Lotte L. zit nu in de klas.',
      );
      await expect(page.getByRole('region', { name: /^Wachten op toelating/ })).toHaveCount(0);
      await expect(tab).toHaveText('Leerlingen en klascode');
    }
    // The demo pupil left the class; the late joiner is in it.
    const pupils = page.getByRole('region', { name: 'Leerlingen (1)' });
    await expect(pupils).toContainText('Lotte L.');
    await expect(pupils.getByRole('button', { name: 'Lotte L. uit de klas halen' })).toHaveText('Uit de klas halen');
    await expectAccessible(page);

    // A new code replaces the old one and lets pupils in freely for 14 days again.
    await page.getByRole('button', { name: 'Nieuwe code maken' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'nieuwe code' })).toHaveText(
      'De klas heeft een nieuwe code. De oude code werkt niet meer; de nieuwe werkt 14 dagen vrij.',
    );
    await expect(page.getByTestId('join-code')).not.toHaveText(joinCode);
    await expect(page.getByText('Leerlingen komen er direct mee in de klas tot en met')).toBeVisible();
  });
});

/** Makes the class's code older than 14 days in the worker's PostgreSQL database; false on PGlite. */
async function ageJoinCode(databaseUrl: string | undefined, classId: number): Promise<boolean> {
  if (!databaseUrl) return false;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update classes set code_opened_at = now() - interval '15 days' where id = $1`,
      [classId],
    );
    expect(rowCount, 'the class whose code is made old').toBe(1);
  } finally {
    await client.end();
  }
  return true;
}

import type { APIRequestContext, Browser, Cookie, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import pg from 'pg';
import { expect, expectAccessible, mailedLink, signUpVerified, test, VERIFY_LINK } from './fixtures.ts';

/**
 * Classes and parents (issue 31), the journeys classes.spec.ts leaves, as one story on one class: a fresh
 * teacher gives the class the assignment "keep Differentiëren ready" (desktop; the form also without
 * JavaScript); the demo pupil, in the class, finds it in "Vandaag", follows it to the topic's cards and
 * reviews one (a phone); the teacher redeems a class licence and a fresh pupil of the class gets full access
 * to Wiskunde B (the licence code is put into the worker's database: PostgreSQL only); the demo pupil invites
 * a parent (a phone; the form also without JavaScript), who makes an account from the invitation, accepts it
 * and sees her subjects (desktop); she shares her grades with that parent (a phone), who then sees them
 * (desktop), until she ends the link.
 *
 * The tests run in order and share the class and the accounts. The demo pupil is shared by the e2e tests: she
 * reviews one card, leaves the class again and ends the parent link, so nothing the other specs count on
 * changes (afterAll makes sure of the last two when a test stopped halfway).
 *
 * On embedded PGlite (no DATABASE_URL) only the server reaches the database: the two licence tests are left out
 * there, with an annotation. CI runs the e2e suite on PostgreSQL; locally, with a database to make the workers'
 * databases from: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/slaagbundel npx playwright test <this file>`.
 */
const PASSWORD = 'Slaag2026!';
const CLASSES = '/mijnslaagbundel/klassen';
const DEMO_PUPIL = 'leerling@slaagbundel.test';
/** The demo pupil "Sanne de Leerling": her first name (what her parent sees) and as a teacher sees her. */
const DEMO_FIRST_NAME = 'Sanne';
const DEMO_PUPIL_SHOWN = 'Sanne L.';
const TEACHER = { name: 'Dewi van Dijk', shown: 'Dewi D.' };
const PUPIL = { name: 'Noor Bakker', shown: 'Noor B.' };
const PARENT_NAME = 'Marieke';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The assignment of journey 4, as its title reads (app/modules/classes/server/assignments.server.ts). */
const TOPIC = 'Differentiëren';
const TARGET = 90;
const ASSIGNMENT = `Houd ${TOPIC} klaar voor je examen (${TARGET} % op de examendag)`;
const STATUS_COUNT = /^(Nog niet begonnen|Bezig|Klaar|Weer open): (\d+)$/;
const CHILD_STATUS = /^(Op schema|Loopt achter|Nog geen gegevens)$/;

let accounts = 0;

/**
 * A new verified account that finished the onboarding (a teacher, or a havo NT pupil), made in a browser
 * context of its own (an address of its own, RFC 5737 TEST-NET-3) so that two are made at once: answers its
 * session cookies.
 */
async function newAccount(
  browser: Browser,
  baseURL: string,
  worker: number,
  name: string,
  role: 'teacher' | 'pupil',
): Promise<Cookie[]> {
  accounts += 1;
  const email = `klassen-meer-${role}-${Date.now()}-${accounts}@example.nl`;
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${100 + ((worker * 37 + accounts) % 150)}` },
  });
  try {
    const page = await context.newPage();
    await signUpVerified(page, baseURL, { email, name, password: PASSWORD });
    const headers = { origin: baseURL, 'content-type': 'application/json' };
    if (role === 'pupil') {
      const levels = await page.request.patch('/api/v1/users/me/levels', { headers, data: { levels: ['havo'] } });
      expect(levels.status(), 'the pupil’s level').toBe(200);
    }
    const me = await page.request.patch('/api/v1/users/me', {
      headers,
      data:
        role === 'teacher'
          ? { educationRole: 'teacher', onboardingCompleted: true }
          : { onboardingCompleted: true, profile: 'NT' },
    });
    expect(me.status(), `the ${role}'s profile`).toBe(200);
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/** An API client signed in with these session cookies. */
function apiAs(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, cookies: Cookie[]) {
  return playwright.request.newContext({
    baseURL,
    storageState: { cookies, origins: [] },
    extraHTTPHeaders: { origin: baseURL },
  });
}

/** Runs `use` with an API client signed in with these cookies, and disposes of it. */
async function withApi<T>(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  cookies: Cookie[],
  use: (api: APIRequestContext) => Promise<T>,
): Promise<T> {
  const api = await apiAs(playwright, baseURL, cookies);
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

/** Nothing on the page scrolls sideways (a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The counts per status of an assignment in the teacher's list ("Bezig: 1" …). */
async function statusCounts(item: Locator): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const text of await item.locator('span').allInnerTexts()) {
    const match = STATUS_COUNT.exec(text.trim());
    if (match) counts[match[1]!] = Number(match[2]);
  }
  return counts;
}

/** The refused form's 4xx answer, a document load that Chromium reports as a failed resource: expected. */
const failedLoad = (status: number, text: string) =>
  `Failed to load resource: the server responded with a status of ${status} (${text})`;

/**
 * A new class licence code of havo Wiskunde B with 30 seats, put into the worker's PostgreSQL database (the
 * back office makes these; the demo seed has none). Undefined on PGlite, where only the server reaches it.
 */
async function newClassLicenceCode(databaseUrl: string | undefined): Promise<string | undefined> {
  if (!databaseUrl) return undefined;
  const code = `SB-KLAS-E2E-${Date.now().toString(36).toUpperCase()}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `insert into license_codes (code, product_id, subject_id, seats, exam_year)
       select $1, p.id, s.id, 30, null
       from subjects s join products p on p.level_slug = s.level_name and p.subject_slug = s.slug
       where s.slug = 'wiskunde-b' and s.level_name = 'havo'
       order by p.id limit 1`,
      [code],
    );
    expect(rowCount, 'the class licence code of havo Wiskunde B').toBe(1);
  } finally {
    await client.end();
  }
  return code;
}

const LEFT_OUT_ON_PGLITE = {
  type: 'left out',
  description: 'the class licence (journey 3) needs DATABASE_URL (PostgreSQL): its code is put into the database',
};

test.describe.serial('classes: an assignment, a class licence and a parent', () => {
  test.use({ viewport: DESKTOP });

  /** The class's name, new for each run of the group (`--repeat-each`). */
  let className = '';
  let classId = 0;
  let teacherCookies: Cookie[] = [];
  let pupilCookies: Cookie[] = [];
  let parentEmail = '';
  let invitationPath = '';
  let parentCookies: Cookie[] = [];

  test.afterAll(async ({ playwright, workerServer, demoSessionCookies }) => {
    // The demo pupil as the other specs know her: in no class of this spec, with no parent link of it.
    await withApi(playwright, workerServer.baseURL, await demoSessionCookies(DEMO_PUPIL), async (api) => {
      if (classId) await api.delete(`/api/v1/users/me/classes/${classId}`);
      const answer = await api.get('/api/v1/users/me/parents');
      const { parents } = (await answer.json()) as { parents: { id: number; email: string }[] };
      for (const parent of parents.filter((p) => parentEmail && p.email === parentEmail)) {
        await api.delete(`/api/v1/users/me/parents/${parent.id}`);
      }
    });
  });

  test('a teacher gives the class "keep Differentiëren ready"; it is listed with its counts per status', async ({
    page,
    context,
    browser,
    baseURL,
    playwright,
    demoSessionCookies,
  }, testInfo) => {
    // A fresh teacher and a fresh pupil at once (each waits for its verification mail).
    [teacherCookies, pupilCookies] = await Promise.all([
      newAccount(browser, baseURL!, testInfo.parallelIndex, TEACHER.name, 'teacher'),
      newAccount(browser, baseURL!, testInfo.parallelIndex, PUPIL.name, 'pupil'),
    ]);
    await context.addCookies(teacherCookies);
    // The class (made with the form as in classes.spec.ts, checked with axe there).
    className = `H5 Wiskunde B ${Date.now().toString(36).slice(-5)}`;
    await page.goto(`${CLASSES}/nieuw`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.getByLabel('Naam van de klas').fill(className);
    await page.getByRole('checkbox', { name: 'Wiskunde B' }).check();
    await page.getByLabel('School', { exact: true }).fill('Het Stedelijk Lyceum');
    await page.getByRole('button', { name: 'Klas aanmaken' }).click();
    await expect(page).toHaveURL(new RegExp(`${CLASSES}/\\d+/leden\\?nieuw=1$`));
    classId = Number(/klassen\/(\d+)\//.exec(page.url())![1]);
    const code = (await page.getByTestId('join-code').innerText()).trim();
    // The fresh pupil, then the demo pupil, join (the join form is classes.spec.ts's).
    for (const cookies of [pupilCookies, await demoSessionCookies(DEMO_PUPIL)]) {
      await withApi(playwright, baseURL!, cookies, async (api) => {
        const joined = await api.post('/api/v1/users/me/classes/join', { data: { code } });
        expect(joined.status(), 'a pupil joins the class').toBe(201);
      });
    }

    await page.getByRole('navigation', { name: 'Klas' }).getByRole('link', { name: 'Opdrachten', exact: true }).click();
    await expect(page).toHaveURL(`${CLASSES}/${classId}/opdrachten`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(className);
    await expect(page.getByText('Je hebt deze klas nog geen opdrachten gegeven.')).toBeVisible();
    await expectAccessible(page);

    const form = page.getByRole('form', { name: 'Nieuwe opdracht' });
    await expect(form.getByLabel('Vak').locator('option:checked')).toHaveText('Wiskunde B');
    await form.getByRole('radio', { name: 'Een onderwerp klaar houden voor het examen' }).check();
    await expect(form.getByLabel('Klaar op')).toHaveCount(0);
    await form.getByLabel('Onderwerp om klaar te houden').selectOption({ label: TOPIC });
    await expect(form.getByLabel('Doel op de examendag (%)')).toHaveValue('75');
    await form.getByLabel('Doel op de examendag (%)').fill(String(TARGET));
    await form.getByRole('button', { name: 'Opdracht geven' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'De opdracht staat klaar' })).toHaveText(
      `De opdracht staat klaar: ${ASSIGNMENT}. Je leerlingen zien haar bij Vandaag.`,
    );

    const list = page.getByRole('region', { name: 'Opdrachten (1)' });
    const item = list.getByRole('listitem').filter({ hasText: ASSIGNMENT });
    await expect(item).toContainText(`Wiskunde B · van ${TEACHER.shown}`);
    // Each status with its count; the two pupils are counted once each.
    const counts = await statusCounts(item);
    expect(Object.keys(counts)).toEqual(['Nog niet begonnen', 'Bezig', 'Klaar', 'Weer open']);
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(2);
    await item.getByText('Per leerling').click();
    await expect(item.getByRole('listitem').filter({ hasText: PUPIL.shown })).toContainText('Nog niet begonnen');
    await expect(item.getByRole('listitem').filter({ hasText: DEMO_PUPIL_SHOWN })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the assignment form is a plain post: a target out of range comes back with its message and the choices', async ({
      page,
      context,
      consoleErrors,
    }) => {
      // (axe needs JavaScript in the page: this page is checked with it in the test before.)
      await context.addCookies(teacherCookies);
      await page.goto(`${CLASSES}/${classId}/opdrachten`);
      // Without JavaScript every field shows, the topics of every subject of the class named by subject.
      const topic = page.getByLabel('Onderwerp om klaar te houden');
      await topic.selectOption({ label: TOPIC });
      const chosen = await topic.inputValue();
      const target = page.getByLabel('Doel op de examendag (%)');
      await target.fill('40');
      await page.getByRole('button', { name: 'Opdracht geven' }).click();
      await expect(target).toHaveValue('40');
      await expect(target).toHaveAttribute('aria-invalid', 'true');
      await expect(target).toHaveAccessibleDescription(/Kies een doel tussen 50 % en 95 %\.$/);
      await expect(topic).toHaveValue(chosen);
      await expect(page.getByRole('radio', { name: 'Een onderwerp klaar houden voor het examen' })).toBeChecked();
      // Nothing was given.
      await expect(page.getByRole('heading', { name: 'Opdrachten (1)' })).toBeVisible();
      expect(consoleErrors.errors).toEqual([failedLoad(400, 'Bad Request')]);
      consoleErrors.errors.length = 0;
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the demo pupil finds the assignment in "Vandaag", opens the topic’s cards and reviews one', async ({
      page,
      baseURL,
      visit,
      signInAs,
    }) => {
      await signInAs(DEMO_PUPIL);
      await visit('/mijnslaagbundel');
      const assignments = page.getByRole('region', { name: 'Opdrachten van je docent' });
      const item = assignments.getByRole('listitem').filter({ hasText: className });
      await expect(item).toContainText(`Van ${TEACHER.shown}, ${className} · tot je examen`);
      // Not done (a done assignment is not listed): not started, busy, or open again.
      await expect(item).toContainText(/Nog niet begonnen|Bezig|Weer open: je kans op de examendag zakte/);
      await expectNoSidewaysScroll(page);

      await item.getByRole('link', { name: ASSIGNMENT }).click();
      await expect(page).toHaveURL(/\/leren-en-oefenen\?topicIds(\[\]|%5B%5D)=\d+$/);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      // The cards of the topic: the filter is on (folded open on a phone), the list holds its cards.
      const filters = page.locator('aside').locator('form:visible');
      await expect(filters.getByRole('checkbox', { name: new RegExp(`^${TOPIC} \\(`) })).toBeChecked();
      const status = page.getByRole('status').filter({ hasText: /leerkaarten?,/ });
      await expect(status).toHaveText(/^[1-9]\d* leerkaarten?,/);
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      // A card to learn (a row with its learned mark; a sheet to print is no card to review).
      const card = page
        .locator('main li')
        .filter({ has: page.getByRole('button', { name: /geleerd/ }) })
        .locator('a[href*="/kaart/"]')
        .first();
      const title = (await card.innerText()).trim();
      await card.click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toContainText(TOPIC);
      await expect(dialog.getByRole('heading', { name: 'Hoe goed wist je dit?' })).toBeVisible();
      await dialog.getByRole('button', { name: /^Goed/ }).click();
      await expect(dialog.getByRole('status')).toContainText('Goed opgeslagen');
      await expectAccessible(page);

      // She leaves the class again (the other specs know her in no class of this spec; classes.spec.ts leaves
      // with the button).
      const left = await page.request.delete(`/api/v1/users/me/classes/${classId}`, {
        headers: { origin: baseURL! },
      });
      expect(left.status(), 'the demo pupil leaves the class').toBe(200);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a class licence code that is not known comes back with its message and what was typed', async ({
      page,
      context,
      consoleErrors,
    }) => {
      await context.addCookies(teacherCookies);
      await page.goto(`${CLASSES}/${classId}/leden`);
      const code = page.getByLabel('Klaslicentie activeren');
      await code.fill('sb-klas-bestaat-niet');
      await page.getByRole('button', { name: 'Activeren' }).click();
      await expect(code).toHaveValue('sb-klas-bestaat-niet');
      await expect(code).toHaveAttribute('aria-invalid', 'true');
      await expect(code).toHaveAccessibleDescription(
        /Deze licentiecode kennen we niet\. Controleer de code op de bevestiging van je school\.$/,
      );
      expect(consoleErrors.errors).toEqual([failedLoad(400, 'Bad Request')]);
      consoleErrors.errors.length = 0;
    });
  });

  test('the teacher redeems a class licence on "Leerlingen en klascode"; the pupil in the class gets a seat', async ({
    page,
    context,
    baseURL,
    playwright,
    visit,
    workerServer,
  }, testInfo) => {
    const licence = await newClassLicenceCode(workerServer.databaseUrl);
    if (!licence) {
      testInfo.annotations.push(LEFT_OUT_ON_PGLITE);
      return;
    }
    // Before: the fresh pupil has no access to Wiskunde B.
    const streams = async () =>
      withApi(playwright, baseURL!, pupilCookies, async (api) => {
        const answer = await api.get('/api/v1/users/me/subjects');
        expect(answer.status()).toBe(200);
        const { subjects } = (await answer.json()) as {
          subjects: { name: string; levelName: string; stream: { userHasAccess: boolean } | null }[];
        };
        return subjects.filter((s) => s.name === 'Wiskunde B').map((s) => s.stream?.userHasAccess ?? false);
      });
    expect(await streams()).not.toContain(true);

    await context.addCookies(teacherCookies);
    await visit(`${CLASSES}/${classId}/leden`);
    const tab = page.getByRole('navigation', { name: 'Klas' }).getByRole('link', { name: /^Leerlingen/ });
    await expect(tab).toHaveAttribute('aria-current', 'page');
    const licences = page.getByRole('region', { name: 'Klaslicenties' });
    await expect(licences).toContainText('Met een klaslicentie van je school krijgen je leerlingen volledige toegang');
    // The demo pupil left the class after her review: the fresh pupil is its one pupil.
    const pupils = page.getByRole('region', { name: 'Leerlingen (1)' });
    await expect(pupils).toContainText(PUPIL.shown);
    await expect(pupils).not.toContainText('heeft een licentieplaats');

    // Typed in lower case: the code is found as stored.
    await licences.getByLabel('Klaslicentie activeren').fill(licence.toLowerCase());
    await licences.getByRole('button', { name: 'Activeren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'klaslicentie' })).toHaveText(
      'De klaslicentie voor Wiskunde B is geactiveerd: 1 van 30 plaatsen in gebruik. Wie nog lid wordt, krijgt ' +
        'een plaats zolang er plaatsen vrij zijn.',
    );
    await expect(licences.getByRole('listitem')).toHaveText(`Wiskunde B 1 van 30 plaatsen in gebruik · ${licence}`);
    await expect(licences.getByLabel('Klaslicentie activeren')).toHaveValue('');
    await expect(pupils.getByRole('listitem').filter({ hasText: PUPIL.shown })).toContainText(
      'heeft een licentieplaats',
    );
    await expectAccessible(page);
    expect(await streams()).toEqual([true]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the pupil with a seat sees full access to Wiskunde B', async ({
      page,
      context,
      visit,
      workerServer,
    }, testInfo) => {
      if (!workerServer.databaseUrl) {
        testInfo.annotations.push(LEFT_OUT_ON_PGLITE);
        return;
      }
      await context.addCookies(pupilCookies);
      await visit('/mijnslaagbundel/account/mijn-vakken-boeken');
      const mine = page.getByRole('region', { name: 'Mijn vakken' });
      const subject = mine.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Wiskunde B' }) });
      await expect(subject).toContainText('Volledige toegang');
      await expect(subject.getByRole('link', { name: /Koop het boek|Naar de webshop/ })).toHaveCount(0);
      await expectNoSidewaysScroll(page);

      await visit('/mijnslaagbundel');
      const card = page
        .getByRole('region', { name: 'Mijn vakken' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Wiskunde B' }) });
      await expect(card).toContainText('Volledige toegang');
      await expectNoSidewaysScroll(page);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the parent invitation form is a plain post: a bad e-mail address comes back with its message', async ({
      page,
      signInAs,
      consoleErrors,
    }) => {
      await signInAs(DEMO_PUPIL);
      await page.goto('/mijnslaagbundel/ouders');
      const email = page.getByLabel('E-mailadres van je ouder of verzorger');
      const under16 = page.getByRole('checkbox', { name: /Ik ben jonger dan 16 jaar/ });
      await email.fill('marieke@');
      await under16.check();
      await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
      await expect(email).toHaveValue('marieke@');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription('Vul het e-mailadres van je ouder of verzorger in.');
      await expect(under16).toBeChecked();
      // The demo parent (the seed's) follows her already.
      await expect(page.getByRole('listitem').filter({ hasText: 'ouder@slaagbundel.test' })).toContainText('Petra');
      expect(consoleErrors.errors).toEqual([failedLoad(400, 'Bad Request')]);
      consoleErrors.errors.length = 0;
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the demo pupil invites a parent on "Mijn ouders"', async ({ page, visit, signInAs }) => {
      parentEmail = `klassen-meer-ouder-${Date.now()}@example.nl`;
      await signInAs(DEMO_PUPIL);
      await visit('/mijnslaagbundel/ouders');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn ouders');
      await expect(page.getByRole('listitem').filter({ hasText: 'ouder@slaagbundel.test' })).toContainText(
        'Volgt je voorbereiding',
      );
      await page.getByLabel('E-mailadres van je ouder of verzorger').fill(parentEmail);
      await page.getByRole('checkbox', { name: /Ik ben jonger dan 16 jaar/ }).check();
      await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
      await expect(page.getByRole('status')).toHaveText(
        `We hebben een uitnodiging gestuurd naar ${parentEmail}. De koppeling werkt zodra je ouder die accepteert.`,
      );
      await expect(page.getByLabel('E-mailadres van je ouder of verzorger')).toHaveValue('');
      const invited = page.getByRole('listitem').filter({ hasText: parentEmail });
      await expect(invited).toContainText('Uitgenodigd op');
      await expect(invited.getByRole('button', { name: 'Uitnodiging intrekken' })).toBeVisible();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
    });
  });

  test('the parent makes an account from the invitation, accepts it and sees the child’s subjects', async ({
    page,
    context,
    visit,
  }) => {
    invitationPath = await mailedLink(page, parentEmail, /https?:\/\/\S+\/ouder\/uitnodiging\/[A-Za-z0-9_-]+/);
    await visit(invitationPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${DEMO_FIRST_NAME} nodigt je uit`);
    await expect(page.getByText(`kreeg: ${parentEmail}`)).toBeVisible();
    await page.getByRole('link', { name: 'Account maken' }).click();
    await expect(page).toHaveURL(`/mijnslaagbundel/login/registreren?from=${encodeURIComponent(invitationPath)}`);
    await expectAccessible(page);
    await page.getByLabel('Voornaam').fill(PARENT_NAME);
    await page.getByLabel('E-mailadres').fill(parentEmail);
    await page.getByLabel('Wachtwoord').fill(PASSWORD);
    await page.getByLabel(/Ik ga akkoord/).check();
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check je mail' })).toBeVisible();

    // The mail's link verifies, signs in and goes back to the invitation.
    await page.goto(await mailedLink(page, parentEmail, VERIFY_LINK));
    await expect(page).toHaveURL(invitationPath);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect(page.getByText(`Je bent ingelogd als ${PARENT_NAME}.`)).toBeVisible();
    await expectAccessible(page);
    // The child said she is under 16: the parent consents first.
    await page.getByRole('checkbox', { name: new RegExp(`^Ik ben ouder of verzorger van ${DEMO_FIRST_NAME}`) }).check();
    await page.getByRole('button', { name: 'Uitnodiging accepteren' }).click();

    await expect(page).toHaveURL('/mijnslaagbundel/kinderen?gekoppeld=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn kinderen');
    await expect(page.getByRole('status')).toHaveText(
      `Gekoppeld: je volgt nu de voorbereiding van ${DEMO_FIRST_NAME}.`,
    );
    const child = page.getByRole('region', { name: DEMO_FIRST_NAME, exact: true });
    const subjects = child.getByRole('listitem');
    await expect(subjects.filter({ has: page.getByRole('heading', { name: 'Wiskunde B' }) })).toHaveCount(1);
    // Each subject: its status, a reason in a sentence, the minutes this week and the exam date.
    for (const subject of await subjects.all()) {
      await expect(subject.locator('p').first()).toHaveText(CHILD_STATUS);
      await expect(subject.locator('p').nth(1)).toHaveText(/\S.*\.$/);
      await expect(subject).toContainText(/Deze week: \d+ minuten/);
      await expect(subject).toContainText(/Examen: \S/);
    }
    await expect(page.getByRole('button', { name: 'Wekelijkse mail uitzetten' })).toBeVisible();
    await expectAccessible(page);
    parentCookies = await context.cookies();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the demo pupil shares her grades with the new parent on "Mijn ouders"', async ({ page, visit, signInAs }) => {
      await signInAs(DEMO_PUPIL);
      await visit('/mijnslaagbundel/ouders');
      const linked = page.getByRole('listitem').filter({ hasText: parentEmail });
      await expect(linked).toContainText(`${PARENT_NAME} ziet je cijfers niet.`);
      await linked.getByRole('button', { name: /^Deel mijn cijfers/ }).click();
      await expect(page.getByRole('status')).toContainText(`${PARENT_NAME} ziet nu je cijfers`);
      await expect(linked.getByRole('button', { name: /^Stop met delen/ })).toBeVisible();
      // The demo parent's link shares nothing.
      await expect(page.getByRole('listitem').filter({ hasText: 'ouder@slaagbundel.test' })).toContainText(
        'ziet je cijfers niet.',
      );
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
    });
  });

  test('the parent then sees her grades, read-only', async ({ page, context, visit }) => {
    await context.addCookies(parentCookies);
    await visit('/mijnslaagbundel/kinderen');
    const grades = page
      .getByRole('region', { name: DEMO_FIRST_NAME, exact: true })
      .getByRole('region', { name: 'Cijfers en slaagkans' });
    await expect(grades).toContainText(`${DEMO_FIRST_NAME} deelt deze cijfers met je.`);
    await expect(grades.getByRole('heading', { name: 'Vakken' })).toBeVisible();
    await expect(grades.getByText('SE-cijfer:').first()).toBeVisible();
    await expect(grades.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the demo pupil sees her parent and ends the link', async ({ page, visit, signInAs }) => {
      await signInAs(DEMO_PUPIL);
      await visit('/mijnslaagbundel/ouders');
      const linked = page.getByRole('listitem').filter({ hasText: parentEmail });
      await expect(linked).toContainText(PARENT_NAME);
      await expect(linked).toContainText(`Volgt je voorbereiding (${parentEmail})`);
      await expectAccessible(page);
      await linked.getByRole('button', { name: 'Koppeling beëindigen' }).click();
      await expect(page.getByRole('status')).toHaveText(
        'De koppeling is beëindigd. Je ouder ziet niets meer van je voorbereiding.',
      );
      await expect(linked).toHaveCount(0);
      // The demo parent's link is hers to end, not this spec's: it stays.
      await expect(page.getByRole('listitem').filter({ hasText: 'ouder@slaagbundel.test' })).toHaveCount(1);
    });
  });

  test('the parent’s page then shows no child', async ({ page, context, visit }) => {
    await context.addCookies(parentCookies);
    await visit('/mijnslaagbundel/kinderen');
    await expect(page.getByText('Je volgt nog geen kind.')).toBeVisible();
    await expect(page.getByRole('region', { name: DEMO_FIRST_NAME, exact: true })).toHaveCount(0);
    // The invitation's link was used: it works no more.
    await visit(invitationPath, { status: 404 });
  });
});

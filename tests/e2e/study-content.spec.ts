import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { expect, expectAccessible, expectRefusals, signInStaff, test } from './fixtures.ts';

/**
 * A subject's study content uploaded in the back office (issue 35, item 3) in Chromium: Geschiedenis havo is sold
 * but has no study content, so its product page offers nothing online. The demo content member uploads the
 * subject's study file with one error, sees the error with its line (the text kept in the text field), fixes it
 * there, previews the draft as a pupil would see it and publishes it; the product page then offers the subject
 * online. axe on every page.
 *
 * The subject is one no other test reads the study content of: a publication cannot be taken back.
 */
test.describe.configure({ timeout: 180_000 });

const content = DEMO_STAFF.find((member) => member.role === 'content')!;
/** A real, correct study file of havo geschiedenis (tests/support/study). */
const SOURCE = readFileSync('tests/support/study/havo-geschiedenis.json', 'utf8');
const SLUG = 'slaagbundel-geschiedenis-havo-2027';

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** The id of a product, found through the public API by its slug. */
async function productId(request: APIRequestContext): Promise<number> {
  const body = (await (await request.get('/api/v1/products?level=havo&subject=geschiedenis')).json()) as {
    products: { id: number; slug: string }[];
  };
  const product = body.products.find((p) => p.slug === SLUG);
  expect(product, SLUG).toBeDefined();
  return product!.id;
}

test('a content member uploads a new subject’s study content, fixes the error on its line, previews and publishes it; its product page then offers it online', async ({
  page,
  visit,
  consoleErrors,
}) => {
  // 0. The subject is sold, but its product page offers nothing online yet.
  const productPage = `/producten/${await productId(page.request)}/${SLUG}`;
  await visit(productPage);
  const online = page.getByTestId('online-content');
  await expect(online.getByRole('heading', { name: 'Geen online oefenmateriaal' })).toBeVisible();
  await expect(online).toContainText('Voor Geschiedenis havo staan er nog geen leerkaarten of examenchecks');

  // 1. The content member opens the study content and its upload page.
  await signInStaff(page, content);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Studie-inhoud' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Studie-inhoud' })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Studie-inhoud uploaden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Studie-inhoud uploaden' })).toBeVisible();
  await hydrated(page);
  await expectAccessible(page);

  // 2. The file with one error (a card names a topic that does not exist): refused with that error and its line.
  const lines = SOURCE.split('\n');
  const cardLine = lines.findIndex((line) => line.includes('"key": "landbouwrevolutie"'));
  const errorLine = lines.findIndex((line, i) => i > cardLine && line.includes('"topics": ["oudheid"]')) + 1;
  const broken = lines
    .map((line, i) => (i + 1 === errorLine ? line.replace('"oudheid"', '"oudhied"') : line))
    .join('\n');
  await page.getByLabel('JSON-bestand').setInputFiles({
    name: 'havo-geschiedenis.json',
    mimeType: 'application/json',
    buffer: Buffer.from(broken),
  });
  await page.getByRole('button', { name: 'Controleren en bewaren als concept' }).click();
  const problem = page.getByRole('alert', { name: 'Er is een probleem' });
  await expect(problem).toContainText('Het bestand klopt nog niet: er is 1 fout.');
  const error = problem.getByRole('link', {
    name: `Regel ${errorLine}, cards[10].topics[0]: Kaart "landbouwrevolutie" noemt het onderwerp "oudhied", maar dat staat niet in parentTopics.`,
  });
  await expect(error).toBeVisible();
  await expect(problem.getByText('"topics": ["oudhied"],')).toBeVisible();
  expectRefusals(consoleErrors, [400]);
  // The file's text is in the text field now; the error's link selects its line there.
  const field = page.getByLabel('Of plak de inhoud van het bestand');
  await expect(field).toHaveValue(broken);
  await expectAccessible(page);
  await error.click();
  await expect(field).toBeFocused();
  expect(
    await field.evaluate((element: HTMLTextAreaElement) =>
      element.value.slice(element.selectionStart, element.selectionEnd),
    ),
  ).toBe(broken.split('\n')[errorLine - 1]);

  // 3. Fixed in the text field: kept as a draft of a new subject, shown as a pupil would see it.
  await field.fill(SOURCE);
  await page.getByRole('button', { name: 'Controleren en bewaren als concept' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Studie-inhoud Geschiedenis havo' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Het concept is opgeslagen. Bekijk het zoals een leerling het ziet en publiceer het als alles klopt.',
  );
  await expect(page.getByText('Concept · nieuw vak')).toBeVisible();
  await expect(page.getByText(/Dit vak heeft nog geen studie-inhoud\./)).toBeVisible();
  const card = page.getByRole('article').filter({
    has: page.getByRole('heading', { level: 3, name: 'Tijdvak 1: tijd van jagers en boeren (tot 3000 v.Chr.)' }),
  });
  await expect(card).toContainText('Onderwerp: Prehistorie en oudheid (tijdvak 1–2)');
  await expect(card.locator('strong', { hasText: 'jagers-verzamelaars' })).toBeVisible();
  const exercise = page.getByRole('article').filter({
    has: page.getByRole('heading', { level: 3, name: 'Oefenen: zet in de goede volgorde' }),
  });
  await exercise.getByText('Bekijk de uitwerking').click();
  await expect(exercise).toContainText('Luther publiceert zijn 95 stellingen: 1517');
  const check = page.getByRole('article').filter({
    has: page.getByRole('heading', { level: 3, name: 'Examencheck 1: de tien tijdvakken' }),
  });
  await expect(check).toContainText('Welke ontwikkeling hoort bij de tijd van jagers en boeren?');
  await expect(check.getByRole('listitem').filter({ hasText: '(goed)' }).first()).toContainText(
    'Het ontstaan van de eerste stedelijke gemeenschappen',
  );
  await expectAccessible(page);

  // 4. Published: pupils and the shop see it from now on.
  await page.getByRole('button', { name: 'Publiceren' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Gepubliceerd. Leerlingen zien de nieuwe inhoud meteen, en de productpagina’s van het vak bieden hem online aan.',
  );
  await expect(page.getByText('Gepubliceerd · nieuw vak')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publiceren' })).toHaveCount(0);
  await expectAccessible(page);

  // 5. The product page offers the subject online (after the page micro-cache's few seconds at most).
  await expect(async () => {
    await page.goto(productPage);
    await expect(online.getByRole('heading', { name: 'Online in Mijn Slaagbundel' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(online).toContainText(
    'Met de code in je boek oefen je ook online: 57 leerkaarten, 2 examenchecks, 14 examenwoorden en de examenbuddy voor Geschiedenis havo.',
  );
  await hydrated(page);
  await expectAccessible(page);
});

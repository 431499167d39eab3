/**
 * The calibration of the recall predictions in the back office (issue 33, ADR 028): a content member runs it now
 * over the demo pupils' reviews and reads the figures, for every subject together and per subject, with the bins
 * of predicted against recalled, and the CE bands against the real CE grades (or their empty state). Every state
 * passes axe.
 */
import { DEMO_STAFF } from '#server/seed/demo-staff.ts';
import { expect, expectAccessible, signInStaff, test } from './fixtures.ts';

const content = DEMO_STAFF.find((member) => member.role === 'content')!;

test('Content runs the calibration and reads how the predictions came true', async ({ page }) => {
  // The job replays every pupil's reviews, those of the whole e2e run included: under the full suite's load on two
  // cores it can take far longer than alone, so the test waits on the job, not on a guess of its duration.
  test.setTimeout(150_000);
  await signInStaff(page, content);
  await page.getByRole('navigation', { name: 'Beheer' }).getByRole('link', { name: 'Kalibratie' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kalibratie van de voorspellingen' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Nu berekenen' }).click();
  await expect(page.getByRole('status').filter({ hasText: /De berekening staat klaar/ })).toBeVisible();
  // The job runs in the background: the figures appear once it ended.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^Laatste berekening: .*door een medewerker gestart/)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000, 5_000] });
  // The CE bands (ADR 032): a table with its caption once a pupil entered a real CE grade, else the empty state.
  await expect(
    page
      .getByRole('table', { name: 'Verwacht CE-cijfer tegen het echte CE-cijfer, per basis en per vak' })
      .or(page.getByText('Nog geen leerling heeft een echt CE-cijfer ingevuld: er valt nog niets te vergelijken.')),
  ).toBeVisible();
  const overall = page.getByRole('table', { name: 'Alle vakken, per set voorspellingen' });
  await expect(overall.getByRole('rowheader', { name: 'FSRS-6-standaard, alle herhalingen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Per vak, per set voorspellingen' }).getByRole('row')).not.toHaveCount(
    1,
  );
  await expect(
    page
      .getByRole('table', { name: /voorspelde en werkelijke kans/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  await expectAccessible(page);
});

import { expect, expectAccessible, expectRefusals, test } from './fixtures.ts';

/**
 * The real CE grade (issue 33, ADR 032) on the grades page: the demo pupil enters the CE grade they got in a
 * subject, a grade that is no grade answers a Dutch message and keeps what was typed, then they correct and
 * clear it. Before May of their exam year the forms are folded away under a note (no invitation to guess); the
 * pupil opens them. Axe checks each state.
 */
test('the demo pupil enters, corrects and clears their real CE grade', async ({
  page,
  signInAs,
  visit,
  consoleErrors,
}) => {
  await signInAs('leerling@slaagbundel.test');
  await visit('/mijnslaagbundel/cijfers');
  await expect(page.getByRole('heading', { level: 2, name: 'Mijn echte CE-cijfers' })).toBeVisible();
  const form = page.getByRole('form', { name: 'CE-cijfer Wiskunde B' });
  // The demo pupil's exams are in May 2027: the forms wait, folded, under what the section is for.
  await expect(page.getByText(/^Na je centrale examens in mei \d{4} vul je hier per vak het cijfer/)).toBeVisible();
  await expect(form).toBeHidden();
  await page.getByText('Nu al een CE-cijfer invullen').click();
  await expect(form).toBeVisible();
  const field = form.getByLabel('Mijn echte CE-cijfer Wiskunde B');

  await field.fill('11');
  await field.press('Enter');
  await expect(form.locator('#ce-wiskunde-b-fout')).toHaveText(
    'Vul het cijfer van je centraal examen in: 1,0 tot en met 10,0, met hoogstens één decimaal (bijvoorbeeld 6,4).',
  );
  await expect(form.getByRole('alert', { name: 'Er is een probleem' })).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue('11');
  await expectAccessible(page);

  await field.fill('6,4');
  await form.getByRole('button', { name: 'Opslaan CE-cijfer Wiskunde B' }).click();
  await expect(
    page.getByRole('status').getByText('Je CE-cijfer voor Wiskunde B is opgeslagen: een 6,4.'),
  ).toBeVisible();
  await expect(field).toHaveValue('6,4');
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expectAccessible(page);

  await field.fill('6.6');
  await field.press('Enter');
  await expect(
    page.getByRole('status').getByText('Je CE-cijfer voor Wiskunde B is opgeslagen: een 6,6.'),
  ).toBeVisible();
  await expect(field).toHaveValue('6,6');

  await field.fill('');
  await field.press('Enter');
  await expect(page.getByRole('status').getByText('Je CE-cijfer voor Wiskunde B is gewist.')).toBeVisible();
  await expect(field).toHaveValue('');
  await expectAccessible(page);
  expectRefusals(consoleErrors, [400]);
});

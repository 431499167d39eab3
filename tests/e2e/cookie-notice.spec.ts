import { expect, expectAccessible, test } from './fixtures.ts';

test.use({ withConsent: false });

test('cookie notice: appears after 1.5 s, needs a choice, saves gdpr_cookie for a year', async ({
  page,
  context,
  visit,
}) => {
  const started = Date.now();
  await visit('/');
  const notice = page.getByRole('dialog', { name: 'Cookies op Slaagbundel' });
  await expect(notice).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
  await expectAccessible(page);

  const accept = notice.getByRole('button', { name: 'Accepteren' });
  await expect(accept).toBeDisabled();
  await expect(notice.getByText('Maak een keuze.')).toBeVisible();

  await notice.getByRole('radio', { name: /Persoonlijk/ }).check();
  await expect(accept).toBeEnabled();
  await expect(notice.getByText('Maak een keuze.')).toBeHidden();

  const consentRecorded = page.waitForRequest((r) => r.url().endsWith('/api/v1/consent') && r.method() === 'POST');
  await accept.click();
  await expect(notice).toBeHidden();
  expect((await consentRecorded).postDataJSON()).toEqual({ value: '*,1,2,GTM:1' });

  const cookie = (await context.cookies()).find((c) => c.name === 'gdpr_cookie');
  expect(cookie?.value).toBe('*,1,2,GTM:1');
  expect(cookie?.path).toBe('/');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);

  const dataLayer = await page.evaluate(() => window.dataLayer ?? []);
  expect(dataLayer).toContainEqual({
    event: 'cookie_consent_update',
    consent: { functional: true, analytics: true, marketing: false },
  });

  await page.reload();
  await page.waitForTimeout(2000);
  await expect(page.getByRole('dialog', { name: 'Cookies op Slaagbundel' })).toHaveCount(0);
});

test('with Do Not Track nothing is pushed to the data layer', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { DNT: '1' } });
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
  await page.goto(`${baseURL}/`);
  const notice = page.getByRole('dialog', { name: 'Cookies op Slaagbundel' });
  await notice.getByRole('radio', { name: /Compleet/ }).check();
  await notice.getByRole('button', { name: 'Accepteren' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.dataLayer ?? [])).toEqual([]);
  await context.close();
});

import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';

test.use({ withConsent: false });

/** Spec §4, §9: without a consent cookie the notice appears 1.5 s after the page has loaded. */
const NOTICE_DELAY_MS = 1500;

const noticeOf = (page: Page) => page.getByRole('dialog', { name: 'Cookies op Slaagbundel' });

/**
 * Lets the page finish what it is doing (network, React renders) while its
 * fake clock stands still, before asserting that something did NOT appear.
 * Real time passes here, page time does not.
 */
async function settle(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.waitForTimeout(500);
}

test('cookie notice: appears after 1.5 s, needs a choice, saves gdpr_cookie for a year', async ({ page, context }) => {
  // Every CSP violation of the page, even one its code catches (Zod probing eval would be one).
  await page.addInitScript(() => {
    const w = window as Window & { __cspViolations?: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  // Fake timers from the page's first script on, paused: page time moves only when the test moves it.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  // Not `visit`: axe needs running timers. The page is checked with axe below, with the notice open.
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const notice = noticeOf(page);

  // 1499 ms after load: no notice.
  await page.clock.runFor(NOTICE_DELAY_MS - 1);
  await settle(page);
  await expect(notice).toHaveCount(0);

  // 1500 ms after load: the notice comes (its code was fetched meanwhile), with page time standing still.
  await page.clock.runFor(1);
  await expect(notice).toBeVisible();
  await page.clock.resume();
  await expectAccessible(page);

  const accept = notice.getByRole('button', { name: 'Accepteren' });
  await expect(accept).toBeDisabled();
  await expect(notice.getByText('Maak een keuze.')).toBeVisible();

  await notice.getByRole('radio', { name: /Persoonlijk/ }).check();
  await expect(accept).toBeEnabled();
  await expect(notice.getByText('Maak een keuze.')).toBeHidden();

  // The consent is recorded through the API client: the choice and this browser's visitor id, nothing else.
  const consentRecorded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/v1/consent' && r.request().method() === 'POST',
  );
  await accept.click();
  await expect(notice).toBeHidden();
  const consentResponse = await consentRecorded;
  expect(consentResponse.status(), 'a first choice is a new record').toBe(201);
  const visitorId = await page.evaluate(() => localStorage.getItem('slaagbundel:visitor-id'));
  expect(consentResponse.request().postDataJSON()).toEqual({ category: '1,2', visitorId });
  expect(await consentResponse.json()).toMatchObject({ category: '1,2', value: '*,1,2,GTM:1' });

  // The notice's form code (Conform, Zod) ran under the page's CSP without a violation.
  expect(await page.evaluate(() => (window as Window & { __cspViolations?: string[] }).__cspViolations)).toEqual([]);

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

  // With the cookie set, the notice stays away well past its delay.
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.clock.runFor(NOTICE_DELAY_MS + 1_000);
  await settle(page);
  await expect(noticeOf(page)).toHaveCount(0);
});

test('with Do Not Track nothing is pushed to the data layer', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { DNT: '1' } });
  const page = await context.newPage();
  await page.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
  const response = await page.goto(`${baseURL}/`);
  expect(response?.status()).toBe(200);
  const notice = noticeOf(page);
  await notice.getByRole('radio', { name: /Compleet/ }).check();
  await notice.getByRole('button', { name: 'Accepteren' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate(() => window.dataLayer ?? [])).toEqual([]);
  await context.close();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`cookie notice at ${viewport.width} px: first in the tab order, never covers a focused control, gives focus back`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const notice = noticeOf(page);
    await expect(notice).toBeVisible();
    // A phone keeps most of the page in view.
    const box = (await notice.boundingBox())!;
    expect(box.height / viewport.height).toBeLessThanOrEqual(0.5);

    // From the top: the skip link, then the notice's own controls.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(notice.getByRole('link', { name: 'privacyverklaring' })).toBeFocused();

    // Tab on past the notice through the page: no focused control is hidden under it, not even in part.
    const hidden: string[] = [];
    for (let stop = 0; stop < 45; stop += 1) {
      await page.keyboard.press('Tab');
      const covered = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const dialog = document.querySelector('[role="dialog"]');
        if (!active || !dialog || dialog.contains(active) || active === document.body) return null;
        const a = active.getBoundingClientRect();
        const d = dialog.getBoundingClientRect();
        if (a.width === 0 && a.height === 0) return null;
        const overlaps = a.bottom > d.top && a.top < d.bottom && a.right > d.left && a.left < d.right;
        return overlaps ? `${active.tagName} ${active.textContent?.trim().slice(0, 40)}` : null;
      });
      if (covered) hidden.push(covered);
    }
    expect(hidden).toEqual([]);

    // Choose with the keyboard from where focus is on the page: afterwards focus is back there, not lost.
    const onPage = page.locator('main a').first();
    await onPage.focus();
    await onPage.evaluate((element) => (element.dataset.testFocus = 'before'));
    await notice.getByRole('radio', { name: /Basis/ }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(notice.getByRole('button', { name: 'Accepteren' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
    await expect(page.locator('[data-test-focus="before"]')).toBeFocused();
  });
}

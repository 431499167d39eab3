import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createOTP } from '@better-auth/utils/otp';
import { test as base, expect, type Cookie, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { startWorkerServer, type WorkerServer } from './worker-server.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core itself, put into a page the first time that page is checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * Runs axe on the current page and fails on any WCAG 2.x A/AA violation.
 * Finite animations (a modal fading in) end first: mid-fade, text has not
 * reached its contrast yet. Endless ones are not waited for.
 *
 * axe-core runs in the page itself: put in once per document (a client-side navigation keeps it) and run
 * with `axe.run`, the same rules and results as `@axe-core/playwright` in its legacy mode (our pages have no
 * frames), at about half the time of a check: that wrapper put axe into the page again on every check and
 * configured it each time, and a third of the e2e suite's time went to checks.
 *
 * A check's result follows from the document, the stylesheet (one build) and the viewport and media
 * features: a page this worker already found clean, with the very same markup (a SHA-256 of it), focused and
 * hovered element, viewport, colour scheme and motion preference, is clean again and is not checked twice.
 */
export async function expectAccessible(page: Page) {
  const { hasAxe, fingerprint } = await page.evaluate(async () => {
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
    const markup = new TextEncoder().encode(document.documentElement.outerHTML);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', markup));
    // Focus and hover are not in the markup but change what is drawn (a focus ring, a hovered button's colours).
    const all = Array.from(document.getElementsByTagName('*'));
    const hovered = document.querySelectorAll(':hover');
    const state = `${all.indexOf(document.activeElement!)}/${all.indexOf(hovered[hovered.length - 1]!)}`;
    const media = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', '(forced-colors: active)']
      .map((query) => Number(matchMedia(query).matches))
      .join('');
    return {
      hasAxe: typeof window.axe?.run === 'function',
      fingerprint: `${innerWidth}x${innerHeight}:${devicePixelRatio}:${media}:${state}:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`,
    };
  });
  if (foundClean.has(fingerprint)) return;
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  // Only violations are judged, so only they get their nodes worked out (resultTypes).
  const summary = await page.evaluate(async (tags) => {
    const results = await window.axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
      iframes: false,
    });
    return results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
    );
  }, WCAG_TAGS);
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  foundClean.add(fingerprint);
}

/** The fingerprints of the documents this worker checked and found clean (see expectAccessible). */
const foundClean = new Set<string>();

interface Options {
  /** Start with a consent cookie so the cookie notice stays away (default true). */
  withConsent: boolean;
}

export interface VisitOptions {
  /**
   * The HTTP status the document must answer (default 200). A page that does
   * not exist yet is visited with `{ status: 404 }` and a comment saying which
   * issue builds it, so no test asserts on a 404 page by accident.
   */
  status?: number;
}

interface Fixtures {
  /**
   * Signs this test's browser in as a demo account, with the session this worker signed in once
   * (demoSessionCookies): a test that signs out or changes the account uses a form or an account of its own.
   */
  signInAs: (email: string) => Promise<void>;
  /** Go to a path, check the document's status, wait for hydration, and check it with axe. */
  visit: (path: string, options?: VisitOptions) => Promise<void>;
  /**
   * Declares that this test reaches `path` while it answers 404 on purpose (as
   * a document, or as the data request of a client-side navigation). Any other
   * 404 fails the test; `visit(path, { status: 404 })` declares its path itself.
   */
  allowNotFound: (path: string) => void;
  /**
   * Fails the test on any console error, uncaught page error, or 404 answer the
   * test did not declare (with `visit(path, { status: 404 })` or allowNotFound).
   */
  consoleErrors: { errors: string[]; allowedNotFound: Set<string> };
}

/** The app path a URL or path stands for; the data request of a client-side navigation, '/x.data?…', is '/x'. */
function appPath(url: string): string {
  const { pathname } = new URL(url, 'http://localhost');
  const path = pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

let visitors = 0;
/** A documentation address (RFC 5737 TEST-NET-2) per test and worker: every test is a visitor of its own. */
function visitorAddress(workerIndex: number): string {
  visitors += 1;
  return `198.51.${100 + (workerIndex % 100)}.${(visitors % 254) + 1}`;
}

interface WorkerFixtures {
  /** This worker's own server and database (tests/e2e/worker-server.ts). */
  workerServer: WorkerServer;
  /** The session cookies of a demo account, signed in once per worker and reused by its tests. */
  demoSessionCookies: (email: string) => Promise<Cookie[]>;
}

/** The password of every demo account (server/seed/demo-accounts.ts). */
export const DEMO_PASSWORD = 'Slaag2026!';

export const test = base.extend<Options & Fixtures, WorkerFixtures>({
  workerServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    // Starting a server, migrating and seeding its database takes a while on a busy machine.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.baseURL);
  },
  demoSessionCookies: [
    async ({ workerServer, playwright }, use, workerInfo) => {
      const sessions = new Map<string, Promise<Cookie[]>>();
      const signIn = async (email: string) => {
        const api = await playwright.request.newContext({
          baseURL: workerServer.baseURL,
          // An address of its own (TEST-NET-2), apart from the tests' visitors.
          extraHTTPHeaders: {
            origin: workerServer.baseURL,
            'x-forwarded-for': `198.51.99.${workerInfo.parallelIndex + 1}`,
          },
        });
        const res = await api.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
        expect(res.status(), `demo sign-in of ${email}`).toBe(200);
        const { cookies } = await api.storageState();
        await api.dispose();
        return cookies;
      };
      await use((email) => {
        if (!sessions.has(email)) sessions.set(email, signIn(email));
        return sessions.get(email)!;
      });
    },
    { scope: 'worker' },
  ],
  signInAs: async ({ context, demoSessionCookies }, use) => {
    await use(async (email) => {
      await context.addCookies(await demoSessionCookies(email));
    });
  },
  withConsent: [true, { option: true }],
  context: async ({ context, withConsent, baseURL }, use, testInfo) => {
    if (withConsent) {
      await context.addCookies([{ name: 'gdpr_cookie', value: '*,1,GTM:1', url: baseURL! }]);
    }
    // The server trusts one proxy (playwright.config.ts): this is the address that proxy would report.
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo.workerIndex) });
    await use(context);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowedNotFound = new Set<string>();
      page.on('console', (msg) => {
        // Failed requests with 404 are judged below, where the request is known.
        if (msg.type() === 'error' && !/status of 404/.test(msg.text())) errors.push(msg.text());
      });
      page.on('response', (response) => {
        if (response.status() !== 404 || allowedNotFound.has(appPath(response.url()))) return;
        const type = response.request().resourceType();
        // A hovered link prefetches its page's data (<link rel="prefetch">): links to pages not built yet may 404.
        if (type === 'other' && new URL(response.url()).pathname.endsWith('.data')) return;
        errors.push(
          `404 for ${response.url()} (${type}), not declared with visit(path, { status: 404 }) or allowNotFound`,
        );
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ errors, allowedNotFound });
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  allowNotFound: async ({ consoleErrors }, use) => {
    await use((path) => {
      consoleErrors.allowedNotFound.add(appPath(path));
    });
  },
  visit: async ({ page, allowNotFound }, use) => {
    await use(async (path: string, { status = 200 }: VisitOptions = {}) => {
      if (status === 404) allowNotFound(path);
      const response = await page.goto(path);
      expect(response, `document response of ${path}`).not.toBeNull();
      expect(response!.status(), `status of ${path}`).toBe(status);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expectAccessible(page);
    });
  },
});

export { expect };

/** A demo staff member (server/seed/demo-staff.ts) signs in to the back office with the password and a TOTP code. */
export async function signInStaff(page: Page, member: { email: string; name: string; totpSecret: string }) {
  await page.goto('/beheer/inloggen');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const codeField = page.getByLabel('Code uit je authenticator-app');
  await expect(codeField).toBeVisible();
  await codeField.fill(await createOTP(member.totpSecret, { digits: 6, period: 30 }).totp());
  await page.getByRole('button', { name: 'Controleren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welkom, ${member.name}`);
}

/** The verification link of the accounts library in a mail. */
export const VERIFY_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/;

/**
 * The link in the newest mail to `to` in the offline outbox (/dev/mail) that matches `pattern`: path and query.
 * The mail is sent by a background job (pg-boss polls every 2 s); at the end of a CI run on PostgreSQL one
 * took longer than 15 s twice, so this waits up to 30 s and, failing, names the newest mails it did find.
 */
export async function mailedLink(page: Page, to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect(async () => {
    await page.goto('/dev/mail');
    const mails = page.getByRole('article');
    const mail = mails.filter({ hasText: to }).first();
    link = (await mail.count()) ? (pattern.exec(await mail.locator('pre').innerText())?.[0] ?? '') : '';
    const newest = (await mails.allInnerTexts()).slice(0, 3).map((text) => text.split('\n').slice(0, 2).join(' | '));
    expect(link, `a mail to ${to} with its link; the newest mails: ${newest.join(' ;; ')}`).not.toBe('');
  }).toPass({ timeout: 30_000 });
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * A new account made over the API, verified with the mailed link and signed
 * in, so that this page's browser context holds its session cookie.
 */
export async function signUpVerified(
  page: Page,
  baseURL: string,
  { email, name, password }: { email: string; name: string; password: string },
): Promise<void> {
  const api = page.request;
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  expect((await api.post('/api/auth/sign-up/email', { headers, data: { name, email, password } })).status()).toBe(200);
  await api.get(await mailedLink(page, email, VERIFY_LINK), { maxRedirects: 0 });
  expect((await api.post('/api/auth/sign-in/email', { headers, data: { email, password } })).status()).toBe(200);
}

/**
 * A refused form answers with its 4xx status (and the field errors): the
 * browser logs that answer of the page's data request as a console error.
 * Declares the refusals a test caused on purpose; any other console error
 * still fails the test.
 */
export function expectRefusals(consoleErrors: { errors: string[] }, statuses: number[]) {
  for (const status of statuses) {
    const index = consoleErrors.errors.findIndex((e) => e.includes(`status of ${status} `));
    expect(index, `a refused form answered ${status}`).toBeGreaterThanOrEqual(0);
    consoleErrors.errors.splice(index, 1);
  }
}

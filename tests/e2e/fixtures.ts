import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the current page and fails on any WCAG 2.x A/AA violation. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

interface Options {
  /** Start with a consent cookie so the cookie notice stays away (default true). */
  withConsent: boolean;
}

interface Fixtures {
  /** Go to a path, wait for hydration, and check it with axe. */
  visit: (path: string) => Promise<void>;
  /** Fails the test on any console error or uncaught page error. */
  consoleErrors: string[];
}

export const test = base.extend<Options & Fixtures>({
  withConsent: [true, { option: true }],
  context: async ({ context, withConsent, baseURL }, use) => {
    if (withConsent) {
      await context.addCookies([{ name: 'gdpr_cookie', value: '*,1,GTM:1', url: baseURL! }]);
    }
    await use(context);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // A 404 page logs its own failed document request; that is the behaviour under test.
        if (msg.type() === 'error' && !/status of 404/.test(msg.text())) errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expectAccessible(page);
    });
  },
});

export { expect };

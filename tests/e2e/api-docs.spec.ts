import { expect, test } from './fixtures.ts';

/**
 * The interactive API docs (house issue item 4): Scalar, served from our own
 * assets under its own CSP, lists every /api/v1 operation of the OpenAPI
 * document. Not `visit`: the page is a third-party app without our hydration
 * marker, and its own accessibility is not ours to check.
 */
test('the API docs render in the browser from our own assets and list every /api/v1 operation', async ({ page }) => {
  // Scalar renders some 80 operations into one large page.
  test.setTimeout(90_000);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const spec = (await (await page.request.get('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { summary?: string }>>;
  };
  const summaries = Object.values(spec.paths)
    .flatMap((operations) => Object.values(operations))
    .map((operation) => operation.summary)
    .filter((summary): summary is string => Boolean(summary));
  expect(summaries.length).toBeGreaterThanOrEqual(3);

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByText(summaries[0]!, { exact: true }).first()).toBeAttached();
  // Every operation's summary is in the rendered page: read its text once per try, not one lookup per operation.
  await expect
    .poll(
      async () => {
        const text = await page.evaluate(() => document.body.textContent ?? '');
        return summaries.filter((summary) => !text.includes(summary));
      },
      { timeout: 60_000 },
    )
    .toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
});

import { expect, test } from './fixtures.ts';

/**
 * Form posts to pages (house issue item 10): another site's form and a post
 * to a page without a form get our Dutch error page with the right status,
 * rendered by the real root loader and error boundary.
 */
test("another website's form post is refused with our Dutch 403 page, and the level stays as it was", async ({
  page,
  baseURL,
}) => {
  const res = await page.request.post('/?index', {
    form: { intent: 'choose-level', level: 'vwo' },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  const html = await res.text();
  expect(html).toContain('Foutmelding 403');
  expect(html).toContain('Dit formulier kwam niet van onze eigen website en is daarom niet verwerkt.');
  expect((await page.context().cookies(baseURL)).map((c) => c.name)).not.toContain('sb_level');

  // The same form from our own site does its work.
  const own = await page.request.post('/?index', {
    form: { intent: 'choose-level', level: 'vwo' },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(own.ok()).toBe(true);
  expect((await page.context().cookies(baseURL)).find((c) => c.name === 'sb_level')?.value).toBe('vwo');
});

test('a post to a page without a form answers our Dutch 405 page', async ({ page }) => {
  const res = await page.request.post('/privacy', { form: { a: '1' } });
  expect(res.status()).toBe(405);
  const html = await res.text();
  expect(html).toContain('Foutmelding 405');
  expect(html).toContain('Dat kan op deze pagina niet.');
});

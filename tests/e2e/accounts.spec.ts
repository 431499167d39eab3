import { expect, test } from './fixtures.ts';

/**
 * Accounts against the real server: sign up over the API,
 * verify with the link from the mail in the outbox (/dev/mail), sign in; a
 * public page requested with the session cookie is still served from the
 * page cache and holds nothing personal.
 */
test('a signed-in visitor still gets public pages from the page cache, with nothing personal in them', async ({
  page,
  baseURL,
}) => {
  const email = `e2e-${Date.now()}@example.nl`;
  const api = page.request;
  const headers = { origin: baseURL!, 'content-type': 'application/json' };
  const signUp = await api.post('/api/auth/sign-up/email', {
    headers,
    data: { name: 'Sanne de Vries', email, password: 'Slaag2026!' },
  });
  expect(signUp.status()).toBe(200);

  let link = '';
  await expect(async () => {
    await page.goto('/dev/mail');
    const mail = page.getByRole('article').filter({ hasText: email });
    await expect(mail).toHaveCount(1);
    link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(await mail.locator('pre').innerText())?.[0] ?? '';
    expect(link).not.toBe('');
  }).toPass({ timeout: 15_000 });
  const url = new URL(link);
  await api.get(`${url.pathname}${url.search}`, { maxRedirects: 0 });
  const signIn = await api.post('/api/auth/sign-in/email', { headers, data: { email, password: 'Slaag2026!' } });
  expect(signIn.status()).toBe(200);
  const me = await api.get('/api/v1/users/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(email);

  // The context now carries the session cookie: a public page is still one page for everyone.
  const cookies = await page.context().cookies(baseURL);
  expect(cookies.map((c) => c.name)).toContain('slaagbundel.session_token');
  const answers = [];
  for (let i = 0; i < 2; i += 1) answers.push(await api.get('/privacy?signed-in-cache-check'));
  expect(answers.map((r) => r.headers()['x-page-cache'])).toEqual(['MISS', 'HIT']);
  expect(answers[1]!.headers()['cache-control']).toMatch(/^public/);
  const html = await answers[1]!.text();
  expect(html).not.toContain(email);
  expect(html).not.toContain('Sanne de Vries');
});

test('sign-up: a message that appears when a field is left does not move the terms checkbox under the finger', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/mijnslaagbundel/login/registreren');
  const terms = page.getByRole('checkbox', { name: /Ik ga akkoord/ });
  await page.getByLabel('E-mailadres').fill('geen-adres');
  const before = await terms.boundingBox();
  await page.getByLabel('E-mailadres').blur();
  await expect(page.getByLabel('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
  expect((await terms.boundingBox())?.y).toBe(before?.y);
});

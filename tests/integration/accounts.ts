/** Accounts for integration tests: sign up, verify by the mailed link, sign in — over HTTP, as a browser would. */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect } from 'vitest';
import { users } from '#app/modules/accounts/db/tables.ts';
import type { Database } from '#app/db/client.server.ts';
import type { TestRuntime } from './test-db.ts';

export const ORIGIN = 'http://localhost';
export const PASSWORD = 'Slaag2026!';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Keeps every mail the runtime's services queue (the send-mail job) in `mails`, to follow their links. */
export function recordMails(rt: TestRuntime, mails: Mail[] = []): Mail[] {
  const enqueue = rt.deps.jobs.enqueue.bind(rt.deps.jobs);
  rt.deps.jobs.enqueue = async (name, payload, options) => {
    const id = await enqueue(name, payload, options);
    // A once-only mail queued before (same key) is not queued again, nor kept twice here.
    if (name === 'send-mail' && id !== null) mails.push(payload as unknown as Mail);
    return id;
  };
  return mails;
}

/** Every mail the test file's runtime (useTestRuntime) queues from its start: recordMails in a beforeAll. */
export function useMails(rt: () => TestRuntime): Mail[] {
  const mails: Mail[] = [];
  beforeAll(() => {
    recordMails(rt(), mails);
  });
  return mails;
}

export function sessionCookie(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('slaagbundel.session_token='))
    ?.split(';')[0];
}

export function authPost(rt: TestRuntime, path: string, body: unknown, headers: Record<string, string> = {}) {
  return rt.app.request(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

/** Signs up and answers the verification link from the mail. */
export async function signUp(rt: TestRuntime, mails: Mail[], email: string, password = PASSWORD, headers = {}) {
  const res = await authPost(rt, '/sign-up/email', { name: 'Sanne de Vries', email, password }, headers);
  expect(res.status).toBe(200);
  const mail = mails.findLast((m) => m.to === email);
  expect(mail?.subject).toBe('Bevestig je e-mailadres – Slaagbundel');
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail!.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!);
}

/** A verified, signed-in user: answers its session cookie (`name=value`). */
export async function signedInUser(rt: TestRuntime, mails: Mail[], email: string, headers = {}): Promise<string> {
  const link = await signUp(rt, mails, email, PASSWORD, headers);
  await rt.app.request(`${link.pathname}${link.search}`);
  const cookie = sessionCookie(await authPost(rt, '/sign-in/email', { email, password: PASSWORD }, headers));
  expect(cookie).toBeTruthy();
  return cookie!;
}

/** Verified, signed-in users, one for each address in turn: answers their session cookies. */
export async function signedInUsers<const Emails extends readonly string[]>(
  rt: TestRuntime,
  emails: Emails,
): Promise<{ -readonly [K in keyof Emails]: string }> {
  const mails = recordMails(rt);
  const cookies: string[] = [];
  for (const email of emails) cookies.push(await signedInUser(rt, mails, email));
  return cookies as { -readonly [K in keyof Emails]: string };
}

/** A signed-in user as an API test calls it: their session cookie, their own client address and their id. */
export interface Caller {
  cookie: string;
  client: string;
  id: string;
}

/**
 * A verified, signed-in user calling from `client` (sent as X-Forwarded-For, so each caller has its own rate
 * limits under TRUST_PROXY).
 */
export async function signedInCaller(rt: TestRuntime, mails: Mail[], email: string, client: string): Promise<Caller> {
  const cookie = await signedInUser(rt, mails, email, { 'x-forwarded-for': client });
  const me = await rt.app.request('/api/v1/users/me', { headers: { cookie, 'x-forwarded-for': client } });
  const { user } = (await me.json()) as { user: { id: string } };
  return { cookie, client, id: user.id };
}

/** How many callers `newUser` has made on each runtime: the next one's client address. */
const callersMade = new WeakMap<TestRuntime, number>();

/**
 * A new verified, signed-in caller of the runtime, each from a client address of their own: 198.51.100.1
 * for the runtime's first, .2 for the next, and so on.
 */
export async function newUser(rt: TestRuntime, mails: Mail[], email: string): Promise<Caller> {
  const n = (callersMade.get(rt) ?? 0) + 1;
  callersMade.set(rt, n);
  return signedInCaller(rt, mails, email, `198.51.100.${n}`);
}

/** A user written straight to the database (no password, no session), for tests of services: answers the id. */
export async function storedUser(db: Database['db']): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, name: 'Sanne de Vries', email: `${id}@example.nl` });
  return id;
}

/**
 * The newsletter with double opt-in: POST /api/v1/newsletter stores
 * a pending address and queues a mail with a confirmation link; the link's
 * token confirms once (and again, harmlessly), expires after 7 days and stops
 * working when replaced; the welcome mail's link unsubscribes. Every sign-up
 * gets the same answer, so nobody learns whether an address is subscribed.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { newsletterRetentionJob } from '#app/jobs/newsletter-retention.ts';
import { newsletterSubscriptions } from '#app/modules/newsletter/db/tables.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { createScope } from '#app/platform/server/deps.ts';
import {
  checkConfirmLink,
  checkUnsubscribeLink,
  confirmNewsletter,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from '#app/modules/newsletter/server/newsletter.server.ts';
import { queueJobsInMemory, useTestRuntime, type QueuedJob } from './test-db.ts';

// One proxy in front: X-Forwarded-For names the client, so each test is its own client.
const rt = useTestRuntime({ seed: false, env: { TRUST_PROXY: '1' } });
let queued: QueuedJob[];
beforeEach(() => {
  queued = queueJobsInMemory(rt());
});

const PENDING = {
  message:
    'Bijna klaar! We hebben je een e-mail gestuurd. Klik op de link in die e-mail om je inschrijving te bevestigen.',
};
const DAY_MS = 24 * 60 * 60 * 1000;

function post(body: unknown, { client = '198.51.100.10', headers = {} as Record<string, string> } = {}) {
  return rt().app.request('/api/v1/newsletter', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
    body: JSON.stringify(body),
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function rowsOf(email: string) {
  return rt().services.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
}

async function rowOf(email: string) {
  const rows = await rowsOf(email);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Moves the last confirmation mail of an address back in time. */
async function ageConfirmation(email: string, ms: number) {
  await rt()
    .services.db.update(newsletterSubscriptions)
    .set({ confirmationRequestedAt: new Date(Date.now() - ms) })
    .where(eq(newsletterSubscriptions.email, email));
}

/** The mails queued so far, as the `send-mail` job receives them. */
const mails = () =>
  queued.map((job) => {
    expect(job.name).toBe('send-mail');
    return job.payload as { to: string; subject: string; text: string };
  });

function linkToken(text: string, path: 'bevestigen' | 'afmelden'): string {
  const match = new RegExp(`^http://localhost/nieuwsbrief/${path}\\?token=([A-Za-z0-9_-]{43})$`, 'm').exec(text);
  expect(match, `a /nieuwsbrief/${path} link in:\n${text}`).not.toBeNull();
  return match![1]!;
}

/** Signs an address up through the API and returns the confirmation token from its mail. */
async function signUp(email: string, client: string): Promise<string> {
  const before = queued.length;
  const res = await post({ email }, { client });
  expect(res.status).toBe(202);
  expect(queued).toHaveLength(before + 1);
  return linkToken(mails().at(-1)!.text, 'bevestigen');
}

describe('POST /api/v1/newsletter', () => {
  it('stores the address as pending, in lower case, and queues a mail with a confirmation link', async () => {
    const res = await post({ email: '  Sanne.de.Vries@Example.NL ', source: 'article:examenplanning-maken' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual(PENDING);

    const row = await rowOf('sanne.de.vries@example.nl');
    expect(row).toMatchObject({ status: 'pending', source: 'article:examenplanning-maken', confirmedAt: null });
    expect(Date.now() - row.confirmationRequestedAt.getTime()).toBeLessThan(60_000);

    expect(mails()).toHaveLength(1);
    const [mail] = mails();
    expect(mail).toMatchObject({
      to: 'sanne.de.vries@example.nl',
      subject: 'Bevestig je inschrijving voor de nieuwsbrief – Slaagbundel',
    });
    expect(mail!.text).toContain('De link werkt 7 dagen.');
    const token = linkToken(mail!.text, 'bevestigen');
    // Only the token's hash is stored, never the token itself.
    expect(row.confirmTokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.unsubscribeTokenHash).toBeNull();
  });

  it("records 'page' as the source when none is given", async () => {
    await signUp('geen-bron@example.nl', '198.51.100.11');
    expect((await rowOf('geen-bron@example.nl')).source).toBe('page');
  });

  it('answers an address that is already subscribed exactly like a new one, without a mail or a second row', async () => {
    const token = await signUp('al-lid@example.nl', '198.51.100.12');
    expect(await confirmNewsletter(rt().services, token)).toBe('confirmed');
    queued.length = 0;

    const again = await post({ email: 'AL-LID@example.nl' }, { client: '198.51.100.12' });
    const fresh = await post({ email: 'nieuw-lid@example.nl' }, { client: '198.51.100.12' });
    expect(again.status).toBe(fresh.status);
    expect(await again.json()).toEqual(await fresh.json());

    expect(mails().map((mail) => mail.to)).toEqual(['nieuw-lid@example.nl']);
    const row = await rowOf('al-lid@example.nl');
    expect(row.status).toBe('confirmed');
    expect(row.confirmTokenHash).toBe(sha256(token));
  });

  it('answers 400 with Dutch field errors, and stores and sends nothing', async () => {
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { email: ['Dit veld is verplicht'] }],
      [{ email: '   ' }, { email: ['Dit veld is verplicht'] }],
      [{ email: 'sanne@example' }, { email: ['Dit is geen geldige e-mail'] }],
      [{ email: 'sanne@example.nl', source: 'Footer <script>' }, { source: ['Onbekende plek van aanmelding.'] }],
      [
        { email: 'sanne@example.nl', source: `article:${'x'.repeat(120)}` },
        { source: ['Onbekende plek van aanmelding.'] },
      ],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await post(body, { client: '198.51.100.13' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = apiErrorSchema.parse(await res.json());
      expect(error.fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    expect(await rowsOf('sanne@example')).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('accepts a filled-in honeypot as if signed up, and drops it', async () => {
    const res = await post({ email: 'bot@example.nl', website: 'https://spam.example' }, { client: '198.51.100.14' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual(PENDING);
    expect(await rowsOf('bot@example.nl')).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('takes five sign-ups per client in ten minutes, then answers 429', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await post({ email: `veel-${i}@example.nl` }, { client: '198.51.100.15' })).status).toBe(202);
    }
    const res = await post({ email: 'veel-5@example.nl' }, { client: '198.51.100.15' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await rowsOf('veel-5@example.nl')).toEqual([]);
    expect((await post({ email: 'veel-5@example.nl' }, { client: '198.51.100.16' })).status).toBe(202);
  });

  it("refuses another website's request with 403, and stores nothing", async () => {
    const res = await post(
      { email: 'vreemd@example.nl' },
      { client: '198.51.100.17', headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    expect(apiErrorSchema.parse(await res.json()).error).toBe('forbidden_origin');
    expect(await rowsOf('vreemd@example.nl')).toEqual([]);
    expect(queued).toEqual([]);
  });

  it('is documented in the OpenAPI document with its own rate limit', async () => {
    const spec = (await (await rt().app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags: string[]; 'x-rate-limit': unknown; responses: object }>>;
    };
    const operation = spec.paths['/v1/newsletter']!.post!;
    expect(operation.tags).toEqual(['Nieuwsbrief']);
    expect(operation['x-rate-limit']).toEqual({ name: 'newsletter', requests: 5, windowSeconds: 600, per: 'client' });
    expect(Object.keys(operation.responses)).toContain('202');
  });
});

describe('confirming', () => {
  it('confirms once with the link, sends a welcome mail with an unsubscribe link, and is idempotent', async () => {
    const token = await signUp('bevestig@example.nl', '198.51.100.20');
    queued.length = 0;
    expect(await checkConfirmLink(rt().services, token)).toBe('pending');
    // Looking at the link (as a mail scanner does) changed nothing.
    expect((await rowOf('bevestig@example.nl')).status).toBe('pending');

    expect(await confirmNewsletter(rt().services, token)).toBe('confirmed');
    const row = await rowOf('bevestig@example.nl');
    expect(row.status).toBe('confirmed');
    expect(row.confirmedAt).toBeInstanceOf(Date);
    expect(mails()).toHaveLength(1);
    const [welcome] = mails();
    expect(welcome).toMatchObject({ to: 'bevestig@example.nl', subject: 'Welkom bij de nieuwsbrief van Slaagbundel' });
    const unsubscribe = linkToken(welcome!.text, 'afmelden');
    expect(row.unsubscribeTokenHash).toBe(sha256(unsubscribe));

    // Pressing again: the same good news, nothing changes, no second welcome mail.
    expect(await confirmNewsletter(rt().services, token)).toBe('already-confirmed');
    expect(await checkConfirmLink(rt().services, token)).toBe('confirmed');
    expect(mails()).toHaveLength(1);
    expect((await rowOf('bevestig@example.nl')).confirmedAt).toEqual(row.confirmedAt);
  });

  it('knows no unknown token', async () => {
    const unknown = 'A'.repeat(43);
    expect(await checkConfirmLink(rt().services, unknown)).toBe('invalid');
    expect(await confirmNewsletter(rt().services, unknown)).toBe('invalid');
    expect(queued).toEqual([]);
  });

  it('does not confirm with a link older than 7 days; signing up again sends a link that works', async () => {
    const old = await signUp('te-laat@example.nl', '198.51.100.21');
    await ageConfirmation('te-laat@example.nl', 7 * DAY_MS - 60_000);
    expect(await checkConfirmLink(rt().services, old)).toBe('pending');
    await ageConfirmation('te-laat@example.nl', 7 * DAY_MS + 60_000);
    expect(await checkConfirmLink(rt().services, old)).toBe('expired');
    expect(await confirmNewsletter(rt().services, old)).toBe('expired');
    expect((await rowOf('te-laat@example.nl')).status).toBe('pending');

    const fresh = await signUp('te-laat@example.nl', '198.51.100.21');
    expect(fresh).not.toBe(old);
    expect(await confirmNewsletter(rt().services, old)).toBe('invalid');
    expect(await confirmNewsletter(rt().services, fresh)).toBe('confirmed');
    expect(await rowsOf('te-laat@example.nl')).toHaveLength(1);
  });

  it('sends no second mail within 5 minutes of the first (its link keeps working); after that a new link', async () => {
    const first = await signUp('twee-keer@example.nl', '198.51.100.22');
    const res = await post({ email: 'twee-keer@example.nl' }, { client: '198.51.100.22' });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual(PENDING);
    expect(mails()).toHaveLength(1);
    expect(await checkConfirmLink(rt().services, first)).toBe('pending');

    await ageConfirmation('twee-keer@example.nl', 6 * 60_000);
    const second = await signUp('twee-keer@example.nl', '198.51.100.22');
    // The newest mail's link counts; the older one no longer works.
    expect(await checkConfirmLink(rt().services, first)).toBe('invalid');
    expect(await confirmNewsletter(rt().services, second)).toBe('confirmed');
  });

  it('lets a failed mail be sent again at once: the sign-up fails, the next one mails a working link', async () => {
    const scope = createScope({ ...rt().deps, jobs: { enqueue: () => Promise.reject(new Error('queue down')) } });
    await expect(subscribeToNewsletter(scope, { email: 'storing@example.nl' })).rejects.toThrow('queue down');
    expect((await rowOf('storing@example.nl')).confirmTokenHash).toBeNull();

    const token = await signUp('storing@example.nl', '198.51.100.23');
    expect(await confirmNewsletter(rt().services, token)).toBe('confirmed');
  });
});

describe('unsubscribing', () => {
  async function subscribed(email: string, client: string) {
    const token = await signUp(email, client);
    await confirmNewsletter(rt().services, token);
    return { confirm: token, unsubscribe: linkToken(mails().at(-1)!.text, 'afmelden') };
  }

  it('unsubscribes with the welcome mail’s link, idempotently; the old confirmation link no longer subscribes', async () => {
    const tokens = await subscribed('afmelden@example.nl', '198.51.100.30');
    expect(await checkUnsubscribeLink(rt().services, tokens.unsubscribe)).toBe('subscribed');
    expect((await rowOf('afmelden@example.nl')).status).toBe('confirmed');

    expect(await unsubscribeFromNewsletter(rt().services, tokens.unsubscribe)).toBe('unsubscribed');
    const row = await rowOf('afmelden@example.nl');
    expect(row.status).toBe('unsubscribed');
    expect(row.unsubscribedAt).toBeInstanceOf(Date);

    expect(await unsubscribeFromNewsletter(rt().services, tokens.unsubscribe)).toBe('already-unsubscribed');
    expect(await checkUnsubscribeLink(rt().services, tokens.unsubscribe)).toBe('unsubscribed');
    expect(await confirmNewsletter(rt().services, tokens.confirm)).toBe('invalid');
    expect((await rowOf('afmelden@example.nl')).status).toBe('unsubscribed');
  });

  it('knows no unknown token', async () => {
    expect(await checkUnsubscribeLink(rt().services, 'B'.repeat(43))).toBe('invalid');
    expect(await unsubscribeFromNewsletter(rt().services, 'B'.repeat(43))).toBe('invalid');
  });

  it('makes an unsubscribed address pending again on a new sign-up, with a fresh link', async () => {
    const tokens = await subscribed('terug@example.nl', '198.51.100.31');
    await unsubscribeFromNewsletter(rt().services, tokens.unsubscribe);

    const fresh = await signUp('terug@example.nl', '198.51.100.31');
    expect(fresh).not.toBe(tokens.confirm);
    expect((await rowOf('terug@example.nl')).status).toBe('pending');
    expect(await confirmNewsletter(rt().services, fresh)).toBe('confirmed');
    expect((await rowOf('terug@example.nl')).status).toBe('confirmed');
  });
});

describe('retention', () => {
  it('deletes sign-ups never confirmed once their link has expired, and keeps everything else', async () => {
    await signUp('nooit-bevestigd@example.nl', '198.51.100.41');
    await ageConfirmation('nooit-bevestigd@example.nl', 7 * DAY_MS + 60_000);
    await signUp('nog-even@example.nl', '198.51.100.42');
    await ageConfirmation('nog-even@example.nl', 7 * DAY_MS - 60_000);
    const confirmed = await signUp('wel-bevestigd@example.nl', '198.51.100.43');
    expect(await confirmNewsletter(rt().services, confirmed)).toBe('confirmed');
    await ageConfirmation('wel-bevestigd@example.nl', 30 * DAY_MS);

    const job = await newsletterRetentionJob.handler(rt().services, {}, { id: 'test', attempt: 1 });
    expect(job).toEqual({ deleted: 1 });
    expect(await rowsOf('nooit-bevestigd@example.nl')).toEqual([]);
    expect((await rowOf('nog-even@example.nl')).status).toBe('pending');
    expect((await rowOf('wel-bevestigd@example.nl')).status).toBe('confirmed');
    // Idempotent: a second run finds nothing more.
    expect(await newsletterRetentionJob.handler(rt().services, {}, { id: 'test', attempt: 1 })).toEqual({ deleted: 0 });
  });
});

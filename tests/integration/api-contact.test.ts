/**
 * The contact form's write (spec §2, §5, §8): POST /api/v1/contact stores the
 * message and queues two mails; bad input answers 400 with Dutch field errors
 * and stores nothing; the honeypot drops bots; the `send-mail` job delivers to
 * the outbox that /dev/mail shows.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '#app/modules/content/db/tables.ts';
import { quoteSchema } from '#app/modules/content/schemas/quote.ts';
import { submitQuoteRequest } from '#app/modules/content/server/contact.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { mailOutbox } from '#app/db/schema/mail.ts';
import { sendMailJob } from '#app/jobs/send-mail.ts';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { createScope } from '#app/platform/server/deps.ts';
import { outboxIsReadable, readOutbox } from '#app/platform/server/mail.server.ts';
import { queueJobsInMemory, useTestRuntime, type QueuedJob } from './test-db.ts';

// One proxy in front: X-Forwarded-For names the client, so each test is its own client.
const rt = useTestRuntime({ seed: false, env: { TRUST_PROXY: '1' } });
let queued: QueuedJob[];
beforeEach(() => {
  queued = queueJobsInMemory(rt());
});

const valid = {
  name: '  Sanne de Vries ',
  email: 'sanne@example.nl',
  subject: 'bestelling',
  message: 'Waar blijft mijn examenbundel?',
  orderNumber: 'SB-2026-10482',
};

function post(body: unknown, client = '192.0.2.10') {
  return rt().app.request('/api/v1/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
}

describe('POST /api/v1/contact', () => {
  it('stores the message and queues a mail to our inbox and a confirmation to the sender', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Contact formulier succesvol verzonden.' });
    const rows = await rt().services.db.select().from(contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Sanne de Vries',
        email: 'sanne@example.nl',
        subject: 'bestelling',
        message: 'Waar blijft mijn examenbundel?',
        orderNumber: 'SB-2026-10482',
      }),
    ]);
    expect(queued.map((job) => [job.name, job.payload.to, job.payload.replyTo, job.payload.subject])).toEqual([
      [
        'send-mail',
        'klantenservice@slaagbundel.nl',
        'sanne@example.nl',
        'Contactformulier: Mijn bestelling of levering',
      ],
      ['send-mail', 'sanne@example.nl', undefined, 'We hebben je bericht ontvangen – Slaagbundel'],
    ]);
    expect(queued[0]!.payload.text).toContain('Bestelnummer: SB-2026-10482');
    expect(queued[0]!.payload.text).toContain(`Bericht-id: ${rows[0]!.id}`);
    // The confirmation greets with the first name.
    expect(queued[1]!.payload.text).toMatch(/^Hoi Sanne,\n/);
  });

  it('answers 400 with the Dutch message of every wrong field, and stores and sends nothing', async () => {
    const before = (await rt().services.db.select().from(contactMessages)).length;
    const res = await post(
      { name: ' ', email: 'geen-mail', subject: 'klacht', message: 'x'.repeat(5001), orderNumber: 'x'.repeat(21) },
      '192.0.2.11',
    );
    expect(res.status).toBe(400);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.fieldErrors).toEqual({
      name: ['Dit veld is verplicht'],
      email: ['Dit is geen geldige e-mail'],
      subject: ['Dit veld is verplicht'],
      message: ['Voer maximaal 5000 karakters in.'],
      orderNumber: ['Voer maximaal 20 karakters in.'],
    });
    expect((await rt().services.db.select().from(contactMessages)).length).toBe(before);
    expect(queued).toEqual([]);
  });

  it('stores typed text PostgreSQL cannot hold as text it can: no NUL, no lone surrogate, never a 500', async () => {
    const res = await post(
      {
        ...valid,
        email: 'nul@example.nl',
        name: 'Sanne\u0000 de Vries',
        message: 'Waar blijft\u0000 mijn bundel? \ud800',
        orderNumber: '\u0000',
      },
      '192.0.2.30',
    );
    expect(res.status).toBe(201);
    const rows = await rt().services.db.select().from(contactMessages);
    expect(rows.find((row) => row.email === 'nul@example.nl')).toMatchObject({
      name: 'Sanne de Vries',
      message: 'Waar blijft mijn bundel? \ufffd',
      orderNumber: null,
    });
    // Text that is nothing but NUL characters is missing text.
    const blank = await post({ ...valid, message: '\u0000\u0000' }, '192.0.2.31');
    expect(blank.status).toBe(400);
    expect(apiErrorSchema.parse(await blank.json()).fieldErrors).toEqual({ message: ['Dit veld is verplicht'] });
  });

  it('accepts a filled-in honeypot as if sent, and drops it', async () => {
    const before = (await rt().services.db.select().from(contactMessages)).length;
    const res = await post({ ...valid, website: 'https://spam.example' }, '192.0.2.12');
    expect(res.status).toBe(201);
    expect((await rt().services.db.select().from(contactMessages)).length).toBe(before);
    expect(queued).toEqual([]);
  });

  it('takes five messages per client in ten minutes, then answers 429', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid, '192.0.2.13')).status).toBe(201);
    const res = await post(valid, '192.0.2.13');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await post(valid, '192.0.2.14')).status).toBe(201);
  });

  it('is documented in the OpenAPI document', async () => {
    const spec = (await (await rt().app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(spec.paths['/v1/contact']).toHaveProperty('post');
  });
});

describe('the quote request for a class licence (/voor-docenten/offerte, issue 31)', () => {
  const request = () =>
    quoteSchema.parse({
      name: ' Anna de Groot ',
      email: 'a.degroot@school.example',
      school: 'Demo College, Utrecht',
      subject: 'Wiskunde B havo',
      examYear: examYearRange(new Date()).min,
      pupils: 28,
      message: 'Ook voor H4 volgend jaar?',
    });

  it('goes to the contact inbox as a school order, mailed to us and confirmed to the sender like a message', async () => {
    const input = request();
    expect(await submitQuoteRequest(rt().services, input, '192.0.2.40')).toEqual({ ok: true, value: { stored: true } });
    const rows = await rt().services.db.select().from(contactMessages);
    const row = rows.find((r) => r.email === 'a.degroot@school.example')!;
    expect(row).toMatchObject({ name: 'Anna de Groot', subject: 'school', orderNumber: null });
    expect(row.message).toBe(
      [
        'Offerteaanvraag klaslicentie',
        'School: Demo College, Utrecht',
        'Vak en niveau: Wiskunde B havo',
        `Examenjaar: ${input.examYear}`,
        'Aantal leerlingen: 28',
        '',
        'Toelichting:',
        'Ook voor H4 volgend jaar?',
      ].join('\n'),
    );
    expect(queued.map((job) => [job.name, job.payload.to, job.payload.replyTo, job.payload.subject])).toEqual([
      [
        'send-mail',
        'klantenservice@slaagbundel.nl',
        'a.degroot@school.example',
        'Offerteaanvraag klaslicentie: Demo College, Utrecht (28 leerlingen)',
      ],
      ['send-mail', 'a.degroot@school.example', undefined, 'We hebben je offerteaanvraag ontvangen – Slaagbundel'],
    ]);
    expect(queued[0]!.payload.text).toContain('Onderwerp: Bestellen voor een school of klas');
    expect(queued[0]!.payload.text).toContain(`Bericht-id: ${row.id}`);
    expect(queued[0]!.payload.text).toContain('Aantal leerlingen: 28');
    // The contact form's confirmation: the greeting, what happens next, and what was asked.
    expect(queued[1]!.payload.text).toMatch(/^Hoi Anna,\n/);
    expect(queued[1]!.payload.text).toContain('scholen betalen op factuur');
    expect(queued[1]!.payload.text).toContain('We lezen alles zelf en antwoorden meestal binnen twee werkdagen.');
    expect(queued[1]!.payload.text).toContain(
      'Je schreef:\nOfferteaanvraag klaslicentie\nSchool: Demo College, Utrecht',
    );
  });

  it('drops a filled-in honeypot: nothing stored, nothing sent', async () => {
    const before = (await rt().services.db.select().from(contactMessages)).length;
    expect(
      await submitQuoteRequest(rt().services, { ...request(), website: 'https://spam.example' }, '192.0.2.41'),
    ).toEqual({ ok: true, value: { stored: false } });
    expect((await rt().services.db.select().from(contactMessages)).length).toBe(before);
    expect(queued).toEqual([]);
  });

  it('takes five requests per client in ten minutes: each mails the address typed', async () => {
    for (let i = 0; i < 5; i++)
      expect((await submitQuoteRequest(rt().services, request(), '192.0.2.42')).ok).toBe(true);
    const refused = await submitQuoteRequest(rt().services, request(), '192.0.2.42');
    expect(refused).toMatchObject({ ok: false, reason: 'rate_limited' });
    expect(refused.ok ? null : refused.message).toMatch(
      /^Je hebt net al een paar aanvragen gestuurd\. Probeer het over \d+ minuten opnieuw, of mail ons\.$/,
    );
    expect(queued).toHaveLength(10);
    expect((await submitQuoteRequest(rt().services, request(), '192.0.2.43')).ok).toBe(true);
  });
});

describe('the send-mail job and the outbox', () => {
  it('delivers a queued mail to the outbox, which reads newest first', async () => {
    const scope = createScope(rt().deps);
    const run = { id: 'job-1', attempt: 1 };
    await sendMailJob.handler(scope, { to: 'a@example.nl', subject: 'Eerste', text: 'Een' }, run);
    await sendMailJob.handler(scope, { to: 'b@example.nl', subject: 'Tweede', text: 'Twee' }, run);
    expect((await rt().services.db.select().from(mailOutbox)).length).toBe(2);
    // Tests run outside production: the outbox page exists.
    expect(outboxIsReadable(scope)).toBe(true);
    const mails = await readOutbox(scope);
    expect(mails?.map((mail) => mail.subject).slice(0, 2)).toEqual(['Tweede', 'Eerste']);
  });

  it('has no outbox page in production on a public address, or when mail goes out by SMTP', () => {
    const production = (publicUrl: string) =>
      createScope({ ...rt().deps, settings: { ...rt().deps.settings, production: true, publicUrl } });
    expect(outboxIsReadable(production('https://www.slaagbundel.nl'))).toBe(false);
    expect(outboxIsReadable(production('http://localhost:3000'))).toBe(true);
    const smtp = createScope({ ...rt().deps, mail: { kind: 'smtp', send: async () => {} } });
    expect(outboxIsReadable(smtp)).toBe(false);
  });
});

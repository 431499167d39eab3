/**
 * The SMTP mail adapter (nodemailer) against a local fake SMTP server
 * (smtp-server): what a real mail server receives, and that a refusal fails
 * the send so the `send-mail` job retries. Chosen by SMTP_URL in the
 * composition root.
 */
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailSender } from '#app/platform/integrations/mail/smtp.adapter.server.ts';
import { compose } from '#server/composition.ts';
import { parseEnv } from '#server/env.ts';
import { createTestDatabase } from './test-db.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let url: string;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // The fake refuses this one recipient, as a real server refuses an unknown mailbox.
      if (address.address === 'weigeren@example.nl') callback(new Error('550 Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A header's value from a raw message, unfolded. */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ');

describe('SMTP mail adapter', () => {
  it('hands the mail to the SMTP server: envelope, headers and the Dutch text', async () => {
    const sender = await createSmtpMailSender({ url, from: 'Slaagbundel <klantenservice@slaagbundel.nl>' });
    expect(sender.kind).toBe('smtp');
    await sender.send({
      to: 'sanne@example.nl',
      replyTo: 'piet@example.nl',
      subject: 'We hebben je bericht ontvangen – Slaagbundel',
      text: 'Hoi Sanne,\n\nBedankt voor je bericht over "Mijn bestelling".\n',
    });
    const [mail] = received.splice(0);
    expect(mail).toMatchObject({ from: 'klantenservice@slaagbundel.nl', to: ['sanne@example.nl'] });
    expect(header(mail!.raw, 'From')).toBe('Slaagbundel <klantenservice@slaagbundel.nl>');
    expect(header(mail!.raw, 'To')).toBe('sanne@example.nl');
    expect(header(mail!.raw, 'Reply-To')).toBe('piet@example.nl');
    // The en dash makes the subject a MIME encoded word; decoded it is the subject we sent.
    const subject = header(mail!.raw, 'Subject')!;
    const decoded = subject.replace(/=\?UTF-8\?Q\?(.*?)\?=\s?/gi, (_, q: string) =>
      Buffer.from(
        q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => `%${h}`),
        'utf8',
      ).toString(),
    );
    expect(decodeURIComponent(decoded)).toBe('We hebben je bericht ontvangen – Slaagbundel');
    expect(header(mail!.raw, 'Content-Type')).toMatch(/^text\/plain; charset=utf-8/i);
    expect(mail!.raw).toContain('Bedankt voor je bericht over "Mijn bestelling".');
  });

  it('rejects when the server refuses the mail, so the send-mail job retries', async () => {
    const sender = await createSmtpMailSender({ url, from: 'klantenservice@slaagbundel.nl' });
    await expect(sender.send({ to: 'weigeren@example.nl', subject: 'Test', text: 'Test' })).rejects.toThrow(
      /Mailbox unavailable/,
    );
    expect(received).toEqual([]);
  });

  it('is what the composition root chooses when SMTP_URL is set; without it, the outbox', async () => {
    const database = await createTestDatabase();
    try {
      const logger = pino({ level: 'silent' });
      const smtp = await compose({
        env: parseEnv({ NODE_ENV: 'test', SMTP_URL: url, MAIL_FROM: 'Team <team@slaagbundel.nl>' }),
        logger,
        database,
      });
      expect(smtp.deps.mail.kind).toBe('smtp');
      await smtp.deps.mail.send({ to: 'a@example.nl', subject: 'Via de compositie', text: 'Hallo' });
      expect(received.splice(0).map((mail) => [mail.from, header(mail.raw, 'Subject')])).toEqual([
        ['team@slaagbundel.nl', 'Via de compositie'],
      ]);
      await smtp.close();
      const outbox = await compose({ env: parseEnv({ NODE_ENV: 'test' }), logger, database });
      expect(outbox.deps.mail.kind).toBe('outbox');
      await outbox.close();
    } finally {
      await database.close();
    }
  });
});

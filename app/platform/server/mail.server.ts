import type { Scope } from '#app/platform/server/deps.ts';
import { failedMailSince, insertMailLog, listMailLog, listOutboxMail } from '#app/db/queries/mail.server.ts';
import type { OutgoingMail } from '#app/platform/integrations/mail/port.ts';

/**
 * Sends one mail through the mail port (called by the `send-mail` job, app/jobs/send-mail.ts) and logs the
 * attempt, sent or failed (then it throws again, and the job retries).
 */
export async function sendMail(s: Scope, mail: OutgoingMail & { ref?: string | undefined }): Promise<void> {
  const { ref, ...outgoing } = mail;
  const entry = { ref: ref ?? null, to: mail.to, subject: mail.subject };
  try {
    await s.mail.send(outgoing);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await insertMailLog(s.db, { ...entry, status: 'failed', error: message.slice(0, 500) });
    throw error;
  }
  await insertMailLog(s.db, { ...entry, status: 'sent', error: null });
}

/** The mails sent (or tried) about one thing, oldest first: `order:SB26-000123`. */
export const mailsAbout = (s: Pick<Scope, 'db'>, ref: string) => listMailLog(s.db, ref);

/** The mails that failed to send since `since` (the back office's day). */
export const failedMails = (s: Pick<Scope, 'db'>, since: Date) => failedMailSince(s.db, since);

/** The outbox's newest mails, or null where the outbox page does not exist (see outboxIsReadable). */
export async function readOutbox(s: Scope, limit = 50) {
  if (!outboxIsReadable(s)) return null;
  return listOutboxMail(s.db, limit);
}

/**
 * The outbox page (/dev/mail) exists only while mail stays in our database and
 * the site is not public: outside production, or on a local address (`npm start`).
 */
export function outboxIsReadable(s: Scope): boolean {
  if (s.mail.kind !== 'outbox') return false;
  if (!s.settings.production) return true;
  const { hostname } = new URL(s.settings.publicUrl);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

import type { Scope } from '#app/platform/server/deps.ts';
import { listOutboxMail } from '#app/db/queries/mail.server.ts';
import type { OutgoingMail } from '#app/platform/integrations/mail/port.ts';

/** Sends one mail through the mail port (called by the `send-mail` job, app/jobs/send-mail.ts). */
export function sendMail(s: Scope, mail: OutgoingMail): Promise<void> {
  return s.mail.send(mail);
}

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

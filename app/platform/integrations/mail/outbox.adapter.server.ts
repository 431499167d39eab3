import type { Db } from '#app/db/client.server.ts';
import { insertOutboxMail } from '#app/db/queries/mail.server.ts';
import type { MailSender } from './port.ts';

/** The offline adapter: mails are kept in `mail_outbox`, for a developer to read at /dev/mail. */
export function createOutboxMailSender(db: Db): MailSender {
  return {
    kind: 'outbox',
    send: (mail) => insertOutboxMail(db, mail),
  };
}

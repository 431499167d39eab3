import { desc } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { mailOutbox } from '#app/db/schema/mail.ts';
import type { OutgoingMail } from '#app/platform/integrations/mail/port.ts';

export async function insertOutboxMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ to: mail.to, replyTo: mail.replyTo ?? null, subject: mail.subject, text: mail.text });
}

/** The newest mails first. */
export function listOutboxMail(db: Db, limit: number) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}

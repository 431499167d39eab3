import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { mailLog, mailOutbox } from '#app/db/schema/mail.ts';
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

export async function insertMailLog(
  db: Db,
  row: { ref: string | null; to: string; subject: string; status: 'sent' | 'failed'; error: string | null },
): Promise<void> {
  await db.insert(mailLog).values(row);
}

/** The mails about one thing ('order:SB26-000123'), oldest first. */
export function listMailLog(db: Db, ref: string) {
  return db.select().from(mailLog).where(eq(mailLog.ref, ref)).orderBy(mailLog.at).limit(200);
}

/** The attempts that failed since `since`, newest first, with how many there were. */
export async function failedMailSince(db: Db, since: Date, limit = 20) {
  const where = and(eq(mailLog.status, 'failed'), gte(mailLog.at, since));
  const [rows, [count]] = await Promise.all([
    db.select().from(mailLog).where(where).orderBy(desc(mailLog.at)).limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailLog)
      .where(where),
  ]);
  return { rows, count: count?.n ?? 0 };
}

import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { teacherMailSettings } from './tables.ts';

/** Whether the teacher asked for the weekly mail. */
export async function weeklyMailOn(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ weekly: teacherMailSettings.weekly })
    .from(teacherMailSettings)
    .where(eq(teacherMailSettings.userId, userId));
  return row?.weekly ?? false;
}

export async function setWeeklyMail(db: Db, userId: string, weekly: boolean): Promise<void> {
  await db
    .insert(teacherMailSettings)
    .values({ userId, weekly })
    .onConflictDoUpdate({ target: teacherMailSettings.userId, set: { weekly } });
}

/** The teachers whose weekly mail is due: on, and not sent in the last 6 days. */
export async function listDueTeacherMails(db: Db, sentBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ userId: teacherMailSettings.userId })
    .from(teacherMailSettings)
    .where(
      and(
        eq(teacherMailSettings.weekly, true),
        or(isNull(teacherMailSettings.sentAt), lt(teacherMailSettings.sentAt, sentBefore)),
      ),
    );
  return rows.map((row) => row.userId);
}

export async function markTeacherMailSent(db: Db, userId: string): Promise<void> {
  await db
    .update(teacherMailSettings)
    .set({ sentAt: sql`now()` })
    .where(eq(teacherMailSettings.userId, userId));
}

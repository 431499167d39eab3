/**
 * The people the cluster tests sign in as, written straight into the template database: a pupil with full
 * access to wiskunde-b (havo), a teacher, and an account whose sign-in the rate-limit test locks. Their passwords are hashed
 * at the integration tests' cost (TEST_SCRYPT_N), which every copy verifies as any hash (it names its own cost).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { accounts, addUserSubjects, users } from '#app/modules/accounts/index.server.ts';
import { grantSubjectAccess } from '#app/modules/cards/index.server.ts';
import { subjects } from '#app/modules/catalog/index.server.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { hashPassword } from '#app/platform/server/password-hash.server.ts';

export const PASSWORD = 'Cluster2026!';
export const PUPIL_EMAIL = 'leerling.cluster@example.nl';
/** Signed in to with wrong passwords only, until it is locked. */
export const GUESSED_EMAIL = 'geraden.cluster@example.nl';
/** A teacher, who makes a class the pupil joins. */
export const TEACHER_EMAIL = 'docent.cluster@example.nl';

async function addAccount(
  db: Db,
  email: string,
  password: string,
  { name = 'Sanne Cluster', role = 'pupil' }: { name?: string; role?: 'pupil' | 'teacher' } = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({
    id,
    name,
    email,
    emailVerified: true,
    educationRole: role,
    onboardingCompleted: true,
    profile: 'NT',
    examYear: examYearRange(new Date()).min,
    levels: ['havo'],
  });
  await db.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password });
  return id;
}

export async function addPeople(db: Db): Promise<void> {
  process.env.TEST_SCRYPT_N ??= String(2 ** 14);
  const password = await hashPassword(PASSWORD);
  const pupil = await addAccount(db, PUPIL_EMAIL, password);
  const [subject] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.slug, 'wiskunde-b'), eq(subjects.levelName, 'havo')));
  if (!subject) throw new Error('the demo catalogue has no wiskunde-b (havo)');
  await addUserSubjects(db, pupil, [subject.id]);
  await grantSubjectAccess(db, { userId: pupil, subjectId: subject.id, stream: 'full', source: 'demo' });
  await addAccount(db, GUESSED_EMAIL, password);
  await addAccount(db, TEACHER_EMAIL, password, { name: 'Joris Cluster', role: 'teacher' });
}

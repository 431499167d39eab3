import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { accounts, users } from '#app/db/schema/index.ts';
import { examYearRange, type EducationRole, type Profile, type UserLevel } from '#app/domain/user.ts';
import { hashPassword } from '#app/services/password-hash.server.ts';

/** The password of every demo account (issue 7, README). */
export const DEMO_PASSWORD = 'Slaag2026!';

interface DemoAccount {
  email: string;
  name: string;
  educationRole: EducationRole;
  onboardingCompleted: boolean;
  profile: Profile | null;
  examYear: number | null;
  levels: UserLevel[];
}

/** The demo accounts of issue 7: a havo pupil who finished onboarding, a new account, and a teacher. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'leerling@slaagbundel.test',
    name: 'Sanne de Leerling',
    educationRole: 'pupil',
    onboardingCompleted: true,
    profile: 'NT',
    examYear: examYearRange(new Date()).min,
    levels: ['havo'],
  },
  {
    email: 'nieuw@slaagbundel.test',
    name: 'Noah Nieuw',
    educationRole: 'pupil',
    onboardingCompleted: false,
    profile: null,
    examYear: null,
    levels: [],
  },
  {
    email: 'docent@slaagbundel.test',
    name: 'Dewi de Docent',
    educationRole: 'teacher',
    onboardingCompleted: true,
    profile: null,
    examYear: null,
    levels: ['havo', 'vwo'],
  },
];

/**
 * Creates the demo accounts that do not exist yet, verified and with
 * DEMO_PASSWORD, the way a sign-up would store them (a `credential` account
 * holding the password hash). Existing ones are left as they are, so a demo
 * visitor's changes survive a restart. Answers how many were created.
 */
export async function seedDemoAccounts(db: Db): Promise<number> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.some((e) => e.email === a.email));
  for (const account of missing) {
    const id = randomUUID();
    const password = await hashPassword(DEMO_PASSWORD);
    await db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ id, ...account, emailVerified: true })
        .onConflictDoNothing({ target: users.email });
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password });
    });
  }
  return missing.length;
}

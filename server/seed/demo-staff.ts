/**
 * The demo staff (issue 32, README): one staff member per back-office role, with DEMO_PASSWORD and two-factor
 * sign-in switched on with a FIXED TOTP secret, so anyone with this repository can sign in to the demo's back
 * office: `npm run staff:totp -- --email beheer@slaagbundel.test` prints the current code. Never for production.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { symmetricEncrypt } from 'better-auth/crypto';
import type { Db } from '#app/db/client.server.ts';
import { accounts, twoFactors, users } from '#app/modules/accounts/index.server.ts';
import { makeStaffMember } from '#app/modules/backoffice/index.server.ts';
import type { StaffRole } from '#app/modules/backoffice/index.ts';
import { hashPassword } from '#app/platform/server/password-hash.server.ts';

export interface DemoStaff {
  email: string;
  name: string;
  role: StaffRole;
  /** The TOTP secret as the accounts library keeps it (32 characters, used as bytes; base32 in the otpauth URI). */
  totpSecret: string;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  {
    email: 'beheer@slaagbundel.test',
    name: 'Bram Beheer',
    role: 'admin',
    totpSecret: 'slaagbundel-demo-totp-beheer-001',
  },
  {
    email: 'support@slaagbundel.test',
    name: 'Sara Support',
    role: 'support',
    totpSecret: 'slaagbundel-demo-totp-support-02',
  },
  {
    email: 'content@slaagbundel.test',
    name: 'Chris Content',
    role: 'content',
    totpSecret: 'slaagbundel-demo-totp-content-03',
  },
  {
    email: 'financien@slaagbundel.test',
    name: 'Fleur Financiën',
    role: 'finance',
    totpSecret: 'slaagbundel-demo-totp-finance-04',
  },
];

/**
 * Creates the demo staff that are missing (verified, with `password`), makes them staff with their role and
 * switches two-factor sign-in on with their fixed secret, encrypted with the accounts library's secret as it
 * encrypts its own. Existing demo staff keep what they have. Answers how many accounts were created.
 */
export async function seedDemoStaff(db: Db, authSecret: string, password: string): Promise<number> {
  let created = 0;
  let hash = '';
  for (const member of DEMO_STAFF) {
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    if (!user) {
      hash ||= await hashPassword(password);
      const id = randomUUID();
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values({ id, name: member.name, email: member.email, emailVerified: true, onboardingCompleted: true })
          .onConflictDoNothing({ target: users.email })
          .returning({ id: users.id });
        if (inserted.length === 0) return;
        await tx
          .insert(accounts)
          .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
        created += 1;
      });
      [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    }
    const userId = user!.id;
    const [secret] = await db
      .select({ id: twoFactors.id })
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)));
    if (!secret) {
      await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
      await db.insert(twoFactors).values({
        id: randomUUID(),
        userId,
        secret: await symmetricEncrypt({ key: authSecret, data: member.totpSecret }),
        backupCodes: await symmetricEncrypt({ key: authSecret, data: JSON.stringify([]) }),
        verified: true,
      });
      await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
    }
    await makeStaffMember(db, userId, member.role);
  }
  return created;
}

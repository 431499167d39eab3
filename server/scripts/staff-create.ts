/**
 * `npm run staff:create -- --email x@example.nl --role admin [--name "Naam"]`: makes a user staff with the role
 * (the first admin of a new installation; ADR 026). A missing user is created, verified, with a one-time password
 * printed here: they sign in at /beheer/inloggen, set up two-factor sign-in and change the password. Uses
 * DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite) as the server does; written to the audit log with no actor.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase } from '#app/db/client.server.ts';
import { accounts, users } from '#app/modules/accounts/index.server.ts';
import { makeStaffMember } from '#app/modules/backoffice/index.server.ts';
import { BACKOFFICE_PATHS, isStaffRole, STAFF_ROLES } from '#app/modules/backoffice/index.ts';
import { hashPassword } from '#app/platform/server/password-hash.server.ts';
import { parseEnv } from '#server/env.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
});
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !isStaffRole(values.role)) {
  console.error(`Usage: npm run staff:create -- --email x@example.nl --role ${STAFF_ROLES.join('|')} [--name "Naam"]`);
  process.exit(2);
}
const role = values.role;

const env = parseEnv(process.env);
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: 2,
  preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
});
try {
  await database.migrate();
  const { db } = database;
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) {
    const password = randomBytes(12).toString('base64url');
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        name: values.name?.trim() || email.split('@')[0]!,
        email,
        emailVerified: true,
        onboardingCompleted: true,
      });
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: await hashPassword(password),
      });
    });
    user = { id };
    console.log(`Created the account ${email} with the one-time password: ${password}`);
    console.log('Change it after the first sign-in.');
  }
  await makeStaffMember(db, user.id, role);
  console.log(`${email} is staff with the role ${role}.`);
  console.log(
    `Sign in at ${env.PUBLIC_URL.replace(/\/+$/, '')}${BACKOFFICE_PATHS.signIn} and set up two-factor sign-in.`,
  );
} finally {
  await database.close();
}

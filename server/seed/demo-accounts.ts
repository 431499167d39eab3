import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { addUserSubjects, accounts, users } from '#app/modules/accounts/index.server.ts';
import { grantSubjectAccess } from '#app/modules/cards/index.server.ts';
import { seedDemoReviews } from '#app/modules/reviews/index.server.ts';
import { seedDemoGrades } from '#app/modules/grades/index.server.ts';
import { licenseCodes } from '#app/modules/licenses/index.server.ts';
import { products, subjects } from '#app/modules/catalog/index.server.ts';
import type { Level } from '#app/platform/levels.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { type EducationRole, type UserLevel } from '#app/platform/education.ts';
import { type Profile } from '#app/platform/profiles.ts';
import { hashPassword } from '#app/platform/server/password-hash.server.ts';
import { seedDemoClass } from './demo-class.ts';
import { linkDemoParent } from '#app/modules/guardians/index.server.ts';
import { demoLicenseCode } from './demo-data.ts';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Slaag2026!';

/** The product whose license code the demo pupil redeemed. */
export const DEMO_LICENSED_SKU = 'SB-HAVO-WB-2027';
/** The code the demo pupil redeemed (the seed's unredeemed codes end in 0001). */
export const DEMO_REDEEMED_LICENSE_CODE = demoLicenseCode(DEMO_LICENSED_SKU, 0);

interface DemoSubject {
  slug: string;
  level: Level;
  /** Full access through a redeemed license code of this product, or a light demo stream; none without. */
  access?: { licenseSku: string } | 'light-demo';
  /** Weeks of card reviews (issue 20), so the review queue and the plan show at once. */
  reviewHistory?: true;
}

interface DemoAccount {
  email: string;
  name: string;
  educationRole: EducationRole;
  onboardingCompleted: boolean;
  profile: Profile | null;
  examYear: number | null;
  levels: UserLevel[];
  subjects: readonly DemoSubject[];
  /** SE grades and two past exams in the grade simulator (issue 21), for a havo pupil. */
  grades?: true;
}

/** The demo pupil with a review history, and the demo teacher (README); the demo class is theirs. */
export const DEMO_PUPIL_EMAIL = 'leerling@slaagbundel.test';
export const DEMO_TEACHER_EMAIL = 'docent@slaagbundel.test';
export const DEMO_PARENT_EMAIL = 'ouder@slaagbundel.test';

/** The demo accounts (README): a havo pupil who finished onboarding, a new account, a parent and a teacher. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: DEMO_PUPIL_EMAIL,
    name: 'Sanne de Leerling',
    educationRole: 'pupil',
    onboardingCompleted: true,
    profile: 'NT',
    examYear: examYearRange(new Date()).min,
    levels: ['havo'],
    subjects: [
      { slug: 'nederlands', level: 'havo' },
      { slug: 'engels', level: 'havo' },
      { slug: 'wiskunde-b', level: 'havo', access: { licenseSku: DEMO_LICENSED_SKU }, reviewHistory: true },
      { slug: 'biologie', level: 'havo', access: 'light-demo' },
      { slug: 'economie', level: 'havo' },
    ],
    grades: true,
  },
  {
    email: 'nieuw@slaagbundel.test',
    name: 'Noah Nieuw',
    educationRole: 'pupil',
    onboardingCompleted: false,
    profile: null,
    examYear: null,
    levels: [],
    subjects: [],
  },
  {
    // The demo parent (issue 31), linked to the demo pupil: "Mijn kinderen".
    email: DEMO_PARENT_EMAIL,
    name: 'Petra de Ouder',
    educationRole: 'pupil',
    onboardingCompleted: true,
    profile: null,
    examYear: null,
    levels: [],
    subjects: [],
  },
  {
    email: DEMO_TEACHER_EMAIL,
    name: 'Dewi de Docent',
    educationRole: 'teacher',
    onboardingCompleted: true,
    profile: null,
    examYear: null,
    levels: ['havo', 'vwo'],
    subjects: [
      { slug: 'nederlands', level: 'havo' },
      { slug: 'nederlands', level: 'vwo' },
      { slug: 'engels', level: 'vwo' },
      // The study area's mathematics showcase, with the teachers' page.
      { slug: 'wiskunde-b', level: 'vwo', access: { licenseSku: 'SB-VWO-WB-2027' } },
    ],
  },
];

/**
 * Gives a new demo account its subjects and access: the chosen subjects, a
 * light demo stream, and full access through a license code it redeemed
 * (DEMO_REDEEMED_LICENSE_CODE, taken over when an earlier demo account that
 * redeemed it was deleted). Subjects or products the content no longer has
 * are left out. Needs the demo seed (seedDemoData) first.
 */
async function seedDemoSubjects(db: Db, userId: string, wanted: readonly DemoSubject[]): Promise<void> {
  for (const subject of wanted) {
    const [row] = await db
      .select({ id: subjects.id })
      .from(subjects)
      .where(and(eq(subjects.slug, subject.slug), eq(subjects.levelName, subject.level)));
    if (!row) continue;
    await addUserSubjects(db, userId, [row.id]);
    if (subject.access === 'light-demo') {
      await grantSubjectAccess(db, { userId, subjectId: row.id, stream: 'light', source: 'demo' });
    } else if (subject.access) {
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.sku, subject.access.licenseSku));
      if (!product) continue;
      const code = demoLicenseCode(subject.access.licenseSku, 0);
      const redeemed = { redeemedBy: userId, redeemedAt: sql`now()` };
      await db
        .insert(licenseCodes)
        .values({ code, productId: product.id, subjectId: row.id, ...redeemed })
        .onConflictDoUpdate({ target: licenseCodes.code, set: redeemed });
      await grantSubjectAccess(db, {
        userId,
        subjectId: row.id,
        stream: 'full',
        source: 'license',
        productId: product.id,
      });
    }
    if (subject.reviewHistory) await seedDemoReviews(db, userId, row.id);
  }
}

/**
 * Creates the demo accounts that do not exist yet, verified and with
 * DEMO_PASSWORD, the way a sign-up would store them (a `credential` account
 * holding the password hash), with their subjects and access. Existing ones
 * are left as they are, so a demo visitor's changes survive a restart.
 * Then the demo teacher's class (demo-class.ts), when this school year's is
 * missing. Answers how many demo accounts were created.
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
  // One hash for all (the same password): scrypt at full strength takes a few hundred milliseconds each.
  const password = missing.length > 0 ? await hashPassword(DEMO_PASSWORD) : '';
  for (const { subjects: wanted, grades, ...account } of missing) {
    const id = randomUUID();
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values({ id, ...account, emailVerified: true })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      // Another server copy created it meanwhile: theirs stands.
      if (created.length === 0) return;
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password });
      await seedDemoSubjects(tx, id, wanted);
      if (grades) await seedDemoGrades(tx, id);
    });
  }
  await seedDemoClass(db, {
    teacherEmail: DEMO_TEACHER_EMAIL,
    pupilEmail: DEMO_PUPIL_EMAIL,
    password: DEMO_PASSWORD,
  });
  // The demo parent follows the demo pupil (once: a link the pupil ended stays ended).
  const [pupil, parent] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PUPIL_EMAIL)),
    db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PARENT_EMAIL)),
  ]);
  if (pupil[0] && parent[0] && missing.some((a) => a.email === DEMO_PARENT_EMAIL)) {
    await linkDemoParent(db, { userId: pupil[0].id, parentId: parent[0].id, email: DEMO_PARENT_EMAIL });
  }
  return missing.length;
}

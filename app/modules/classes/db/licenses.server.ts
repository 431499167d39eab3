import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { classes, classLicenses, classSeats } from './tables.ts';

/** Stores a class licence redeemed on a class; answers its id. */
export async function insertClassLicense(
  db: Db,
  row: { classId: number; code: string; subjectId: number; productId: number; seats: number; redeemedBy: string },
): Promise<number> {
  const [inserted] = await db.insert(classLicenses).values(row).returning({ id: classLicenses.id });
  return inserted!.id;
}

/** The licences of a class, oldest first, each with its seats in use. */
export async function listClassLicenses(db: Db, classId: number) {
  const rows = await db
    .select({
      id: classLicenses.id,
      code: classLicenses.code,
      subjectId: classLicenses.subjectId,
      productId: classLicenses.productId,
      seats: classLicenses.seats,
      redeemedAt: classLicenses.redeemedAt,
      used: sql<number>`(select count(*)::int from ${classSeats} cs
        where cs.class_license_id = ${classLicenses.id} and cs.freed_at is null)`,
    })
    .from(classLicenses)
    .where(eq(classLicenses.classId, classId))
    .orderBy(asc(classLicenses.redeemedAt), asc(classLicenses.id));
  return rows;
}

/**
 * Gives `userId` a seat of the licence while one is free: the licence's row is locked first, so two pupils
 * let in at once cannot both take its last seat. A pupil with a seat keeps it; a freed seat is taken again.
 * Answers whether the pupil has a seat now. Run inside a transaction.
 */
export async function takeSeat(db: Db, licenseId: number, userId: string): Promise<boolean> {
  const [license] = await db
    .select({ seats: classLicenses.seats })
    .from(classLicenses)
    .where(eq(classLicenses.id, licenseId))
    .for('update');
  if (!license) return false;
  const [mine] = await db
    .select({ freedAt: classSeats.freedAt })
    .from(classSeats)
    .where(and(eq(classSeats.classLicenseId, licenseId), eq(classSeats.userId, userId)));
  if (mine && mine.freedAt === null) return true;
  const [{ used } = { used: 0 }] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(classSeats)
    .where(and(eq(classSeats.classLicenseId, licenseId), isNull(classSeats.freedAt)));
  if (used >= license.seats) return false;
  await db
    .insert(classSeats)
    .values({ classLicenseId: licenseId, userId })
    .onConflictDoUpdate({
      target: [classSeats.classLicenseId, classSeats.userId],
      set: { freedAt: null, grantedAt: sql`now()` },
    });
  return true;
}

/** Frees the pupil's seats of the class's licences; answers the subjects those seats opened. */
export async function freeSeats(db: Db, classId: number, userId: string): Promise<number[]> {
  const licenses = db.select({ id: classLicenses.id }).from(classLicenses).where(eq(classLicenses.classId, classId));
  const freed = await db
    .update(classSeats)
    .set({ freedAt: sql`now()` })
    .where(and(eq(classSeats.userId, userId), isNull(classSeats.freedAt), inArray(classSeats.classLicenseId, licenses)))
    .returning({ licenseId: classSeats.classLicenseId });
  if (freed.length === 0) return [];
  const rows = await db
    .select({ subjectId: classLicenses.subjectId })
    .from(classLicenses)
    .where(
      inArray(
        classLicenses.id,
        freed.map((f) => f.licenseId),
      ),
    );
  return [...new Set(rows.map((row) => row.subjectId))];
}

/** Whether the pupil still holds a seat for the subject in any class (then a freed seat elsewhere keeps access). */
export async function holdsSeatFor(db: Db, userId: string, subjectId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(classSeats)
    .innerJoin(classLicenses, eq(classLicenses.id, classSeats.classLicenseId))
    .where(and(eq(classSeats.userId, userId), isNull(classSeats.freedAt), eq(classLicenses.subjectId, subjectId)))
    .limit(1);
  return row !== undefined;
}

/** The pupils of a class who hold a seat of one of its licences. */
export async function listSeatHolders(db: Db, classId: number): Promise<Set<string>> {
  const rows = await db
    .select({ userId: classSeats.userId })
    .from(classSeats)
    .innerJoin(classLicenses, eq(classLicenses.id, classSeats.classLicenseId))
    .where(and(eq(classLicenses.classId, classId), isNull(classSeats.freedAt)));
  return new Set(rows.map((row) => row.userId));
}

/** A seat the pupil holds for the subject in any class, with its licence's product and the class's school year. */
export async function findHeldSeat(db: Db, userId: string, subjectId: number) {
  const [row] = await db
    .select({ productId: classLicenses.productId, schoolYear: classes.schoolYear })
    .from(classSeats)
    .innerJoin(classLicenses, eq(classLicenses.id, classSeats.classLicenseId))
    .innerJoin(classes, eq(classes.id, classLicenses.classId))
    .where(and(eq(classSeats.userId, userId), isNull(classSeats.freedAt), eq(classLicenses.subjectId, subjectId)))
    .orderBy(sql`${classes.schoolYear} desc`)
    .limit(1);
  return row;
}

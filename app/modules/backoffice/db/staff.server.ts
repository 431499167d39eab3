import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import type { StaffRole } from '../domain/roles.ts';
import { staffInvitations, staffMembers } from './tables.ts';

export type StaffRow = typeof staffMembers.$inferSelect;
export type InvitationRow = typeof staffInvitations.$inferSelect;

export async function findStaffMember(db: Db, userId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.userId, userId));
  return row;
}

/** The staff member's row, locked for the rest of the transaction (a role change or a block). */
export async function lockStaffMember(db: Db, userId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.userId, userId)).for('update');
  return row;
}

export function listStaffRows(db: Db): Promise<StaffRow[]> {
  return db.select().from(staffMembers).orderBy(asc(staffMembers.createdAt), asc(staffMembers.userId));
}

/** Makes the user staff with the role (or gives an existing, perhaps blocked, staff member this role again). */
export async function upsertStaffMember(
  db: Db,
  row: { userId: string; role: StaffRole; invitedBy: string | null },
): Promise<StaffRow> {
  const [saved] = await db
    .insert(staffMembers)
    .values(row)
    .onConflictDoUpdate({ target: staffMembers.userId, set: { role: row.role, disabledAt: null } })
    .returning();
  return saved!;
}

export async function setStaffRole(db: Db, userId: string, role: StaffRole): Promise<void> {
  await db.update(staffMembers).set({ role }).where(eq(staffMembers.userId, userId));
}

export async function setStaffDisabled(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(staffMembers).set({ disabledAt: at }).where(eq(staffMembers.userId, userId));
}

export async function insertInvitation(
  db: Db,
  row: { email: string; role: StaffRole; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<InvitationRow> {
  const [saved] = await db.insert(staffInvitations).values(row).returning();
  return saved!;
}

/** An open invitation by its token's hash: not used, not expired. */
export async function findOpenInvitation(db: Db, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.acceptedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  return row;
}

/** Marks the invitation used; false when another request used it first. */
export async function markInvitationAccepted(db: Db, id: number, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(staffInvitations)
    .set({ acceptedAt: at, acceptedBy: userId })
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)))
    .returning({ id: staffInvitations.id });
  return rows.length > 0;
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '#app/db/client.server.ts';
import { users } from './tables.ts';

/** The user's stored onboarding draft (spec §3), as stored; null when none; undefined when the user is gone. */
export async function findOnboardingDraft(db: Db, userId: string): Promise<unknown> {
  const [row] = await db.select({ draft: users.onboardingDraft }).from(users).where(eq(users.id, userId));
  return row ? row.draft : undefined;
}

/** Stores the user's onboarding draft; false when the user is gone. */
export async function saveOnboardingDraft(db: Db, userId: string, draft: Record<string, unknown>): Promise<boolean> {
  const saved = await db
    .update(users)
    .set({ onboardingDraft: draft, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return saved.length > 0;
}

/**
 * Writes the onboarding's outcome to the user (spec §4 Onboarding): the study
 * profile, onboarding completed, and the draft gone. False when the user is gone.
 */
export async function finishOnboarding(
  db: Db,
  userId: string,
  outcome: { educationRole: string; profile: string | null; examYear: number | null; levels: string[] },
): Promise<boolean> {
  const saved = await db
    .update(users)
    .set({ ...outcome, onboardingCompleted: true, onboardingDraft: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return saved.length > 0;
}

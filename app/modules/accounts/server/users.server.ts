/**
 * The signed-in user's own data (spec §3 User, §7 /v1/users/me). Every
 * function takes the session's user id: there is no way to name another user.
 */
import { findUser, updateUser, type UserRow } from '#app/modules/accounts/db/users.server.ts';
import { USER_LEVELS, type UserLevel } from '#app/platform/education.ts';
import type { UserUpdate, UserView } from '#app/modules/accounts/schemas/user.ts';
import type { Scope } from '#app/platform/server/deps.ts';

/** A user row as the API answers it (spec §3 User). */
export function toUserView(row: UserRow): UserView {
  const levels = row.levels.filter((l): l is UserLevel => (USER_LEVELS as readonly string[]).includes(l));
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    educationRole: row.educationRole === 'teacher' ? 'teacher' : 'pupil',
    onboardingCompleted: row.onboardingCompleted,
    profile: (row.profile as UserView['profile']) ?? null,
    examYear: row.examYear ?? null,
    levels,
  };
}

export async function getMe(s: Pick<Scope, 'db'>, userId: string): Promise<UserView | null> {
  const row = await findUser(s.db, userId);
  return row ? toUserView(row) : null;
}

export async function updateMe(s: Scope, userId: string, update: UserUpdate): Promise<UserView | null> {
  const row = await updateUser(s.db, userId, update);
  return row ? toUserView(row) : null;
}

/** Sets the user's levels in the order of USER_LEVELS, whatever order they came in. */
export async function setMyLevels(s: Scope, userId: string, levels: readonly UserLevel[]): Promise<UserView | null> {
  const ordered = USER_LEVELS.filter((level) => levels.includes(level));
  const row = await updateUser(s.db, userId, { levels: ordered });
  return row ? toUserView(row) : null;
}

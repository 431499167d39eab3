/**
 * The rules of a class (issue 31): its join code, the 14 days in which the code works freely, the school
 * year that ends on 31 July (a class is archived, read-only, from 1 August), the name a teacher sees of a
 * pupil. Pure: every rule that needs the time takes it.
 */
import { DAY_MS, DEFAULT_TIME_ZONE } from '#app/platform/dates.ts';

/** A join code's characters: no 0/O, 1/I/L, so a code read from the board cannot be mistyped. */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const JOIN_CODE_LENGTH = 8;
/** A code works freely this long after it was made; after it, a joiner waits for a teacher's approval. */
export const FREE_JOIN_DAYS = 14;
export const MAX_CLASS_SUBJECTS = 5;
export const MAX_CLASS_NAME = 60;
export const MAX_SCHOOL_NAME = 100;

/** A new join code from `random` (a source of uniform [0, 1) numbers: crypto in the service, seeded in tests). */
export function newJoinCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1)
    code += JOIN_CODE_ALPHABET[Math.floor(random() * JOIN_CODE_ALPHABET.length)];
  return code;
}

/** A typed code as it is stored: upper case, without spaces or hyphens ('ab3k-7mqp' → 'AB3K7MQP'). */
export function normaliseJoinCode(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** A stored code as the board shows it: two groups of four ('AB3K-7MQP'). */
export function formatJoinCode(code: string): string {
  return code.length === JOIN_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** Whether a code opened at `openedAt` still lets a pupil in without approval at `now`. */
export function joinsFreely(openedAt: Date, now: Date): boolean {
  return now.getTime() - openedAt.getTime() < FREE_JOIN_DAYS * DAY_MS;
}

/** The day a code stops working freely. */
export function freeJoinUntil(openedAt: Date): Date {
  return new Date(openedAt.getTime() + FREE_JOIN_DAYS * DAY_MS);
}

const yearMonth = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE, year: 'numeric', month: 'numeric' });

/** The school year `now` falls in, as the year it starts (1 August in the Netherlands): 2026 for 2026–2027. */
export function schoolYearOf(now: Date): number {
  const parts = yearMonth.formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  return month >= 8 ? year : year - 1;
}

/** '2026–2027'. */
export const schoolYearLabel = (schoolYear: number) => `${schoolYear}–${schoolYear + 1}`;

/** A class of `schoolYear` is archived from 1 August of the next calendar year: read-only, its history kept. */
export function isArchived(schoolYear: number, now: Date): boolean {
  return schoolYearOf(now) > schoolYear;
}

/**
 * The last moment of a school year: 31 July 23:59:59.999 in the Netherlands, when what a class licence
 * gave ends. Found from noon UTC on 1 August, less the Dutch offset that day (summer time: +2 hours).
 */
export function schoolYearEnd(schoolYear: number): Date {
  const firstAugustNoon = Date.UTC(schoolYear + 1, 7, 1, 12);
  const hourThere = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(firstAugustNoon),
    ),
  );
  const offsetHours = hourThere - 12;
  return new Date(Date.UTC(schoolYear + 1, 7, 1) - offsetHours * 3_600_000 - 1);
}

/**
 * The name a teacher sees of a pupil: the first name and the initial of the last word ('Sanne de Vries' →
 * 'Sanne V.'), never the e-mail address. One word stays as it is.
 */
export function displayName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Leerling';
  if (words.length === 1) return words[0]!;
  const last = words.at(-1)!;
  return `${words[0]} ${last.charAt(0).toLocaleUpperCase('nl-NL')}.`;
}

/** A class's role for a user: its owner, a co-teacher, an (active) member, or none of these. */
export type ClassRole = 'owner' | 'co' | 'member' | 'none';
export const isTeacherRole = (role: ClassRole): role is 'owner' | 'co' => role === 'owner' || role === 'co';

export const MEMBER_STATUSES = ['pending', 'active', 'removed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Readonly<Record<MemberStatus, string>> = {
  pending: 'Wacht op toelating',
  active: 'In de klas',
  removed: 'Uit de klas gehaald',
};

/** Time zone in which dates are shown to people (single locale nl, spec §1). */
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'weekday' | 'year' | 'yearOnly' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'weekday'
        ? { weekday: 'long', day: 'numeric', month: 'long', timeZone }
        : kind === 'year'
          ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }
          : kind === 'dateTime'
            ? {
                weekday: 'long',
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
                timeZone,
              }
            : { year: 'numeric', timeZone };
    format = new Intl.DateTimeFormat('nl-NL', options);
    formatters.set(key, format);
  }
  return format;
}

function assertValidDate(date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
}

/**
 * Weekday, day and month in Dutch (spec §9), e.g. 'zondag 22 november'.
 * Throws a RangeError for an invalid date.
 */
export function formatDutchDate(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  assertValidDate(date);
  return formatter('weekday', timeZone).format(date);
}

/** Weekday, day, month and year in Dutch (spec §9), e.g. 'zondag 22 november 2026' (article publishDate, spec §3). */
export function formatDutchDateWithYear(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  assertValidDate(date);
  return formatter('year', timeZone).format(date);
}

/** The calendar year of `now` in the given time zone (footer copyright, spec §2). */
export function currentYear(now: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  assertValidDate(now);
  return Number(formatter('yearOnly', timeZone).format(now));
}

/** Weekday, date and time in Dutch, e.g. 'maandag 23 november 2026 om 11:42'. Throws a RangeError for an invalid date. */
export function formatDutchDateTime(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  assertValidDate(date);
  return formatter('dateTime', timeZone).format(date);
}

/** Exam years a pupil can choose: this school year's exams up to four years ahead. */
export function examYearRange(now: Date): { min: number; max: number } {
  // The exams of a school year are in May; from August a new school year's exams are the next ones.
  const first = now.getUTCMonth() >= 7 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return { min: first, max: first + 4 };
}

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

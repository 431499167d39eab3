/**
 * The public pages for teachers (issue 31): /voor-docenten, which says what a teacher account does, and its
 * quote request for a class licence. School orders are paid by invoice, so a class licence is asked for with
 * this form, never put in a cart; the request goes to the contact inbox (`contact_messages`, subject
 * 'school') with the same confirmation as a contact message. Pure.
 */
import type { ContactSubject } from './contact.ts';

export const TEACHERS_PATH = '/voor-docenten';
export const QUOTE_PATH = `${TEACHERS_PATH}/offerte`;

/** The contact subject a quote request is stored and mailed under: 'Bestellen voor een school of klas'. */
export const QUOTE_CONTACT_SUBJECT: ContactSubject = 'school';

/** How long each field may be; the pupils are a class licence's seats (1 to 1000, as a licence code holds them). */
export const QUOTE_LIMITS = {
  name: 100,
  school: 100,
  subject: 100,
  message: 2000,
  minPupils: 1,
  maxPupils: 1000,
} as const;

/**
 * How many quote requests one client sends in ten minutes: a school asks for a few at most, and each request
 * mails a confirmation to the address typed, so the limit holds while the shared counter is down too.
 */
export const QUOTE_REQUESTS = { name: 'quote', points: 5, durationSeconds: 600, failClosed: true } as const;

/** Exam years a quote offers: this school year's exams and the two after. */
export const QUOTE_EXAM_YEARS = 3;

/** The exam years to choose from, the first being this school year's (`examYearRange(now).min`). */
export function quoteExamYears(first: number): number[] {
  return Array.from({ length: QUOTE_EXAM_YEARS }, (_, i) => first + i);
}

/** The query parameters that fill in the form from a link (a class licence's page): its subject and exam year. */
export const QUOTE_PARAMS = { subject: 'vak', examYear: 'examenjaar' } as const;

/** The form's address, filled in with a class licence's subject ('Wiskunde B havo') and exam year. */
export function quoteHref(prefill: { subject?: string | undefined; examYear?: string | number | null | undefined }) {
  const query = new URLSearchParams();
  if (prefill.subject) query.set(QUOTE_PARAMS.subject, prefill.subject);
  if (prefill.examYear) query.set(QUOTE_PARAMS.examYear, String(prefill.examYear));
  const search = query.toString();
  return search ? `${QUOTE_PATH}?${search}` : QUOTE_PATH;
}

/** What a link may fill in: a subject of at most the field's length, an exam year among the offered ones. */
export function quotePrefill(params: URLSearchParams, examYears: readonly number[]) {
  const subject = params.get(QUOTE_PARAMS.subject)?.trim().slice(0, QUOTE_LIMITS.subject) ?? '';
  const year = Number(params.get(QUOTE_PARAMS.examYear));
  return { subject, examYear: examYears.includes(year) ? year : null };
}

export interface QuoteRequest {
  name: string;
  email: string;
  school: string;
  subject: string;
  examYear: number;
  pupils: number;
  message?: string | undefined;
}

/** '28 leerlingen', '1 leerling'. */
export const pupilsText = (pupils: number) => `${pupils} ${pupils === 1 ? 'leerling' : 'leerlingen'}`;

/** The request as the inbox stores it (the message of a contact message): one line a field, then the remark. */
export function quoteMessageText(request: QuoteRequest): string {
  return [
    'Offerteaanvraag klaslicentie',
    `School: ${request.school}`,
    `Vak en niveau: ${request.subject}`,
    `Examenjaar: ${request.examYear}`,
    `Aantal leerlingen: ${request.pupils}`,
    ...(request.message ? ['', 'Toelichting:', request.message] : []),
  ].join('\n');
}

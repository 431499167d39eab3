import { QUOTE_EXAM_YEARS, QUOTE_LIMITS } from '#app/modules/content/domain/teachers.ts';
import { CONTENT_MESSAGES } from '#app/modules/content/domain/messages.ts';
import { examYearRange } from '#app/platform/dates.ts';
import { email, optionalTrimmedString, requiredString } from '#app/platform/schemas/fields.ts';
import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { z } from '#app/platform/schemas/z.ts';

/** A number field: missing → 'Dit veld is verplicht'; anything but a whole number → `message`. */
const wholeNumber = (message: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? MESSAGES.REQUIRED : message) }).int({ error: message });

/**
 * The quote request for a class licence (/voor-docenten/offerte, issue 31): used by the form in the browser
 * (Conform) and by its route action (without JavaScript). Strings are trimmed; the exam year is one of the
 * years the form offers at the time of sending (this school year's exams and the two after); the pupils are
 * the licence's seats. `website` is a honeypot that people never see and leave empty.
 */
export const quoteSchema = z.object({
  name: requiredString().max(QUOTE_LIMITS.name, { error: MESSAGES.maxChars(QUOTE_LIMITS.name) }),
  email: email(),
  school: requiredString().max(QUOTE_LIMITS.school, { error: MESSAGES.maxChars(QUOTE_LIMITS.school) }),
  subject: requiredString().max(QUOTE_LIMITS.subject, { error: MESSAGES.maxChars(QUOTE_LIMITS.subject) }),
  examYear: wholeNumber(CONTENT_MESSAGES.QUOTE_EXAM_YEAR).refine(
    (year) => {
      const first = examYearRange(new Date()).min;
      return year >= first && year < first + QUOTE_EXAM_YEARS;
    },
    { error: CONTENT_MESSAGES.QUOTE_EXAM_YEAR },
  ),
  pupils: wholeNumber(CONTENT_MESSAGES.QUOTE_PUPILS)
    .min(QUOTE_LIMITS.minPupils, { error: CONTENT_MESSAGES.QUOTE_PUPILS })
    .max(QUOTE_LIMITS.maxPupils, { error: CONTENT_MESSAGES.QUOTE_PUPILS }),
  message: optionalTrimmedString().pipe(
    z
      .string()
      .max(QUOTE_LIMITS.message, { error: MESSAGES.maxChars(QUOTE_LIMITS.message) })
      .optional(),
  ),
  website: z.string().max(200).optional(),
});

export type QuoteInput = z.input<typeof quoteSchema>;
export type QuoteSubmission = z.output<typeof quoteSchema>;

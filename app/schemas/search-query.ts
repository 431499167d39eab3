import { MESSAGES } from './messages.ts';
import { z } from './z.ts';

/** Addition (the spec names no message): a search needs at least two characters. */
export const SEARCH_TOO_SHORT = 'Typ minimaal 2 tekens om te zoeken.';
export const SEARCH_MAX_LENGTH = 100;

/** The query of /zoeken?q=…&page=… (issue 6, item 6): trimmed, 2–100 characters; page 1 when missing or wrong. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, { error: SEARCH_TOO_SHORT })
    .max(SEARCH_MAX_LENGTH, { error: MESSAGES.maxChars(SEARCH_MAX_LENGTH) }),
  page: z.coerce.number().int().min(1).max(1000).catch(1).default(1),
});

export type SearchQuery = z.output<typeof searchQuerySchema>;

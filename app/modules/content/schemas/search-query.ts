import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { textNumber } from '#app/platform/schemas/form.ts';
import { z } from '#app/platform/schemas/z.ts';
import { CONTENT_MESSAGES } from '#app/modules/content/domain/messages.ts';

export const SEARCH_MAX_LENGTH = 100;
/** Results per group and page on /zoeken; the header's suggestions ask for fewer. */
export const SEARCH_PAGE_SIZE = 10;

/** The query of /zoeken?q=…&page=… and the search API: trimmed, 2–100 characters; page 1 when missing or wrong. */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, { error: CONTENT_MESSAGES.SEARCH_TOO_SHORT })
    .max(SEARCH_MAX_LENGTH, { error: MESSAGES.maxChars(SEARCH_MAX_LENGTH) })
    .meta({ description: 'What to search for; Dutch words, typos in titles are forgiven.', example: 'wiskunde' }),
  page: textNumber(z.number().int().min(1).max(1000)).catch(1).default(1).meta({
    type: 'integer',
    minimum: 1,
    description: 'Page number, from 1; 10 results per group a page; page 1 when missing or invalid.',
    example: 1,
  }),
  limit: textNumber(z.number().int().min(1).max(SEARCH_PAGE_SIZE)).catch(SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE).meta({
    type: 'integer',
    minimum: 1,
    maximum: SEARCH_PAGE_SIZE,
    description: 'Results per group (1–10, default 10); the instant search asks for 4.',
    example: 4,
  }),
});

export type SearchQuery = z.output<typeof searchQuerySchema>;

/** Text with the matched words flagged (`hit`); it is plain text, never HTML. */
const highlightedSchema = z
  .array(z.object({ text: z.string(), hit: z.boolean() }))
  .meta({ description: 'Text in segments; `hit` marks the words that matched the query. Plain text, never HTML.' });

/** The answer of a search (GET /api/v1/search, /zoeken): two groups, 10 a page each, best match first. */
export const searchResultsSchema = z.object({
  query: z.string(),
  page: z.number().int(),
  products: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        href: z.string().meta({ description: 'Path of the product page.' }),
        name: highlightedSchema,
        snippet: highlightedSchema,
        priceCents: z.number().int().meta({ description: 'Price in euro cents, VAT included.' }),
      }),
    ),
  }),
  pages: z
    .object({
      items: z.array(
        z.object({
          href: z.string().meta({ description: 'Path of the information page.' }),
          title: highlightedSchema,
          snippet: highlightedSchema,
        }),
      ),
    })
    .meta({ description: 'Information pages (exameninfo, FAQ, …) that match; on the first page only, at most 3.' }),
  articles: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        href: z.string().meta({ description: 'Path of the article.' }),
        title: highlightedSchema,
        snippet: highlightedSchema,
        publishDate: z.string(),
      }),
    ),
  }),
  hasNextPage: z.boolean().meta({ description: 'Either group has more results on the next page.' }),
});

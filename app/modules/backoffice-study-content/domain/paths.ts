/** The back office's study content pages (issue 35, item 3). */
export const STUDY_CONTENT_PATHS = {
  list: '/beheer/studie-inhoud',
  upload: '/beheer/studie-inhoud/uploaden',
  draft: (id: number) => `/beheer/studie-inhoud/concepten/${id}`,
} as const;

/**
 * The largest body of an upload, on the page (a multipart form: the file, or the text) and in the API (JSON):
 * the largest study file today is about 150 kB, so 2 MB leaves room for a subject of 400 cards with long texts.
 * Every other write keeps DEFAULT_MAX_BODY_BYTES (16 kB; server/api/limits.ts).
 */
export const STUDY_CONTENT_MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The longest text an upload takes (characters): within the body limit, as JSON or as a form. */
export const STUDY_CONTENT_MAX_CHARS = 1_500_000;

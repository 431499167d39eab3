import { subjectSlug } from '#app/platform/study-paths.ts';
import { z } from './z.ts';

/**
 * How the API names a subject (issue 34): one slug per subject, the one of its pages
 * (/mijnslaagbundel/{id}/{slug}, `subjectSlug`), and the school subject's own slug beside it. Every answer
 * that holds a subject extends its schema with these fields and builds it with `subjectAnswer`; inside the
 * modules a subject's `slug` stays the school subject's (the shop's products, the timetable, the grades).
 */
export const SUBJECT_ANSWER_FIELDS = {
  slug: z.string().meta({
    description: 'The subject’s slug: school subject and level, as in its address /mijnslaagbundel/{id}/{slug}.',
    example: 'wiskunde-b-havo',
  }),
  schoolSubject: z
    .string()
    .meta({ description: 'The school subject’s slug (the shop’s filter).', example: 'wiskunde-b' }),
};

/** A subject as the API answers it (SUBJECT_ANSWER_FIELDS). */
export function subjectAnswer<T extends { slug: string; levelName: string }>(
  view: T,
): Omit<T, 'slug'> & { slug: string; schoolSubject: string } {
  return { ...view, slug: subjectSlug(view), schoolSubject: view.slug };
}

/**
 * The taxonomy of the content service (spec §7): levels and school subjects,
 * read through the content port and cached like the other content.
 */
import type { Scope } from '#app/platform/server/deps.ts';
import type { TaxonomyEntry } from '../schemas/views.ts';

type Fields = Record<string, unknown>;

function read<T>(s: Scope, key: string, load: () => Promise<T>): Promise<T> {
  return s.once(key, () => s.cache.get(key, load));
}

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Levels of the content service (spec §7: ordered by title). */
export function getLevels(s: Scope): Promise<TaxonomyEntry[]> {
  return read(s, 'levels', () => getTaxonomy(s, 'level'));
}

/** School subjects of the content service (spec §7: ordered by title), with the levels each is taught at. */
export function getSchoolSubjects(s: Scope): Promise<TaxonomyEntry[]> {
  return read(s, 'schoolSubjects', () => getTaxonomy(s, 'schoolSubject'));
}

async function getTaxonomy(s: Scope, contentType: 'level' | 'schoolSubject'): Promise<TaxonomyEntry[]> {
  const { items } = await s.content.getEntries<Fields>({ contentType, order: 'fields.title', limit: 100 });
  return items.map((entry) => ({
    id: entry.sys.id,
    title: str(entry.fields.title),
    slug: str(entry.fields.slug),
    levels: arr(entry.fields.levels)
      .map((l) => str(l))
      .filter(Boolean),
  }));
}

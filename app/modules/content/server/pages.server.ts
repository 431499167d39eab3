import { renderRichTextSegments } from './rich-text.server.ts';
import { plainBlock } from './exam-timetable.server.ts';
import type { Scope } from '#app/platform/server/deps.ts';
import type { ArticleBodySegment, CmsPage } from '#app/modules/content/schemas/views.ts';
import { isProductBlock } from '#app/modules/content/domain/article-blocks.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A catch-all page of the content service by its path ('exameninfo/herexamen'); null when unknown. */
export async function getCmsPage(s: Scope, segments: string[]): Promise<CmsPage | null> {
  if (segments.length === 0 || segments.length > 3 || !segments.every((seg) => SLUG.test(seg))) return null;
  const slug = segments.join('/');
  const page = await s.cache.get(`page:${slug}`, async () => {
    const { items } = await s.content.getEntries<Record<string, unknown>>({
      contentType: 'page',
      where: { 'fields.slug': slug },
      limit: 1,
    });
    const entry = items[0];
    if (!entry) return null;
    const f = entry.fields;
    return {
      id: entry.sys.id,
      slug,
      title: String(f.title ?? ''),
      metaDescription: String(f.metaDescription ?? ''),
      text: renderRichTextSegments(String(f.body ?? '')),
    };
  });
  if (!page) return null;
  // The blocks' data is read after the page's text is kept: a timetable staff publish shows at once (its own
  // cache entry goes on publication), not when the page's text expires. A page embeds only plain blocks (a
  // timetable, the newsletter); product blocks belong in articles.
  const { text, ...rest } = page;
  const body = await Promise.all(
    text.map(
      async (segment): Promise<ArticleBodySegment[]> =>
        segment.type === 'html'
          ? [segment]
          : isProductBlock(segment.block)
            ? []
            : [{ type: 'block', block: await plainBlock(s, segment.block) }],
    ),
  );
  return { ...rest, body: body.flat() };
}

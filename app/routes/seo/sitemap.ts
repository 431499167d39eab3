import type { Route } from './+types/sitemap';
import { sitemapXml } from '#app/platform/seo.ts';
import { scopeContext } from '#app/context.ts';
import { getSitemapEntries } from '#app/modules/content/index.server.ts';

/** /sitemap.xml: every public page (app/modules/content/server/seo.server.ts), for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const scope = context.get(scopeContext);
  const xml = sitemapXml(scope.settings.publicUrl, await getSitemapEntries(scope));
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}

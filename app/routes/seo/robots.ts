import type { Route } from './+types/robots';
import { robotsTxt } from '#app/platform/seo.ts';
import { scopeContext } from '#app/context.ts';

/** /robots.txt: what crawlers may visit, and where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(scopeContext).settings;
  return new Response(robotsTxt(publicUrl), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

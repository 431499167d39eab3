import type { MetaDescriptor } from 'react-router';
import { BRAND } from '#app/platform/brand.ts';
import { absoluteUrl } from '#app/platform/seo.ts';

/** The public origin from the root loader's data, as a route's meta function sees it in `matches`. */
export function publicUrlOf(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): string | undefined {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl;
}

/** An image or link for other sites: absolute on the public origin unless it already is. */
export function absoluteAsset(publicUrl: string | undefined, url: string): string {
  return /^https?:/.test(url) || !publicUrl ? url : absoluteUrl(publicUrl, url);
}

/**
 * The head of a public page for search engines and link previews: title, description, canonical URL and Open Graph, plus optional
 * JSON-LD blocks (data, never run: the CSP is not involved).
 */
export function pageMeta({
  title,
  description,
  path,
  publicUrl,
  image,
  type = 'website',
  jsonLd = [],
}: {
  title: string;
  description: string;
  path: string;
  publicUrl: string | undefined;
  image?: string | null | undefined;
  type?: 'website' | 'article';
  jsonLd?: Record<string, unknown>[];
}): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title }, { name: 'description', content: description }];
  if (!publicUrl) return meta;
  const url = absoluteUrl(publicUrl, path);
  return [
    ...meta,
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: BRAND.name },
    { property: 'og:locale', content: 'nl_NL' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [{ property: 'og:image', content: /^https?:/.test(image) ? image : absoluteUrl(publicUrl, image) }]
      : []),
    ...jsonLd.map((data) => ({ 'script:ld+json': { '@context': 'https://schema.org', ...data } })),
  ];
}

/** A BreadcrumbList (schema.org) of named paths, in order. */
export function breadcrumbs(publicUrl: string | undefined, trail: { name: string; path: string }[]) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(publicUrl ? { item: absoluteUrl(publicUrl, crumb.path) } : {}),
    })),
  };
}

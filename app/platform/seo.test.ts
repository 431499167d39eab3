import { describe, expect, it } from 'vitest';
import { absoluteUrl, robotsTxt, sitemapXml } from './seo.ts';

describe('sitemapXml', () => {
  it('lists absolute, escaped URLs once, with the day of their last change', () => {
    const xml = sitemapXml('https://www.slaagbundel.nl/', [
      { path: '/' },
      { path: '/artikel/a&b', lastModified: '2026-11-02T08:00:00.000Z' },
      { path: '/' },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://www.slaagbundel.nl/</loc></url>\n' +
        '<url><loc>https://www.slaagbundel.nl/artikel/a&amp;b</loc><lastmod>2026-11-02</lastmod></url>\n' +
        '</urlset>\n',
    );
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of personal and technical paths and names the sitemap', () => {
    const robots = robotsTxt('https://www.slaagbundel.nl');
    expect(robots).toContain('User-agent: *\nDisallow: /mijnslaagbundel\nDisallow: /api/');
    expect(robots).toContain('Disallow: /dev/');
    expect(robots.trim().endsWith('Sitemap: https://www.slaagbundel.nl/sitemap.xml')).toBe(true);
  });
});

describe('absoluteUrl', () => {
  it('joins an origin and a path with exactly one slash', () => {
    expect(absoluteUrl('http://localhost:3000/', '/a')).toBe('http://localhost:3000/a');
    expect(absoluteUrl('http://localhost:3000', 'a')).toBe('http://localhost:3000/a');
  });
});

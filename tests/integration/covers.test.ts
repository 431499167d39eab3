/** The generated product covers (content/covers.ts, npm run content:covers). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverImagePath } from '#app/modules/catalog/domain/products.ts';
import { coverSvg, themeColours, type CoverProduct } from '../../content/covers.ts';

const products = JSON.parse(readFileSync('content/products.json', 'utf8')) as CoverProduct[];
const subjects = JSON.parse(readFileSync('content/school-subjects.json', 'utf8')) as {
  fields: { slug: string; title: string };
}[];
const titles = new Map(subjects.map((s) => [s.fields.slug, s.fields.title]));
const colours = themeColours(readFileSync('app/app.css', 'utf8'));

describe('product covers', () => {
  it('are committed as content:covers writes them, one per product', () => {
    for (const product of products) {
      const file = path.join('public', coverImagePath(product.sku));
      const expected = coverSvg(product, titles.get(product.subject) ?? product.subject, colours);
      expect(readFileSync(file, 'utf8'), `${file}: run npm run content:covers`).toBe(expected);
    }
  });

  it('show type, subject, level and exam year in the level’s colour, without outside fonts or images', () => {
    const product = products.find((p) => p.sku === 'SB-VWO-WB-2027')!;
    const svg = coverSvg(product, 'Wiskunde B', colours);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 400"/);
    expect(svg).toContain(`fill="${colours.vwo.primary}"`);
    for (const text of [
      'EXAMENBUNDEL',
      'Wiskunde B',
      '>vwo<',
      'examen 2027',
      'Omslag van Slaagbundel Wiskunde B vwo 2027',
    ]) {
      expect(svg).toContain(text);
    }
    expect(svg).not.toMatch(/<image|@import|url\(|href=/);
    expect(svg.length).toBeLessThan(3000);
  });

  it('read the level colours from app.css: vmbo purple-pink, havo blue, vwo red', () => {
    expect(colours).toEqual({
      vmbo: { primary: '#a3237f', dark: '#7c1a61', soft: '#fbeaf5' },
      havo: { primary: '#1d4ed8', dark: '#163c9f', soft: '#e8effd' },
      vwo: { primary: '#c8102e', dark: '#960c22', soft: '#fde8eb' },
    });
  });
});

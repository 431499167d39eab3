/**
 * Bench data generator: `count` articles in the content service's shape,
 * written from the demo articles' own sentences (content/articles.json), so
 * their Dutch words, lengths and word forms are those of real articles. The
 * same count gives the same articles (a fixed seed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '#app/platform/random.ts';

interface SourceArticle {
  fields: { title: string; intro: string; body: string; category: { sys: { id: string } } };
}

export interface GeneratedArticle {
  id: string;
  fields: Record<string, unknown>;
  createdAt: Date;
}

const TOPICS = [
  'Nederlands',
  'Engels',
  'wiskunde A',
  'wiskunde B',
  'biologie',
  'geschiedenis',
  'economie',
  'scheikunde',
  'natuurkunde',
  'aardrijkskunde',
  'Duits',
  'Frans',
];
const ANGLES = [
  'Zo bereid je je voor op',
  'Vijf tips voor',
  'Veelgemaakte fouten bij',
  'Slim herhalen voor',
  'De laatste week voor',
  'Zo haal je punten bij',
  'Rustig blijven bij',
  'Een planning voor',
];
const LEVELS = ['vmbo', 'havo', 'vwo'];

export function generateArticles(count: number, contentDir: string): GeneratedArticle[] {
  const source = JSON.parse(readFileSync(join(contentDir, 'articles.json'), 'utf8')) as SourceArticle[];
  const paragraphs = source.flatMap((a) => a.fields.body.split(/\n{2,}/).filter((p) => p.length > 80));
  const intros = source.map((a) => a.fields.intro);
  const categories = [...new Set(source.map((a) => a.fields.category.sys.id))];
  const random = mulberry32(20_261_123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const start = Date.parse('2023-01-01T08:00:00.000Z');
  const span = Date.parse('2026-06-30T08:00:00.000Z') - start;
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    const title = `${pick(ANGLES)} ${pick(TOPICS)} ${pick(LEVELS)} (${n})`;
    const publishDate = new Date(start + Math.floor(random() * span)).toISOString();
    const body = Array.from({ length: 6 + Math.floor(random() * 6) }, () => pick(paragraphs)).join('\n\n');
    return {
      id: `bench-article-${n}`,
      createdAt: new Date(publishDate),
      fields: {
        title,
        slug: `bench-artikel-${n}`,
        metaTitle: title,
        metaDescription: pick(intros),
        titleTemplate: null,
        publishDate,
        category: { sys: { type: 'Link', linkType: 'Entry', id: pick(categories) } },
        intro: pick(intros),
        body,
      },
    };
  });
}

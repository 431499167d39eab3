import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProductPreviews, productPreviewsFileSchema } from './product-previews.ts';

/** The smallest entry the schema accepts: a summary-style subject without a word list. */
const sample = (subject: string) => ({
  subject,
  chapters: ['Markt en prijsvorming', 'Sparen, lenen en rente'],
  question: { context: 'Opgave 1, Kaartjes: er zijn 5000 kaartjes.', text: 'Leg uit wat er gebeurt.', points: 2 },
  answer: ['Er is een vraagoverschot.', 'De prijs stijgt.'],
  tip: 'Gebruik de begrippen vraag en aanbod.',
  terms: [{ term: 'Inflatie', text: 'Een algemene stijging van de prijzen.' }],
});

describe('productPreviewsFileSchema (content/product-previews.json)', () => {
  it('accepts the real file: one entry per subject, the word lists where there are', () => {
    const raw: unknown = JSON.parse(readFileSync('content/product-previews.json', 'utf8'));
    const parsed = parseProductPreviews(raw);
    expect(parsed.success ? [] : parsed.errors).toEqual([]);
    if (!parsed.success) return;
    expect(parsed.data.map((s) => s.subject)).toContain('nederlands');
    expect(parsed.data.find((s) => s.subject === 'engels')?.words?.length).toBeGreaterThan(0);
    // Parsing changes nothing: the pages show the text exactly as written.
    expect(parsed.data).toEqual(raw);
  });

  it('accepts a minimal entry, words optional', () => {
    expect(productPreviewsFileSchema.parse([sample('economie')])).toEqual([sample('economie')]);
  });

  it('names the file, the entry with its subject and the path of every problem', () => {
    const bad: Record<string, unknown>[] = [sample('economie'), sample('duits'), sample('frans'), sample('Wiskunde B')];
    bad[0]!.question = { context: 'Opgave 1.', text: 'Leg uit.', points: '2' };
    delete bad[1]!.tip;
    bad[1]!.woorden = [];
    bad[2]!.terms = [{ term: 'Inflatie', text: ' Een stijging van de prijzen.' }];
    expect(parseProductPreviews(bad)).toEqual({
      success: false,
      errors: [
        'product-previews.json[0] economie: question.points: Invalid input: expected number, received string',
        'product-previews.json[1] duits: tip: Invalid input: expected string, received undefined',
        'product-previews.json[1] duits: Unrecognized key: "woorden"',
        'product-previews.json[2] frans: terms[0].text: no spaces or line breaks at the start or the end',
        'product-previews.json[3] Wiskunde B: subject: a subject slug is kebab-case, as in school-subjects.json',
      ],
    });
  });

  it('refuses a subject twice, an empty list and a top level that is not an array', () => {
    expect(parseProductPreviews([sample('economie'), sample('economie')])).toEqual({
      success: false,
      errors: ['product-previews.json[1] economie: subject: subject "economie" is used twice'],
    });
    expect(parseProductPreviews([{ ...sample('economie'), chapters: [] }], 'content/product-previews.json')).toEqual({
      success: false,
      errors: ['content/product-previews.json[0] economie: chapters: Too small: expected array to have >=1 items'],
    });
    expect(parseProductPreviews({ economie: sample('economie') })).toEqual({
      success: false,
      errors: ['product-previews.json: Invalid input: expected array, received object'],
    });
    expect(parseProductPreviews([null])).toEqual({
      success: false,
      errors: ['product-previews.json[0]: Invalid input: expected object, received null'],
    });
  });
});

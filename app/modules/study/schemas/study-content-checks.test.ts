import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formulaError } from '#app/platform/server/formula.server.ts';
import {
  checkStudyContentText,
  GENERAL_ARTICLE_CATEGORY,
  type StudyArticle,
  studyContentErrorText,
  studyContentProblems,
} from './study-content-checks.ts';

/** A real, correct study file (havo geschiedenis), as the e2e test uploads it. */
const SOURCE = readFileSync(new URL('../../../../tests/support/study/havo-geschiedenis.json', import.meta.url), 'utf8');
const lines = SOURCE.split('\n');
/** The 1-based line of the first line of SOURCE (from line `after` on) that contains `text`. */
const lineWith = (text: string, after = 1) => lines.findIndex((line, i) => i + 1 >= after && line.includes(text)) + 1;

const articles = new Map<string, StudyArticle>([
  ['herhalen-met-leerkaarten', { category: GENERAL_ARTICLE_CATEGORY, subjects: new Set() }],
  ['examenplanning-maken', { category: GENERAL_ARTICLE_CATEGORY, subjects: new Set() }],
  ['formuleblad-wiskunde', { category: 'category-rekenen-en-wiskunde', subjects: new Set(['wiskunde-b']) }],
]);
const options = { articles, formulaError };
const check = (text: string) => checkStudyContentText(text, options);
const errorsOf = (text: string) => {
  const result = check(text);
  if (result.ok) throw new Error('the text passed');
  return result.errors;
};

describe('the study content checks with the line of each problem (issue 35, item 3)', () => {
  it('passes a correct file', () => {
    const result = check(SOURCE);
    expect(result.ok).toBe(true);
    expect(result.ok && result.file.subject).toEqual({ slug: 'geschiedenis', level: 'havo' });
  });

  it('names the line of a card’s unknown topic, in Dutch, with the line’s text', () => {
    const at = lineWith('"key": "landbouwrevolutie"');
    const topicLine = lineWith('"oudheid"', at);
    const text = lines
      .map((line, i) => (i + 1 === topicLine ? line.replace('"oudheid"', '"oudhied"') : line))
      .join('\n');
    const errors = errorsOf(text);
    expect(errors).toEqual([
      {
        line: topicLine,
        where: 'cards[10].topics[0]',
        message: 'Kaart "landbouwrevolutie" noemt het onderwerp "oudhied", maar dat staat niet in parentTopics.',
        excerpt: '"topics": ["oudhied"],',
      },
    ]);
    expect(studyContentErrorText(errors[0]!)).toBe(
      `Regel ${topicLine}, cards[10].topics[0]: Kaart "landbouwrevolutie" noemt het onderwerp "oudhied", maar dat staat niet in parentTopics.`,
    );
  });

  it('says the format’s problems in Dutch at their own lines: a wrong type, a missing field, unknown members', () => {
    const file = JSON.parse(SOURCE) as Record<string, unknown> & { cards: Record<string, unknown>[] };
    file.cards[2]!.title = 3;
    delete file.cards[4]!.body;
    file.cards[5]!.titel = 'Tijdvak 6';
    file.cards[5]!.uitleg = 'x';
    file.cards[6]!.section = 'theorie';
    file.cards[7]!.key = 'Tijdvak 8';
    const text = JSON.stringify(file, null, 2);
    const at = (needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;
    expect(errorsOf(text).map(studyContentErrorText)).toEqual([
      `Regel ${at('"title": 3')}, cards[2].title: Hier hoort tekst tussen aanhalingstekens, maar er staat een getal.`,
      `Regel ${at('"key": "tijdvak-5"') - 1}, cards[4].body: Het veld "body" ontbreekt.`,
      `Regel ${at('"titel"')}, cards[5].titel: Onbekend veld "titel": controleer de spelling, of haal het weg.`,
      `Regel ${at('"uitleg": "x"')}, cards[5].uitleg: Onbekend veld "uitleg": controleer de spelling, of haal het weg.`,
      `Regel ${at('"theorie"')}, cards[6].section: Kies een van: "uitleg", "oefenen", "examenvragen".`,
      `Regel ${at('"Tijdvak 8"')}, cards[7].key: Een sleutel bestaat uit kleine letters, cijfers en koppeltekens, zoals "afgeleide-1" (nu "Tijdvak 8").`,
    ]);
  });

  it('counts too few cards and too long texts, and a choice question with two right answers', () => {
    const file = JSON.parse(SOURCE) as {
      cards: unknown[];
      idioms: { meaning: string }[];
      tests: { questions: { options?: { correct: boolean }[] }[] }[];
    };
    file.cards = file.cards.slice(0, 39);
    file.idioms[0]!.meaning = 'x'.repeat(501);
    file.tests[0]!.questions[0]!.options![1]!.correct = true;
    const messages = errorsOf(JSON.stringify(file, null, 2)).map((e) => `${e.where}: ${e.message}`);
    expect(messages).toEqual([
      'cards: Minstens 40 kaarten nodig (nu 39).',
      'tests[0].questions[0].options: Precies één antwoordoptie moet "correct": true hebben.',
      'idioms[0].meaning: Te lang: hoogstens 500 tekens (nu 501).',
    ]);
  });

  it('refuses an article of another subject, a formula KaTeX cannot render, placeholder text and HTML', () => {
    const file = JSON.parse(SOURCE) as { articles: string[]; cards: { body: string; answer?: string }[] };
    file.articles = ['formuleblad-wiskunde', 'bestaat-niet'];
    file.cards[0]!.body += ' In formule: $\\frac{1}$.';
    file.cards[1]!.body += ' Dit vullen we binnenkort aan.';
    file.cards[2]!.body += ' <b>let op</b>';
    const messages = errorsOf(JSON.stringify(file, null, 2)).map((e) => `${e.where}: ${e.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^cards\[0\]\.body: De formule "\\frac\{1\}" is geen geldige KaTeX: KaTeX parse error/),
      'cards[1].body: Bevat "binnenkort": lesstof heeft geen plaatshoudertekst.',
      'cards[2].body: Bevat HTML (<b>): die wordt weggelaten. Schrijf Markdown.',
      'articles[0]: Het artikel "formuleblad-wiskunde" gaat over een ander vak: het noemt geen product van geschiedenis.',
      'articles[1]: Het artikel "bestaat-niet" bestaat niet.',
    ]);
  });

  it('says where the text stops being JSON, with the line’s text', () => {
    const text = SOURCE.replace('"light": true,\n', '"light": true,,\n');
    const [error] = errorsOf(text);
    const line = lineWith('"light": true,');
    expect(error).toMatchObject({ line, where: '', excerpt: '"light": true,,' });
    expect(error!.message).toMatch(
      /^Dit is geen geldige JSON \(kolom \d+\)\. Hier staat ",", maar hier hoort de naam van een veld/,
    );
  });

  it('runs the caller’s own checks on a file whose format holds (the subject the catalogue offers)', () => {
    const result = checkStudyContentText(SOURCE, {
      ...options,
      more: (file) => [
        { path: ['subject', 'slug'], dutch: `Het vak "${file.subject.slug}" staat niet in de catalogus.` },
      ],
    });
    expect(result.ok ? [] : result.errors.map(studyContentErrorText)).toEqual([
      `Regel ${lineWith('"slug": "geschiedenis"')}, subject.slug: Het vak "geschiedenis" staat niet in de catalogus.`,
    ]);
  });

  it('answers npm run content:validate’s English lines from the same checks', () => {
    const file = JSON.parse(SOURCE) as { cards: { key: string; topics: string[] }[] };
    file.cards[3]!.key = file.cards[2]!.key;
    file.cards[1]!.topics = ['nergens'];
    const { problems } = studyContentProblems(file, { ...options, fileName: 'havo-geschiedenis.json' });
    expect(problems.map((p) => p.message)).toEqual([
      "card key 'tijdvak-3' is used twice",
      "card tijdvak-2 names unknown topic 'nergens'",
    ]);
    expect(
      studyContentProblems(JSON.parse(SOURCE), { ...options, fileName: 'vwo-geschiedenis.json' }).problems,
    ).toEqual([
      {
        path: ['subject'],
        message: 'the file for geschiedenis havo is havo-geschiedenis.json',
        dutch: 'Het bestand van geschiedenis havo heet havo-geschiedenis.json.',
      },
    ]);
  });
});

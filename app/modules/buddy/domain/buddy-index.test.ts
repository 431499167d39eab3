import { describe, expect, it } from 'vitest';
import {
  answerOrder,
  type BuddyCardSource,
  buddyQuery,
  buildBuddyIndex,
  editDistance,
  passageExcerpt,
  rankPassages,
} from './buddy-index.ts';

/** A formula as KaTeX leaves it in a card's HTML: the buddy reads its TeX annotation. */
const tex = (source: string) =>
  `<span class="katex"><span class="katex-mathml"><math><semantics><annotation encoding="application/x-tex">${source}</annotation></semantics></math></span><span class="katex-html">x</span></span>`;

let nextId = 1;
const card = (title: string, html: string, extra: Partial<BuddyCardSource> = {}): BuddyCardSource => ({
  id: nextId++,
  key: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  title,
  topics: [],
  section: 'uitleg',
  bodyHtml: html,
  answerHtml: null,
  plainText: html.replace(/<[^>]+>/g, ' '),
  light: true,
  corrections: false,
  ...extra,
});

const CARDS = [
  card(
    'De kettingregel',
    `<p>Een <strong>samengestelde functie</strong> is een functie van een functie, zoals ${tex('(3x^2+1)^5')}.</p>` +
      `<p><strong>De kettingregel.</strong> Differentieer de buitenste functie en vermenigvuldig met de afgeleide van het binnenste.</p>`,
    { topics: ['De kettingregel', 'Veranderingen en afgeleiden'] },
  ),
  card(
    'De afgeleide van sinus en cosinus',
    `<p>Voor sinus en cosinus geldt ${tex("f(x) = \\sin(x) \\Rightarrow f'(x) = \\cos(x)")}.</p>` +
      `<p><strong>Voorbeeld.</strong> ${tex('f(x) = 3\\sin(2x)')} geeft ${tex("f'(x) = 6\\cos(2x)")}.</p>`,
    { topics: ['Differentiëren'] },
  ),
  card(
    'Goniometrische vergelijkingen exact oplossen',
    `<p>Een vergelijking als ${tex('\\sin(A) = \\sin(B)')} heeft twee families oplossingen.</p>` +
      `<p><strong>Voorbeeld.</strong> Los exact op: ${tex('2\\sin(x) = 1')} op het interval.</p>`,
  ),
  card(
    'Exponentiële vergelijkingen exact oplossen',
    `<p>Schrijf beide kanten als macht van hetzelfde grondtal: ${tex('4^{x+1} = 8')}.</p>` +
      `<p>Geen gemeenschappelijk grondtal? Gebruik de logaritme: ${tex('3^x = 8')} geeft ${tex('x = {}^{3}\\log(8)')}.</p>`,
  ),
  card(
    'Oefenen: exponentiële vergelijkingen',
    `<p>Los exact op: ${tex('3 \\cdot 2^{x-1} = 48')} en ${tex('5^x = 20')}.</p>`,
    { section: 'oefenen' },
  ),
  card(
    'Halveringstijd en groeifactor',
    '<p>De <strong>halveringstijd</strong> is de tijd waarin een hoeveelheid half zo groot wordt.</p>',
  ),
];
const SYNONYMS = [
  ['afgeleide', 'differentiëren', 'kettingregel'],
  ['sos cas toa', 'overstaand', 'aanliggend'],
];
const index = buildBuddyIndex({
  cards: [
    ...CARDS,
    card(
      'Sinusregel',
      `<p>In elke driehoek geldt de sinusregel met de overstaande zijde en ${tex('\\sin(\\alpha)')}.</p>`,
    ),
  ],
  idioms: [{ id: 900, term: 'Asymptoot', meaning: 'Een lijn waar de grafiek steeds dichter bij komt.', example: '' }],
  synonyms: SYNONYMS,
});

/** The titles of the passages the buddy answers with, best first. */
const titles = (question: string) =>
  answerOrder(rankPassages(index, buddyQuery(index, question)), question).map((p) => p.doc.title);

describe('ranking the subject’s cards for a question', () => {
  it('a formula finds the card that explains its kind of equation, not another card with "exact oplossen"', () => {
    expect(titles('Hoe los ik 2^x = 10 exact op?')[0]).toBe('Exponentiële vergelijkingen exact oplossen');
  });

  it('the explanation comes before a practice card that names the same things in fewer words', () => {
    const ranked = titles('exponentiele vergelijking oplossen');
    expect(ranked.indexOf('Exponentiële vergelijkingen exact oplossen')).toBeLessThan(
      ranked.indexOf('Oefenen: exponentiële vergelijkingen'),
    );
  });

  it('the card’s title weighs more than a mention in another card’s text', () => {
    expect(titles('kettingregel')[0]).toBe('De kettingregel');
  });

  it('synonyms from the subject’s own list: afgeleide ↔ differentiëren ↔ kettingregel', () => {
    const ranked = titles('Hoe bereken ik de afgeleide van sin(2x)?');
    expect(ranked[0]).toBe('De afgeleide van sinus en cosinus');
    // The chain rule is named, though the question does not say it.
    expect(ranked).toContain('De kettingregel');
    expect(titles('hoe differentieer je')).toContain('De kettingregel');
  });

  it('a synonym is the way in for a word the subject does not have', () => {
    expect(titles('sos cas toa')[0]).toBe('Sinusregel');
  });

  it('typos, words written apart, a split verb and a compound still find the card', () => {
    expect(titles('kettinregel')[0]).toBe('De kettingregel');
    expect(titles('ketting regel')[0]).toBe('De kettingregel');
    expect(titles('halverings tijd')[0]).toBe('Halveringstijd en groeifactor');
    expect(titles('hoe los je een exponentiele vergelijking op')[0]).toBe('Exponentiële vergelijkingen exact oplossen');
  });

  it('a "wat is" question puts the idiom named after the term first', () => {
    expect(titles('wat is een asymptoot?')[0]).toBe('Asymptoot');
  });

  it('nothing of substance in common: nothing found', () => {
    expect(titles('kwantumzwaartekracht')).toEqual([]);
  });

  it('any question, however odd, gets an answer list (unbalanced brackets, long runs, symbols)', () => {
    for (const question of [
      '((((',
      'x^'.repeat(250),
      'a'.repeat(500),
      'sin(sin(sin(',
      '√π²∫ ^^ == //',
      '\\frac{',
      '😀 €',
    ]) {
      expect(Array.isArray(titles(question))).toBe(true);
    }
  });
});

describe('what of a card is shown', () => {
  it('the step that matches, whole, named by its bold lead', () => {
    const query = buddyQuery(index, 'hoe werkt de kettingregel');
    const doc = index.docs.find((d) => d.title === 'De kettingregel')!;
    const shown = passageExcerpt(index, query, doc)!;
    expect(shown.text).toBe(
      'De kettingregel. Differentieer de buitenste functie en vermenigvuldig met de afgeleide van het binnenste.',
    );
  });

  it('an idiom shows its meaning', () => {
    const query = buddyQuery(index, 'wat is een asymptoot');
    const doc = index.docs.find((d) => d.kind === 'idiom')!;
    expect(passageExcerpt(index, query, doc)).toEqual({
      html: '<p>Een lijn waar de grafiek steeds dichter bij komt.</p>',
      text: 'Een lijn waar de grafiek steeds dichter bij komt.',
    });
  });
});

describe('edit distance', () => {
  it('counts a swap as one, and stops past the bound', () => {
    expect(editDistance('kettingregel', 'kettinregel', 2)).toBe(1);
    expect(editDistance('sinsuoide', 'sinusoide', 2)).toBe(1);
    expect(editDistance('afgeleid', 'logaritm', 2)).toBe(3);
  });
});

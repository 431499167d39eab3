/**
 * The buddy's answers on cards rendered as the import renders them (Markdown with KaTeX): whole steps, never a
 * snippet, and the issue's two questions on the real Wiskunde B havo content (content/study).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderStudyMarkdown, studyPlainText } from '#app/platform/server/rich-text.server.ts';
import { studySubjectFileSchema } from '#app/modules/study/index.ts';
import {
  answerOrder,
  type BuddyCardSource,
  buddyQuery,
  buildBuddyIndex,
  passageExcerpt,
  rankPassages,
} from '#app/modules/buddy/domain/buddy-index.ts';

let nextId = 1;
const card = (title: string, markdown: string): BuddyCardSource => ({
  id: nextId++,
  key: `card-${nextId}`,
  title,
  topics: [],
  section: 'uitleg',
  bodyHtml: renderStudyMarkdown(markdown),
  answerHtml: null,
  plainText: studyPlainText(markdown),
  light: true,
  corrections: false,
});

/** The buddy's answer to a question over these cards: each passage's title and what it shows. */
function answer(cards: BuddyCardSource[], question: string) {
  const index = buildBuddyIndex({ cards, idioms: [], synonyms: [] });
  const query = buddyQuery(index, question);
  return answerOrder(rankPassages(index, query), question).map(({ doc }) => ({
    title: doc.title,
    ...passageExcerpt(index, query, doc)!,
  }));
}

const DERIVATIVE = card(
  'De afgeleide: somregel en machtsregel',
  [
    "De **afgeleide** $f'(x)$ geeft bij elke $x$ de helling van de grafiek van $f$. Voor machtsfuncties gelden deze regels:",
    '',
    '| Functie | Afgeleide |',
    '|---|---|',
    "| $f(x) = ax^n$ | $f'(x) = n \\cdot ax^{n-1}$ |",
    '',
    'Schrijf wortels en breuken eerst als macht: $\\sqrt{x} = x^{\\frac{1}{2}}$ en $\\frac{3}{x^2} = 3x^{-2}$. ' +
      'Daarna differentieer je een wortelfunctie met de machtsregel, net als elke andere macht, en dat is een ' +
      'lange zin die vroeger halverwege werd afgekapt omdat het fragment maar tweehonderdtachtig tekens mocht zijn.',
    '',
    "**Voorbeeld.** $f(x) = 2x^3$ geeft $f'(x) = 6x^2$.",
  ].join('\n'),
);
const SINE_RULE = card(
  'De sinusregel',
  'In driehoek $PQR$ geldt de sinusregel voor elke hoek en de overstaande zijde.',
);

describe('what the buddy shows of a card', () => {
  it('a paragraph that announces rules shows them: never an answer ending at "…gelden deze regels:"', () => {
    const [first] = answer([DERIVATIVE, SINE_RULE], 'welke regels gelden voor de afgeleide van machtsfuncties?');
    expect(first!.title).toBe('De afgeleide: somregel en machtsregel');
    expect(first!.text).toMatch(
      /^De afgeleide f'\(x\) geeft bij elke x de helling .* gelden deze regels: Functie – Afgeleide;/,
    );
    expect(first!.html).toContain('<table');
    expect(first!.html).toContain('class="katex"');
    // Plain text never has formula source or Markdown table rows.
    expect(first!.text).not.toMatch(/\^|\\frac|\|\s*---/);
  });

  it('whole paragraphs with the formulas as the card renders them, the long sentence complete', () => {
    const [first] = answer([DERIVATIVE, SINE_RULE], 'hoe bereken ik de afgeleide van een wortelfunctie?');
    expect(first!.html).toContain('class="katex"');
    expect(first!.text).toContain('vroeger halverwege werd afgekapt omdat het fragment');
    expect(first!.text).toMatch(/tekens mocht zijn\.( Voorbeeld\.|$)/);
    expect(first!.text).not.toMatch(/\^|\\frac|\(\(1\)\/\(2\)\)/);
  });

  it('a card that shares nothing of substance with the question is not among the answers', () => {
    expect(
      answer([DERIVATIVE, SINE_RULE], 'hoe bereken ik de afgeleide van een wortelfunctie?').map((a) => a.title),
    ).toEqual(['De afgeleide: somregel en machtsregel']);
  });

  it('a "wat is" question prefers the step that defines the term', () => {
    const functions = card(
      'Standaardfuncties',
      [
        'Bij een gebroken functie hoort vaak een asymptoot; teken die als stippellijn.',
        '',
        'Een asymptoot is een lijn waar de grafiek steeds dichter bij komt zonder die te raken.',
      ].join('\n'),
    );
    expect(answer([functions], 'wat is een asymptoot?')[0]!.text).toBe(
      'Een asymptoot is een lijn waar de grafiek steeds dichter bij komt zonder die te raken.',
    );
  });

  it('a formula on a line of its own stays with the paragraph that leads to it', () => {
    const circle = card(
      'Cirkels',
      'Hoe groot een ronde tafel, een pizza of een zwembad is, vind je met de oppervlakte. De oppervlakte van ' +
        'een cirkel met straal $r$ reken je altijd uit met dezelfde formule, en die ken je uit je hoofd. Die is\n\n' +
        '$$A = \\pi r^2$$\n\nVoor de omtrek tel je de rand.',
    );
    const [first] = answer([circle], 'oppervlakte van een cirkel');
    expect(first!.html).toMatch(/^<p>Hoe groot .*<\/p>\n?<p><span class="katex-display">/);
    expect(first!.text).toMatch(/Die is …$/);
  });

  it('a heading in a card shows as a bold line, not as a heading of the page', () => {
    const sectioned = card('Afgeleiden', '### Standaardafgeleiden\n\nDe afgeleide van $\\sin(x)$ is $\\cos(x)$.');
    const [first] = answer([sectioned], 'afgeleide van sin x');
    expect(first!.html).toMatch(/^<p><strong>Standaardafgeleiden<\/strong><\/p><p>De afgeleide van/);
    expect(first!.html).not.toMatch(/<h\d/);
  });
});

describe('the issue’s questions on the Wiskunde B havo cards', () => {
  const file = studySubjectFileSchema.parse(JSON.parse(readFileSync('content/study/havo-wiskunde-b.json', 'utf8')));
  const names = new Map(file.parentTopics.flatMap((p) => p.topics.map((t) => [t.key, [t.name, p.name]] as const)));
  const index = buildBuddyIndex({
    cards: file.cards
      .filter((c) => !c.download)
      .map((c, i) => ({
        id: i + 1,
        key: c.key,
        title: c.title,
        topics: c.topics.flatMap((t) => names.get(t) ?? []),
        section: c.section,
        bodyHtml: renderStudyMarkdown(c.body),
        answerHtml: c.answer ? renderStudyMarkdown(c.answer) : null,
        plainText: studyPlainText(c.body),
        light: c.light,
        corrections: c.key === file.correctionsCard,
      })),
    idioms: file.idioms.map((idiom, i) => ({ id: 1000 + i, ...idiom })),
    synonyms: file.buddy.synonyms,
  });
  const ask = (question: string) => {
    const query = buddyQuery(index, question);
    return answerOrder(rankPassages(index, query), question)
      .filter(({ doc }) => doc.kind === 'card')
      .slice(0, 4)
      .map(({ doc }) => ({ key: doc.key, ...passageExcerpt(index, query, doc)! }));
  };

  it('"Hoe bereken ik de afgeleide van sin(2x)?": the derivative of sine with its worked example, and the chain rule named', () => {
    const answers = ask('Hoe bereken ik de afgeleide van sin(2x)?');
    expect(answers[0]!.key).toBe('afgeleide-sinus-cosinus');
    expect(answers[0]!.text).toMatch(/^Voorbeeld 1\./);
    expect(answers.map((a) => a.key)).toContain('de-kettingregel');
    expect(answers.find((a) => a.key === 'de-kettingregel')!.text).toMatch(
      /^De kettingregel\. Noem het binnenste deel u\./,
    );
  });

  it('"Hoe los ik 2^x = 10 exact op?": the exponential equations card first, at its step without a common base', () => {
    const [first] = ask('Hoe los ik 2^x = 10 exact op?');
    expect(first!.key).toBe('exponentiele-vergelijkingen-exact');
    expect(first!.text).toMatch(/^2\. Geen gemeenschappelijk grondtal: gebruik de definitie van de logaritme\./);
  });
});

import { describe, expect, it } from 'vitest';
import { renderStudyMarkdown } from '#app/platform/server/rich-text.server.ts';
import { type BuddyHit, passageExcerpt } from './buddy.server.ts';

/** A card as the import stores it: its body rendered to HTML with KaTeX. */
const card = (title: string, markdown: string): BuddyHit => ({
  kind: 'card',
  id: 1,
  title,
  text: '',
  html: renderStudyMarkdown(markdown),
  light: true,
  rank: 0.5,
});

const derivative = card(
  'Afgeleide en raaklijn',
  [
    "De **afgeleide** $f'(a)$ is de helling van de grafiek van $f$ in het punt $(a, f(a))$.",
    '',
    '### Standaardafgeleiden',
    "| $f(x)$ | $f'(x)$ |",
    '|---|---|',
    '| $x^n$ | $n x^{n-1}$ |',
    '',
    'Schrijf wortels en breuken eerst als macht: $\\sqrt{x} = x^{\\frac{1}{2}}$ en $\\frac{3}{x^2} = 3x^{-2}$. ' +
      'Daarna differentieer je een wortelfunctie met de machtsregel, net als elke andere macht, en dat is een ' +
      'lange zin die vroeger halverwege werd afgekapt omdat het fragment maar tweehonderdtachtig tekens mocht zijn.',
  ].join('\n'),
);

describe('the buddy’s excerpt of a passage (without a language model)', () => {
  it('shows whole paragraphs with the formulas as the card renders them, never table markup', () => {
    const shown = passageExcerpt(derivative, 'hoe bereken ik de afgeleide van een wortelfunctie?')!;
    expect(shown.excerptHtml).toContain('class="katex"');
    expect(shown.excerptHtml).toContain('vroeger halverwege werd afgekapt omdat het fragment');
    expect(shown.excerpt).toMatch(/tekens mocht zijn\.$/);
    // The plain text never has raw formula source or table rows.
    expect(shown.excerpt).not.toMatch(/\^|\\frac|\(\(1\)\/\(2\)\)|---|\|/);
    expect(shown.excerptHtml).not.toContain('<table');
  });

  it('leaves out a card that shares no word of substance with the question', () => {
    const sine = card(
      'De sinusregel',
      'In driehoek $PQR$ geldt de sinusregel voor elke angle P en de overstaande zijde.',
    );
    expect(passageExcerpt(sine, 'hoe bereken ik de afgeleide van een wortelfunctie?')).toBeNull();
  });

  it('an idiom shows its meaning (the definition), not its example sentence', () => {
    const idiom: BuddyHit = {
      kind: 'idiom',
      id: 2,
      title: 'Asymptoot',
      text: 'Een lijn waar de grafiek steeds dichter bij komt zonder die te bereiken.',
      html: null,
      light: true,
      rank: 0.3,
    };
    const shown = passageExcerpt(idiom, 'wat is een asymptoot?')!;
    expect(shown.excerpt).toBe('Een lijn waar de grafiek steeds dichter bij komt zonder die te bereiken.');
    expect(shown.excerptHtml).toBe('<p>Een lijn waar de grafiek steeds dichter bij komt zonder die te bereiken.</p>');
  });

  it('a "wat is" question prefers the paragraph that defines the term', () => {
    const functions = card(
      'Standaardfuncties',
      [
        'Bij een gebroken functie hoort vaak een asymptoot; teken die als stippellijn.',
        '',
        'Een asymptoot is een lijn waar de grafiek steeds dichter bij komt zonder die te raken.',
      ].join('\n'),
    );
    expect(passageExcerpt(functions, 'wat is een asymptoot?')!.excerpt).toBe(
      'Een asymptoot is een lijn waar de grafiek steeds dichter bij komt zonder die te raken.',
    );
  });
});

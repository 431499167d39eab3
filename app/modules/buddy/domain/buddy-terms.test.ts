import { describe, expect, it } from 'vitest';
import { formulaTokens, texFormula, textTerms, typedFormula } from './buddy-terms.ts';

const tokens = (text: string) => textTerms(text).map((t) => t.token);

describe('formulas kept whole', () => {
  it('a typed formula is one token with its parts and shape, not loose letters and digits', () => {
    expect(tokens('Hoe los ik 2^x = 10 exact op?')).toEqual(['los', '=2^x=10', '=2^x', '=~a^x', 'exact']);
    expect(tokens('hoe bereken ik de afgeleide van sin(2x)?')).toEqual(['afgeleid', '=sin(2x)', '=sin', '=~sin(u)']);
  });

  it('pupils’ ways of typing meet the same token: spaces, a bare argument, “wortel”, ², ·', () => {
    expect(typedFormula('Sin 2x')).toBe('sin(2x)');
    expect(tokens('sin 2x')).toContain('=sin(2x)');
    expect(tokens('afgeleide cos x')).toContain('=cos(x)');
    expect(tokens('wortel(4 - x^2)')).toContain('=sqrt(4-x^2)');
    expect(tokens('wortel x')).toContain('=sqrt(x)');
    expect(typedFormula('x² · 3')).toBe('x^2*3');
    expect(tokens('e^x')).toEqual(['=e^x', '=~e^x']);
    expect(tokens('log')).toEqual(['=log']);
  });

  it('TeX on a card meets the typed formula', () => {
    expect(texFormula('3\\sin(2x) + \\cos(x)')).toBe('3sin(2x)+cos(x)');
    expect(texFormula('\\frac{1}{x^3}')).toBe(typedFormula('1/x^3'));
    expect(texFormula('e^{2x}')).toBe(typedFormula('e^(2x)'));
    expect(texFormula('{}^{3}\\log(8)')).toBe(typedFormula('3log(8)'));
    expect(texFormula('\\sin\\left(\\frac{1}{2}\\pi\\right)')).toBe('sin(1/2pi)');
    expect(texFormula('T = 20 + 70 \\cdot 0{,}96^t')).toBe('t=20+70*0,96^t');
  });

  it('the shapes: a variable exponent, a power of a variable, a function of a function, a derivative', () => {
    expect(formulaTokens('4^(x+1)=8')).toEqual(['4^(x+1)=8', '4^(x+1)', '~a^x']);
    expect(formulaTokens('b*g^t')).toContain('~a^x');
    expect(formulaTokens('e^(-0,04t)')).toContain('~e^x');
    expect(formulaTokens('x^(n-1)')).toContain('~x^n');
    expect(formulaTokens('(3x^2+1)^5')).toEqual(expect.arrayContaining(['(3x^2+1)^5', '~(u)^n', 'x^2', '~x^n']));
    expect(formulaTokens('sqrt(4-x^2)')).toContain('~sqrt(u)');
    expect(formulaTokens('sin(x)')).not.toContain('~sin(u)');
    expect(formulaTokens("f'(x)=0")).toContain('~d/dx');
    expect(formulaTokens('3log(8)')).toEqual(['3log(8)', 'log', 'log(8)']);
  });

  it('a word with a number is a word (co2), and prose in brackets is not a formula', () => {
    expect(tokens('co2 opname')).toEqual(['co2', 'opnam']);
    expect(tokens('(schrijf het antwoord op)')).toEqual(['schrijf', 'antwoord']);
  });
});

describe('words', () => {
  it('stems words and drops the words of asking, unless nothing else is left', () => {
    expect(tokens('Hoe werkt de kettingregel?')).toEqual(['kettingregel']);
    expect(tokens('wat betekent toon aan')).toEqual(['ton']);
    expect(tokens('die of dat')).toEqual(['die', 'of', 'dat']);
  });
});

import { describe, expect, it } from 'vitest';
import { gradeCalculator } from './calculator.server.ts';

const calculate = (query: string) => gradeCalculator(new URLSearchParams(query));

const HAVO_PASS =
  'niveau=havo&se-nederlands=6,4&ce-nederlands=5,8&se-engels=7&ce-engels=6,5&se-wiskunde-a=5,5&' +
  'se-economie=6&ce-economie=5,1&se-geschiedenis=7,2&ce-geschiedenis=6,8&se-maatschappijleer=7&se-ckv=6,5&' +
  'se-profielwerkstuk=7,5&oordeel-lo=voldoende';

describe('the public grade calculator', () => {
  it('shows both empty forms for the bare page, the check on havo', () => {
    const page = calculate('');
    expect(page.conversion).toEqual({ exam: null, typed: {}, errors: null, result: null });
    expect(page.check.level).toBe('havo');
    expect(page.check.result).toBeNull();
    expect(page.check.subjects.find((subject) => subject.key === 'nederlands')).toMatchObject({
      required: true,
      fields: { se: 'se-nederlands', ce: 'ce-nederlands' },
    });
    expect(page.check.subjects.find((subject) => subject.key === 'lo')?.fields).toEqual({ assessment: 'oordeel-lo' });
  });

  it('converts a score with the N-term, the score a 5,5 needs and the grade at N = 1,0', () => {
    // 9 · 48 / 75 + 1,1 = 6,86 → 6,9; with N = 1,0: 6,76 → 6,8; 9 · S / 75 + 1,1 ≥ 5,45 from S = 37 (5,54 → 5,5).
    expect(calculate('score=48&max=75&n=1,1').conversion.result).toEqual({
      score: 48,
      maxScore: 75,
      n: '1,1',
      grade: '6,9',
      line: 'main',
      passScore: 37,
      gradeAtOne: '6,8',
    });
    // Left empty, the N-term is 1,0, and the answer says nothing about another N-term.
    expect(calculate('score=48&max=75&n=').conversion.result).toMatchObject({
      grade: '6,8',
      n: '1,0',
      gradeAtOne: null,
    });
    // A point works too, and near the top a high N-term bends down to 10,0 at a full score.
    expect(calculate('score=75&max=75&n=2.5').conversion.result).toMatchObject({ grade: '10,0', line: 'high' });
    expect(calculate('score=74&max=75&n=2,5').conversion.result).toMatchObject({ grade: '9,9', line: 'high' });
  });

  it('keeps what was typed and names the wrong field in Dutch', () => {
    const page = calculate('score=80&max=75&n=1,1');
    expect(page.conversion.result).toBeNull();
    expect(page.conversion.typed).toEqual({ score: '80', max: '75', n: '1,1' });
    expect(page.conversion.errors).toEqual({ score: 'De score moet een heel getal van 0 tot en met 75 zijn.' });
    expect(calculate('score=40&max=0').conversion.errors).toEqual({
      max: 'De maximale score moet een heel getal groter dan 0 zijn.',
    });
    expect(calculate('score=40&max=75&n=3,5').conversion.errors).toEqual({
      n: 'De N-term moet tussen 0,0 en 3,0 liggen, met één decimaal.',
    });
    expect(calculate(`score=${'9'.repeat(500)}&max=75`).conversion.typed.score).toHaveLength(24);
  });

  it('checks a havo list: the outcome, the final grades and what a missing CE grade needs', () => {
    const { result } = calculate(HAVO_PASS).check;
    // Wiskunde A's CE grade is taken equal to its SE grade: the heading says the outcome holds only so.
    expect(result?.outcome).toEqual({
      outcome: 'geslaagd',
      message: 'Geslaagd, als je CE-cijfers zo uitvallen',
      assumed: true,
      failures: [],
    });
    expect(result?.assumed).toEqual(['Wiskunde A']);
    const lines = new Map(result!.lines.map((line) => [line.key, line]));
    // The combination grade's parts are marked, to stand under it; the others are not.
    expect(result!.lines.filter((line) => line.part).map((line) => line.key)).toEqual([
      'maatschappijleer',
      'ckv',
      'profielwerkstuk',
    ]);
    expect(lines.get('nederlands')).toMatchObject({ finalGrade: 6, needed: null });
    // Wiskunde A: a 4 is not allowed in a core subject, so (5,5 + CE) / 2 ≥ 4,5: CE ≥ 3,5.
    expect(lines.get('wiskunde-a')).toMatchObject({ finalGrade: 6, needed: '3,5' });
    expect(lines.get('lo')).toMatchObject({ finalGrade: null, assessment: 'voldoende' });
    expect(result?.combinationGrade).toBe(7);
  });

  it('fails a list with an unsatisfactory LO and says why', () => {
    const { result } = calculate(HAVO_PASS.replace('oordeel-lo=voldoende', 'oordeel-lo=onvoldoende')).check;
    expect(result?.outcome?.outcome).toBe('gezakt');
    expect(result?.outcome?.failures).toEqual(['Lichamelijke opvoeding moet voldoende of goed zijn.']);
  });

  it('says what is still missing before it gives an outcome', () => {
    const { result } = calculate('niveau=vwo&se-nederlands=7&ce-nederlands=7').check;
    expect(result?.outcome).toBeNull();
    expect(result?.missing).toEqual(['Engels', 'Maatschappijleer', 'CKV', 'Profielwerkstuk', 'Lichamelijke opvoeding']);
  });

  it('refuses a grade that is no grade with the subject and the field in the message, keeping the rest', () => {
    const check = calculate('niveau=havo&se-nederlands=11&ce-engels=zes&se-engels=7').check;
    expect(check.result).toBeNull();
    expect(check.typed).toMatchObject({ 'se-nederlands': '11', 'ce-engels': 'zes', 'se-engels': '7' });
    expect(check.errors).toEqual({
      'se-nederlands':
        'SE-cijfer Nederlands: Vul een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal (bijvoorbeeld 6,8).',
      'ce-engels':
        'CE-cijfer Engels: Vul een cijfer van 1,0 tot en met 10,0 in, met hoogstens één decimaal (bijvoorbeeld 6,8).',
    });
    expect(calculate('niveau=havo&oordeel-lo=super').check.errors).toEqual({
      'oordeel-lo': 'Beoordeling Lichamelijke opvoeding: Kies goed, voldoende of onvoldoende.',
    });
  });

  it('switches the level and keeps the grades of the subjects both levels have; ignores fields of another level', () => {
    const check = calculate('niveau=vmbo-gl-tl&se-nederlands=6&se-wiskunde-a=7').check;
    expect(check.level).toBe('vmbo-gl-tl');
    expect(check.typed).toEqual({ 'se-nederlands': '6' });
    expect(check.subjects.map((subject) => subject.key)).toContain('nask2');
    // An unknown level shows havo's form and computes nothing.
    expect(calculate('niveau=mbo&se-nederlands=6').check).toMatchObject({ level: 'havo', result: null, errors: null });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseForm } from '#app/platform/schemas/form.ts';
import { quoteSchema } from './quote.ts';

const errorsOf = (input: unknown) => {
  const result = quoteSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

const valid = {
  name: ' Anna de Groot ',
  email: ' a.degroot@school.nl ',
  school: ' Demo College ',
  subject: ' Wiskunde B havo ',
  examYear: 2027,
  pupils: 28,
  message: '  ',
};

describe('quoteSchema (issue 31)', () => {
  // In November 2026 the exams of this school year are in 2027.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('trims every field and leaves an empty remark out', () => {
    expect(quoteSchema.parse(valid)).toEqual({
      name: 'Anna de Groot',
      email: 'a.degroot@school.nl',
      school: 'Demo College',
      subject: 'Wiskunde B havo',
      examYear: 2027,
      pupils: 28,
      message: undefined,
    });
  });

  it('answers every missing field with the Dutch message of spec §5', () => {
    expect(errorsOf({})).toEqual({
      name: 'Dit veld is verplicht',
      email: 'Dit veld is verplicht',
      school: 'Dit veld is verplicht',
      subject: 'Dit veld is verplicht',
      examYear: 'Dit veld is verplicht',
      pupils: 'Dit veld is verplicht',
    });
  });

  it('refuses a wrong e-mail, an exam year it does not offer, a number of pupils outside a licence, and too much text', () => {
    expect(
      errorsOf({
        ...valid,
        email: 'anna@',
        examYear: 2030,
        pupils: 1001,
        school: 'x'.repeat(101),
        message: 'x'.repeat(2001),
      }),
    ).toEqual({
      email: 'Dit is geen geldige e-mail',
      examYear: 'Kies het jaar waarin je klas eindexamen doet.',
      pupils: 'Vul een aantal leerlingen in van 1 tot en met 1000.',
      school: 'Voer maximaal 100 karakters in.',
      message: 'Voer maximaal 2000 karakters in.',
    });
    expect(errorsOf({ ...valid, examYear: 2026, pupils: 0 })).toEqual({
      examYear: 'Kies het jaar waarin je klas eindexamen doet.',
      pupils: 'Vul een aantal leerlingen in van 1 tot en met 1000.',
    });
    expect(errorsOf({ ...valid, pupils: 2.5 })).toEqual({
      pupils: 'Vul een aantal leerlingen in van 1 tot en met 1000.',
    });
  });

  it('reads a form: its numbers from text, and text that is no number is refused in Dutch', () => {
    const form = (pupils: string) =>
      new URLSearchParams({ ...valid, examYear: '2029', pupils, message: 'Ook voor H4.' });
    const ok = parseForm(form('28'), { schema: quoteSchema });
    expect(ok.status).toBe('success');
    expect(ok.status === 'success' ? ok.value : null).toMatchObject({ examYear: 2029, pupils: 28, message: 'Ook voor H4.' });
    const wrong = parseForm(form('achtentwintig'), { schema: quoteSchema });
    expect(wrong.status).toBe('error');
    expect(wrong.status === 'error' ? wrong.error?.['pupils'] : null).toEqual([
      'Vul een aantal leerlingen in van 1 tot en met 1000.',
    ]);
  });
});

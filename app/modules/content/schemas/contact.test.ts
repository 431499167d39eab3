import { describe, expect, it } from 'vitest';
import { contactSchema } from './contact.ts';

const errorsOf = (input: unknown) => {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('contactSchema', () => {
  it('trims every field and leaves an empty order number out', () => {
    expect(
      contactSchema.parse({
        name: ' Piet ',
        email: ' piet@example.nl ',
        subject: 'product',
        message: ' Hoi ',
        orderNumber: '  ',
      }),
    ).toEqual({ name: 'Piet', email: 'piet@example.nl', subject: 'product', message: 'Hoi', orderNumber: undefined });
  });

  it('answers with the Dutch messages of spec §5', () => {
    expect(errorsOf({})).toEqual({
      name: 'Dit veld is verplicht',
      email: 'Dit veld is verplicht',
      subject: 'Dit veld is verplicht',
      message: 'Dit veld is verplicht',
    });
    expect(errorsOf({ name: 'P', email: 'piet@', subject: 'product', message: 'x'.repeat(5001) })).toEqual({
      email: 'Dit is geen geldige e-mail',
      message: 'Voer maximaal 5000 karakters in.',
    });
  });

  it('knows only our subjects', () => {
    expect(errorsOf({ name: 'P', email: 'p@example.nl', subject: 'klacht', message: 'x' })).toEqual({
      subject: 'Dit veld is verplicht',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { newsletterSignupSchema, newsletterTokenSchema } from './newsletter.ts';

const errorsOf = (input: unknown) => {
  const result = newsletterSignupSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('newsletterSignupSchema', () => {
  it('trims the address and leaves an empty source out', () => {
    expect(newsletterSignupSchema.parse({ email: ' piet@example.nl ', source: ' ' })).toEqual({
      email: 'piet@example.nl',
      source: undefined,
    });
    expect(newsletterSignupSchema.parse({ email: 'piet@example.nl', source: 'footer' }).source).toBe('footer');
  });

  it('answers with the Dutch messages of spec §5', () => {
    expect(errorsOf({})).toEqual({ email: 'Dit veld is verplicht' });
    expect(errorsOf({ email: 'piet@' })).toEqual({ email: 'Dit is geen geldige e-mail' });
    expect(errorsOf({ email: 'piet@example.nl', source: 'Ergens <b>' })).toEqual({
      source: 'Onbekende plek van aanmelding.',
    });
  });
});

describe('newsletterTokenSchema', () => {
  it('takes a 43-character base64url token only', () => {
    const token = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123-_9';
    expect(newsletterTokenSchema.parse({ token })).toEqual({ token });
    for (const bad of [undefined, '', token.slice(1), `${token}x`, `${token.slice(1)}=`]) {
      expect(newsletterTokenSchema.safeParse({ token: bad }).error?.issues[0]?.message, String(bad)).toBe(
        'Deze link is niet compleet. Kopieer de hele link uit de e-mail.',
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod';
import {
  POSTCODE_PATTERN,
  digits,
  email,
  houseNumber,
  houseNumberExtension,
  maxChars,
  normalisePostcode,
  numberField,
  optionalTrimmedString,
  passwordRepeatRefinement,
  passwordWithRepeat,
  postcode,
  optionalCheckbox,
  requiredCheckbox,
  requiredString,
  valueBelow100,
} from './fields.ts';
import { dutchNumber, formSchema, parseForm } from './form.ts';
import { MESSAGES } from './messages.ts';

/** All messages of a failed parse, in order; [] when it passes. */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function data<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  return schema.parse(input);
}

describe('requiredString', () => {
  it('trims', () => {
    expect(data(requiredString(), '  Jan  ')).toBe('Jan');
  });

  it.each([undefined, null, '', '   ', 3])("rejects %j with 'Dit veld is verplicht'", (input) => {
    expect(messages(requiredString(), input)).toEqual(['Dit veld is verplicht']);
  });

  it('accepts any string with a non-blank character', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== ''),
        (value) => {
          expect(data(requiredString(), value)).toBe(value.trim());
        },
      ),
    );
  });
});

describe('optionalTrimmedString', () => {
  it('trims and treats empty as missing', () => {
    expect(data(optionalTrimmedString(), ' a ')).toBe('a');
    expect(data(optionalTrimmedString(), '')).toBeUndefined();
    expect(data(optionalTrimmedString(), '   ')).toBeUndefined();
    expect(data(optionalTrimmedString(), undefined)).toBeUndefined();
  });

  it('works as an optional object key', () => {
    const schema = z.object({ note: optionalTrimmedString() });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ note: '' })).toEqual({ note: undefined });
  });
});

describe('email', () => {
  it('accepts and trims valid addresses', () => {
    expect(data(email(), ' jan@voorbeeld.nl ')).toBe('jan@voorbeeld.nl');
    expect(data(email(), 'j.de.vries+school@mail.example.com')).toBe('j.de.vries+school@mail.example.com');
  });

  it.each([undefined, '', '  '])('requires a value (%j)', (input) => {
    expect(messages(email(), input)).toEqual(['Dit veld is verplicht']);
  });

  it.each(['jan', 'jan@', '@voorbeeld.nl', 'jan@voorbeeld', 'jan @voorbeeld.nl', 'jan@@voorbeeld.nl'])(
    "rejects %j with 'Dit is geen geldige e-mail'",
    (input) => {
      expect(messages(email(), input)).toEqual(['Dit is geen geldige e-mail']);
    },
  );

  it('can use the alternative message', () => {
    expect(messages(email(MESSAGES.EMAIL_INVALID_ALT), 'jan')).toEqual(['Voer een geldig e-mailadres in.']);
  });
});

describe('postcode', () => {
  it.each([
    ['1234 AB', '1234 AB'],
    ['1234AB', '1234 AB'],
    ['1234ab', '1234 AB'],
    ['1234 aB', '1234 AB'],
    ['  9999 zz ', '9999 ZZ'],
  ])('normalises %j to %j', (input, output) => {
    expect(data(postcode(), input)).toBe(output);
  });

  it.each(['123 AB', '12345 AB', '1234  AB', '1234 A', '1234 ABC', 'ABCD 12', '1234-AB', '1234 1B'])(
    'rejects %j with the postcode message',
    (input) => {
      expect(messages(postcode(), input)).toEqual(['Voer een postcode in, bijvoorbeeld: 1234 AA']);
    },
  );

  it('requires a value', () => {
    expect(messages(postcode(), '')).toEqual(['Dit veld is verplicht']);
    expect(messages(postcode(), undefined)).toEqual(['Dit veld is verplicht']);
  });

  it('normalises every valid postcode to the canonical form, idempotently', () => {
    const valid = fc
      .tuple(fc.stringMatching(/^\d{4}$/), fc.constantFrom('', ' '), fc.stringMatching(/^[A-Za-z]{2}$/))
      .map(([d, space, letters]) => `${d}${space}${letters}`);
    fc.assert(
      fc.property(valid, (value) => {
        expect(POSTCODE_PATTERN.test(value)).toBe(true);
        const result = data(postcode(), value);
        expect(result).toMatch(/^\d{4} [A-Z]{2}$/);
        expect(normalisePostcode(result)).toBe(result);
        expect(data(postcode(), result)).toBe(result);
      }),
    );
  });
});

describe('houseNumber', () => {
  it('accepts up to 5 digits', () => {
    expect(data(houseNumber(), '1')).toBe('1');
    expect(data(houseNumber(), ' 12345 ')).toBe('12345');
  });

  it('requires a value', () => {
    expect(messages(houseNumber(), '')).toEqual(['Dit veld is verplicht']);
    expect(messages(houseNumber(), undefined)).toEqual(['Dit veld is verplicht']);
  });

  it.each(['12a', 'a', '1 2', '-1', '1.5', '12345a'])('rejects %j: digits only', (input) => {
    expect(messages(houseNumber(), input)).toEqual(['Huisnummer mag alleen cijfers bevatten']);
  });

  it("rejects more than 5 digits with 'Maximaal 5 cijfers'", () => {
    expect(messages(houseNumber(), '123456')).toEqual(['Maximaal 5 cijfers']);
  });

  it('accepts exactly the digit strings of length 1–5', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}$/), (value) => {
        expect(houseNumber().safeParse(value).success).toBe(value.length <= 5);
      }),
    );
  });
});

describe('houseNumberExtension', () => {
  it('is optional', () => {
    expect(data(houseNumberExtension(), undefined)).toBeUndefined();
    expect(data(houseNumberExtension(), '')).toBeUndefined();
    expect(data(houseNumberExtension(), '  ')).toBeUndefined();
  });

  it('accepts up to 10 characters and trims', () => {
    expect(data(houseNumberExtension(), ' bis ')).toBe('bis');
    expect(data(houseNumberExtension(), 'A-1234 567')).toBe('A-1234 567');
  });

  it("rejects more than 10 characters with 'Maximaal 10 karakters'", () => {
    expect(messages(houseNumberExtension(), 'ABCDEFGHIJK')).toEqual(['Maximaal 10 karakters']);
  });

  it("rejects '#' with 'De toevoeging mag geen # bevatten'", () => {
    expect(messages(houseNumberExtension(), '#2')).toEqual(['De toevoeging mag geen # bevatten']);
    expect(messages(houseNumberExtension(), 'ABCDEFGHI#K')).toEqual([
      'De toevoeging mag geen # bevatten',
      'Maximaal 10 karakters',
    ]);
  });
});

describe('digits', () => {
  it('checks minimum and maximum length', () => {
    const schema = digits({ min: 4, max: 6 });
    expect(data(schema, ' 1234 ')).toBe('1234');
    expect(data(schema, '123456')).toBe('123456');
    expect(messages(schema, '123')).toEqual(['Voer minimaal 4 cijfers in.']);
    expect(messages(schema, '1234567')).toEqual(['Voer maximaal 6 cijfers in.']);
  });

  it('rejects non-digits and empty input', () => {
    expect(messages(digits({ min: 2 }), '12a')).toEqual(['Voer alleen cijfers in.']);
    expect(messages(digits(), '')).toEqual(['Dit veld is verplicht']);
    expect(data(digits(), '007')).toBe('007');
  });

  it('rejects contradictory bounds', () => {
    expect(() => digits({ min: 5, max: 4 })).toThrow(RangeError);
  });

  it('accepts digit strings exactly within the bounds', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,12}$/),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 6, max: 10 }),
        (value, min, max) => {
          const result = messages(digits({ min, max }), value);
          if (value.length < min) expect(result).toEqual([MESSAGES.minLength(min)]);
          else if (value.length > max) expect(result).toEqual([MESSAGES.maxLength(max)]);
          else expect(result).toEqual([]);
        },
      ),
    );
  });
});

describe('maxChars', () => {
  it('limits the number of characters, optional by default', () => {
    expect(data(maxChars(5), ' abcde ')).toBe('abcde');
    expect(data(maxChars(5), '')).toBeUndefined();
    expect(data(maxChars(5), undefined)).toBeUndefined();
    expect(messages(maxChars(5), 'abcdef')).toEqual(['Voer maximaal 5 karakters in.']);
  });

  it('can be required', () => {
    expect(data(maxChars(5, { required: true }), 'abc')).toBe('abc');
    expect(messages(maxChars(5, { required: true }), '')).toEqual(['Dit veld is verplicht']);
    expect(messages(maxChars(5, { required: true }), 'abcdef')).toEqual(['Voer maximaal 5 karakters in.']);
  });

  it('accepts exactly the trimmed strings up to n characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.nat(15), (value, n) => {
        expect(maxChars(n).safeParse(value).success).toBe(value.trim().length <= n);
      }),
    );
  });
});

describe('valueBelow100', () => {
  it('accepts numbers and numeric strings below 100', () => {
    expect(data(valueBelow100(), 99)).toBe(99);
    expect(data(valueBelow100(), '42')).toBe(42);
    expect(data(valueBelow100(), ' 7,5 ')).toBe(7.5);
    expect(data(valueBelow100(), '99.99')).toBe(99.99);
    expect(data(valueBelow100(), '0')).toBe(0);
  });

  it("rejects 100 and more with 'Waarde moet kleiner zijn dan 100.'", () => {
    expect(messages(valueBelow100(), 100)).toEqual(['Waarde moet kleiner zijn dan 100.']);
    expect(messages(valueBelow100(), '100')).toEqual(['Waarde moet kleiner zijn dan 100.']);
    expect(messages(valueBelow100(), '150,5')).toEqual(['Waarde moet kleiner zijn dan 100.']);
  });

  it('requires a number', () => {
    expect(messages(valueBelow100(), '')).toEqual(['Dit veld is verplicht']);
    expect(messages(valueBelow100(), undefined)).toEqual(['Dit veld is verplicht']);
    expect(messages(valueBelow100(), 'abc')).toEqual(['Voer een geldig getal in.']);
    expect(messages(valueBelow100(), '1,2,3')).toEqual(['Voer een geldig getal in.']);
    expect(messages(valueBelow100(), Number.NaN)).toEqual(['Voer een geldig getal in.']);
  });

  it('accepts exactly the values below 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (value) => {
        expect(valueBelow100().safeParse(String(value)).success).toBe(value < 100);
      }),
    );
  });
});

describe('numberField: Dutch notation in a form, a JSON number in the API', () => {
  const RANGE = 'Kies 5 tot 240 minuten.';
  const minutes = z.object({
    minutes: numberField({
      min: 5,
      max: 240,
      whole: true,
      range: RANGE,
      notANumber: 'Vul het aantal minuten in cijfers in.',
      notWhole: 'Vul een heel aantal minuten in.',
    }),
  });
  const grade = z.object({ grade: numberField({ min: 1, max: 10, range: 'Van 1 tot 10.' }) });
  const typed = (schema: z.ZodType, field: string, text: string) => {
    const body = new FormData();
    body.set(field, text);
    const submission = parseForm(body, { schema });
    return submission.status === 'success'
      ? { value: submission.value as Record<string, unknown> }
      : { error: submission.error?.[field]?.[0] };
  };

  it.each([
    ['12', 12],
    ['-3', -3],
    ['\u22123', -3],
    ['12,5', 12.5],
    ['0,25', 0.25],
    ['007', 7],
  ])('reads %j as %d', (text, number) => {
    expect(dutchNumber(text)).toBe(number);
  });

  it.each(['abc', '12a', '12.5', '1.000', '12,', ',5', '1,2,3', '+5', ' 5', '5 ', '0x5', '1e1', '٥', '', '--5'])(
    'reads %j as no number (it stays text, nothing is dropped)',
    (text) => {
      expect(dutchNumber(text)).toBeNull();
    },
  );

  it('reads a decimal comma in a form: 12,5 is 12.5, not 125', () => {
    expect(typed(grade, 'grade', '7,5')).toEqual({ value: { grade: 7.5 } });
    expect(typed(minutes, 'minutes', '35')).toEqual({ value: { minutes: 35 } });
  });

  it('refuses a fraction in a whole-number field with its own message', () => {
    expect(typed(minutes, 'minutes', '12,5')).toEqual({ error: 'Vul een heel aantal minuten in.' });
    expect(messages(minutes, { minutes: 12.5 })).toEqual(['Vul een heel aantal minuten in.']);
  });

  it.each(['abc', '12.5', '1.000', '2o', '12 min'])('refuses %j in a form as no number', (text) => {
    expect(typed(minutes, 'minutes', text)).toEqual({ error: 'Vul het aantal minuten in cijfers in.' });
  });

  it.each(['0', '999', '-5', '\u22125', '4'])('refuses %j outside the range', (text) => {
    expect(typed(minutes, 'minutes', text)).toEqual({ error: RANGE });
  });

  it('is strict JSON in the API: a number, never text', () => {
    expect(data(minutes, { minutes: 20 })).toEqual({ minutes: 20 });
    expect(messages(minutes, { minutes: '20' })).toEqual(['Vul het aantal minuten in cijfers in.']);
    expect(messages(minutes, { minutes: 999 })).toEqual([RANGE]);
    expect(messages(minutes, {})).toEqual([MESSAGES.REQUIRED]);
    expect(messages(grade, { grade: 'zeven' })).toEqual([MESSAGES.NUMBER_INVALID]);
  });

  it('defaults to the shared messages', () => {
    const schema = z.object({ n: numberField({ min: 0, max: 9, whole: true, range: 'Van 0 tot 9.' }) });
    expect(typed(schema, 'n', '1,5')).toEqual({ error: MESSAGES.WHOLE_NUMBER });
    expect(typed(schema, 'n', 'x')).toEqual({ error: MESSAGES.NUMBER_INVALID });
  });
});

describe('requiredCheckbox', () => {
  it("accepts true (JSON), and a form’s 'on' through formSchema", () => {
    expect(data(requiredCheckbox(), true)).toBe(true);
    expect(formSchema(z.object({ terms: requiredCheckbox() })).parse({ terms: 'on' })).toEqual({ terms: true });
  });

  it.each([undefined, null, false, '', 'off', 'on', 'true', 1])(
    "rejects %j in JSON with 'Dit veld is verplicht.'",
    (input) => {
      expect(messages(requiredCheckbox(), input)).toEqual(['Dit veld is verplicht.']);
    },
  );

  it('rejects an unchecked (absent) checkbox in a form', () => {
    const schema = formSchema(z.object({ terms: requiredCheckbox() }));
    for (const form of [{}, { terms: '' }, { terms: 'off' }]) {
      const result = schema.safeParse(form);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toMatchObject([{ path: ['terms'], message: 'Dit veld is verplicht.' }]);
    }
  });
});

describe('optionalCheckbox', () => {
  it('takes a JSON boolean, missing is false', () => {
    expect(data(optionalCheckbox(), true)).toBe(true);
    expect(data(optionalCheckbox(), false)).toBe(false);
    expect(data(optionalCheckbox(), undefined)).toBe(false);
  });

  it.each(['on', 'true', 1, null])('refuses %j in JSON', (input) => {
    expect(messages(optionalCheckbox(), input)).toEqual(['Vink dit vakje aan of laat het leeg.']);
  });

  it('reads a form’s checkbox through formSchema', () => {
    const schema = formSchema(z.object({ newsletter: optionalCheckbox() }));
    expect(schema.parse({ newsletter: 'on' })).toEqual({ newsletter: true });
    expect(schema.parse({})).toEqual({ newsletter: false });
  });
});

describe('passwordWithRepeat', () => {
  it('accepts matching passwords, untrimmed', () => {
    expect(passwordWithRepeat().parse({ newPassword: ' geheim1 ', newPasswordRepeat: ' geheim1 ' })).toEqual({
      newPassword: ' geheim1 ',
      newPasswordRepeat: ' geheim1 ',
    });
  });

  it('puts the mismatch message on the repeat field', () => {
    const result = passwordWithRepeat().safeParse({ newPassword: 'geheim1', newPasswordRepeat: 'geheim2' });
    expect(result.error?.issues).toMatchObject([
      { path: ['newPasswordRepeat'], message: 'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.' },
    ]);
  });

  it('requires both fields, without a mismatch message for empty ones', () => {
    const result = passwordWithRepeat().safeParse({ newPassword: '', newPasswordRepeat: 'geheim' });
    expect(result.error?.issues).toMatchObject([{ path: ['newPassword'], message: 'Dit veld is verplicht' }]);
    const missing = passwordWithRepeat().safeParse({});
    expect(missing.error?.issues).toMatchObject([
      { path: ['newPassword'], message: 'Dit veld is verplicht' },
      { path: ['newPasswordRepeat'], message: 'Dit veld is verplicht' },
    ]);
  });

  it('works as a refinement on other shapes', () => {
    const schema = z
      .object({ currentPassword: requiredString(), password: requiredString(), repeat: requiredString() })
      .superRefine(passwordRepeatRefinement('password', 'repeat'));
    expect(messages(schema, { currentPassword: 'a', password: 'b', repeat: 'c' })).toEqual([MESSAGES.PASSWORD_REPEAT]);
    expect(schema.safeParse({ currentPassword: 'a', password: 'b', repeat: 'b' }).success).toBe(true);
  });

  it('fails exactly when two non-empty passwords differ', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        const result = passwordWithRepeat().safeParse({ newPassword: a, newPasswordRepeat: b });
        expect(result.success).toBe(a === b);
      }),
    );
  });
});

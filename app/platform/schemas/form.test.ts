import { describe, expect, it } from 'vitest';
import { decimalInteger, formSchema, parseForm, textNumber } from './form.ts';
import { z } from './z.ts';

/** A write's one schema, in JSON types. */
const schema = z.object({
  productId: z.number({ error: 'Kies een product.' }).int({ error: 'Kies een product.' }).min(1),
  quantity: z.number({ error: 'Kies een aantal.' }).int().min(1).default(1),
  gift: z.boolean().optional(),
  ids: z.array(z.number({ error: 'Kies een vak.' })).optional(),
});

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
};

describe('the JSON schema itself is strict', () => {
  it.each([
    ['a numeric string', { productId: '5' }],
    ['true for a number', { productId: true }],
    ['a hex string', { productId: '0x5' }],
    ['an array for a number', { productId: [5] }],
    ['null for a number', { productId: null }],
  ])('refuses %s with the field’s message', (_name, body) => {
    const result = schema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['productId'], message: 'Kies een product.' });
  });

  it('takes JSON numbers and booleans as they are', () => {
    expect(schema.parse({ productId: 5, quantity: 2, gift: true })).toEqual({ productId: 5, quantity: 2, gift: true });
  });
});

describe('formSchema: form text → numbers and booleans, then the same schema', () => {
  it('reads plain decimal integers, checkboxes and repeated fields', () => {
    expect(formSchema(schema).parse({ productId: '12', quantity: '3', gift: 'on', ids: ['4', '5'] })).toEqual({
      productId: 12,
      quantity: 3,
      gift: true,
      ids: [4, 5],
    });
    expect(formSchema(schema).parse({ productId: '12', ids: '4' })).toEqual({ productId: 12, quantity: 1, ids: [4] });
  });

  it('counts an empty field as missing', () => {
    expect(formSchema(schema).parse({ productId: '7', quantity: '', gift: '' })).toEqual({ productId: 7, quantity: 1 });
  });

  it.each(['0x5', '1e1', ' 5 ', '5.0', '+5', '٥', '5 ', 'Infinity', '1234567890123456'])(
    'refuses %j: only a plain decimal integer is a number',
    (text) => {
      const result = formSchema(schema).safeParse({ productId: text });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['productId'], message: 'Kies een product.' });
    },
  );

  it('derives one form parser per schema', () => {
    expect(formSchema(schema)).toBe(formSchema(schema));
  });
});

describe('parseForm (Conform with our form step)', () => {
  it('parses a form post', () => {
    const submission = parseForm(
      form([
        ['productId', '12'],
        ['quantity', '2'],
        ['ids', '3'],
        ['ids', '4'],
      ]),
      { schema },
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({ productId: 12, quantity: 2, ids: [3, 4] });
  });

  it('answers the field’s message for a number in another notation', () => {
    const submission = parseForm(form([['productId', '0x5']]), { schema });
    expect(submission.status).toBe('error');
    expect(submission.status === 'error' && submission.error).toEqual({ productId: ['Kies een product.'] });
  });
});

describe('textNumber (paths and queries)', () => {
  const params = z.object({ id: textNumber(z.number({ error: 'Onbekend.' }).int().min(1, { error: 'Onbekend.' })) });

  it('reads a plain decimal integer', () => {
    expect(params.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it.each(['0x5', '1e1', ' 5 ', '', '0', '-1', 'abc'])('refuses %j', (text) => {
    expect(params.safeParse({ id: text }).error?.issues[0]?.message).toBe('Onbekend.');
  });

  it('leaves anything but text to the schema', () => {
    expect(decimalInteger(5)).toBe(5);
    expect(decimalInteger(true)).toBe(true);
    expect(decimalInteger('5')).toBe(5);
  });
});

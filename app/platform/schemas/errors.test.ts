import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as z from 'zod';
import { fieldErrorsFromZod, firstFieldError } from './errors.ts';
import { email, postcode, requiredString } from './fields.ts';

describe('firstFieldError (spec §5)', () => {
  it('prefers server errors and shows the first message', () => {
    expect(firstFieldError(['Server 1', 'Server 2'], ['Client 1'])).toBe('Server 1');
  });

  it('falls back to client errors', () => {
    expect(firstFieldError(undefined, ['Client 1', 'Client 2'])).toBe('Client 1');
    expect(firstFieldError(null, ['Client 1'])).toBe('Client 1');
    expect(firstFieldError([], ['Client 1'])).toBe('Client 1');
  });

  it('returns undefined without errors', () => {
    expect(firstFieldError()).toBeUndefined();
    expect(firstFieldError([], [])).toBeUndefined();
    expect(firstFieldError(null, null)).toBeUndefined();
  });

  it('always picks the head of the winning list', () => {
    const list = fc.option(fc.array(fc.string()), { nil: undefined });
    fc.assert(
      fc.property(list, list, (server, client) => {
        const expected = server && server.length > 0 ? server[0] : client?.[0];
        expect(firstFieldError(server, client)).toBe(expected);
      }),
    );
  });
});

describe('fieldErrorsFromZod', () => {
  it('groups messages by dotted path, in order', () => {
    const schema = z.object({
      email: email(),
      address: z.object({ postcode: postcode(), street: requiredString() }),
      children: z.array(z.object({ name: requiredString() })),
    });
    const result = schema.safeParse({
      email: 'x',
      address: { postcode: '12', street: '' },
      children: [{ name: 'a' }, { name: ' ' }],
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZod(result.error!)).toEqual({
      email: ['Dit is geen geldige e-mail'],
      'address.postcode': ['Voer een postcode in, bijvoorbeeld: 1234 AA'],
      'address.street': ['Dit veld is verplicht'],
      'children.1.name': ['Dit veld is verplicht'],
    });
  });

  it("keys form-level issues by ''", () => {
    const schema = z.object({ a: z.string() }).refine(() => false, { error: 'Formulier fout' });
    expect(fieldErrorsFromZod(schema.safeParse({ a: 'x' }).error!)).toEqual({ '': ['Formulier fout'] });
  });

  it('keeps several messages for one field', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['a'], message: 'een', input: '' },
      { code: 'custom', path: ['a'], message: 'twee', input: '' },
    ]);
    expect(fieldErrorsFromZod(error)).toEqual({ a: ['een', 'twee'] });
  });
});

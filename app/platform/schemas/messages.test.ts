import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES } from './messages.ts';

describe('MESSAGES (spec §5)', () => {
  it('fills in {length}', () => {
    expect(MESSAGES.minLength(4)).toBe('Voer minimaal 4 cijfers in.');
    expect(MESSAGES.maxLength(10)).toBe('Voer maximaal 10 cijfers in.');
    expect(MESSAGES.maxChars(255)).toBe('Voer maximaal 255 karakters in.');
    fc.assert(
      fc.property(fc.nat(10_000), (n) => {
        expect(MESSAGES.minLength(n)).toBe(`Voer minimaal ${n} cijfers in.`);
        expect(MESSAGES.maxLength(n)).toBe(`Voer maximaal ${n} cijfers in.`);
        expect(MESSAGES.maxChars(n)).toBe(`Voer maximaal ${n} karakters in.`);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES } from './messages.ts';

describe('MESSAGES (spec §5)', () => {
  it('has the validation messages verbatim', () => {
    expect(MESSAGES.REQUIRED).toBe('Dit veld is verplicht');
    expect(MESSAGES.REQUIRED_CHECKBOX).toBe('Dit veld is verplicht.');
    expect(MESSAGES.EMAIL_INVALID).toBe('Dit is geen geldige e-mail');
    expect(MESSAGES.EMAIL_INVALID_ALT).toBe('Voer een geldig e-mailadres in.');
    expect(MESSAGES.POSTCODE).toBe('Voer een postcode in, bijvoorbeeld: 1234 AA');
    expect(MESSAGES.HOUSE_NUMBER_DIGITS).toBe('Huisnummer mag alleen cijfers bevatten');
    expect(MESSAGES.HOUSE_NUMBER_MAX).toBe('Maximaal 5 cijfers');
    expect(MESSAGES.EXTENSION_MAX).toBe('Maximaal 10 karakters');
    expect(MESSAGES.EXTENSION_NO_HASH).toBe('De toevoeging mag geen # bevatten');
    expect(MESSAGES.VALUE_LIMIT).toBe('Waarde moet kleiner zijn dan 100.');
    expect(MESSAGES.PASSWORD_REPEAT).toBe('Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.');
    expect(MESSAGES.COOKIE_CONSENT_REQUIRED).toBe('Maak een keuze.');
  });

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

  it('has the notices of spec §8 verbatim', () => {
    expect(MESSAGES.CONTACT_SUCCESS).toBe('Contact formulier succesvol verzonden.');
    expect(MESSAGES.GENERIC_ERROR).toBe('Er is iets helaas niet goed gegaan, probeer het op een later moment.');
    expect(MESSAGES.SUBJECT_ADDED).toBe('Je hebt een vak toegevoegd.');
    expect(MESSAGES.SUBJECT_REMOVED).toBe('Je hebt een vak verwijderd.');
  });

  it('has Dutch wording for the two additions', () => {
    expect(MESSAGES.DIGITS_ONLY).toBe('Voer alleen cijfers in.');
    expect(MESSAGES.NUMBER_INVALID).toBe('Voer een geldig getal in.');
  });
});

import { parseForm as parseFormData } from '#app/platform/schemas/form.ts';
import type { z } from '#app/platform/schemas/z.ts';
import { describe, expect, it } from 'vitest';
import { examYearRange } from '#app/platform/dates.ts';
import {
  deleteAccountSchema,
  examYearFormSchema,
  levelsFormSchema,
  nameFormSchema,
  newsletterPreferenceSchema,
  profileFormSchema,
  removeSubjectSchema,
  roleFormSchema,
} from './account.ts';
import { changePasswordSchema, resetPasswordSchema } from './auth-forms.ts';
import { addSubjectsSchema } from '#app/modules/checks/schemas/subjects.ts';

/** Parses like the account pages' actions: form data through Conform (strings, repeated keys). */
function parseForm<T>(schema: z.ZodType, entries: [string, string][]) {
  const formData = new FormData();
  for (const [key, value] of entries) formData.append(key, value);
  const submission = parseFormData(formData, { schema });
  return submission.status === 'success'
    ? { value: submission.value as T }
    : { errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v?.[0]])) };
}

describe('account form schemas', () => {
  it('name: trimmed, required, at most 100 characters', () => {
    expect(parseForm(nameFormSchema, [['name', '  Sanne ']])).toEqual({ value: { name: 'Sanne' } });
    expect(parseForm(nameFormSchema, [['name', '  ']])).toEqual({ errors: { name: 'Dit veld is verplicht' } });
    expect(parseForm(nameFormSchema, [['name', 'x'.repeat(101)]])).toEqual({
      errors: { name: 'Voer maximaal 100 karakters in.' },
    });
  });

  it("newsletter: the checkbox's 'accepted' means subscribed; unchecked means not", () => {
    expect(parseForm(newsletterPreferenceSchema, [['emailPreference', 'accepted']])).toEqual({
      value: { emailPreference: true },
    });
    expect(parseForm(newsletterPreferenceSchema, [])).toEqual({ value: { emailPreference: false } });
    expect(parseForm(newsletterPreferenceSchema, [['emailPreference', 'ja']])).toHaveProperty('errors');
  });

  it('exam year: within the range of today, or none', () => {
    const { min, max } = examYearRange(new Date());
    expect(parseForm(examYearFormSchema, [['examYear', String(min)]])).toEqual({ value: { examYear: min } });
    expect(parseForm(examYearFormSchema, [['examYear', '']])).toEqual({ value: { examYear: null } });
    expect(parseForm(examYearFormSchema, [['examYear', String(max + 1)]])).toEqual({
      errors: { examYear: 'Kies een examenjaar.' },
    });
  });

  it('levels: at least one, in the order of USER_LEVELS; a vmbo sub level replaces the generic vmbo', () => {
    expect(
      parseForm(levelsFormSchema, [
        ['levels', 'vwo'],
        ['levels', 'havo'],
      ]),
    ).toEqual({ value: { levels: ['havo', 'vwo'] } });
    expect(parseForm(levelsFormSchema, [['levels', 'havo']])).toEqual({ value: { levels: ['havo'] } });
    expect(
      parseForm(levelsFormSchema, [
        ['levels', 'vmbo'],
        ['levels', 'vmbo-k'],
      ]),
    ).toEqual({ value: { levels: ['vmbo-k'] } });
    expect(parseForm(levelsFormSchema, [['levels', 'vmbo']])).toEqual({ value: { levels: ['vmbo'] } });
    expect(parseForm(levelsFormSchema, [])).toEqual({ errors: { levels: 'Kies minimaal één niveau.' } });
    expect(parseForm(levelsFormSchema, [['levels', 'mbo']])).toHaveProperty('errors');
  });

  it('role and profile: only the known values; "geen" clears the profile', () => {
    expect(parseForm(roleFormSchema, [['educationRole', 'teacher']])).toEqual({ value: { educationRole: 'teacher' } });
    expect(parseForm(roleFormSchema, [['educationRole', 'admin']])).toEqual({
      errors: { educationRole: 'Kies leerling of docent.' },
    });
    expect(parseForm(profileFormSchema, [['profile', 'NT']])).toEqual({ value: { profile: 'NT' } });
    expect(parseForm(profileFormSchema, [['profile', 'geen']])).toEqual({ value: { profile: null } });
    expect(parseForm(profileFormSchema, [['profile', 'XX']])).toHaveProperty('errors');
  });

  it('deleting the account needs the confirm checkbox (spec §5 required checkbox)', () => {
    expect(parseForm(deleteAccountSchema, [['confirm', 'on']])).toEqual({ value: { confirm: true } });
    expect(parseForm(deleteAccountSchema, [])).toEqual({ errors: { confirm: 'Dit veld is verplicht.' } });
  });

  it('subject forms read ids from form data', () => {
    expect(parseForm(removeSubjectSchema, [['subjectId', '12']])).toEqual({ value: { subjectId: 12 } });
    expect(parseForm(removeSubjectSchema, [['subjectId', 'x']])).toHaveProperty('errors');
    expect(parseForm(addSubjectsSchema, [['ids', '12']])).toEqual({ value: { ids: [12] } });
  });

  it('password change: a different repetition gets the message of spec §5', () => {
    expect(
      parseForm(changePasswordSchema, [
        ['currentPassword', 'Slaag2026!'],
        ['newPassword', 'Nieuw-wachtwoord-1'],
        ['repeatPassword', 'Nieuw-wachtwoord-2'],
      ]),
    ).toEqual({ errors: { repeatPassword: 'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.' } });
  });

  it('password change: the repetition that differs is reported whatever the current password field holds', () => {
    expect(
      parseForm(changePasswordSchema, [
        ['newPassword', 'Nieuw-wachtwoord-1'],
        ['repeatPassword', 'Nieuw-wachtwoord-2'],
      ]),
    ).toEqual({
      errors: {
        currentPassword: 'Dit veld is verplicht',
        repeatPassword: 'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.',
      },
    });
    // Not before both new fields are typed: an empty repetition is only required.
    expect(parseForm(changePasswordSchema, [['newPassword', 'Nieuw-wachtwoord-1']])).toEqual({
      errors: { currentPassword: 'Dit veld is verplicht', repeatPassword: 'Dit veld is verplicht' },
    });
    // The same two equal: no message on the repetition.
    expect(
      parseForm(changePasswordSchema, [
        ['newPassword', 'Nieuw-wachtwoord-1'],
        ['repeatPassword', 'Nieuw-wachtwoord-1'],
      ]),
    ).toEqual({ errors: { currentPassword: 'Dit veld is verplicht' } });
  });

  it('password reset: the repetition that differs is reported beside a new password that is too short', () => {
    expect(
      parseForm(resetPasswordSchema, [
        ['token', 't'],
        ['newPassword', 'kort'],
        ['repeatPassword', 'korter'],
      ]),
    ).toMatchObject({ errors: { repeatPassword: 'Nieuw wachtwoord en herhaling wachtwoord komen niet overeen.' } });
  });
});

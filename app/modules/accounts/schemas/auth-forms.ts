import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { email, optionalTrimmedString, requiredString } from '#app/platform/schemas/fields.ts';
import { z } from '#app/platform/schemas/z.ts';
import { PASSWORD_LENGTH } from '#app/modules/accounts/domain/account.ts';
import { AUTH_FORM_MESSAGES } from '#app/modules/accounts/domain/messages.ts';

/** A password as typed: not trimmed (spaces count), only required. */
const password = () => z.string({ error: MESSAGES.REQUIRED }).min(1, { error: MESSAGES.REQUIRED });

/** A new password within the library's bounds. */
const newPassword = () =>
  password()
    .min(PASSWORD_LENGTH.min, { error: AUTH_FORM_MESSAGES.PASSWORD_TOO_SHORT })
    .max(PASSWORD_LENGTH.max, { error: AUTH_FORM_MESSAGES.PASSWORD_TOO_LONG });

/** The login route's `from` (spec §2): kept through the form; checked where it is used (afterLoginPath). */
const from = () => optionalTrimmedString();

/** Signing in with e-mail and password. */
export const signInSchema = z.object({ email: email(), password: password(), from: from() });
export type SignInInput = z.output<typeof signInSchema>;

/** Creating an account. */
export const signUpSchema = z.object({
  name: requiredString().max(100, { error: AUTH_FORM_MESSAGES.NAME_TOO_LONG }),
  email: email(),
  password: newPassword(),
  terms: z.literal('on', { error: MESSAGES.REQUIRED_CHECKBOX }),
  from: from(),
});
export type SignUpInput = z.output<typeof signUpSchema>;

/** Asking for a password-reset link. */
export const forgotPasswordSchema = z.object({ email: email() });

const filledText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * The new password twice must match (spec §5), reported on the repetition as
 * soon as both are typed, whatever the other fields hold (an empty current
 * password does not hide it; Zod skips a refinement after other issues unless `when` says so).
 */
const repeatsNewPassword = (value: { newPassword: string; repeatPassword: string }) =>
  value.newPassword === value.repeatPassword;
const repeatCheck = () => ({
  path: ['repeatPassword'],
  error: MESSAGES.PASSWORD_REPEAT,
  when: ({ value }: { value: unknown }) => {
    const typed = value as { newPassword?: unknown; repeatPassword?: unknown } | null;
    return filledText(typed?.newPassword) && filledText(typed.repeatPassword);
  },
});

/** Choosing a new password from the reset link. */
export const resetPasswordSchema = z
  .object({ token: requiredString(), newPassword: newPassword(), repeatPassword: password() })
  .refine(repeatsNewPassword, repeatCheck());

/** Changing the password while signed in (spec §5 'Nieuw wachtwoord en herhaling …'). */
export const changePasswordSchema = z
  .object({ currentPassword: password(), newPassword: newPassword(), repeatPassword: password() })
  .refine(repeatsNewPassword, repeatCheck());

/** Changing the e-mail address: the new one, confirmed with the current password (re-authentication). */
export const changeEmailSchema = z.object({ newEmail: email(), currentPassword: password() });

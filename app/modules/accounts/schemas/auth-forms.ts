import { MESSAGES } from '#app/platform/schemas/messages.ts';
import { email, optionalTrimmedString, requiredString } from '#app/platform/schemas/fields.ts';
import { z } from '#app/platform/schemas/z.ts';

/** Password bounds of the accounts library (app/modules/accounts/server/auth.server.ts); the texts are additions. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;
export const AUTH_FORM_MESSAGES = {
  PASSWORD_TOO_SHORT: `Kies een wachtwoord van minimaal ${PASSWORD_LENGTH.min} tekens.`,
  PASSWORD_TOO_LONG: `Kies een wachtwoord van maximaal ${PASSWORD_LENGTH.max} tekens.`,
  NAME_TOO_LONG: MESSAGES.maxChars(100),
  SAME_EMAIL: 'Dit is al je e-mailadres.',
} as const;

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

/** The new password twice must match (spec §5), reported on the repetition. */
function repeated<T extends { newPassword: string; repeatPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.newPassword !== value.repeatPassword) {
    ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: MESSAGES.PASSWORD_REPEAT });
  }
}

/** Choosing a new password from the reset link. */
export const resetPasswordSchema = z
  .object({ token: requiredString(), newPassword: newPassword(), repeatPassword: password() })
  .superRefine(repeated);

/** Changing the password while signed in (spec §5 'Nieuw wachtwoord en herhaling …'). */
export const changePasswordSchema = z
  .object({ currentPassword: password(), newPassword: newPassword(), repeatPassword: password() })
  .superRefine(repeated);

/** Changing the e-mail address: the new one, confirmed with the current password (re-authentication). */
export const changeEmailSchema = z.object({ newEmail: email(), currentPassword: password() });

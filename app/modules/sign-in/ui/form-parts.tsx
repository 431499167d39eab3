import type { ReactNode } from 'react';

/**
 * The form-wide confirmation, announced when it appears. A refusal (of the accounts library, or of a field) is the
 * form's error summary (app/ui/primitives/error-summary.tsx), above it.
 */
export function FormMessage({ id, success }: { id: string; success?: ReactNode }) {
  return (
    <div id={id} role="status" className="empty:hidden">
      {success ? <div className="rounded-xl bg-brand-soft p-4 font-semibold text-brand-dark">{success}</div> : null}
    </div>
  );
}

/** The labels that lead the fields' messages in a summary of the sign-in forms. */
export const AUTH_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Voornaam',
  email: 'E-mailadres',
  password: 'Wachtwoord',
  newPassword: 'Nieuw wachtwoord',
  repeatPassword: 'Herhaal nieuw wachtwoord',
  terms: 'Privacyverklaring',
};

/** Hidden fields of the sign-in forms: a message about one stands as a plain line. */
export const AUTH_HIDDEN_FIELDS = ['from', 'token'] as const;

import type { ReactNode } from 'react';

/** The form-wide message (a refusal of the accounts library, or a confirmation), announced when it appears. */
export function FormMessage({ id, error, success }: { id: string; error?: string | undefined; success?: ReactNode }) {
  return (
    <div id={id} role="status" className="empty:hidden">
      {error ? <p className="rounded-xl bg-danger/10 p-4 font-semibold text-danger">{error}</p> : null}
      {success ? <div className="rounded-xl bg-brand-soft p-4 font-semibold text-brand-dark">{success}</div> : null}
    </div>
  );
}

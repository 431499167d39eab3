import { useId } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '#app/ui/primitives/button.tsx';
import { STOCK_NOTICE_MESSAGES } from '#app/modules/stock-notices/domain/messages.ts';
import { STOCK_NOTICE_PATH, STOCK_NOTICE_TOKEN_PARAM } from '#app/modules/stock-notices/domain/stock-notices.ts';

/** What /producten/voorraadmelding answers a sign-up. */
export type StockNoticeAnswer =
  | { ok: true; message: string; token: string }
  | { ok: false; message?: string; errors?: Record<string, string[] | null> };

/** After a sign-up: the link that deletes the address again (the page and the form both show it). */
export function StockNoticeUndo({ token, className }: { token: string; className: string }) {
  return (
    <p className={className}>
      Bedacht?{' '}
      <a
        href={`${STOCK_NOTICE_PATH}?${STOCK_NOTICE_TOKEN_PARAM}=${token}`}
        className="font-semibold underline underline-offset-4"
      >
        Verwijder je e-mailadres weer
      </a>
      .
    </p>
  );
}

/**
 * "Mail me als het er weer is" on a sold-out product: one e-mail field, what we do with the
 * address said before it is sent, and after it the answer with the link to delete it again.
 * A plain form to /producten/voorraadmelding (that page answers without JavaScript).
 */
export function StockNoticeForm({ productId, productName }: { productId: number; productName: string }) {
  const fetcher = useFetcher<StockNoticeAnswer>({ key: `stock-notice-${productId}` });
  const emailId = useId();
  const consentId = useId();
  const errorId = useId();
  const answer = fetcher.data;
  const busy = fetcher.state !== 'idle';
  if (answer?.ok) {
    return (
      <div role="status" className="rounded-2xl bg-success-soft p-4" data-testid="stock-notice">
        <p className="font-semibold text-success">{answer.message}</p>
        <StockNoticeUndo token={answer.token} className="mt-1 text-sm" />
      </div>
    );
  }
  const fieldError = answer && !answer.ok ? (answer.errors?.email?.[0] ?? answer.message) : undefined;
  return (
    <fetcher.Form
      method="post"
      action={STOCK_NOTICE_PATH}
      className="rounded-2xl bg-surface p-4"
      data-testid="stock-notice"
    >
      <input type="hidden" name="productId" value={productId} />
      <label htmlFor={emailId} className="font-bold">
        Mail me als {productName} er weer is
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="email"
          aria-describedby={fieldError ? `${errorId} ${consentId}` : consentId}
          aria-invalid={fieldError ? true : undefined}
          className="min-h-12 min-w-0 flex-1 rounded-xl border-2 border-ink/20 bg-white px-3"
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          {busy ? 'Bezig…' : 'Mail mij'}
        </Button>
      </div>
      {fieldError ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-danger">
          {fieldError}
        </p>
      ) : null}
      <p id={consentId} className="mt-2 text-sm text-ink-soft">
        {STOCK_NOTICE_MESSAGES.CONSENT}
      </p>
    </fetcher.Form>
  );
}

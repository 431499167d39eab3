import { data } from 'react-router';
import type { Route } from './+types/credit-note';
import { scopeContext } from '#app/context.ts';
import { creditNoteParamsSchema, REFUND_MESSAGES } from '#app/modules/refunds/index.ts';
import { creditNoteFor } from '#app/modules/refunds/index.server.ts';
import { CreditNote } from '#app/modules/refunds/ui.ts';
import { pageTitle } from '#app/platform/brand.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: pageTitle(`Creditnota ${params.number}`) },
  { name: 'robots', content: 'noindex' },
];

/** `/beheer/creditnotas/:number` (BACKOFFICE_ACCESS.viewCreditNote; the layout's guard ran): printable. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parsed = creditNoteParamsSchema.safeParse(params);
  if (!parsed.success) throw data(REFUND_MESSAGES.CREDIT_NOTE_NOT_FOUND, { status: 404 });
  const result = await creditNoteFor(context.get(scopeContext), parsed.data.number);
  if (!result.ok) throw data(result.message, { status: 404 });
  return { note: result.value };
}

export default function CreditNotePage({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="sr-only">Creditnota {loaderData.note.number}</h1>
      <CreditNote note={loaderData.note} />
    </section>
  );
}

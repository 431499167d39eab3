import { data, Form } from 'react-router';
import type { Route } from './+types/stock-notice';
import { pageTitle } from '#app/platform/brand.ts';
import { parseForm } from '#app/platform/schemas/form.ts';
import { pageMeta } from '#app/platform/seo-meta.ts';
import { Button, ButtonLink } from '#app/ui/primitives/button.tsx';
import { PRODUCTS_PATH } from '#app/modules/catalog/index.ts';
import {
  STOCK_NOTICE_MESSAGES,
  STOCK_NOTICE_PATH,
  STOCK_NOTICE_TOKEN_PARAM,
  stockNoticeSchema,
  stockNoticeTokenSchema,
} from '#app/modules/stock-notices/index.ts';
import { type StockNoticeAnswer, StockNoticeUndo } from '#app/modules/stock-notices/ui.ts';
import { scopeContext } from '#app/context.ts';
import {
  cancelStockNotice,
  findStockNotice,
  requestStockNotice,
  STOCK_NOTICE_REFUSAL_STATUS,
} from '#app/modules/stock-notices/index.server.ts';

/** A page per secret link or per answer: never cached or shared. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

export const headers: Route.HeadersFunction = () => PRIVATE;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    title: pageTitle('Mail me als het er weer is'),
    description: 'Een mail zodra een uitverkocht product weer op voorraad is.',
    path: STOCK_NOTICE_PATH,
    publicUrl: undefined,
  }),
  { name: 'robots', content: 'noindex' },
];

/**
 * /producten/voorraadmelding?afmelden={token}: the delete link of the page and the mail. Opening
 * it (mail scanners do) deletes nothing; the button does. Without a token: what the page is for
 * (also the page a form posted without JavaScript answers on).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const raw = url.searchParams.get(STOCK_NOTICE_TOKEN_PARAM);
  if (raw === null) return data({ link: false, token: null, productName: null }, { headers: PRIVATE });
  const parsed = stockNoticeTokenSchema.safeParse({ token: raw });
  const found = parsed.success ? await findStockNotice(context.get(scopeContext), parsed.data.token) : null;
  return data(
    { link: true, token: found && parsed.success ? parsed.data.token : null, productName: found?.productName ?? null },
    { headers: PRIVATE },
  );
}

type ActionAnswer = StockNoticeAnswer | { deleted: boolean };

/**
 * The form of a sold-out product (a fetcher reads the answer in place; without JavaScript this
 * page shows it) and the delete button: parse with the shared schema → one service → answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = context.get(scopeContext);
  const form = await request.formData();
  if (form.get('intent') === 'delete') {
    const parsed = stockNoticeTokenSchema.safeParse({ token: form.get('token') });
    const deleted = parsed.success ? await cancelStockNotice(scope, parsed.data.token) : false;
    return data<ActionAnswer>({ deleted }, { status: deleted ? 200 : 404, headers: PRIVATE });
  }
  const submission = parseForm(form, { schema: stockNoticeSchema });
  if (submission.status !== 'success') {
    return data<ActionAnswer>({ ok: false, errors: submission.error ?? {} }, { status: 400, headers: PRIVATE });
  }
  const result = await requestStockNotice(scope, submission.value);
  if (!result.ok) {
    return data<ActionAnswer>(
      { ok: false, message: result.message },
      { status: STOCK_NOTICE_REFUSAL_STATUS[result.reason], headers: PRIVATE },
    );
  }
  return data<ActionAnswer>({ ok: true, ...result.value }, { headers: PRIVATE });
}

export default function StockNoticeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionAnswer | undefined;
  let body;
  if (answer && 'deleted' in answer) {
    body = <p role="status">{answer.deleted ? STOCK_NOTICE_MESSAGES.DELETED : STOCK_NOTICE_MESSAGES.UNKNOWN_TOKEN}</p>;
  } else if (answer?.ok) {
    body = (
      <>
        <p role="status">{answer.message}</p>
        <StockNoticeUndo token={answer.token} className="mt-2" />
      </>
    );
  } else if (answer) {
    body = (
      <p role="alert" className="font-semibold text-danger">
        {answer.errors?.email?.[0] ?? answer.errors?.productId?.[0] ?? answer.message}
      </p>
    );
  } else if (loaderData.token) {
    body = (
      <Form method="post">
        <p>
          Je vroeg ons om een mail zodra <strong>{loaderData.productName}</strong> weer op voorraad is. Wil je die
          toch niet? Dan verwijderen we je e-mailadres meteen.
        </p>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" className="mt-4">
          Verwijder mijn e-mailadres
        </Button>
      </Form>
    );
  } else if (loaderData.link) {
    body = <p>{STOCK_NOTICE_MESSAGES.UNKNOWN_TOKEN}</p>;
  } else {
    body = (
      <p>
        Is een product uitverkocht? Laat op de productpagina je e-mailadres achter, dan mailen we je één keer zodra
        het weer op voorraad is.
      </p>
    );
  }
  return (
    <section className="container-page max-w-2xl py-10 md:py-14">
      <h1 className="text-4xl font-extrabold text-brand-dark">Mail me als het er weer is</h1>
      <div className="mt-6 text-lg">{body}</div>
      <ButtonLink to={PRODUCTS_PATH} variant="tertiary" className="mt-8">
        Naar alle producten
      </ButtonLink>
    </section>
  );
}

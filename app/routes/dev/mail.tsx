import { data } from 'react-router';
import type { Route } from './+types/mail';
import { pageTitle } from '#app/platform/brand.ts';
import { formatDutchDateTime } from '#app/platform/dates.ts';
import { scopeContext } from '#app/context.ts';
import { readOutbox } from '#app/platform/server/mail.server.ts';

/** Never cached or shared: it shows every mail the site sent. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

export async function loader({ context }: Route.LoaderArgs) {
  const mails = await readOutbox(context.get(scopeContext));
  if (!mails) throw data('Deze pagina bestaat niet.', { status: 404 });
  return data(
    {
      mails: mails.map((mail) => ({
        id: mail.id,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        sentAt: formatDutchDateTime(mail.createdAt),
      })),
    },
    { headers: PRIVATE },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Verzonden mail (ontwikkeling)') },
  { name: 'robots', content: 'noindex' },
];

/**
 * The outbox of the offline mail adapter: every mail the site sent, newest
 * first (not in production; see outboxIsReadable in app/platform/server/mail.server.ts).
 */
export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { mails } = loaderData;
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Verzonden mail</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Zonder mailserver komt elke mail van de site hier terecht. Deze pagina bestaat alleen buiten productie.
      </p>
      {mails.length === 0 ? (
        <p className="mt-8 font-semibold">Er is nog geen mail verstuurd.</p>
      ) : (
        <ol className="mt-8 grid gap-4">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article
                aria-labelledby={`mail-${mail.id}`}
                className="rounded-2xl bg-white p-5 shadow ring-1 ring-ink/10"
              >
                <h2 id={`mail-${mail.id}`} className="text-lg font-bold">
                  {mail.subject}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-ink-soft">
                  <dt>Aan</dt>
                  <dd>{mail.to}</dd>
                  {mail.replyTo ? (
                    <>
                      <dt>Antwoord naar</dt>
                      <dd>{mail.replyTo}</dd>
                    </>
                  ) : null}
                  <dt>Verstuurd</dt>
                  <dd>{mail.sentAt}</dd>
                </dl>
                <pre className="mt-4 font-sans text-base whitespace-pre-wrap">{mail.text}</pre>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

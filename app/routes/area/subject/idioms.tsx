import { useRef } from 'react';
import { data, Form, Link, Outlet, useLoaderData, useLocation, useSubmit } from 'react-router';
import { FETCH_DELAY_MS } from '#app/platform/constants.ts';
import type { Route } from './+types/idioms';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { pageUrl } from '#app/platform/page-url.ts';
import { idiomIdParams, idiomSearchQuerySchema } from '#app/modules/buddy/index.ts';
import { buddyRefusal, getIdiomList } from '#app/modules/buddy/index.server.ts';
import { keepPageUnderCardModal } from '#app/modules/cards/ui.ts';
import { BUDDY_MESSAGES } from '#app/modules/buddy/index.ts';

/** The idiom page (spec §2 {idiomid}/idioom): the subject's exam vocabulary, searchable (`?q=`). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireAreaUser(context);
  const parsed = idiomIdParams.safeParse({ id: params.idiomId });
  if (!parsed.success) throw data(BUDDY_MESSAGES.UNKNOWN_IDIOM, { status: 404 });
  const query = idiomSearchQuerySchema.safeParse({ q: pageUrl(request.url).searchParams.get('q') ?? undefined });
  const q = query.success ? (query.data.q ?? '') : '';
  const result = await getIdiomList(context.get(scopeContext), user.id, parsed.data.id, q || undefined);
  if (!result.ok) refusePage(buddyRefusal(result.reason, 'idiom'));
  if (result.value.subjectId !== Number(params.subjectId)) throw data(BUDDY_MESSAGES.UNKNOWN_IDIOM, { status: 404 });
  return { list: result.value, q };
}

/** A card opened over this page leaves the page as it is. */
export const shouldRevalidate = keepPageUnderCardModal;

export default function IdiomsPage() {
  const { list, q } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Searches as the pupil types, once typing pauses (spec §9 default fetch delay).
  const search = (form: HTMLFormElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void submit(form, { replace: true, preventScrollReset: true }), FETCH_DELAY_MS);
  };
  return (
    <section className="container-page max-w-3xl py-8" aria-labelledby="idioms-title">
      <h2 id="idioms-title" className="text-2xl font-bold">
        {list.title} {list.subjectName}
      </h2>
      <p className="mt-2 text-ink-soft">
        Woorden en vraagwoorden die in examens van {list.subjectName} terugkomen. Weet je precies wat een vraag van je
        vraagt, dan haal je je punten.
      </p>
      <Form method="get" role="search" className="mt-5" onChange={(e) => search(e.currentTarget)}>
        <label htmlFor="idiom-search" className="font-semibold">
          Zoek een woord
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="idiom-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            className="flex-1 rounded-xl border-2 border-ink/20 px-4 py-2.5 focus:border-brand focus:outline-none"
          />
          <button type="submit" className="btn btn-secondary">
            Zoeken
          </button>
        </div>
      </Form>
      <p className="mt-4 text-sm text-ink-soft" role="status">
        {q ? `${list.entries.length} van ${list.entryCount} woorden met “${q}”` : `${list.entryCount} woorden`}
        {q ? (
          <>
            {' · '}
            <Link to={pathname} className="font-semibold underline underline-offset-4">
              Toon alles
            </Link>
          </>
        ) : null}
      </p>
      {list.entries.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-surface p-5">Geen woorden gevonden. Probeer een ander woord.</p>
      ) : (
        <dl className="mt-4 divide-y-2 divide-ink/10 rounded-2xl border-2 border-ink/10 bg-white">
          {list.entries.map((entry) => (
            <div key={entry.id} className="p-4">
              <dt className="text-lg font-bold text-brand-dark">{entry.term}</dt>
              <dd className="mt-1">{entry.meaning}</dd>
              <dd className="mt-2 border-l-4 border-brand/40 pl-3 text-ink-soft italic">{entry.example}</dd>
            </div>
          ))}
        </dl>
      )}
      <Outlet />
    </section>
  );
}

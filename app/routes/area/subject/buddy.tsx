import { useEffect, useRef } from 'react';
import {
  data,
  Link,
  Outlet,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/buddy';
import { refusePage, requireAreaUser, scopeContext } from '#app/context.ts';
import { cardModalPath, idiomPath } from '#app/platform/study-paths.ts';
import { STUDY_MESSAGES } from '#app/modules/cards/index.ts';
import {
  buddyQuestionSchema,
  chatbotIdParams,
  MAX_BUDDY_QUESTION,
  type BuddyAnswerView,
} from '#app/modules/buddy/index.ts';
import { SUBJECT_ROUTE_ID, type SubjectLayoutData } from '#app/modules/study/ui.ts';
import { keepPageUnderCardModal } from '#app/modules/cards/ui.ts';
import { fieldErrorsFromZod } from '#app/platform/schemas/errors.ts';
import {
  askBuddyAndRemember,
  buddyRefusal,
  clearBuddyConversation,
  getBuddyConversation,
  getChatbot,
} from '#app/modules/buddy/index.server.ts';
import { BUDDY_MESSAGES } from '#app/modules/buddy/index.ts';

async function chatbotOf({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const user = requireAreaUser(context);
  const parsed = chatbotIdParams.safeParse({ id: params.buddyId });
  if (!parsed.success) throw data(BUDDY_MESSAGES.UNKNOWN_CHATBOT, { status: 404 });
  const result = await getChatbot(context.get(scopeContext), user.id, parsed.data.id);
  if (!result.ok) refusePage(buddyRefusal(result.reason, 'chatbot'));
  if (result.value.subjectId !== Number(params.subjectId)) throw data(BUDDY_MESSAGES.UNKNOWN_CHATBOT, { status: 404 });
  return { userId: user.id, chatbot: result.value };
}

/** The exam buddy (spec §2 {buddyid}/examenbuddy, §3 Chatbot), with the pupil's conversation with it so far. */
export async function loader(args: Route.LoaderArgs) {
  const { userId, chatbot } = await chatbotOf(args);
  const conversation = await getBuddyConversation(args.context.get(scopeContext), userId, chatbot.subjectId);
  return { chatbot, conversation };
}

type ActionData =
  { answer: BuddyAnswerView; error: null; question: string } | { answer: null; error: string | null; question: string };

/**
 * A question: answered from the subject's own cards and idioms
 * (app/modules/study/server/buddy.server.ts) and kept in the pupil's
 * conversation; `intent=clear` clears the conversation.
 */
export async function action(args: Route.ActionArgs): Promise<ActionData | ReturnType<typeof data<ActionData>>> {
  const { userId, chatbot } = await chatbotOf(args);
  const form = await args.request.formData();
  if (form.get('intent') === 'clear') {
    await clearBuddyConversation(args.context.get(scopeContext), userId, chatbot.subjectId);
    return { answer: null, error: null, question: '' };
  }
  const question = String(form.get('question') ?? '');
  const parsed = buddyQuestionSchema.safeParse({ question });
  if (!parsed.success) {
    const error = fieldErrorsFromZod(parsed.error).question?.[0] ?? BUDDY_MESSAGES.QUESTION_REQUIRED;
    return data({ answer: null, error, question }, { status: 400 });
  }
  const result = await askBuddyAndRemember(args.context.get(scopeContext), userId, chatbot.id, parsed.data.question);
  if (!result.ok) throw data(STUDY_MESSAGES.NO_ACCESS, { status: 403 });
  return { answer: result.value, error: null, question };
}

function Answer({
  answer,
  pagePath,
  idiomsPath,
}: {
  answer: BuddyAnswerView;
  pagePath: string;
  idiomsPath: string | null;
}) {
  return (
    <div className="rounded-2xl bg-brand-soft p-4">
      <p className="text-xs font-semibold tracking-wide text-brand-dark uppercase">
        {answer.mode === 'language-model'
          ? 'Geschreven door een taalmodel, alleen uit je lesstof'
          : answer.sources.length > 0
            ? 'Gevonden in je lesstof'
            : 'Niet gevonden in je lesstof'}
      </p>
      {answer.mode === 'retrieval' && answer.sources.length > 0 ? (
        <div className="mt-2 space-y-3">
          <p>Dit vond ik in je lesstof over je vraag:</p>
          {answer.sources.map((source, index) => (
            <div key={`${source.kind}-${source.id}`}>
              <p className="font-semibold">
                [{index + 1}] {source.kind === 'card' ? 'Leerkaart' : 'Examenidioom'} “{source.title}”
              </p>
              <div className="study-text" dangerouslySetInnerHTML={{ __html: source.excerptHtml }} />
            </div>
          ))}
        </div>
      ) : (
        <div className="mt-2 whitespace-pre-line">{answer.answer}</div>
      )}
      {answer.sources.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-semibold">Bronnen</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
            {answer.sources.map((source) => (
              <li key={`${source.kind}-${source.id}`}>
                {source.kind === 'card' ? (
                  <Link
                    to={cardModalPath(pagePath, source.id)}
                    preventScrollReset
                    className="font-semibold underline underline-offset-4"
                  >
                    Leerkaart: {source.title}
                  </Link>
                ) : idiomsPath ? (
                  <Link
                    to={`${idiomsPath}?q=${encodeURIComponent(source.title)}`}
                    className="font-semibold underline underline-offset-4"
                  >
                    Examenidioom: {source.title}
                  </Link>
                ) : (
                  <span>Examenidioom: {source.title}</span>
                )}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}

/** A card opened over this page leaves the page as it is. */
export const shouldRevalidate = keepPageUnderCardModal;

export default function BuddyPage() {
  const { chatbot, conversation } = useLoaderData<typeof loader>();
  const { subject } = useRouteLoaderData<SubjectLayoutData>(SUBJECT_ROUTE_ID)!;
  const { pathname } = useLocation();
  const fetcher = useFetcher<ActionData>();
  const form = useRef<HTMLFormElement>(null);
  const last = useRef<ActionData | undefined>(undefined);
  // The conversation is the loader's (kept on the server); after a question it is loaded again with the answer.
  useEffect(() => {
    const result = fetcher.data;
    if (!result || result === last.current) return;
    last.current = result;
    if (result.answer) form.current?.reset();
  }, [fetcher.data]);
  const pagePath = pathname.replace(/\/kaart\/[^/]+$/, '');
  const idiomsPath = subject.idiomListId ? idiomPath(subject, subject.idiomListId) : null;
  // Without JavaScript the form posts as a page: the page comes back with the conversation, its error as action data.
  const posted = useActionData<ActionData>();
  const shown = conversation;
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('intent') !== 'clear';
  const error = fetcher.data?.error ?? posted?.error ?? null;
  return (
    <section className="container-page max-w-3xl py-8" aria-labelledby="buddy-title">
      <h2 id="buddy-title" className="text-2xl font-bold">
        {chatbot.name}
      </h2>
      <p className="mt-2 text-ink-soft">{chatbot.intro}</p>
      <p className="mt-2 text-sm text-ink-soft">
        De buddy zoekt in de leerkaarten en het examenidioom van {subject.name} en laat zien waar het antwoord staat.
        Hij verzint niets: staat het niet in je lesstof, dan zegt hij dat.
      </p>
      <div className="mt-6 space-y-4" aria-live="polite">
        {shown.map((answer, index) => (
          <div key={index} className="space-y-2">
            <p className="ml-auto w-fit max-w-[85%] rounded-2xl bg-ink px-4 py-2 text-white">{answer.question}</p>
            <Answer answer={answer} pagePath={pagePath} idiomsPath={idiomsPath} />
          </div>
        ))}
        {busy ? <p className="text-ink-soft">De buddy zoekt…</p> : null}
      </div>
      {shown.length > 0 ? (
        <fetcher.Form method="post" className="mt-4" preventScrollReset>
          <button type="submit" name="intent" value="clear" className="btn btn-tertiary text-sm">
            Gesprek wissen
          </button>
        </fetcher.Form>
      ) : null}
      <fetcher.Form ref={form} method="post" className="mt-6" preventScrollReset>
        <label htmlFor="buddy-question" className="font-semibold">
          Jouw vraag
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="buddy-question"
            name="question"
            required
            maxLength={MAX_BUDDY_QUESTION}
            autoComplete="off"
            placeholder="Bijvoorbeeld: wat is de kettingregel?"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'buddy-error' : undefined}
            className="flex-1 rounded-xl border-2 border-ink/20 px-4 py-3 focus:border-brand focus:outline-none"
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Vraag het
          </button>
        </div>
        {error ? (
          <p id="buddy-error" className="mt-1 font-semibold text-danger">
            {error}
          </p>
        ) : null}
      </fetcher.Form>
      <Outlet />
    </section>
  );
}

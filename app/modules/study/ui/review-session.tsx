// The formulas' stylesheet (KaTeX) with the cards: the session opens over pages that do not load it.
import './study.css';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { Modal } from '#app/ui/primitives/modal.tsx';
import type { CardView } from '#app/modules/cards/index.ts';
import { CardBadges } from '#app/modules/cards/ui.ts';
import {
  type CardReviewResult,
  ratingForKey,
  REVIEW_RATINGS,
  REVIEW_SECONDS_CAP,
  type ReviewRating,
} from '#app/modules/reviews/index.ts';
import { ComesBack, freeKey, RatingButtons, spaceActs } from './card-review.tsx';
import type { ReviewSessionData, ReviewSessionView } from '../schemas/review-session.ts';

const cards = (n: number) => `${n} ${n === 1 ? 'kaart' : 'kaarten'}`;
const minutes = (n: number) => `${n} ${n === 1 ? 'minuut' : 'minuten'}`;

/**
 * The review session (issue 34): today's planned reviews one card after the other, in a dialog over the page
 * that started it. A card shows its question (an exercise) or only its title (an explanation to recall);
 * Space, a tap or a click shows the worked solution or the card, and then 1–4 or a tap rate it, after which
 * the next card shows. A card is rated once: its ratings only act once it is open, and a key held down or
 * pressed again while saving does nothing (the server counts a rating sent again once, `reviewsBefore`).
 * Opnieuw brings a card back later in the session. The end says what was done and what comes tomorrow.
 * Escape or Sluiten leaves, with the focus back on what started it (the dialog gives it back); a tap beside
 * the dialog does not (a quick second tap on a rating lands there when the next card is shorter). Without
 * JavaScript the ratings are plain form posts to the session's address and the answer is a <details>.
 */
export function ReviewSession({
  data,
  action,
  onClose,
  closeHref,
}: {
  data: ReviewSessionData;
  /** The session's address: its ratings post there. */
  action: string;
  onClose: () => void;
  closeHref: string;
}) {
  const fetcher = useFetcher<ReviewSessionData>();
  const shown = fetcher.data ?? data;
  const { session, card } = shown;
  const busy = fetcher.state !== 'idle';
  const rate = (next: NonNullable<ReviewSessionView['next']>, opened: number, rating: ReviewRating) => {
    if (busy) return;
    const body = new FormData();
    body.set('intent', 'review');
    body.set('cardId', String(next.cardId));
    body.set('rating', rating);
    body.set('reviewsBefore', String(next.reviews));
    body.set('secondsSpent', String(Math.min(REVIEW_SECONDS_CAP, Math.round((Date.now() - opened) / 1000))));
    // The page below stays as it is until the session is left.
    void fetcher.submit(body, { method: 'post', action, defaultShouldRevalidate: false });
  };
  const title = session?.subject ? `Herhalen: ${session.subject.name}` : 'Herhalen';
  return (
    <Modal open onClose={onClose} closeHref={closeHref} title={title} size="exam" keepOnBackdrop>
      <div role="status" className="min-h-6 text-sm">
        {busy ? 'Even opslaan…' : <Outcome outcome={shown.outcome} back={session?.back ?? []} />}
      </div>
      {!session ? (
        <p className="mt-4">Kies eerst je examenjaar bij je profiel: daar rekent je planning naartoe.</p>
      ) : session.next && card ? (
        <SessionCard
          key={`${card.id}:${session.next.reviews}`}
          card={card}
          session={session}
          next={session.next}
          action={action}
          shownAt={shown.shownAt}
          busy={busy}
          fetcher={fetcher}
          onRate={(opened, rating) => rate(session.next!, opened, rating)}
        />
      ) : session.next ? (
        <p className="mt-4">{shown.refusal}</p>
      ) : (
        <Summary session={session} onClose={onClose} closeHref={closeHref} />
      )}
    </Modal>
  );
}

/** What the rating just given did: when the card comes back (in this session after Opnieuw). */
function Outcome({ outcome, back }: { outcome: ReviewSessionData['outcome']; back: readonly number[] }) {
  if (!outcome) return null;
  if (outcome.error !== undefined) return <p className="font-semibold text-danger">{outcome.error}</p>;
  const review: CardReviewResult = outcome.review;
  const label = REVIEW_RATINGS.find((r) => r.value === review.rating)!.label;
  return (
    <p>
      <strong>{label}</strong> {review.repeated ? 'was al opgeslagen' : 'opgeslagen'}.{' '}
      {back.includes(review.cardId) ? (
        <>
          Deze kaart komt <strong>in deze sessie</strong> nog een keer terug, na de andere kaarten.
        </>
      ) : (
        <ComesBack review={review} />
      )}
    </p>
  );
}

function SessionCard({
  card,
  session,
  next,
  action,
  shownAt,
  busy,
  fetcher,
  onRate,
}: {
  card: CardView;
  session: ReviewSessionView;
  next: NonNullable<ReviewSessionView['next']>;
  action: string;
  shownAt: number;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<ReviewSessionData>>;
  onRate: (opened: number, rating: ReviewRating) => void;
}) {
  const titleId = useId();
  const article = useRef<HTMLElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const answer = useRef<HTMLDivElement>(null);
  const opened = useRef(Date.now());
  // Sent once: a second press before the page has caught up does nothing (after a refusal it may be sent again).
  const sent = useRef(false);
  useEffect(() => {
    if (!busy) sent.current = false;
  }, [busy]);
  const rate = (rating: ReviewRating) => {
    if (sent.current || busy) return;
    sent.current = true;
    onRate(opened.current, rating);
  };
  // An exercise asks its question and the worked solution answers it; an explanation is recalled from its title.
  const question = card.answerHtml ? card.bodyHtml : null;
  const back = card.answerHtml ?? card.bodyHtml;

  // Each card gets the focus when it shows (the first: the dialog gives it, `data-autofocus`), so Space is the
  // card's and not the page's, and a screen reader reads its title.
  useEffect(() => {
    opened.current = Date.now();
    if (article.current?.closest('dialog')?.open) article.current.focus();
  }, []);

  const show = () => {
    if (details.current && !details.current.open) details.current.open = true;
    answer.current?.focus();
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!freeKey(event)) return;
    if (event.key === ' ' && !spaceActs(event.target) && !details.current?.open) {
      event.preventDefault();
      show();
      return;
    }
    const rating = ratingForKey(event.key);
    // Ratings act on an open card only, one at a time: a stray or repeated key does not rate the next card.
    if (!rating) return;
    event.preventDefault();
    if (details.current?.open) rate(rating);
  });
  useEffect(() => {
    const dialog = article.current?.closest('dialog') ?? document;
    const listener = (event: Event) => onKey(event as KeyboardEvent);
    dialog.addEventListener('keydown', listener);
    return () => dialog.removeEventListener('keydown', listener);
  }, []);

  const chosen = busy ? (fetcher.formData?.get('rating') as ReviewRating | null) : null;
  return (
    <article
      ref={article}
      tabIndex={-1}
      data-autofocus
      aria-labelledby={titleId}
      className="study-print mt-2 outline-none"
    >
      <p className="text-sm text-ink-soft">
        {next.returning ? 'Nog een keer, na Opnieuw' : `Kaart ${session.done + 1} van ${session.total}`}
        {session.left > 1 ? ` · nog ${cards(session.left - 1)} na deze` : ' · de laatste'}
      </p>
      <h3 id={titleId} className="mt-2 text-xl font-bold">
        {card.title}
      </h3>
      <div className="mt-2">
        <CardBadges card={card} />
      </div>
      {card.topics.length > 0 ? (
        <p className="mt-2 text-sm text-ink-soft">
          {card.topics.length === 1 ? 'Onderwerp' : 'Onderwerpen'}: {card.topics.map((t) => t.name).join(', ')}
        </p>
      ) : null}
      {question ? (
        <div className="study-text mt-4" dangerouslySetInnerHTML={{ __html: question }} />
      ) : (
        <p className="mt-4 rounded-xl bg-surface p-3">
          Wat weet je hier nog van? Denk het eerst na, bekijk dan de kaart.
        </p>
      )}
      <details ref={details} className="group mt-6 rounded-xl border-2 border-ink/10">
        <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-brand-dark hover:bg-surface focus-visible:outline-3 focus-visible:outline-focus">
          <span className="group-open:hidden">
            {card.answerHtml ? 'Toon de uitwerking' : 'Toon de kaart'}
            <span className="hidden font-normal text-ink-soft sm:inline"> (spatie)</span>
          </span>
          <span className="hidden group-open:inline">{card.answerHtml ? 'De uitwerking' : 'De kaart'}</span>
        </summary>
        <div
          ref={answer}
          tabIndex={-1}
          aria-label={card.answerHtml ? 'Uitwerking' : 'De kaart'}
          className="study-text border-t-2 border-ink/10 px-4 py-3 outline-none"
          dangerouslySetInnerHTML={{ __html: back }}
        />
        <section aria-label="Hoe goed wist je dit?" className="border-t-2 border-ink/10 px-4 py-3">
          <h4 className="font-bold">Hoe goed wist je dit?</h4>
          <p className="mt-1 text-sm text-ink-soft">
            Eerlijk kiezen helpt: dan weet je planning wanneer herhalen het meest oplevert voor je examen.{' '}
            <span className="hidden sm:inline">Toetsen 1–4 kiezen.</span>
          </p>
          <fetcher.Form
            method="post"
            action={action}
            preventScrollReset
            className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4"
            onSubmit={(event) => {
              event.preventDefault();
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              const rating = REVIEW_RATINGS.find((r) => r.value === submitter?.value)?.value;
              if (rating) rate(rating);
            }}
          >
            <input type="hidden" name="intent" value="review" />
            <input type="hidden" name="cardId" value={card.id} />
            <input type="hidden" name="reviewsBefore" value={next.reviews} />
            <input type="hidden" name="shownAt" value={shownAt} />
            <RatingButtons chosen={chosen} disabled={busy} />
          </fetcher.Form>
        </section>
      </details>
    </article>
  );
}

/** The end of the session: what was done, in how long, and what tomorrow's plan holds. */
function Summary({
  session,
  onClose,
  closeHref,
}: {
  session: ReviewSessionView;
  onClose: () => void;
  closeHref: string;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ref.current?.closest('dialog')?.open) ref.current.focus();
  }, []);
  const summary = session.summary;
  const tomorrow = summary?.tomorrow;
  const planned = tomorrow
    ? [
        tomorrow.reviews ? `${cards(tomorrow.reviews)} om te herhalen` : null,
        tomorrow.newCards
          ? `${tomorrow.newCards} ${tomorrow.newCards === 1 ? 'nieuwe kaart' : 'nieuwe kaarten'}`
          : null,
      ].filter(Boolean)
    : [];
  return (
    <section ref={ref} tabIndex={-1} data-autofocus aria-labelledby={headingId} className="mt-2 outline-none">
      <h3 id={headingId} className="text-xl font-bold">
        {session.total > 0 ? 'Klaar met herhalen' : 'Er staat nu niets te herhalen'}
      </h3>
      {summary && session.total > 0 ? (
        <p className="mt-2">
          Je herhaalde {cards(session.done)}
          {summary.reviews > session.done ? ` (${summary.reviews} keer beoordeeld)` : ''} in{' '}
          {summary.minutes > 0 ? minutes(summary.minutes) : 'minder dan een minuut'}.
        </p>
      ) : null}
      {tomorrow ? (
        <p className="mt-2">
          {planned.length > 0
            ? `Morgen: ${planned.join(' en ')} (±${minutes(Math.max(1, tomorrow.minutes))}).`
            : 'Morgen staat er niets klaar.'}
        </p>
      ) : null}
      <p className="mt-6">
        <a
          href={closeHref}
          onClick={(event) => {
            event.preventDefault();
            onClose();
          }}
          className="btn btn-primary"
        >
          Terug
        </a>
      </p>
    </section>
  );
}

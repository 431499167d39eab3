import { useEffect, useEffectEvent, useRef } from 'react';
import { useFetcher } from 'react-router';
import {
  type CardReviewResult,
  ratingForKey,
  REVIEW_RATINGS,
  REVIEW_SECONDS_CAP,
  type ReviewRating,
} from '#app/modules/reviews/index.ts';

/** What the card route's action answers a review: the card's memory after it, or why it was refused. */
export type CardReviewAnswer = { review: CardReviewResult; error?: undefined } | { review?: undefined; error: string };

const RATING_STYLES: Record<ReviewRating, string> = {
  again: 'border-danger/40 hover:border-danger hover:bg-danger-soft',
  hard: 'border-accent-dark/60 hover:border-accent-dark hover:bg-accent/20',
  good: 'border-success/40 hover:border-success hover:bg-success-soft',
  easy: 'border-brand/40 hover:border-brand hover:bg-brand-soft',
};

/** Whether a key press types in a field (then digits type there, they do not rate). */
function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** Whether Space works the focused element itself (a button, link or the answer's toggle). */
export function spaceActs(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (inField(target) || /^(BUTTON|SUMMARY|A)$/.test(target.tagName));
}

/** A key press that may rate or show (no modifier, not typed in a field, not a key held down). */
export const freeKey = (event: KeyboardEvent) =>
  !(event.altKey || event.ctrlKey || event.metaKey || event.repeat || inField(event.target));

/** The four rating buttons of a form (they post `rating`), the chosen one pressed. */
export function RatingButtons({ chosen, disabled }: { chosen: ReviewRating | null; disabled: boolean }) {
  return REVIEW_RATINGS.map((rating) => (
    <button
      key={rating.value}
      type="submit"
      name="rating"
      value={rating.value}
      aria-pressed={chosen === rating.value}
      aria-keyshortcuts={rating.key}
      disabled={disabled}
      className={`flex min-h-14 flex-col items-start rounded-xl border-2 bg-white px-3 py-2 text-left transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-70 aria-pressed:ring-2 aria-pressed:ring-ink/40 ${RATING_STYLES[rating.value]}`}
    >
      <span className="flex w-full items-center justify-between gap-2 font-semibold">
        {rating.label}
        <kbd aria-hidden="true" className="hidden rounded border border-ink/20 px-1.5 text-xs text-ink-soft sm:inline">
          {rating.key}
        </kbd>
      </span>
      <span className="text-xs text-ink-soft">{rating.hint}</span>
    </button>
  ));
}

/**
 * After reading a card, how well the pupil knew it (issue 20): Opnieuw, Moeilijk, Goed or Makkelijk, as
 * plain form posts to the card's own address (they work without JavaScript), by tap, click or the keys
 * 1–4; Space shows the worked answer. The answer says when the card comes back, and what the review
 * suggests for the learned mark (which it never changes itself). One rating per opening of the card: once
 * it is saved the buttons and keys rest (issue 34: a stray key rated a card again and again).
 */
export function CardReview({
  cardId,
  action,
  answer,
  onShowAnswer,
}: {
  cardId: number;
  /** The card's address: the form posts there. */
  action: string;
  /** The answer of a review posted without JavaScript (the action's data), if any. */
  answer?: CardReviewAnswer | undefined;
  /** Space pressed outside a control: open the worked answer. */
  onShowAnswer?: (() => void) | undefined;
}) {
  const fetcher = useFetcher<CardReviewAnswer>({ key: `card-review-${cardId}` });
  const opened = useRef(Date.now());
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    opened.current = Date.now();
  }, [cardId]);

  const shown = fetcher.data ?? answer;
  const busy = fetcher.state !== 'idle';
  const rated = shown?.review !== undefined;
  const rate = (rating: ReviewRating) => {
    if (busy || rated) return;
    const body = new FormData();
    body.set('intent', 'review');
    body.set('cardId', String(cardId));
    body.set('rating', rating);
    body.set('secondsSpent', String(Math.min(REVIEW_SECONDS_CAP, Math.round((Date.now() - opened.current) / 1000))));
    // A review changes nothing the page below shows: no loader runs again after it.
    void fetcher.submit(body, { method: 'post', action, defaultShouldRevalidate: false });
  };

  // Keys 1–4 rate, space shows the answer: one listener per card, which always sees the latest state.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!freeKey(event) || busy) return;
    const rating = ratingForKey(event.key);
    if (rating) {
      event.preventDefault();
      rate(rating);
    } else if (event.key === ' ' && onShowAnswer && !spaceActs(event.target)) {
      event.preventDefault();
      onShowAnswer();
    }
  });
  useEffect(() => {
    const dialog = form.current?.closest('dialog') ?? document;
    const listener = (event: Event) => onKey(event as KeyboardEvent);
    dialog.addEventListener('keydown', listener);
    return () => dialog.removeEventListener('keydown', listener);
  }, [cardId]);

  const chosen = busy ? (fetcher.formData?.get('rating') as ReviewRating | null) : (shown?.review?.rating ?? null);
  return (
    <section aria-labelledby={`card-review-${cardId}`} className="print-hidden mt-8 rounded-2xl bg-surface p-4 sm:p-5">
      <h3 id={`card-review-${cardId}`} className="font-bold">
        Hoe goed wist je dit?
      </h3>
      <p className="mt-1 text-sm text-ink-soft">
        Eerlijk kiezen helpt: dan weet je planning wanneer herhalen het meest oplevert voor je examen.{' '}
        <span className="hidden sm:inline">
          Toetsen 1–4 kiezen{onShowAnswer ? ', spatie toont de uitwerking' : ''}.
        </span>
      </p>
      <fetcher.Form
        ref={form}
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
        <input type="hidden" name="cardId" value={cardId} />
        <RatingButtons chosen={chosen} disabled={busy || rated} />
      </fetcher.Form>
      <div role="status" className="mt-3 min-h-6 text-sm">
        {busy ? 'Even opslaan…' : shown ? <ReviewOutcome answer={shown} /> : null}
      </div>
    </section>
  );
}

/**
 * When the card comes back, as the product will do it: a card in a learning step at its time the same day; any
 * other when the study plan brings it back, which is when that adds to the exam morning (ADR 031) — not
 * necessarily when FSRS has it due, so no date is promised.
 */
export function ComesBack({ review }: { review: Pick<CardReviewResult, 'sameDay' | 'nextReviewText'> }) {
  return review.sameDay ? (
    <>
      Deze kaart komt terug <strong>{review.nextReviewText}</strong>.
    </>
  ) : (
    <>Je planning brengt deze kaart terug wanneer dat voor je examen iets oplevert.</>
  );
}

function ReviewOutcome({ answer }: { answer: CardReviewAnswer }) {
  if (answer.error !== undefined) return <p className="font-semibold text-danger">{answer.error}</p>;
  const { review } = answer;
  const label = REVIEW_RATINGS.find((r) => r.value === review.rating)!.label;
  return (
    <>
      <p>
        <strong>{label}</strong> {review.repeated ? 'was al opgeslagen' : 'opgeslagen'}. <ComesBack review={review} />
      </p>
      {review.learnedSuggestion === 'suggest_learned' ? (
        <p className="mt-1">Je kent deze kaart al een week of langer. Markeer hem als geleerd als je dat vindt.</p>
      ) : review.learnedSuggestion === 'forgotten_learned' ? (
        <p className="mt-1">
          Je had deze kaart als geleerd gemarkeerd. Haal het vinkje weg als je hem opnieuw wilt leren.
        </p>
      ) : null}
    </>
  );
}

// The formulas' stylesheet (KaTeX) with the card: a card also opens over pages that are not a subject's
// (the area home's review queue), where the subject frame, which loads it too, is not on the page.
import './study.css';
import { useRef } from 'react';
import { Modal } from '#app/ui/primitives/modal.tsx';
import type { CardView, TopicView } from '#app/modules/cards/index.ts';
import { CardBadges, LearnedToggle } from '#app/modules/cards/ui.ts';
import { CardReview, type CardReviewAnswer } from './card-review.tsx';

/**
 * The subject card modal (spec §2 "subject card modal"): the card's text with
 * its formulas (rendered on the server), the worked answer on request, the
 * learned toggle, and for a sheet a print button (print or save as pdf). A card to learn ends with
 * the review (issue 20): how well the pupil knew it.
 */
export function CardModal({
  card,
  refusal,
  topics,
  onClose,
  closeHref,
  reviewAction,
  reviewAnswer,
}: {
  card: CardView | null;
  refusal: string | null;
  /** The card's topics with their counts as the page below shows them. */
  topics: readonly TopicView[];
  onClose: () => void;
  /** The page below the card: where closing goes, also without JavaScript. */
  closeHref: string;
  /** The card's address, where its review posts. */
  reviewAction: string;
  /** A review's answer, posted without JavaScript. */
  reviewAnswer?: CardReviewAnswer | undefined;
}) {
  const answerRef = useRef<HTMLDetailsElement>(null);
  if (!card) {
    return (
      <Modal open onClose={onClose} closeHref={closeHref} title="Deze kaart is niet beschikbaar">
        <p>{refusal}</p>
      </Modal>
    );
  }
  return (
    <Modal
      open
      onClose={onClose}
      closeHref={closeHref}
      title={card.title}
      size="exam"
      footer={
        <>
          {card.isDownload ? (
            <button type="button" className="btn btn-secondary print-hidden" onClick={() => window.print()}>
              Afdrukken of opslaan als pdf
            </button>
          ) : null}
          <LearnedToggle card={card} topics={topics} />
        </>
      }
    >
      {/* The card has the focus when it opens, so Space shows the worked answer instead of scrolling the page. */}
      <div className="study-print outline-none" tabIndex={-1} data-autofocus>
        <CardBadges card={card} />
        {card.topics.length > 0 ? (
          <p className="mt-2 text-sm text-ink-soft">
            {card.topics.length === 1 ? 'Onderwerp' : 'Onderwerpen'}: {card.topics.map((t) => t.name).join(', ')}
          </p>
        ) : null}
        {card.isCorrections ? (
          <p className="mt-4 rounded-xl bg-accent/30 p-3 text-sm">
            Verbeteringen in de gedrukte Slaagbundel. Pas ze aan in je boek, dan leer je het goed.
          </p>
        ) : null}
        <div className="study-text mt-4" dangerouslySetInnerHTML={{ __html: card.bodyHtml }} />
        {card.answerHtml ? (
          <details ref={answerRef} className="group mt-6 rounded-xl border-2 border-ink/10">
            <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-brand-dark hover:bg-surface focus-visible:outline-3 focus-visible:outline-focus">
              <span className="group-open:hidden">Bekijk de uitwerking</span>
              <span className="hidden group-open:inline">Verberg de uitwerking</span>
            </summary>
            <div
              className="study-text border-t-2 border-ink/10 px-4 py-3"
              dangerouslySetInnerHTML={{ __html: card.answerHtml }}
            />
          </details>
        ) : null}
      </div>
      {card.learnable ? (
        <CardReview
          key={card.id}
          cardId={card.id}
          action={reviewAction}
          answer={reviewAnswer}
          onShowAnswer={
            card.answerHtml
              ? () => {
                  if (answerRef.current) answerRef.current.open = !answerRef.current.open;
                }
              : undefined
          }
        />
      ) : null}
    </Modal>
  );
}

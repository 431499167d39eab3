// KaTeX's stylesheet with the texts: the formulas were rendered on the server, as the study area renders them.
import './study.css';
import type { CardSection } from '#app/modules/cards/index.ts';
import { CardBadges } from '#app/modules/cards/ui.ts';

/** Study Markdown rendered on the server (renderStudyMarkdown: safe HTML with its formulas), as a card shows it. */
export function StudyText({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`study-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A card as the card modal shows it (its badges, topics, text and the worked answer on request), without the
 * pupil's own parts (learned, review): the back office's preview of study content before it is published.
 */
export function CardPreview({
  card,
}: {
  card: {
    title: string;
    section: CardSection;
    examType: 'CE' | 'SE';
    difficulty: 'makkelijk' | 'gemiddeld' | 'moeilijk';
    download: boolean;
    new: boolean;
    corrections: boolean;
    topics: readonly string[];
    bodyHtml: string;
    answerHtml: string | null;
  };
}) {
  return (
    <article className="rounded-2xl border-2 border-ink/10 bg-white p-4 sm:p-6">
      <h3 className="text-xl font-bold">{card.title}</h3>
      <div className="mt-2">
        <CardBadges
          card={{
            section: card.section,
            difficulty: card.difficulty,
            examType: card.examType,
            isDownload: card.download,
            newContent: card.new,
          }}
        />
      </div>
      {card.topics.length > 0 ? (
        <p className="mt-2 text-sm text-ink-soft">
          {card.topics.length === 1 ? 'Onderwerp' : 'Onderwerpen'}: {card.topics.join(', ')}
        </p>
      ) : null}
      {card.corrections ? (
        <p className="mt-4 rounded-xl bg-accent/30 p-3 text-sm">
          Verbeteringen in de gedrukte Slaagbundel. Pas ze aan in je boek, dan leer je het goed.
        </p>
      ) : null}
      <StudyText html={card.bodyHtml} className="mt-4" />
      {card.answerHtml ? (
        <details className="group mt-6 rounded-xl border-2 border-ink/10">
          <summary className="cursor-pointer rounded-xl px-4 py-3 font-semibold text-brand-dark hover:bg-surface focus-visible:outline-3 focus-visible:outline-focus">
            <span className="group-open:hidden">Bekijk de uitwerking</span>
            <span className="hidden group-open:inline">Verberg de uitwerking</span>
          </summary>
          <StudyText html={card.answerHtml} className="border-t-2 border-ink/10 px-4 py-3" />
        </details>
      ) : null}
    </article>
  );
}

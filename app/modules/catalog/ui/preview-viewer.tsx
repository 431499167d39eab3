import { useEffect, useId, useState } from 'react';
import { Modal } from '#app/ui/primitives/modal.tsx';
import type { PreviewBlock, PreviewPage } from '#app/modules/catalog/schemas/views.ts';

function Block({ block }: { block: PreviewBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p className="leading-relaxed">{block.text}</p>;
    case 'list':
      return (
        <ol className="list-decimal space-y-1.5 pl-5 leading-relaxed marker:font-bold marker:text-brand-dark">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case 'contents':
      return (
        <ol className="space-y-1.5">
          {block.entries.map((entry) => (
            <li key={entry.title} className="flex items-baseline gap-2">
              <span>{entry.title}</span>
              <span aria-hidden="true" className="flex-1 border-b-2 border-dotted border-ink/25" />
              <span className="font-semibold tabular-nums">
                <span className="sr-only">pagina </span>
                {entry.page}
              </span>
            </li>
          ))}
        </ol>
      );
    case 'terms':
      return (
        <dl className="space-y-2.5">
          {block.entries.map((entry) => (
            <div key={entry.term}>
              <dt className="font-bold text-brand-dark">{entry.term}</dt>
              <dd className="leading-relaxed">{entry.text}</dd>
            </div>
          ))}
        </dl>
      );
    case 'question':
      return (
        <div className="rounded-xl border-l-4 border-brand bg-brand-soft p-3">
          <p className="font-bold">
            {block.label}{' '}
            <span className="font-normal text-ink-soft">
              ({block.points} {block.points === 1 ? 'punt' : 'punten'})
            </span>
          </p>
          <p className="mt-1 leading-relaxed">{block.text}</p>
        </div>
      );
    case 'tip':
      return (
        <p className="rounded-xl bg-accent/30 p-3 leading-relaxed">
          <strong>Examentip: </strong>
          {block.text}
        </p>
      );
  }
}

/** One sample page as a sheet of paper; the cover as its image. */
function Sheet({ page, productName }: { page: PreviewPage; productName: string }) {
  if (page.kind === 'cover') {
    return (
      <img
        src={page.image}
        alt={`Omslag van ${productName}`}
        width={300}
        height={400}
        className="mx-auto h-auto w-full max-w-64 rounded-lg shadow-lg sm:max-w-sm"
      />
    );
  }
  return (
    <div className="mx-auto flex min-h-[28rem] w-full max-w-xl flex-col rounded-lg bg-white p-6 text-[0.95rem] shadow-lg ring-1 ring-ink/10 sm:p-8">
      <h3 className="text-xl font-extrabold text-brand-dark">{page.title}</h3>
      <div className="mt-4 space-y-4">
        {page.blocks.map((block, i) => (
          <Block key={i} block={block} />
        ))}
      </div>
      <p className="mt-auto pt-6 text-center text-sm text-ink-soft">
        <span className="sr-only">Bladzijde </span>
        {page.pageNumber}
      </p>
    </div>
  );
}

/** Keys that turn a page, and which way. */
const PAGE_KEYS: Readonly<Record<string, 1 | -1>> = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 };

const pageName = (page: PreviewPage) => (page.kind === 'cover' ? 'Omslag' : page.title);

/**
 * The preview copy (inkijkexemplaar) of a product: a button that opens the
 * sample pages in the site's modal. Pages turn with the Vorige/Volgende
 * buttons, the page buttons, or the arrow keys; Escape closes it and focus
 * returns to the button (native <dialog>).
 */
export function PreviewViewer({ pages, productName }: { pages: readonly PreviewPage[]; productName: string }) {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const last = pages.length - 1;
  const go = (next: number) => setIndex(Math.min(last, Math.max(0, next)));
  const page = pages[index];

  // While the viewer is open the arrow keys (and Page Up/Down) turn pages, wherever focus is in it.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step = PAGE_KEYS[event.key];
      if (step === undefined) return;
      event.preventDefault();
      setIndex((current) => Math.min(pages.length - 1, Math.max(0, current + step)));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, pages.length]);

  if (!page) return null;

  const navButton =
    'btn btn-tertiary btn-small aria-disabled:cursor-not-allowed aria-disabled:opacity-55 aria-disabled:hover:bg-white';

  return (
    <section id="inkijkexemplaar" aria-labelledby={headingId} className="scroll-mt-28">
      <h2 id={headingId} className="sr-only">
        Inkijkexemplaar
      </h2>
      <button
        type="button"
        className="btn btn-tertiary w-full"
        onClick={() => {
          setIndex(0);
          setOpen(true);
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M2 5.5C4 4.5 7.5 4 12 6c4.5-2 8-1.5 10-.5V19c-2-1-5.5-1.5-10 .5-4.5-2-8-1.5-10-.5z" />
          <path d="M12 6v13.5" />
        </svg>
        Blader door het inkijkexemplaar
      </button>
      <p className="mt-2 text-center text-sm text-ink-soft">
        {pages.length} voorbeeldpagina’s, ook met het toetsenbord
      </p>
      <Modal open={open} onClose={() => setOpen(false)} title={`Inkijkexemplaar: ${productName}`} size="exam">
        <div>
          <p aria-live="polite" className="mb-4 text-center font-semibold text-ink-soft">
            Pagina {index + 1} van {pages.length}: {pageName(page)}
          </p>
          <div className="rounded-2xl bg-surface p-4 sm:p-6">
            <Sheet page={page} productName={productName} />
          </div>
          <div className="mt-5 grid grid-cols-2 items-center gap-3 sm:flex sm:justify-between">
            <button type="button" className={navButton} aria-disabled={index === 0} onClick={() => go(index - 1)}>
              Vorige<span className="sr-only"> pagina</span>
            </button>
            <ol
              className="order-first col-span-2 flex flex-wrap justify-center gap-2 sm:order-none"
              aria-label="Pagina’s"
            >
              {pages.map((p, i) => (
                <li key={i}>
                  <button
                    type="button"
                    aria-current={i === index ? 'page' : undefined}
                    aria-label={`Pagina ${i + 1}: ${pageName(p)}`}
                    onClick={() => go(i)}
                    className="flex h-10 min-w-10 items-center justify-center rounded-full px-3 font-semibold ring-1 ring-ink/15 hover:bg-brand-soft focus-visible:outline-3 focus-visible:outline-focus aria-[current=page]:bg-brand aria-[current=page]:text-white"
                  >
                    {i + 1}
                  </button>
                </li>
              ))}
            </ol>
            <button
              type="button"
              className={`${navButton} justify-self-end`}
              aria-disabled={index === last}
              onClick={() => go(index + 1)}
            >
              Volgende<span className="sr-only"> pagina</span>
            </button>
          </div>
        </div>
      </Modal>
    </section>
  );
}

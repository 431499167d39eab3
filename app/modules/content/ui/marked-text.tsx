import type { HighlightedText } from '../schemas/views.ts';

/** Search-result text with the matched words in <mark>; the text is rendered as text, never as HTML. */
export function MarkedText({ text }: { text: HighlightedText }) {
  return (
    <>
      {text.map((segment, i) =>
        segment.hit ? (
          <mark key={i} className="rounded bg-accent/40 px-0.5 text-inherit">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}

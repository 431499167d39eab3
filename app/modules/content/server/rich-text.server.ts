import { BLOCK_LINE, toEmbeddedBlock, type EmbeddedBlock } from '#app/modules/content/domain/article-blocks.ts';
import { renderSafeMarkdown } from '#app/platform/server/rich-text.server.ts';

export type RichTextSegment = { type: 'html'; html: string } | { type: 'block'; block: EmbeddedBlock };

/** Rich text as safe HTML pieces with the embedded blocks between them, in order. */
export function renderRichTextSegments(source: string): RichTextSegment[] {
  const segments: RichTextSegment[] = [];
  const pushHtml = (markdownSource: string) => {
    if (!markdownSource.trim()) return;
    segments.push({ type: 'html', html: renderSafeMarkdown(markdownSource) });
  };
  let last = 0;
  for (const match of source.matchAll(BLOCK_LINE)) {
    pushHtml(source.slice(last, match.index));
    last = match.index + match[0].length;
    const block = toEmbeddedBlock(match[1]!, match[2]);
    if (block) segments.push({ type: 'block', block });
  }
  pushHtml(source.slice(last));
  return segments;
}

/**
 * Rich text of the content service (Markdown) as safe HTML
 * (renderSafeMarkdown), with the embedded blocks left out (see renderRichTextSegments).
 */
export function renderRichText(source: string): string {
  return renderRichTextSegments(source)
    .map((segment) => (segment.type === 'html' ? segment.html : ''))
    .join('');
}

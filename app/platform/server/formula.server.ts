import katex from 'katex';

/**
 * Why a formula of the study content (KaTeX syntax, `$…$` or `$$…$$` in its Markdown) does not render, or null
 * when it does: strict, so that what the study area renders in red (renderStudyMarkdown does not throw) is refused
 * before. The study content's checks take it (`npm run content:validate` and the back office's upload).
 */
export function formulaError(tex: string): string | null {
  try {
    katex.renderToString(tex, { throwOnError: true, strict: 'error' });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

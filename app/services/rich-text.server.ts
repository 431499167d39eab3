import { Marked } from 'marked';

/** Links may go to our own pages, the web, mail and phone; anything else (javascript:, data:, …) loses its link. */
const SAFE_HREF = /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i;
/** Images come from our own site or over https (issue 6: asset URLs are always https). */
const SAFE_SRC = /^(\/(?!\/)|https:\/\/)/i;

const markdown = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML in the source never reaches the page: no script, iframe, style or event handler from content.
    html: () => '',
    // `false` falls back to marked's own (escaping) renderer.
    link(token) {
      return SAFE_HREF.test(token.href) ? false : this.parser.parseInline(token.tokens);
    },
    image(token) {
      return SAFE_SRC.test(token.href) ? false : '';
    },
  },
});

/**
 * Rich text of the content service (Markdown) as HTML that is safe to put in
 * a page: raw HTML is dropped, links keep only safe schemes, images only our
 * own or https sources. Relative links stay relative, so the page's RichText
 * component navigates inside the app.
 */
export function renderRichText(source: string): string {
  return markdown.parse(source, { async: false });
}

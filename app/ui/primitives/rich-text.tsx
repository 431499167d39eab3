import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Rich text from the content service. Relative links that are plainly
 * clicked navigate inside the app; clicks with a modifier key, another
 * button than the left one, or on target=_blank links are left to the
 * browser (spec §2).
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    if (!anchor) return;
    const href = anchor.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    event.preventDefault();
    void navigate(href);
  };
  return <div className={`prose-content ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

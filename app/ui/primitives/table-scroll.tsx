import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen: it scrolls sideways within itself, never the page. Positioned, so the
 * table's screen-reader-only parts (captions, labels) are clipped by it and cannot widen the page either.
 */
export function TableScroll({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`relative overflow-x-auto ${className}`.trim()}>{children}</div>;
}

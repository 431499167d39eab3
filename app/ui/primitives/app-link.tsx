import { useRef, useState, type ComponentProps } from 'react';
import { Link, PrefetchPageLinks } from 'react-router';
import { PREFETCH_TIMEOUT_MS } from '#app/platform/constants.ts';
import { shouldPrefetch } from '#app/platform/prefetch.ts';

type NavigatorWithConnection = Navigator & { connection?: { effectiveType?: string; saveData?: boolean } };

const isExternal = (to: unknown) => typeof to === 'string' && /^(https?:)?\/\//.test(to);

/**
 * A link that prefetches its page on intent (hover, focus, touch) when the
 * browser is idle, at the latest after 2000 ms, and never on 2g or with
 * data saver on (spec §2, §9). External links are plain anchors.
 */
export function AppLink({ to, onMouseEnter, onFocus, onTouchStart, onClick, ...rest }: ComponentProps<typeof Link>) {
  const [prefetch, setPrefetch] = useState(false);
  const scheduled = useRef(false);
  // The prefetch waiting for an idle moment; a click drops it (the navigation fetches the same data already).
  const pending = useRef<(() => void) | null>(null);

  if (isExternal(to)) {
    const { children, className, ...anchorProps } = rest as ComponentProps<'a'>;
    return (
      <a href={to as string} className={className as string} rel="noopener noreferrer" {...anchorProps}>
        {children}
      </a>
    );
  }

  const intent = () => {
    if (scheduled.current) return;
    scheduled.current = true;
    if (!shouldPrefetch((navigator as NavigatorWithConnection).connection)) return;
    const run = () => {
      pending.current = null;
      setPrefetch(true);
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: PREFETCH_TIMEOUT_MS });
      pending.current = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 1);
      pending.current = () => clearTimeout(id);
    }
  };
  const page = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`;
  return (
    <>
      <Link
        to={to}
        onMouseEnter={(e) => {
          intent();
          onMouseEnter?.(e);
        }}
        onFocus={(e) => {
          intent();
          onFocus?.(e);
        }}
        onTouchStart={(e) => {
          intent();
          onTouchStart?.(e);
        }}
        onClick={(e) => {
          pending.current?.();
          pending.current = null;
          onClick?.(e);
        }}
        {...rest}
      />
      {prefetch && page.startsWith('/') ? <PrefetchPageLinks page={page} /> : null}
    </>
  );
}

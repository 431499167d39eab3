import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { shouldReloadAfterChunkError } from '#app/platform/reload-guard.ts';
import { reportClientError } from '#app/platform/report-error.ts';

const RELOAD_KEY = 'slaagbundel:chunk-reload-at';

/** A chunk that fails to load (a deploy replaced it) reloads the page once, at most once per 60 s. */
function reloadAfterChunkError() {
  let last: number | null = null;
  try {
    const stored = sessionStorage.getItem(RELOAD_KEY);
    last = stored ? Number(stored) : null;
  } catch {
    // Storage may be unavailable (private mode); the guard then allows one reload.
  }
  const now = Date.now();
  if (!shouldReloadAfterChunkError(last, now)) return;
  try {
    sessionStorage.setItem(RELOAD_KEY, String(now));
  } catch {
    return; // Without storage we cannot guard against a reload loop.
  }
  window.location.reload();
}

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadAfterChunkError();
});
window.addEventListener('unhandledrejection', (event) => {
  const message = String((event.reason as { message?: unknown } | undefined)?.message ?? event.reason);
  if (
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      message,
    )
  ) {
    reloadAfterChunkError();
  }
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter
        onError={(error, info) => reportClientError(error, { kind: 'route', path: info.location.pathname })}
      />
    </StrictMode>,
  );
});

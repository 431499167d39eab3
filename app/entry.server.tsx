import { Writable } from 'node:stream';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router';
import { requestContext, scopeContext } from '#app/context.ts';
import { finishDocument } from '#app/document.server.ts';

export const streamTimeout = 5_000;

/**
 * Renders the whole document before answering (no streaming): our pages have
 * no deferred data, and a complete body lets the server hash its inline
 * scripts for the CSP, give it an ETag and keep it in the page cache. The
 * document gets its last touches (inline stylesheet, no preloads) in app/document.server.ts.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { logger } = loadContext.get(scopeContext);
  const { requestId } = loadContext.get(requestContext);
  const userAgent = request.headers.get('user-agent');
  const bot = Boolean(userAgent && isbot(userAgent));

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const html = finishDocument(Buffer.concat(chunks));
        resolve(
          new Response(html as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }),
        );
        callback();
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        logger.error({ err: error, reqId: requestId, bot }, 'render error');
      },
    });
  });
}

/** Route errors go to the error-reporting port (spec §8); aborted requests and 4xx do not. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Response && error.status < 500) return;
  context.get(scopeContext).errors.capture(error, { url: request.url, method: request.method });
};

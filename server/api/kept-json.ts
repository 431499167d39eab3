import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { keptJsonBytes } from '#app/platform/server/caches/kept-bytes.server.ts';
import type { HttpEnv } from '#server/http-env.ts';
import { chooseEncoding, compress } from '#server/infra/compression.ts';

/**
 * A 200 JSON answer made of the signed-in user's views (ADR 019), serialised and compressed once per data
 * version (the kept bytes, app/platform/server/caches/kept-bytes.server.ts): the same question (the request's
 * path and query) with nothing of theirs changed is answered with the same bytes. `value` must be what the
 * handler answers to that question. Outside a GET (no views) it is serialised as any answer.
 */
export async function keptJson<T>(
  c: Context<HttpEnv>,
  value: T,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, 'json'>> {
  const accept = c.req.header('Accept-Encoding') ?? '';
  const question = `${c.var.target}|${accept}`;
  const { body, encoding } = await keptJsonBytes(c.var.scope, c.var.userId, question, value, (json) => {
    const chosen = chooseEncoding(accept, json.length, { once: true });
    return { body: chosen ? new Uint8Array(compress(json, chosen)) : json, encoding: chosen };
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': String(body.length),
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  // The bytes are `value` as c.json would send it: typed as c.json's answer for the route's schema.
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers) as unknown as Response &
    TypedResponse<JSONParsed<T>, 200, 'json'>;
}

/**
 * A local fake of an OpenAI-compatible Chat Completions API, enough for the
 * contract tests of the `openai` language-model adapter:
 * `POST /v1/chat/completions` with OpenAI's JSON shapes (the `chat.completion`
 * object with its `choices` and `usage`, and OpenAI's error object
 * `{ error: { message, type, param, code } }`), bearer-token auth (401) and a
 * check of the request body (400). Anything else is a 404, so an adapter that
 * calls something new fails loudly here.
 *
 * Test helpers: `requests` records every request as received (method, path,
 * headers, parsed body); `reply(text)` sets the answer's text; `failNext(429)`
 * answers the next requests with an API error; `malformedNext('truncated-json')`
 * answers a body that is not a usable completion; `setDelay(ms)` holds every
 * answer.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAiRequest {
  method: string;
  /** Path with the query string, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body as parsed (the raw text when it is not JSON); undefined without a body. */
  body: unknown;
}

/** Answers that are not a usable completion, as a broken proxy or a confused server might give them. */
export type FakeOpenAiMalformed =
  /** 200, JSON content type, the body cut off halfway. */
  | 'truncated-json'
  /** 200, an HTML page (a proxy's). */
  | 'html'
  /** 200, a completion without choices. */
  | 'no-choices'
  /** 200, a completion whose message content is an empty string. */
  | 'empty-content'
  /** 200, a completion whose message content is null and has a refusal. */
  | 'refusal'
  /** 200, a completion cut off at max_tokens (finish_reason `length`). */
  | 'cut-off';

export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>/v1`, the SDK's `baseURL`. */
  baseUrl: string;
  /** The only key it accepts; '' when keyless (a self-hosted model's API: requests without an Authorization header). */
  apiKey: string;
  /** Every request, in order (also the refused ones). */
  requests: FakeOpenAiRequest[];
  /** The text of every later completion (default {@link FAKE_OPENAI_ANSWER}). */
  reply(text: string): void;
  /** Answers the next `times` requests with this status and OpenAI's error object for it. */
  failNext(status: number, times?: number): void;
  /** Answers the next `times` requests with this kind of unusable body. */
  malformedNext(kind: FakeOpenAiMalformed, times?: number): void;
  /** Holds every answer this long (0: answer at once). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

/** The canned answer, until `reply` sets another. */
export const FAKE_OPENAI_ANSWER = 'Bij “toon aan” laat je met een berekening of redenering zien dat iets klopt [1].';

/** OpenAI's error objects for the statuses a test asks for. */
const ERRORS: Record<number, { message: string; type: string; code: string | null }> = {
  400: { message: 'Invalid request.', type: 'invalid_request_error', code: null },
  401: {
    message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
    type: 'invalid_request_error',
    code: 'invalid_api_key',
  },
  403: { message: 'You are not allowed to sample from this model', type: 'invalid_request_error', code: null },
  404: {
    message: 'The model does not exist or you do not have access to it.',
    type: 'invalid_request_error',
    code: 'model_not_found',
  },
  429: {
    message: 'Rate limit reached for requests. Please try again in 20s.',
    type: 'requests',
    code: 'rate_limit_exceeded',
  },
  500: {
    message: 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    code: null,
  },
  502: { message: 'Bad gateway.', type: 'server_error', code: null },
  503: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', code: null },
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What the real API refuses with a 400: no model, no messages, a message without a role or content. */
function invalidBody(body: unknown): string | null {
  if (!isObject(body)) return 'We could not parse the JSON body of your request.';
  if (typeof body.model !== 'string' || body.model === '') return 'you must provide a model parameter';
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return "Invalid 'messages': empty array. Expected an array with minimum length 1.";
  }
  for (const [index, message] of body.messages.entries()) {
    if (!isObject(message) || !['system', 'developer', 'user', 'assistant', 'tool'].includes(String(message.role))) {
      return `Invalid value for 'messages[${index}].role'.`;
    }
    if (typeof message.content !== 'string') return `Invalid type for 'messages[${index}].content'.`;
  }
  if (
    body.temperature !== undefined &&
    (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 2)
  ) {
    return "Invalid 'temperature': must be a number from 0 to 2.";
  }
  if (body.max_tokens !== undefined && (!Number.isInteger(body.max_tokens) || Number(body.max_tokens) < 1)) {
    return "Invalid 'max_tokens': must be a whole number of 1 or more.";
  }
  return null;
}

export async function startFakeOpenAi(opts: { apiKey?: string; keyless?: boolean } = {}): Promise<FakeOpenAi> {
  const apiKey = opts.keyless ? '' : (opts.apiKey ?? `sk-test-${randomBytes(18).toString('hex')}`);
  const requests: FakeOpenAiRequest[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let answer = FAKE_OPENAI_ANSWER;
  let failures: { status: number; left: number } | null = null;
  let malformed: { kind: FakeOpenAiMalformed; left: number } | null = null;
  let delayMs = 0;
  let completions = 0;

  function completion(model: string, content: string | null, extra: { finish?: string; refusal?: string } = {}) {
    completions += 1;
    return {
      id: `chatcmpl-${randomBytes(12).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: extra.refusal ?? null, annotations: [] },
          logprobs: null,
          finish_reason: extra.finish ?? 'stop',
        },
      ],
      usage: { prompt_tokens: 512, completion_tokens: 48, total_tokens: 560 },
      service_tier: 'default',
      system_fingerprint: `fp_${completions}`,
    };
  }

  function send(res: ServerResponse, status: number, body: string, contentType = 'application/json') {
    const write = () => {
      if (res.destroyed) return;
      res.writeHead(status, {
        'content-type': contentType,
        'content-length': Buffer.byteLength(body),
        'x-request-id': `req_${randomBytes(8).toString('hex')}`,
      });
      res.end(body);
    };
    if (delayMs === 0) return write();
    const timer = setTimeout(() => {
      timers.delete(timer);
      write();
    }, delayMs);
    timers.add(timer);
  }

  const error = (res: ServerResponse, status: number, message?: string) => {
    const known = ERRORS[status] ?? { message: `HTTP ${status}`, type: 'server_error', code: null };
    send(res, status, JSON.stringify({ error: { ...known, message: message ?? known.message, param: null } }));
  };

  function malformedAnswer(res: ServerResponse, kind: FakeOpenAiMalformed, model: string) {
    switch (kind) {
      case 'truncated-json':
        return send(res, 200, JSON.stringify(completion(model, answer)).slice(0, 60));
      case 'html':
        return send(res, 200, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html');
      case 'no-choices':
        return send(res, 200, JSON.stringify({ ...completion(model, answer), choices: [] }));
      case 'empty-content':
        return send(res, 200, JSON.stringify(completion(model, '')));
      case 'refusal':
        return send(res, 200, JSON.stringify(completion(model, null, { refusal: 'I can’t help with that.' })));
      case 'cut-off':
        return send(res, 200, JSON.stringify(completion(model, answer.slice(0, 20), { finish: 'length' })));
    }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      if (text !== '') {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

      if (req.headers.authorization !== (apiKey === '' ? undefined : `Bearer ${apiKey}`)) return error(res, 401);
      if (req.method !== 'POST' || path.split('?')[0] !== '/v1/chat/completions') {
        return error(res, 404, `Invalid URL (${req.method} ${path})`);
      }
      if (failures && failures.left > 0) {
        failures.left -= 1;
        return error(res, failures.status);
      }
      const invalid = invalidBody(body);
      if (invalid) return error(res, 400, invalid);
      const model = String((body as { model: string }).model);
      if (malformed && malformed.left > 0) {
        malformed.left -= 1;
        return malformedAnswer(res, malformed.kind, model);
      }
      send(res, 200, JSON.stringify(completion(model, answer)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    reply(text) {
      answer = text;
    },
    failNext(status, times = 1) {
      failures = { status, left: times };
    },
    malformedNext(kind, times = 1) {
      malformed = { kind, left: times };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

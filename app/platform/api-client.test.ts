// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, createApiClient, isApiErrorBody } from './api-client.ts';
import { consentVisitorId, postConsent } from '#app/modules/consent/ui/consent-client.ts';
import { NETWORK_FAILURE_REPORT_DELAY_MS, reportClientError } from './report-error.ts';

function setup(response: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const onUnauthorized = vi.fn();
  const report = vi.fn();
  const client = createApiClient({
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return response();
    },
    onUnauthorized,
    report,
  });
  return { client, calls, onUnauthorized, report };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('api client', () => {
  it('calls spec paths under /api with same-origin credentials and JSON', async () => {
    const { client, calls } = setup(() => json({ user: { id: 1 } }));
    await expect(client.patch('/v1/users/me', { examYear: 2027 })).resolves.toEqual({ user: { id: 1 } });
    expect(calls[0]!.url).toBe('/api/v1/users/me');
    expect(calls[0]!.init).toMatchObject({ method: 'PATCH', credentials: 'same-origin', body: '{"examYear":2027}' });
    expect(headersOf(calls[0]!.init)).toEqual({ accept: 'application/json', 'content-type': 'application/json' });
  });

  it('sends no body and no content type on reads, and an empty JSON object on a bare POST', async () => {
    const { client, calls } = setup(() => json({}));
    await client.get('/v1/products');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(headersOf(calls[0]!.init)).toEqual({ accept: 'application/json' });
    await client.post('/v1/users/me/cards/3/visit');
    expect(calls[1]!.init).toMatchObject({ method: 'POST', body: '{}' });
    expect(headersOf(calls[1]!.init)['content-type']).toBe('application/json');
  });

  it('on 401 clears the user (onUnauthorized) and does not report', async () => {
    const { client, onUnauthorized, report } = setup(() =>
      json({ status: 401, error: 'unauthorized', message: 'Log opnieuw in.' }, 401),
    );
    await expect(client.get('/v1/users/me')).rejects.toMatchObject({ status: 401, message: 'Log opnieuw in.' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(report).not.toHaveBeenCalled();
  });

  it('leaves a status the caller expects to the caller: thrown, neither reported nor sent to the login page', async () => {
    const refused = setup(() => json({ status: 403, error: 'forbidden', message: 'Alleen in de volledige.' }, 403));
    await expect(refused.client.get('/v1/card/7', { expected: [401, 403, 404] })).rejects.toMatchObject({
      status: 403,
      message: 'Alleen in de volledige.',
    });
    expect(refused.report).not.toHaveBeenCalled();
    const signedOut = setup(() => json({ status: 401, error: 'unauthorized', message: 'Log opnieuw in.' }, 401));
    await expect(signedOut.client.get('/v1/card/7', { expected: [401] })).rejects.toMatchObject({ status: 401 });
    expect(signedOut.onUnauthorized).not.toHaveBeenCalled();
    // A status it did not name is still reported.
    const broken = setup(() => json({ status: 500, error: 'internal_error', message: 'Er ging iets mis.' }, 500));
    await expect(broken.client.get('/v1/card/7', { expected: [403] })).rejects.toMatchObject({ status: 500 });
    expect(broken.report).toHaveBeenCalledOnce();
  });

  it('understands the one error shape: status, code, Dutch message and field errors', async () => {
    const { client, report, onUnauthorized } = setup(() =>
      json(
        {
          status: 400,
          error: 'validation_failed',
          message: 'Controleer de ingevulde gegevens.',
          fieldErrors: { ids: ['Dit veld is verplicht'] },
        },
        400,
      ),
    );
    const error = await client.post('/v1/users/me/subjects', { ids: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Controleer de ingevulde gegevens.',
      fieldErrors: { ids: ['Dit veld is verplicht'] },
    });
    expect(report).toHaveBeenCalledWith(error, { method: 'POST', path: '/v1/users/me/subjects', status: 400 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('answers anything else (a proxy page, no JSON) with the generic Dutch notice', async () => {
    const { client } = setup(() => new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    await expect(client.get('/v1/products')).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'Er is iets helaas niet goed gegaan, probeer het op een later moment.',
      fieldErrors: {},
    });
  });

  it('reports network failures as status 0', async () => {
    const { client, report } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await client.delete('/v1/users/me/subjects/3').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error', cause: expect.any(TypeError) });
    expect(report).toHaveBeenCalledWith(error, { method: 'DELETE', path: '/v1/users/me/subjects/3', status: 0 });
  });

  it('does not report a request its caller cancelled', async () => {
    const controller = new AbortController();
    const { client, report } = setup(
      () =>
        new Promise<Response>((_, reject) =>
          controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
        ),
    );
    const pending = client.get('/v1/search?q=wiskunde', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(report).not.toHaveBeenCalled();
  });

  it('accepts 204 and 202 without a body', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.delete('/v1/users/me')).resolves.toBeNull();
    const accepted = setup(() => new Response(null, { status: 202 }));
    await expect(accepted.client.post('/v1/client-errors', {})).resolves.toBeNull();
  });

  it('recognises the error shape structurally', () => {
    expect(isApiErrorBody({ status: 429, error: 'rate_limited', message: 'x' })).toBe(true);
    expect(isApiErrorBody({ status: 400, error: 'x', message: 'x', fieldErrors: { a: ['b'] } })).toBe(true);
    expect(isApiErrorBody({ status: 400, error: 'x', message: 'x', fieldErrors: { a: 'b' } })).toBe(false);
    expect(isApiErrorBody({ message: 'x' })).toBe(false);
    expect(isApiErrorBody(null)).toBe(false);
  });
});

describe('postConsent', () => {
  it('posts the choice and the visitor id as JSON, keepalive', async () => {
    const receipt = { category: '1,2', value: '*,1,2,GTM:1', createdAt: 'x', confirmedAt: 'x' };
    const { client, calls } = setup(() => json(receipt, 201));
    const visitorId = '5f0c7c7e-2a5b-4d8e-9a57-5d0b8c6f2e11';
    await expect(postConsent('1,2', visitorId, client)).resolves.toEqual(receipt);
    expect(calls[0]!.url).toBe('/api/v1/consent');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ category: '1,2', visitorId });
  });

  it('keeps one random visitor id per browser in localStorage', () => {
    const first = consentVisitorId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(consentVisitorId()).toBe(first);
    window.localStorage.setItem('slaagbundel:visitor-id', 'not-a-uuid');
    expect(consentVisitorId()).not.toBe('not-a-uuid');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(consentVisitorId(broken)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('error reports through the api client', () => {
  it('send a bounded report as JSON to /api/v1/client-errors, once per message', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    reportClientError(new TypeError('x is undefined'), { kind: 'route' });
    reportClientError(new TypeError('x is undefined'), { kind: 'route' });
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/client-errors');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(headersOf(init)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toMatchObject({
      message: 'TypeError: x is undefined',
      url: '/',
      context: { kind: 'route' },
    });
  });

  it('a failing API call is reported once, and a failing report is not reported again', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/v1/client-errors'
        ? json({ status: 500, error: 'internal_error', message: 'kapot' }, 500)
        : json({ status: 503, error: 'unavailable', message: 'Even niet beschikbaar.' }, 503),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/v1/products?uniek=1')).rejects.toMatchObject({ status: 503 });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/client-errors');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a request that got no answer is reported a moment later, so a page being left reports nothing', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn(async (url: string) =>
        url === '/api/v1/client-errors'
          ? new Response(null, { status: 202 })
          : Promise.reject(new TypeError('Failed to fetch')),
      );
      vi.stubGlobal('fetch', fetchMock);
      await expect(api.post('/v1/users/me/cards/7/visit')).rejects.toMatchObject({ status: 0 });
      reportClientError(new TypeError('Failed to fetch'), { kind: 'route' });
      expect(fetchMock).toHaveBeenCalledOnce();
      vi.advanceTimersByTime(NETWORK_FAILURE_REPORT_DELAY_MS);
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        '/api/v1/users/me/cards/7/visit',
        '/api/v1/client-errors',
        '/api/v1/client-errors',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

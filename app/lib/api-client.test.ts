import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';

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

describe('api client', () => {
  it('calls spec paths under /api with credentials and JSON', async () => {
    const { client, calls } = setup(() => json({ user: { id: 1 } }));
    await expect(client.patch('/v1/users/me', { examYear: 2027 })).resolves.toEqual({ user: { id: 1 } });
    expect(calls[0]!.url).toBe('/api/v1/users/me');
    expect(calls[0]!.init).toMatchObject({ method: 'PATCH', credentials: 'include', body: '{"examYear":2027}' });
  });

  it('on 401 clears the user (onUnauthorized) and does not report', async () => {
    const { client, onUnauthorized, report } = setup(() => json({ message: 'Niet ingelogd' }, 401));
    await expect(client.get('/v1/users/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(report).not.toHaveBeenCalled();
  });

  it('reports other API errors and keeps the Dutch field errors', async () => {
    const { client, report, onUnauthorized } = setup(() =>
      json({ message: 'Controleer de ingevulde gegevens.', fieldErrors: { ids: ['Dit veld is verplicht'] } }, 400),
    );
    const error = await client.post('/v1/users/me/subjects', { ids: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ ids: ['Dit veld is verplicht'] });
    expect(report).toHaveBeenCalledWith(error, { method: 'POST', path: '/v1/users/me/subjects', status: 400 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports network failures', async () => {
    const { client, report } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.delete('/v1/users/me/subjects/3')).rejects.toThrow('Failed to fetch');
    expect(report).toHaveBeenCalledWith(expect.any(TypeError), {
      method: 'DELETE',
      path: '/v1/users/me/subjects/3',
      status: 0,
    });
  });

  it('accepts 204 without a body', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.delete('/v1/users/me')).resolves.toBeNull();
  });
});

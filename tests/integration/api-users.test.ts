/**
 * The user API (spec §7 /v1/users/me…) and who may use it: anonymous callers
 * get 401, each user reads and changes only their own data, bad input
 * answers 400 with Dutch field errors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '#app/platform/schemas/api-error.ts';
import { userEnvelopeSchema, userSchema } from '#app/modules/accounts/schemas/user.ts';
import { USER_MESSAGES } from '#app/modules/accounts/index.ts';
import { signedInUsers } from './accounts.ts';
import { apiClient } from './http.ts';
import { useTestRuntime } from './test-db.ts';

const rt = useTestRuntime();
let sanne = '';
let daan = '';

const call = apiClient(rt);

beforeAll(async () => {
  [sanne, daan] = await signedInUsers(rt(), ['sanne@example.nl', 'daan@example.nl']);
});

const me = async (cookie: string) =>
  userEnvelopeSchema.parse(await (await call(cookie, 'GET', '/users/me')).json()).user;

describe('without a session', () => {
  it.each([
    ['GET', '/users/me', undefined],
    ['PATCH', '/users/me', { examYear: 2027 }],
    ['PATCH', '/users/me/levels', { levels: ['havo'] }],
    ['DELETE', '/users/me', undefined],
  ])('%s %s answers 401 in the one error shape', async (method, path, body) => {
    for (const cookie of [undefined, 'slaagbundel.session_token=forged.value']) {
      const res = await call(cookie, method, path, body);
      expect(res.status).toBe(401);
      const error = apiErrorSchema.parse(await res.json());
      expect(error).toMatchObject({ status: 401, error: 'unauthorized' });
      expect(error.message).toMatch(/ingelogd/);
    }
  });
});

describe('GET /v1/users/me', () => {
  it('answers { user } of the session, never cached, with the defaults of a new account', async () => {
    const res = await call(sanne, 'GET', '/users/me');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const { user } = userEnvelopeSchema.parse(await res.json());
    expect(user).toMatchObject({
      email: 'sanne@example.nl',
      emailVerified: true,
      educationRole: 'pupil',
      onboardingCompleted: false,
      profile: null,
      examYear: null,
      levels: [],
    });
  });
});

describe('PATCH /v1/users/me and /levels', () => {
  it("changes only the caller's own user", async () => {
    const year = new Date().getUTCMonth() >= 7 ? new Date().getUTCFullYear() + 1 : new Date().getUTCFullYear();
    const res = await call(sanne, 'PATCH', '/users/me', { profile: 'NT', examYear: year, onboardingCompleted: true });
    expect(res.status).toBe(200);
    expect(userSchema.parse(await res.json())).toMatchObject({
      profile: 'NT',
      examYear: year,
      onboardingCompleted: true,
    });
    const levels = await call(sanne, 'PATCH', '/users/me/levels', { levels: ['vwo', 'havo'] });
    expect(userSchema.parse(await levels.json()).levels).toEqual(['havo', 'vwo']);
    // Daan's account is untouched.
    expect(await me(daan)).toMatchObject({
      email: 'daan@example.nl',
      profile: null,
      levels: [],
      onboardingCompleted: false,
    });
    expect(await me(sanne)).toMatchObject({ profile: 'NT', levels: ['havo', 'vwo'] });
  });

  it('cannot name another user: an id in the body is refused, not followed', async () => {
    const daanId = (await me(daan)).id;
    const res = await call(sanne, 'PATCH', '/users/me', { id: daanId, educationRole: 'teacher' });
    expect(res.status).toBe(400);
    expect((await me(daan)).educationRole).toBe('pupil');
  });

  it('answers bad input with 400 and Dutch field errors, never a 500', async () => {
    const cases: [string, unknown, string, string][] = [
      ['/users/me', { educationRole: 'rector' }, 'educationRole', USER_MESSAGES.ROLE],
      ['/users/me', { profile: 'XX' }, 'profile', USER_MESSAGES.PROFILE],
      ['/users/me', { examYear: 1999 }, 'examYear', USER_MESSAGES.EXAM_YEAR],
      ['/users/me/levels', { levels: ['havo', 'havo'] }, 'levels', USER_MESSAGES.LEVELS],
      ['/users/me/levels', { levels: ['mbo'] }, 'levels.0', USER_MESSAGES.LEVELS],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await call(sanne, 'PATCH', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = apiErrorSchema.parse(await res.json());
      expect(error.fieldErrors?.[field], JSON.stringify(error)).toEqual([message]);
    }
    const empty = await call(sanne, 'PATCH', '/users/me', {});
    expect(empty.status).toBe(400);
  });

  it('refuses a change from another website', async () => {
    const res = await rt().app.request('/api/v1/users/me', {
      method: 'PATCH',
      headers: { origin: 'https://evil.example', cookie: sanne, 'content-type': 'application/json' },
      body: JSON.stringify({ educationRole: 'teacher' }),
    });
    expect(res.status).toBe(403);
    expect((await me(sanne)).educationRole).toBe('pupil');
  });
});

describe('DELETE /v1/users/me', () => {
  it("deletes the caller's account and its sessions, and nobody else's", async () => {
    const res = await call(daan, 'DELETE', '/users/me');
    expect(res.status).toBe(204);
    expect((await call(daan, 'GET', '/users/me')).status).toBe(401);
    expect((await me(sanne)).email).toBe('sanne@example.nl');
  });
});

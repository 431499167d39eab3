import { describe, expect, it } from 'vitest';
import { emailChangeOf } from './auth.server.ts';

const tokenWith = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;
const user = { id: 'u1', email: 'nieuw@example.nl' };
const verify = (payload: object) => ({ path: '/verify-email', query: { token: tokenWith(payload) } });

describe('emailChangeOf', () => {
  it('reads the old and new address of a confirmed e-mail change from the verify-email token', () => {
    expect(
      emailChangeOf(user, verify({ email: 'oud@example.nl', updateTo: 'nieuw@example.nl', userId: 'u1' })),
    ).toEqual({ from: 'oud@example.nl', to: 'nieuw@example.nl' });
  });

  it('is null for any other update: another endpoint, a plain verification, another user, another address', () => {
    const change = { email: 'oud@example.nl', updateTo: 'nieuw@example.nl', userId: 'u1' };
    expect(emailChangeOf(user, { path: '/update-user', query: { token: tokenWith(change) } })).toBeNull();
    expect(emailChangeOf(user, verify({ email: 'nieuw@example.nl', userId: 'u1' }))).toBeNull();
    expect(emailChangeOf(user, verify({ ...change, userId: 'u2' }))).toBeNull();
    expect(emailChangeOf(user, verify({ ...change, updateTo: 'ander@example.nl' }))).toBeNull();
    expect(emailChangeOf(user, { path: '/verify-email', query: { token: 'geen-token' } })).toBeNull();
    expect(emailChangeOf(user, null)).toBeNull();
  });
});

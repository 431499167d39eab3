/**
 * Staff for integration tests (issue 32): a signed-in user made staff, who sets up two-factor sign-in over the
 * API as a browser would, and the TOTP codes of RFC 6238 computed here (not with the library under test).
 */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { makeStaffMember } from '#app/modules/backoffice/index.server.ts';
import type { StaffRole } from '#app/modules/backoffice/index.ts';
import { type Caller, type Mail, PASSWORD, sessionCookie, signedInCaller } from './accounts.ts';
import { apiCall } from './http.ts';
import type { TestRuntime } from './test-db.ts';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** Base32 without padding (RFC 4648), as an otpauth URI carries a secret. */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

/** RFC 6238: the 6-digit code of a base32 secret for the 30-second step of `at` (HMAC-SHA1, RFC 4226). */
export function totpCode(secretBase32: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const number = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(number).padStart(6, '0');
}

export const secretOfUri = (uri: string) => /[?&]secret=([A-Z2-7]+)/i.exec(uri)![1]!;

/** A staff member: their session that passed two-factor sign-in, their client address, id and TOTP secret. */
export interface Staff extends Caller {
  secret: string;
}

/** Sets up TOTP for a signed-in caller: enable with the password, then a first code. Answers the new session. */
export async function enableTotp(rt: TestRuntime, caller: Caller): Promise<Staff> {
  const enabled = await apiCall(rt, caller, 'POST', '/auth/two-factor/enable', { password: PASSWORD });
  const body = (await enabled.json()) as { totpURI: string };
  expect(enabled.status, JSON.stringify(body)).toBe(200);
  const secret = secretOfUri(body.totpURI);
  const verified = await apiCall(rt, caller, 'POST', '/auth/two-factor/verify-totp', { code: totpCode(secret) });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const cookie = sessionCookie(verified);
  expect(cookie).toBeTruthy();
  return { ...caller, cookie: cookie!, secret };
}

/** A new user made staff with `role`, with two-factor sign-in set up and passed. */
export async function newStaff(
  rt: TestRuntime,
  mails: Mail[],
  email: string,
  role: StaffRole,
  client: string,
): Promise<Staff> {
  const caller = await signedInCaller(rt, mails, email, client);
  await makeStaffMember(rt.database.db, caller.id, role);
  return enableTotp(rt, caller);
}

/** Signs in with the password and then the code: the two steps of a staff member's sign-in. */
export async function signInWithTotp(rt: TestRuntime, email: string, secret: string, client: string) {
  const first = await apiCall(rt, { client }, 'POST', '/auth/sign-in/email', { email, password: PASSWORD });
  const answer = (await first.json()) as { twoFactorRedirect?: boolean };
  expect(first.status).toBe(200);
  expect(answer.twoFactorRedirect).toBe(true);
  // No session (at most the cookie's deletion) until the code.
  expect(sessionCookie(first) ?? 'none=').toMatch(/=$/);
  const pending = first.headers
    .getSetCookie()
    .find((c) => c.startsWith('slaagbundel.two_factor='))
    ?.split(';')[0];
  expect(pending).toBeTruthy();
  const second = await apiCall(rt, { client, cookie: pending }, 'POST', '/auth/two-factor/verify-totp', {
    code: totpCode(secret),
  });
  expect(second.status, await second.clone().text()).toBe(200);
  return { first, pending: pending!, cookie: sessionCookie(second)! };
}

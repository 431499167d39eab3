import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing at OWASP strength (Password Storage Cheat Sheet: scrypt
 * with N = 2^17, r = 8, p = 1): 128 MiB and a few hundred milliseconds per
 * hash, on libuv's thread pool so the event loop keeps serving. Stored as
 * `scrypt$N$r$p$salt$key` (base64url), so stronger parameters later still
 * verify older hashes.
 */
export const PASSWORD_HASH_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * The cost new hashes get. The integration tests make hundreds of accounts and sign-ins, a few
 * hundred milliseconds each at full strength: their runner sets TEST_SCRYPT_N (a power of two, at
 * least 2^10), honoured only while NODE_ENV is 'test'. The same code path, a smaller N; every
 * hash says its own parameters, so either verifies.
 */
function newHashParams(): { N: number; r: number; p: number } {
  const testN = process.env.NODE_ENV === 'test' ? Number(process.env.TEST_SCRYPT_N) : Number.NaN;
  const powerOfTwo = Number.isSafeInteger(testN) && testN >= 1024 && (testN & (testN - 1)) === 0;
  return powerOfTwo ? { ...PASSWORD_HASH_PARAMS, N: testN } : PASSWORD_HASH_PARAMS;
}
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * Hashes derived at once in this copy: each holds 128 MiB while it runs, and four at once (libuv's pool) took a
 * copy to 800 MB while 200 pupils signed in (ADR 036). One at a time keeps a copy's peak to one
 * hash's memory; a host runs a copy per core (server/cluster.ts), so every core still hashes.
 */
export const HASHES_AT_ONCE = 1;
let running = 0;
const waiting: (() => void)[] = [];

/** Hashes being derived in this copy now (at most HASHES_AT_ONCE). */
export const hashesRunning = () => running;

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return oneAtATime(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const params = newHashParams();
  const key = await derive(password, salt, params);
  const { N, r, p } = params;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = hash.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isSafeInteger(v) && v > 0)) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

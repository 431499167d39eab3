import { describe, expect, it } from 'vitest';
import { HASHES_AT_ONCE, hashesRunning, hashPassword, verifyPassword } from './password-hash.server.ts';

describe('password hashing', () => {
  it('hashes with scrypt at OWASP strength, salted, and verifies only the right password', async () => {
    const hash = await hashPassword('Slaag2026!');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await hashPassword('Slaag2026!')).not.toBe(hash);
    expect(await verifyPassword({ hash, password: 'Slaag2026!' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'slaag2026!' })).toBe(false);
  });

  it('takes a test cost only from TEST_SCRYPT_N under NODE_ENV test, and only a power of two from 2^10', async () => {
    const { NODE_ENV, TEST_SCRYPT_N } = process.env;
    try {
      process.env.TEST_SCRYPT_N = '16384';
      expect(await hashPassword('x')).toMatch(/^scrypt\$16384\$8\$1\$/);
      process.env.TEST_SCRYPT_N = '1000';
      expect(await hashPassword('x')).toMatch(/^scrypt\$131072\$/);
      process.env.TEST_SCRYPT_N = '16384';
      process.env.NODE_ENV = 'production';
      expect(await hashPassword('x')).toMatch(/^scrypt\$131072\$/);
    } finally {
      process.env.NODE_ENV = NODE_ENV;
      if (TEST_SCRYPT_N === undefined) delete process.env.TEST_SCRYPT_N;
      else process.env.TEST_SCRYPT_N = TEST_SCRYPT_N;
    }
  });

  it('derives one hash at a time in a copy (128 MiB each at full strength): the others wait their turn', async () => {
    const seen: number[] = [];
    const watch = setInterval(() => seen.push(hashesRunning()), 1);
    const hashes = await Promise.all(['een', 'twee', 'drie'].map((password) => hashPassword(password)));
    clearInterval(watch);
    expect(Math.max(...seen)).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect(hashesRunning()).toBe(0);
    expect(await verifyPassword({ hash: hashes[2]!, password: 'drie' })).toBe(true);
  });

  it('refuses hashes it did not make instead of throwing', async () => {
    expect(await verifyPassword({ hash: 'bcrypt$x', password: 'a' })).toBe(false);
    expect(await verifyPassword({ hash: 'scrypt$0$8$1$abc$def', password: 'a' })).toBe(false);
  });
});

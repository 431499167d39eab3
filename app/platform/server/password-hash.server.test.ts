import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.server.ts';

describe('password hashing', () => {
  it('hashes with scrypt at OWASP strength, salted, and verifies only the right password', async () => {
    const hash = await hashPassword('Slaag2026!');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await hashPassword('Slaag2026!')).not.toBe(hash);
    expect(await verifyPassword({ hash, password: 'Slaag2026!' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'slaag2026!' })).toBe(false);
  });

  it('refuses hashes it did not make instead of throwing', async () => {
    expect(await verifyPassword({ hash: 'bcrypt$x', password: 'a' })).toBe(false);
    expect(await verifyPassword({ hash: 'scrypt$0$8$1$abc$def', password: 'a' })).toBe(false);
  });
});

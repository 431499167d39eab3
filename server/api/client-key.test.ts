import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

/** The key a request gets, through a real Hono context. */
async function keyOf(headers: Record<string, string>, trustProxyHops: number, remoteAddress?: string) {
  let key = '';
  const app = new Hono().get('/', (c: Context) => {
    key = clientKey(c, trustProxyHops);
    return c.body(null, 204);
  });
  const env = remoteAddress
    ? { incoming: { socket: { remoteAddress, remotePort: 1, remoteFamily: 'IPv4' } } }
    : undefined;
  await app.request('/', { headers }, env);
  return key;
}

describe('clientKey', () => {
  it('uses the socket address and ignores X-Forwarded-For without TRUST_PROXY', async () => {
    expect(await keyOf({ 'x-forwarded-for': '1.1.1.1' }, 0, '203.0.113.9')).toBe('203.0.113.9');
    expect(await keyOf({}, 0, '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it("takes the N-th address from the right with TRUST_PROXY=N, never the client's own entries", async () => {
    const chain = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' };
    expect(await keyOf(chain, 1, '10.0.0.3')).toBe('10.0.0.2');
    expect(await keyOf(chain, 2, '10.0.0.3')).toBe('203.0.113.7');
    expect(await keyOf({ 'x-forwarded-for': '203.0.113.7:51234' }, 1)).toBe('203.0.113.7');
    // Fewer entries than proxies: the furthest one we have.
    expect(await keyOf({ 'x-forwarded-for': '203.0.113.7' }, 3)).toBe('203.0.113.7');
    // No header: the socket.
    expect(await keyOf({}, 1, '198.51.100.4')).toBe('198.51.100.4');
  });

  it('counts an IPv6 client per /64', async () => {
    expect(await keyOf({}, 0, '2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(await keyOf({}, 0, '2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(await keyOf({ 'x-forwarded-for': '[2001:db8::7]:443' }, 1)).toBe('2001:db8:0:0::/64');
    expect(await keyOf({}, 0, '::1')).toBe('0:0:0:0::/64');
  });

  it("keys requests without a socket (in-process tests) as 'unknown'", async () => {
    expect(await keyOf({}, 0)).toBe('unknown');
    expect(await keyOf({ 'x-forwarded-for': 'not an address' }, 1)).toBe('invalid');
  });
});

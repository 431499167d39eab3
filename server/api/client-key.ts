import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** '[::1]:443' → '::1', '1.2.3.4:80' → '1.2.3.4', '::ffff:1.2.3.4' → '1.2.3.4'. */
function normaliseAddress(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** The first 64 bits of an IPv6 address ('2001:db8:1:2::/64'): one household or phone gets a whole /64. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The client's address: the socket's, or with TRUST_PROXY=N the N-th entry
 * from the right of X-Forwarded-For (the one our nearest trusted proxy saw);
 * entries further left are written by the client and never trusted.
 * Undefined when there is no socket (in-process requests in tests).
 */
export function clientAddress(c: Context, trustProxyHops: number): string | undefined {
  if (trustProxyHops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = entries[Math.max(0, entries.length - trustProxyHops)];
    if (entry) return normaliseAddress(entry);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normaliseAddress(address) : undefined;
  } catch {
    return undefined;
  }
}

/** The rate-limit key of a client: its IPv4 address or IPv6 /64; 'unknown' without an address. */
export function clientKey(c: Context, trustProxyHops: number): string {
  const address = clientAddress(c, trustProxyHops);
  if (!address) return 'unknown';
  if (isIP(address) === 6) return ipv6Prefix64(address);
  return isIP(address) === 4 ? address : 'invalid';
}

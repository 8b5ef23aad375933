import { isIP, isIPv6 } from 'node:net';
import { z } from 'zod';

/**
 * The rate-limit key of a client address: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64 network,
 * since one IPv6 client usually holds a whole /64 and could otherwise rotate addresses to get around limits.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counters a per-client limit keeps per route (least recently used first out). Each client has one key per
 * route (two on /token), so pushing a client's counter out takes this many other clients within a minute,
 * and those clients have their own attempts anyway.
 */
export const RATE_LIMIT_KEYS = 20_000;

/** Route `config.rateLimit` (plugin rate-limit): `max` requests per client address and minute. */
export function perClientRateLimit(max: number): { max: number; timeWindow: number; keyGenerator: (request: { ip: string }) => string; cache: number } {
  return { max, timeWindow: 60_000, keyGenerator: (request) => clientKey(request.ip), cache: RATE_LIMIT_KEYS };
}

/** proxy-addr's names of address ranges (fastify's trustProxy): 127.0.0.1/8 and ::1; 169.254/16 and fe80::/10; private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: whose X-Forwarded-For the gateway believes (fastify's trustProxy), which decides the client
 * address of rate limits and logs. 'off' (default): nobody's, the client is the TCP peer. Otherwise a
 * comma-separated list of the proxies' addresses or CIDR ranges, or the names loopback, linklocal,
 * uniquelocal: X-Forwarded-For is read from the right, skipping trusted addresses, and the first untrusted
 * one is the client. Refused: 'true' (every caller trusted: any client could choose its own rate-limit key)
 * and hop counts (they trust whichever peer connects, so a client that reaches the gateway directly could
 * forge the header; fastify 5.12 ignores them for that reason).
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default('off')
  .transform((value, context): false | string[] => {
    if (value === '' || value === 'off') return false;
    const entries = value.split(',').map((entry) => entry.trim().toLowerCase());
    if (entries.every(isAddressOrRange)) return entries;
    context.addIssue({ code: 'custom', message: "must be 'off' or the proxies' addresses / CIDR ranges separated by commas (e.g. 10.0.0.0/8,loopback)" });
    return z.NEVER;
  });

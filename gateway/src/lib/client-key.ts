import { isIP, isIPv6 } from 'node:net';
import { z } from 'zod';

/** The eight 16-bit groups of an IPv6 address (lower case, '::' expanded; a trailing dotted IPv4 part as two groups). */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = text.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * The key of a client address for the sign-in limits (per-client rate limits of /api/v1/auth): IPv4 as is
 * (IPv4-mapped IPv6 too), IPv6 by its /48 network.
 *
 * Why /48 and not the /64 of one LAN: a /48 is what a site is normally delegated (RIPE-690 recommends /48 for
 * businesses; many hosting and tunnel providers hand out /48s for free), and it holds 65,536 /64s. Keyed by
 * /64, one such client would get 65,536 counters (65,536 × AUTH_RATE_LIMIT_PER_MINUTE guesses a minute), more
 * than the limiter keeps (RATE_LIMIT_KEYS), so it could also push every other client's counter out. Keyed by
 * /48 it gets one. The cost: clients that share a /48 (a residential ISP handing out /56s, all of an office)
 * share one counter, as clients behind one IPv4 NAT address always have; the limit is generous for people
 * (sign-in and sign-up only), the per-account limit exempts known browsers (device cookie), and
 * AUTH_GLOBAL_FAILURES_PER_MINUTE caps a guessing run spread over many networks.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 3).join(':')}::/48`;
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

/**
 * Route `config.rateLimit` of a signed-in route: `max` requests per user and minute (the client address when the
 * route has no signed-in caller). Its hook runs after the /api authentication hook, so `request.auth` is set.
 */
export function perUserRateLimit(max: number): {
  max: number;
  timeWindow: number;
  keyGenerator: (request: { ip: string; auth?: { userId: string } | undefined }) => string;
  cache: number;
} {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => (request.auth?.userId ? `user:${request.auth.userId}` : clientKey(request.ip)),
    cache: RATE_LIMIT_KEYS,
  };
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

/** The widest ranges TRUST_PROXY takes: no proxy fleet needs more, and wider ones come close to trusting everyone. */
const MIN_TRUSTED_PREFIX = { ipv4: 8, ipv6: 16 } as const;

/**
 * Whether a (well-formed) entry is a range wider than MIN_TRUSTED_PREFIX: /0 (everyone, what 'true' means),
 * 0.0.0.0/1 with 128.0.0.0/1, and so on. An IPv4-mapped IPv6 range (::ffff:0:0/96 and longer) covers IPv4
 * clients (proxy-addr matches IPv4 callers against it), so it counts as IPv4 with 96 bits fewer.
 */
function isTooWide(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (prefix === undefined) return false;
  const bits = Number(prefix);
  if (isIP(address) === 4) return bits < MIN_TRUSTED_PREFIX.ipv4;
  const groups = ipv6Groups(address);
  const ipv4Mapped = groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff';
  return ipv4Mapped && bits >= 96 ? bits - 96 < MIN_TRUSTED_PREFIX.ipv4 : bits < MIN_TRUSTED_PREFIX.ipv6;
}

/**
 * TRUST_PROXY: whose X-Forwarded-For the gateway believes (fastify's trustProxy), which decides the client
 * address of rate limits and logs. 'off' (default): nobody's, the client is the TCP peer. Otherwise a
 * comma-separated list of the proxies' addresses or CIDR ranges, or the names loopback, linklocal,
 * uniquelocal: X-Forwarded-For is read from the right, skipping trusted addresses, and the first untrusted
 * one is the client. Refused: 'true' (every caller trusted: any client could choose its own rate-limit key),
 * the same spelt as ranges (0.0.0.0/0, ::/0, or halves of them: any IPv4 range wider than /8, IPv6 range wider
 * than /16), and hop counts (they trust whichever peer connects, so a client that reaches the gateway directly could
 * forge the header; fastify 5.12 ignores them for that reason).
 */
export const trustProxySchema = z
  .string()
  .trim()
  .default('off')
  .transform((value, context): false | string[] => {
    if (value === '' || value === 'off') return false;
    const entries = value.split(',').map((entry) => entry.trim().toLowerCase());
    if (!entries.every(isAddressOrRange)) {
      context.addIssue({ code: 'custom', message: "must be 'off' or the proxies' addresses / CIDR ranges separated by commas (e.g. 10.0.0.0/8,loopback)" });
      return z.NEVER;
    }
    const tooWide = entries.filter(isTooWide);
    if (tooWide.length === 0) return entries;
    context.addIssue({
      code: 'custom',
      message: `${tooWide.join(', ')}: a range wider than /8 (IPv4) or /16 (IPv6) trusts nearly every caller, who could then pick its own client address; name the proxies' own addresses or ranges`,
    });
    return z.NEVER;
  });

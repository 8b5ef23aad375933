// Where a webhook request may go, decided on the address a host name resolved to (at send time: DNS can change
// after the URL was saved). Only public unicast addresses; a loopback receiver only where the deployment allows
// it explicitly, and never as a redirect's target.
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** WEBHOOK_ALLOW_LOOPBACK: the local demo and tests. */
  allowLoopback: boolean;
}

const IPV4_COMPATIBLE = ipaddr.IPv6.parse('::');
const GLOBAL_UNICAST = ipaddr.IPv6.parse('2000::');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1, or the old IPv4-compatible ::10.0.0.1), as that IPv4 address. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const parts = address.parts;
  // ::/96 beyond :: and ::1 (unspecified and loopback keep their own meaning).
  if (address.match(IPV4_COMPATIBLE, 96) && (parts[6]! !== 0 || parts[7]! > 1)) {
    return new ipaddr.IPv4([parts[6]! >> 8, parts[6]! & 255, parts[7]! >> 8, parts[7]! & 255]);
  }
  return undefined;
}

/** Why `address` (an IP literal) may not be connected to, or undefined when it may. */
export function addressRefusal(address: string, policy: AddressPolicy, options: { redirect?: boolean } = {}): string | undefined {
  if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') parsed = embeddedIPv4(parsed as ipaddr.IPv6) ?? parsed;
  const range = parsed.range();
  if (range === 'loopback' && policy.allowLoopback && !options.redirect) return undefined;
  // IPv6: only global unicast (2000::/3) can be public; the rest of what ipaddr.js calls unicast is reserved.
  const publicUnicast = range === 'unicast' && (parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST, 3));
  if (publicUnicast) return undefined;
  const kind =
    range === 'linkLocal'
      ? 'a link-local (cloud metadata) address'
      : range === 'loopback'
        ? 'a loopback address'
        : range === 'unicast'
          ? 'a reserved address'
          : `a ${range} address`;
  return `${parsed.toString()} is ${kind}, not a public one`;
}

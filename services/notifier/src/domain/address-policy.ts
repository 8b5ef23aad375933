// Where a webhook request may go, decided on the address a host name resolved to (at send time: DNS can change
// after the URL was saved). Only public unicast addresses; a loopback receiver only where the deployment allows
// it explicitly, and never as a redirect's target.
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** WEBHOOK_ALLOW_LOOPBACK: local mode and tests. */
  allowLoopback: boolean;
}

/** Why `address` (an IP literal) may not be connected to, or undefined when it may. */
export function addressRefusal(address: string, policy: AddressPolicy, options: { redirect?: boolean } = {}): string | undefined {
  if (!ipaddr.isValid(address)) return `'${address}' is not an IP address`;
  let parsed = ipaddr.parse(address);
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && policy.allowLoopback && !options.redirect) return undefined;
  const kind = range === 'linkLocal' ? 'a link-local (cloud metadata) address' : range === 'loopback' ? 'a loopback address' : `a ${range} address`;
  return `${parsed.toString()} is ${kind}, not a public one`;
}

import { describe, expect, it } from 'vitest';
import { addressRefusal } from './address-policy.ts';

const strict = { allowLoopback: false };
const local = { allowLoopback: true };

describe('where a webhook request may go', () => {
  it('allows public unicast addresses, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '52.1.2.3', '2606:4700::1111']) expect(addressRefusal(address, strict), address).toBeUndefined();
  });

  it('refuses private, loopback, link-local (cloud metadata), carrier-grade NAT, unique-local, unspecified, multicast and reserved addresses', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '127.8.8.8',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      '64:ff9b::a00:1',
      '::7f00:1',
      '::2',
      '4000::1',
      'e000::1',
      'fe00::1',
    ]) {
      expect(addressRefusal(address, strict), address).toMatch(/not a public one$/);
    }
    expect(addressRefusal('::ffff:10.0.0.1', strict)).toBe('10.0.0.1 is a private address, not a public one');
    expect(addressRefusal('169.254.169.254', strict)).toBe('169.254.169.254 is a link-local (cloud metadata) address, not a public one');
    expect(addressRefusal('::7f00:1', strict)).toBe('127.0.0.1 is a loopback address, not a public one');
    expect(addressRefusal('4000::1', strict)).toBe('4000::1 is a reserved address, not a public one');
  });

  it('allows loopback only where the deployment allows it, and never as the target of a redirect', () => {
    expect(addressRefusal('127.0.0.1', local)).toBeUndefined();
    expect(addressRefusal('::1', local)).toBeUndefined();
    expect(addressRefusal('127.0.0.1', local, { redirect: true })).toBe('127.0.0.1 is a loopback address, not a public one');
    expect(addressRefusal('10.0.0.1', local)).toBe('10.0.0.1 is a private address, not a public one');
  });

  it('refuses what is no IP address', () => {
    expect(addressRefusal('example.com', strict)).toBe("'example.com' is not an IP address");
  });
});

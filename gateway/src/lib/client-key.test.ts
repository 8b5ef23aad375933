import { describe, expect, it } from 'vitest';
import { clientKey, trustProxySchema } from './client-key.ts';

describe('clientKey', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /48, however they are written', () => {
    expect(clientKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(clientKey('2001:db8:85a3:08d3::1')).toBe('2001:db8:85a3::/48');
    expect(clientKey('2001:DB8:85A3:8D3:ffff::2')).toBe('2001:db8:85a3::/48');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(clientKey('::1')).toBe('0:0:0::/48');
    expect(clientKey('2001:db8:85a3:8d3:1::')).toBe('2001:db8:85a3::/48');
  });

  it('gives a whole /48 one key: its 65,536 /64 networks cannot outnumber the limiter (RATE_LIMIT_KEYS)', () => {
    const keys = new Set<string>();
    for (let subnet = 0; subnet < 0x1_0000; subnet++) keys.add(clientKey(`2001:db8:85a3:${subnet.toString(16)}::1`));
    expect([...keys]).toEqual(['2001:db8:85a3::/48']);
  });
});

describe('trustProxySchema (TRUST_PROXY)', () => {
  const parse = (value: string) => trustProxySchema.safeParse(value);

  it('takes the proxies by address, range or name', () => {
    expect(parse('off').data).toBe(false);
    expect(parse('10.0.0.0/8, 127.0.0.1, loopback').data).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
    expect(parse('fd00::/16,2001:db8::/32,::ffff:10.0.0.0/104').data).toEqual(['fd00::/16', '2001:db8::/32', '::ffff:10.0.0.0/104']);
  });

  it('refuses ranges as wide as everyone (/0), and IPv4 ranges wider than /8 or IPv6 ranges wider than /16', () => {
    for (const value of [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/0,::/0',
      '0.0.0.0/1,128.0.0.0/1',
      '10.0.0.0/7',
      '::/1,8000::/1',
      '2000::/3',
      '2001::/15',
      '::ffff:0.0.0.0/96',
      '::ffff:0:0/103',
    ]) {
      const result = parse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toMatch(/wider than \/8 \(IPv4\) or \/16 \(IPv6\)/);
    }
  });
});

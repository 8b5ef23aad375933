import { describe, expect, it } from 'vitest';
import { loadConfig } from '@venuebook/service-kit';
import { gatewayConfigSchema } from '../config.ts';
import { embedAllowedOriginsSchema, isEmbedCorsPath, isLoopbackHost } from './embed.ts';

const parse = (value: string | undefined) => embedAllowedOriginsSchema.safeParse(value);

describe('EMBED_ALLOWED_ORIGINS', () => {
  it('is off (no origins) when unset or blank', () => {
    expect(parse(undefined)).toMatchObject({ success: true, data: [] });
    expect(parse(' , ')).toMatchObject({ success: true, data: [] });
  });

  it('normalises origins to what browsers send in Origin: lower case, no default port, no trailing slash; folds duplicates', () => {
    const result = parse(
      ' HTTPS://Intranet.Example.com/ ,http://localhost:3000, https://intranet.example.com:443,http://[::1]:8081,https://xn--bcher-kva.example',
    );
    expect(result).toMatchObject({
      success: true,
      data: ['https://intranet.example.com', 'http://localhost:3000', 'http://[::1]:8081', 'https://xn--bcher-kva.example'],
    });
    expect(parse('https://bücher.example')).toMatchObject({ success: true, data: ['https://xn--bcher-kva.example'] });
  });

  it.each([
    ['*', 'is not an http:// or https:// origin'],
    ['null', 'is not an http:// or https:// origin'],
    ['intranet.example.com', 'is not an http:// or https:// origin'],
    ['ftp://intranet.example.com', 'is not an http:// or https:// origin'],
    ['javascript:alert(1)', 'is not an http:// or https:// origin'],
    ['https://', 'is not a valid URL'],
    ['https://intranet.example.com:99999', 'is not a valid URL'],
    ['https://*.example.com', 'has no exact host name'],
    ['https://user:pw@intranet.example.com', 'has a user name or password'],
    ['https://intranet.example.com/app', 'has a path'],
    ['https://intranet.example.com//', 'has a path'],
    ['https://intranet.example.com/?a=1', 'has a query'],
    ['https://intranet.example.com?', 'has a query'],
    ['https://intranet.example.com#x', 'has a fragment'],
    // http:// only for loopback hosts (a network attacker rewrites an http page, and allowed pages get tokens).
    ['http://intranet.example.com', 'is http:// but not a loopback host'],
    ['http://192.168.1.10:3000', 'is http:// but not a loopback host'],
    ['http://10.0.0.1', 'is http:// but not a loopback host'],
    ['http://localhost.evil.example', 'is http:// but not a loopback host'],
    ['http://127.0.0.1.nip.io', 'is http:// but not a loopback host'],
    ['http://[::ffff:10.0.0.1]', 'is http:// but not a loopback host'],
    ['http://0.0.0.0:3000', 'is http:// but not a loopback host'],
  ])('refuses %s (%s)', (entry, why) => {
    const result = parse(`https://ok.example.com,${entry}`);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([expect.stringContaining(why)]);
    expect(result.error?.issues[0]?.message).toContain(`'${entry}'`);
  });

  it('accepts http:// for loopback hosts only: localhost, 127.0.0.0/8, [::1]', () => {
    expect(parse('http://localhost:3000,HTTP://LOCALHOST:3001,http://127.0.0.1:8081,http://127.5.6.7,http://[::1]:8082,http://127.1:9000')).toMatchObject({
      success: true,
      data: ['http://localhost:3000', 'http://localhost:3001', 'http://127.0.0.1:8081', 'http://127.5.6.7', 'http://[::1]:8082', 'http://127.0.0.1:9000'],
    });
    expect(parse('https://intranet.example.com,https://192.168.1.10:3000')).toMatchObject({
      success: true,
      data: ['https://intranet.example.com', 'https://192.168.1.10:3000'],
    });
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.255.0.1')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
    expect(isLoopbackHost('sub.localhost')).toBe(false);
  });

  it('fails the gateway config with the variable named and the bad entry quoted', () => {
    const env = {
      JWT_SECRET: 'x'.repeat(32),
      USER_CONTEXT_KEY: 'y'.repeat(43),
      COMPANY_DOMAIN: 'example.com',
      PUBLIC_URL: 'http://127.0.0.1:8080',
      NATS_URL: 'nats://127.0.0.1:4222',
    };
    expect(loadConfig(gatewayConfigSchema, env).EMBED_ALLOWED_ORIGINS).toEqual([]);
    expect(loadConfig(gatewayConfigSchema, { ...env, EMBED_ALLOWED_ORIGINS: 'http://localhost:3000' }).EMBED_ALLOWED_ORIGINS).toEqual([
      'http://localhost:3000',
    ]);
    expect(() => loadConfig(gatewayConfigSchema, { ...env, EMBED_ALLOWED_ORIGINS: 'http://localhost:3000,https://intranet.example.com/app' })).toThrow(
      /EMBED_ALLOWED_ORIGINS.*'https:\/\/intranet\.example\.com\/app' has a path/s,
    );
    expect(() => loadConfig(gatewayConfigSchema, { ...env, EMBED_ALLOWED_ORIGINS: 'http://localhost:3000,http://intranet.example.com' })).toThrow(
      /EMBED_ALLOWED_ORIGINS.*'http:\/\/intranet\.example\.com' is http:\/\/ but not a loopback host \(localhost, 127\.x\.x\.x, \[::1\]\); use https:\/\//s,
    );
  });
});

describe('isEmbedCorsPath', () => {
  it.each([
    ['/api/v1/venues/v1/documents', true],
    ['/api/v1/documents/d1/content', true],
    ['/api/v1/auth/user', true],
    ['/remotes/media/library/remoteEntry.js', true],
    ['/remotes/media/library/static/js/main.3f9a2c1b.js', true],
    // The refresh cookie's routes, other remotes, the shell, the docs, the bridge page itself.
    ['/api/v1/auth/token', false],
    ['/api/v1/auth/logout', false],
    ['/api/v1/auth/google/start', false],
    // The exchange for an embed token: the session bridge asks for it on Venue Book's own origin only.
    ['/api/v1/auth/embed-token', false],
    ['/api/v1/auth/embed-%74oken', false],
    ['/api/v1', false],
    ['/api/docs/json', false],
    ['/remotes/media/remoteEntry.js', false],
    ['/remotes/media/library', false],
    ['/remotes/venues/remoteEntry.js', false],
    ['/', false],
    ['/embed/session', false],
    // Dot segments a browser never sends.
    ['/remotes/media/library/../remoteEntry.js', false],
    ['/remotes/media/library/%2e%2E/remoteEntry.js', false],
    ['/api/v1/venues/./x', false],
    // Percent-encoded spellings: the router decodes letters (%74oken is the token route) and the static files'
    // server decodes %2f, so the path is judged decoded; a path that does not decode is refused.
    ['/api/v1/auth/%74oken', false],
    ['/api/v1/%61uth/token', false],
    ['/api/v1/auth/g%6Fogle/start', false],
    ['/remotes/media/library/..%2fremoteEntry.js', false],
    ['/remotes/media/library/..%5CremoteEntry.js', false],
    ['/remotes/media/library/%252e%252e/remoteEntry.js', false],
    ['/remotes/media/library//remoteEntry.js', false],
    ['/api/v1/venues/%E0%A4%A', false],
    ['/remotes/media/library/remoteEntry.j%73', true],
    ['/api/v1/venues/Caf%C3%A9/documents', true],
  ])('%s → %s', (path, expected) => {
    expect(isEmbedCorsPath(path)).toBe(expected);
  });
});

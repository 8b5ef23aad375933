// /readyz's per-service detail and who gets it: callers on this machine, but not a reverse proxy on this
// machine forwarding someone else's request. The gateway runs without its gRPC services (NATS only), so
// every check reads UNREACHABLE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '@venuebook/contracts/services';
import { createLogger, loadConfig } from '@venuebook/service-kit';
import { testInfra } from '@venuebook/service-kit/testing';
import { buildApp } from './app.ts';
import type { GatewayApp } from './app.ts';
import { gatewayConfigSchema } from './config.ts';

const env = {
  VENUES_GRPC_URL: '127.0.0.1:1',
  IDENTITY_GRPC_URL: '127.0.0.1:1',
  GRPC_DEADLINE_MS: '1000',
  NATS_URL: testInfra().natsUrl,
  USER_CONTEXT_KEY: 'k'.repeat(32),
  JWT_SECRET: 'j'.repeat(32),
  COMPANY_DOMAIN: 'example.com',
  PUBLIC_URL: 'http://127.0.0.1:8080',
};
const DETAIL = { status: 'not_ready', checks: Object.fromEntries(SERVICE_NAMES.map((name) => [name, 'UNREACHABLE'])) };
const BARE = { status: 'not_ready' };

const gateways: GatewayApp[] = [];
async function gateway(extra: Record<string, string> = {}): Promise<GatewayApp> {
  const built = await buildApp(loadConfig(gatewayConfigSchema, { ...env, ...extra }), { logger: createLogger('gateway-test', { level: 'silent' }) });
  gateways.push(built);
  return built;
}

let direct: GatewayApp;
let behindProxy: GatewayApp;

beforeAll(async () => {
  direct = await gateway();
  behindProxy = await gateway({ TRUST_PROXY: 'loopback' });
});

afterAll(async () => {
  for (const built of gateways) await built.close();
});

const readyz = async (target: GatewayApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  (await target.inject({ method: 'GET', url: '/readyz', remoteAddress, headers })).json();

describe('/readyz detail on this machine', () => {
  it('shows the detail to a caller on loopback that nothing forwarded', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(await readyz(direct, address), address).toEqual(DETAIL);
      expect(await readyz(behindProxy, address), address).toEqual(DETAIL);
    }
  });

  it('gives a forwarded request the bare status, even when the proxy on this machine is the TCP peer (TRUST_PROXY off)', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.80' },
      { forwarded: 'for=203.0.113.80;proto=https' },
      { 'x-real-ip': '203.0.113.80' },
      // The proxy may well forward a loopback client: still a forwarded request, not this machine's own probe.
      { 'x-forwarded-for': '127.0.0.1' },
    ];
    for (const headers of forwarded) {
      expect(await readyz(direct, '127.0.0.1', headers), JSON.stringify(headers)).toEqual(BARE);
      expect(await readyz(direct, '::1', headers), JSON.stringify(headers)).toEqual(BARE);
    }
  });

  it('with TRUST_PROXY, judges the forwarded client, and a forwarded request never counts as this machine', async () => {
    expect(await readyz(behindProxy, '127.0.0.1', { 'x-forwarded-for': '203.0.113.81' })).toEqual(BARE);
    expect(await readyz(behindProxy, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toEqual(BARE);
    expect(await readyz(behindProxy, '127.0.0.1', { forwarded: 'for=127.0.0.1' })).toEqual(BARE);
  });

  it('gives callers elsewhere the bare status', async () => {
    expect(await readyz(direct, '203.0.113.82')).toEqual(BARE);
  });
});

describe('/readyz under many callers', () => {
  it('sends one round of health checks for concurrent requests (an anonymous flood does not multiply calls to the services)', async () => {
    const target = await gateway();
    const checker = target.grpcHealth.venues;
    const original = checker.checkEach.bind(checker);
    let rounds = 0;
    checker.checkEach = (service: string) => {
      rounds += 1;
      return original(service);
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => readyz(target, '203.0.113.9')));
    expect(answers).toEqual(Array.from({ length: 20 }, () => BARE));
    expect(rounds).toBe(1);
    // A later request checks again (nothing is cached beyond the requests in flight).
    await readyz(target, '203.0.113.9');
    expect(rounds).toBe(2);
  });
});

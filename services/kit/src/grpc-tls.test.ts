// gRPC over TLS with certificates generated for the test (openssl): a CA, a server certificate for
// 127.0.0.1 and a client certificate (mutual TLS).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, GrpcStatus, partialHandlers } from '@venuebook/grpc';
import type { GrpcError } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { loadConfig, serviceConfigSchema } from './config.ts';
import { createHealthChecker } from './grpc-health.ts';
import { startGrpcServer } from './grpc-server.ts';
import type { RunningGrpcServer } from './grpc-server.ts';
import { grpcClientCredentials, grpcServerTls } from './grpc-tls.ts';
import { createLogger } from './logger.ts';

const dir = mkdtempSync(join(tmpdir(), 'venuebook-grpc-tls-'));
const file = (name: string): string => join(dir, name);
const openssl = (...args: string[]): void => void execFileSync('openssl', args, { stdio: 'pipe' });
const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function certificateAuthority(name: string): void {
  openssl('req', '-x509', ...EC, '-keyout', file(`${name}.key`), '-out', file(`${name}.crt`), '-days', '1', '-subj', `/CN=${name}`);
}

function issue(name: string, ca: string, extensions: string): void {
  openssl('req', ...EC, '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${name}`);
  writeFileSync(file(`${name}.ext`), extensions);
  openssl(
    'x509',
    '-req',
    '-in',
    file(`${name}.csr`),
    '-CA',
    file(`${ca}.crt`),
    '-CAkey',
    file(`${ca}.key`),
    '-CAcreateserial',
    '-out',
    file(`${name}.crt`),
    '-days',
    '1',
    '-extfile',
    file(`${name}.ext`),
  );
}

const logger = createLogger('tls-test', { level: 'silent' });
const handlers = partialHandlers(VenuesService, {
  async getVenue(request) {
    return { venue: { id: request.id, name: 'Arena' } };
  },
  async listVenues() {
    return {};
  },
  async createVenue() {
    return {};
  },
});

const failure = (promise: Promise<unknown>): Promise<GrpcError> =>
  promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error as GrpcError,
  );

beforeAll(() => {
  certificateAuthority('venuebook-ca');
  certificateAuthority('other-ca');
  issue('venues-service', 'venuebook-ca', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  issue('gateway-client', 'venuebook-ca', 'extendedKeyUsage=clientAuth\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a service with GRPC_TLS_CERT and GRPC_TLS_KEY', () => {
  let running: RunningGrpcServer;
  let address: string;

  beforeAll(async () => {
    const tls = grpcServerTls({ GRPC_TLS_CERT: file('venues-service.crt'), GRPC_TLS_KEY: file('venues-service.key') });
    running = await startGrpcServer({ host: '127.0.0.1', port: 0, services: [{ service: VenuesService, handlers }], logger, ...(tls ? { tls } : {}) });
    address = `127.0.0.1:${running.port}`;
  });

  afterAll(async () => {
    await running?.stop(100);
  });

  it('answers a client that trusts its CA (GRPC_TLS_CA), health checks included', async () => {
    const credentials = grpcClientCredentials({ GRPC_TLS_CA: file('venuebook-ca.crt') });
    expect(credentials).toBeDefined();
    const client = createClient(VenuesService, address, { credentials: credentials!, deadlineMs: 3000 });
    const health = createHealthChecker(address, { credentials: credentials! });
    try {
      await expect(client.getVenue({ id: 'tls' })).resolves.toMatchObject({ venue: { id: 'tls', name: 'Arena' } });
      expect(await health.check('')).toBe('SERVING');
    } finally {
      client.close();
      health.close();
    }
  });

  it('refuses a plaintext client and a client that trusts another CA', async () => {
    const plaintext = createClient(VenuesService, address, { deadlineMs: 2000 });
    const stranger = createClient(VenuesService, address, { credentials: grpcClientCredentials({ GRPC_TLS_CA: file('other-ca.crt') })!, deadlineMs: 2000 });
    try {
      expect((await failure(plaintext.getVenue({ id: 'x' }))).code).toBe(GrpcStatus.UNAVAILABLE);
      expect((await failure(stranger.getVenue({ id: 'x' }))).code).toBe(GrpcStatus.UNAVAILABLE);
    } finally {
      plaintext.close();
      stranger.close();
    }
  });
});

describe('a service with GRPC_TLS_CA (mutual TLS)', () => {
  it('answers only clients with a certificate of that CA', async () => {
    const tls = grpcServerTls({ GRPC_TLS_CERT: file('venues-service.crt'), GRPC_TLS_KEY: file('venues-service.key'), GRPC_TLS_CA: file('venuebook-ca.crt') });
    const running = await startGrpcServer({ host: '127.0.0.1', port: 0, services: [{ service: VenuesService, handlers }], logger, ...(tls ? { tls } : {}) });
    const address = `127.0.0.1:${running.port}`;
    const withCertificate = createClient(VenuesService, address, {
      credentials: grpcClientCredentials({
        GRPC_TLS_CA: file('venuebook-ca.crt'),
        GRPC_TLS_CERT: file('gateway-client.crt'),
        GRPC_TLS_KEY: file('gateway-client.key'),
      })!,
      deadlineMs: 3000,
    });
    const withoutCertificate = createClient(VenuesService, address, {
      credentials: grpcClientCredentials({ GRPC_TLS_CA: file('venuebook-ca.crt') })!,
      deadlineMs: 2000,
    });
    try {
      await expect(withCertificate.getVenue({ id: 'mtls' })).resolves.toMatchObject({ venue: { id: 'mtls' } });
      expect((await failure(withoutCertificate.getVenue({ id: 'x' }))).code).toBe(GrpcStatus.UNAVAILABLE);
    } finally {
      withCertificate.close();
      withoutCertificate.close();
      await running.stop(100);
    }
  });
});

describe('listening beyond loopback', () => {
  it('refuses to start without TLS unless GRPC_ALLOW_INSECURE is set', async () => {
    await expect(startGrpcServer({ host: '0.0.0.0', port: 0, services: [{ service: VenuesService, handlers }], logger })).rejects.toThrow(
      /0\.0\.0\.0.*GRPC_TLS_CERT.*GRPC_ALLOW_INSECURE/,
    );
    const insecure = await startGrpcServer({ host: '0.0.0.0', port: 0, services: [{ service: VenuesService, handlers }], logger, allowInsecure: true });
    await insecure.stop(100);
    const tls = grpcServerTls({ GRPC_TLS_CERT: file('venues-service.crt'), GRPC_TLS_KEY: file('venues-service.key') })!;
    const secure = await startGrpcServer({ host: '0.0.0.0', port: 0, services: [{ service: VenuesService, handlers }], logger, tls });
    await secure.stop(100);
  });

  it('reads the settings from the environment and refuses half of a key pair', () => {
    const env = { MONGODB_URI: 'mongodb://h', NATS_URL: 'nats://h:1', USER_CONTEXT_KEY: 'k'.repeat(32) };
    const config = loadConfig(serviceConfigSchema('db'), {
      ...env,
      GRPC_TLS_CERT: file('venues-service.crt'),
      GRPC_TLS_KEY: file('venues-service.key'),
      GRPC_ALLOW_INSECURE: 'true',
    });
    expect(config.GRPC_ALLOW_INSECURE).toBe(true);
    expect(loadConfig(serviceConfigSchema('db'), env).GRPC_ALLOW_INSECURE).toBe(false);
    expect(grpcServerTls(config)?.cert.toString()).toBe(readFileSync(file('venues-service.crt'), 'utf8'));
    expect(grpcServerTls({})).toBeUndefined();
    expect(() => grpcServerTls({ GRPC_TLS_CERT: file('venues-service.crt') })).toThrow(/GRPC_TLS_CERT and GRPC_TLS_KEY/);
    expect(() => grpcServerTls({ GRPC_TLS_CA: file('venuebook-ca.crt') })).toThrow(/GRPC_TLS_CA/);
    expect(() => grpcServerTls({ GRPC_TLS_CERT: file('missing.crt'), GRPC_TLS_KEY: file('venues-service.key') })).toThrow(/GRPC_TLS_CERT: cannot read/);
    expect(grpcClientCredentials({})).toBeUndefined();
    expect(() => grpcClientCredentials({ GRPC_TLS_CERT: file('gateway-client.crt'), GRPC_TLS_KEY: file('gateway-client.key') })).toThrow(/GRPC_TLS_CA/);
  });
});

// The launcher's composition with real values, as an operator following the README would start it:
// a real company domain, real owners, a host reachable from other machines and a configured mail relay.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { startStack } from './stack.ts';
import type { RunningService } from '@venuebook/service-kit/processes';
import type { RunningStack } from './stack.ts';
import { tcpOpen } from '@venuebook/service-kit/processes';
import { startMailSink } from '@venuebook/stand-ins';

/** An address of this machine that other machines reach (not loopback), if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

describe('npm start with real values (COMPANY_DOMAIN, OWNER_EMAILS, HOST, SMTP_URL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-real-values-'));
  let relay: RunningService & { smtpUrl: string; mailboxUrl: string };
  let stack: RunningStack;
  let apiUrl: string;

  beforeAll(async () => {
    // The company's relay (here: our sink on its own, started by the test, standing in for the real relay).
    relay = await startMailSink(join(dataDir, 'relay-logs'));
    stack = await startStack({
      dataDir: join(dataDir, 'data'),
      port: 0,
      seed: true,
      logLevel: 'warn',
      env: { COMPANY_DOMAIN: 'acme-corp.com', OWNER_EMAILS: 'boss@acme-corp.com', HOST: '0.0.0.0', SMTP_URL: relay.smtpUrl },
    });
    apiUrl = `${stack.url.replace('0.0.0.0', '127.0.0.1')}/api/v1`;
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await relay?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates no demo account with the published password', async () => {
    expect(stack.accounts).toEqual([]);
    expect(stack.seeded).toBe(0);
    for (const role of ['owner', 'admin', 'editor', 'surveyor', 'viewer']) {
      const response = await fetch(`${apiUrl}/auth/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${role}@acme-corp.com`, password: DEMO_PASSWORD }),
      });
      expect(response.status, role).toBe(401);
    }
  });

  it('sends confirmation mails to the configured SMTP_URL and starts no local sink', async () => {
    expect(stack.mailboxUrl).toBeUndefined();
    expect(stack.services.mail).toBeUndefined();
    const signUp = await fetch(`${apiUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@acme-corp.com', password: 'Correct-horse-42' }),
    });
    expect(signUp.status).toBe(201);
    await expect
      .poll(async () => ((await (await fetch(`${relay.mailboxUrl}/messages?to=boss%40acme-corp.com`)).json()) as unknown[]).length, { timeout: 10_000 })
      .toBe(1);
  });

  it('keeps the OpenID Connect stand-in on loopback although HOST is 0.0.0.0', async () => {
    const oidc = stack.services.oidc;
    expect(oidc).toBeDefined();
    const { hostname, port } = new URL(oidc!.issuer);
    expect(hostname).toBe('127.0.0.1');
    expect(await tcpOpen('127.0.0.1', Number(port))).toBe(true);
    const outside = outsideAddress();
    if (outside) {
      expect(await tcpOpen(outside, Number(port))).toBe(false);
      // The gateway itself does listen there, as HOST asked.
      expect(await tcpOpen(outside, Number(new URL(stack.url).port))).toBe(true);
    }
  });

  it('keeps its data folder private: folders 0700, logs and secrets 0600', () => {
    const mode = (path: string): number => statSync(path).mode & 0o777;
    const data = join(dataDir, 'data');
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, 'secrets.json'))).toBe(0o600);
    expect(mode(stack.logDir)).toBe(0o700);
    const logs = readdirSync(stack.logDir);
    expect(logs).toContain('gateway.log');
    for (const log of logs) expect(mode(join(stack.logDir, log)), log).toBe(0o600);
    for (const server of readdirSync(data, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      expect(mode(join(data, server.name)), server.name).toBe(0o700);
    }
  });
});

describe('npm start with real values on a data folder seeded with the demo accounts', () => {
  it('refuses to start, before starting anything, instead of exposing the published password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-demo-then-real-'));
    try {
      // What a first plain `npm start` leaves behind (its seed marker).
      writeFileSync(join(dataDir, 'seeded'), '2026-11-23T10:00:00.000Z 5 demo accounts, 31 demo venues\n');
      await expect(startStack({ dataDir, port: 0, seed: true, logLevel: 'warn', env: { HOST: '0.0.0.0' } })).rejects.toThrow(
        /Not starting: this data folder holds 5 demo accounts with the published password, and this run has HOST 0\.0\.0\.0 is reachable from other machines/,
      );
      // Nothing was provisioned in it.
      expect(readdirSync(dataDir)).toEqual(['seeded']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

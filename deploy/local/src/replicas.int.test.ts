// `npm start` with VENUES_REPLICAS=2: two venues processes on their own ports and logs, the gateway balancing
// over them; a venue created through one is listed by the other; one replica stopped and started again while
// the gateway keeps answering; the restarted replica has rebuilt its read model from the database.
import { randomUUID } from 'node:crypto';
import { readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '@venuebook/grpc';
import type { Client } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { userContextSigner } from '@venuebook/service-kit';
import { startStack, TEST_PASSWORD_HASH_LOG2_N } from './stack.ts';
import type { RunningStack } from './stack.ts';

const EDITOR = { userId: randomUUID(), email: 'editor@example.com', role: 'editor', requestId: 'replicas-int' };

describe('VENUES_REPLICAS=2', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-replicas-'));
  let stack: RunningStack;
  let authorization: string;
  let direct: [Client<typeof VenuesService>, Client<typeof VenuesService>];

  beforeAll(async () => {
    // LOG_LEVEL debug: each replica logs every call it serves ('gRPC call'), which shows the balancing.
    // Identity runs twice too: the demo accounts are seeded through the balanced client (their roles must stick
    // although a list could come from the replica that has not heard of a sign-up yet).
    stack = await startStack({
      dataDir,
      port: 0,
      seed: 'accounts',
      logLevel: 'debug',
      passwordHashLog2N: TEST_PASSWORD_HASH_LOG2_N,
      env: { VENUES_REPLICAS: '2', IDENTITY_REPLICAS: '2' },
    });
    const replicas = stack.services.venues.replicas;
    const client = (index: number) =>
      createClient(VenuesService, replicas[index]!.address, { deadlineMs: 10_000, metadata: userContextSigner(EDITOR, stack.secrets.USER_CONTEXT_KEY) });
    direct = [client(0), client(1)];
    const editor = stack.accounts.find((account) => account.role === 'editor')!;
    const response = await fetch(`${stack.url}/api/v1/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: editor.email, password: editor.password }),
    });
    authorization = `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
  }, 180_000);

  afterAll(async () => {
    for (const client of direct ?? []) client.close();
    await stack?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const listThroughGateway = (q: string) => fetch(`${stack.url}/api/v1/venues?q=${encodeURIComponent(q)}`, { headers: { authorization } });
  const namesOn = async (replica: 0 | 1, query: string) => (await direct[replica].listVenues({ query })).venues.map((venue) => venue.name);
  /** 'gRPC call' lines of ListVenues in replica n's log (debug level). */
  const listCallsLogged = (replica: 0 | 1) =>
    readFileSync(stack.services.venues.replicas[replica]!.process.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"msg":"gRPC call"') && line.includes('/ListVenues')).length;

  it('runs each replica as its own process, on its own port, with its own log', () => {
    const replicas = stack.services.venues.replicas;
    expect(replicas.map((replica) => replica.index)).toEqual([1, 2]);
    expect(new Set(replicas.map((replica) => replica.address)).size).toBe(2);
    expect(replicas[0]!.process.child.pid).not.toBe(replicas[1]!.process.child.pid);
    expect(stack.services.venues.address).toBe(`${replicas[0]!.address},${replicas[1]!.address}`);
    expect(replicas.map((replica) => replica.process.logFile)).toEqual([join(stack.logDir, 'venues-1.log'), join(stack.logDir, 'venues-2.log')]);
    for (const replica of replicas) expect(existsSync(replica.process.logFile)).toBe(true);
    expect(stack.services.identity.replicas.map((replica) => replica.process.logFile)).toEqual([
      join(stack.logDir, 'identity-1.log'),
      join(stack.logDir, 'identity-2.log'),
    ]);
  });

  it('seeds every demo account with its role through two identity replicas', async () => {
    for (const account of stack.accounts) {
      const response = await fetch(`${stack.url}/api/v1/auth/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(response.status, account.email).toBe(200);
      expect(((await response.json()) as { user: { role: string } }).user.role, account.email).toBe(account.role);
    }
  });

  it('lists on replica 2 a venue created through replica 1', async () => {
    const token = `cv${randomUUID().slice(0, 6)}`;
    await direct[0].createVenue({ venue: { name: `${token} Convergence Arena` } });
    await vi.waitFor(async () => expect(await namesOn(1, token)).toEqual([`${token} Convergence Arena`]), { timeout: 5000, interval: 20 });
  });

  it('spreads the gateway’s calls over both replicas', async () => {
    const before = [listCallsLogged(0), listCallsLogged(1)] as const;
    for (let index = 0; index < 20; index += 1) expect((await listThroughGateway('spread')).status).toBe(200);
    await vi.waitFor(() => {
      expect(listCallsLogged(0) - before[0]).toBeGreaterThan(0);
      expect(listCallsLogged(1) - before[1]).toBeGreaterThan(0);
      // Every call served; a read that met UNAVAILABLE on a busy machine is sent again by grpc-js's retry policy and
      // logged once per attempt.
      expect(listCallsLogged(0) - before[0] + listCallsLogged(1) - before[1]).toBeGreaterThanOrEqual(20);
    });
  });

  it('keeps answering through the gateway while replica 1 stops and starts again; the restarted replica has rebuilt', { timeout: 120_000 }, async () => {
    const token = `rs${randomUUID().slice(0, 6)}`;
    const statuses: number[] = [];
    let running = true;
    const loop = (async () => {
      while (running) {
        const response = await listThroughGateway(token);
        await response.body?.cancel();
        statuses.push(response.status);
      }
    })();
    const replica = stack.services.venues.replicas[0]!;
    try {
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(5));
      await replica.stop();
      const atStop = statuses.length;
      // Readiness: ready while one replica serves, and says which one is down.
      const ready = await fetch(`${stack.url}/readyz`);
      expect(ready.status).toBe(200);
      const detail = (await ready.json()) as { checks: Record<string, string>; replicas: Record<string, Record<string, string>> };
      expect(detail.checks.venues).toBe('SERVING');
      expect(detail.replicas.venues).toEqual({ [replica.address]: 'UNREACHABLE', [stack.services.venues.replicas[1]!.address]: 'SERVING' });
      // A venue created while replica 1 is down (through the gateway: replica 2 takes it).
      const created = await fetch(`${stack.url}/api/v1/venues`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `${token} While Down Hall` }),
      });
      expect(created.status).toBe(201);
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(atStop + 5));
      await replica.start();
      const atStart = statuses.length;
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(atStart + 5));
    } finally {
      running = false;
      await loop;
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The restarted process loaded the database: it lists the venue created while it was down.
    await vi.waitFor(async () => expect(await namesOn(0, token)).toEqual([`${token} While Down Hall`]), { timeout: 10_000, interval: 100 });
    expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
  });

  it('keeps answering reads when replica 1 dies mid-call (SIGKILL under load): reads in flight are retried on replica 2', { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    /** Each answer other than 200, with its body (which says whether the call was unavailable or ran out of time). */
    const refused: string[] = [];
    let running = true;
    // Four clients at once, so that calls are in flight on replica 1 when it dies.
    const loops = Array.from({ length: 4 }, async () => {
      while (running) {
        const response = await listThroughGateway('killed');
        if (response.status === 200) await response.body?.cancel();
        else refused.push(`${response.status} ${await response.text()}`);
        statuses.push(response.status);
      }
    });
    const replica = stack.services.venues.replicas[0]!;
    try {
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(20));
      const gone = new Promise((resolve) => replica.process.child.once('exit', resolve));
      replica.process.child.kill('SIGKILL');
      await gone;
      const atKill = statuses.length;
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(atKill + 40));
      await replica.start();
      const atStart = statuses.length;
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(atStart + 20));
    } finally {
      running = false;
      await Promise.all(loops);
    }
    expect(refused).toEqual([]);
    expect(statuses.length).toBeGreaterThan(60);
  });
});

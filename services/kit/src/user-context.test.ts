import { randomBytes } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, GrpcStatus, partialHandlers } from '@venuebook/grpc';
import type { Caller, GrpcError, HandlerContext } from '@venuebook/grpc';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { startGrpcServer } from './grpc-server.ts';
import type { RunningGrpcServer } from './grpc-server.ts';
import { createLogger } from './logger.ts';
import {
  requirePermission,
  requireUser,
  signUserContext,
  USER_CONTEXT_MAX_AGE_MS,
  USER_CONTEXT_METADATA,
  userContextSigner,
  verifyUserContext,
} from './user-context.ts';

const key = randomBytes(32).toString('hex');
const editor: Caller = { userId: 'u-1', email: 'ed@example.com', role: 'editor', requestId: 'req-1' };
const GET = '/venuebook.venues.v1.VenuesService/GetVenue';
const CREATE = '/venuebook.venues.v1.VenuesService/CreateVenue';

function metadataOf(entries: Record<string, string>): grpc.Metadata {
  const metadata = new grpc.Metadata();
  for (const [name, value] of Object.entries(entries)) metadata.set(name, value);
  return metadata;
}

const codeOf = (fn: () => unknown): number | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as GrpcError).code;
  }
};

describe('signed user context', () => {
  it('round-trips a caller', () => {
    expect(verifyUserContext(metadataOf(signUserContext(editor, key, GET)), key, GET)).toEqual(editor);
    const anonymous = { userId: '', email: '', role: '', requestId: 'r' };
    expect(verifyUserContext(metadataOf(signUserContext(anonymous, key, GET)), key, GET)).toEqual(anonymous);
  });

  it('refuses missing, forged, re-keyed and stale contexts', () => {
    const signed = signUserContext(editor, key, GET);
    expect(codeOf(() => verifyUserContext(new grpc.Metadata(), key, GET))).toBe(GrpcStatus.UNAUTHENTICATED);
    // Escalating the role without re-signing.
    expect(codeOf(() => verifyUserContext(metadataOf({ ...signed, [USER_CONTEXT_METADATA.role]: 'owner' }), key, GET))).toBe(GrpcStatus.UNAUTHENTICATED);
    // Impersonating another user.
    expect(codeOf(() => verifyUserContext(metadataOf({ ...signed, [USER_CONTEXT_METADATA.userId]: 'u-2' }), key, GET))).toBe(GrpcStatus.UNAUTHENTICATED);
    // Signed with another key.
    expect(codeOf(() => verifyUserContext(metadataOf(signUserContext(editor, 'x'.repeat(32), GET)), key, GET))).toBe(GrpcStatus.UNAUTHENTICATED);
    // Replayed long after it was issued.
    const old = signUserContext(editor, key, GET, Date.now() - USER_CONTEXT_MAX_AGE_MS - 1000);
    expect(codeOf(() => verifyUserContext(metadataOf(old), key, GET))).toBe(GrpcStatus.UNAUTHENTICATED);
    // Signed for another method (CreateVenue presented where GetVenue is served).
    expect(codeOf(() => verifyUserContext(metadataOf(signUserContext(editor, key, CREATE)), key, GET))).toBe(GrpcStatus.UNAUTHENTICATED);
    // A role that does not exist, even when signed.
    expect(codeOf(() => verifyUserContext(metadataOf(signUserContext({ ...editor, role: 'root' }, key, GET)), key, GET))).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('signs for a full method path only', () => {
    expect(() => signUserContext(editor, key, '')).toThrow(/full gRPC method path/);
    expect(() => signUserContext(editor, key, 'GetVenue')).toThrow(/full gRPC method path/);
    const entries = userContextSigner(editor, key)(GET) as Record<string, string>;
    expect(verifyUserContext(metadataOf(entries), key, GET)).toEqual(editor);
    expect(codeOf(() => verifyUserContext(metadataOf(entries), key, CREATE))).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('requires a user and checks the permission table', () => {
    const call = (caller?: Caller): HandlerContext => ({
      metadata: new grpc.Metadata(),
      deadline: Infinity,
      signal: new AbortController().signal,
      ...(caller ? { caller } : {}),
    });
    expect(requireUser(call(editor)).userId).toBe('u-1');
    expect(codeOf(() => requireUser(call()))).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(codeOf(() => requireUser(call({ ...editor, userId: '' })))).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(requirePermission(call(editor), 'venue.create').email).toBe('ed@example.com');
    expect(codeOf(() => requirePermission(call({ ...editor, role: 'viewer' }), 'venue.create'))).toBe(GrpcStatus.PERMISSION_DENIED);
    expect(codeOf(() => requirePermission(call(editor), 'user.assign_role'))).toBe(GrpcStatus.PERMISSION_DENIED);
  });
});

describe('a gRPC server with a user-context key', () => {
  let running: RunningGrpcServer;
  const seen: (Caller | undefined)[] = [];
  const handlers = partialHandlers(VenuesService, {
    async getVenue(request, call) {
      seen.push(call.caller);
      return { venue: { id: request.id } };
    },
    async listVenues() {
      return {};
    },
    async createVenue() {
      return {};
    },
  });

  beforeAll(async () => {
    running = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      services: [{ service: VenuesService, handlers }],
      logger: createLogger('test', { level: 'silent' }),
      userContextKey: key,
    });
  });

  afterAll(async () => {
    await running?.stop(100);
  });

  it('refuses unsigned calls before the handler runs and hands signed callers to it', async () => {
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`);
    try {
      const error = (await client.getVenue({ id: 'x' }).catch((caught: unknown) => caught)) as GrpcError;
      expect(error.code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(seen).toHaveLength(0);
      const response = await client.getVenue({ id: 'y' }, { metadata: userContextSigner(editor, key) });
      expect(response.venue?.id).toBe('y');
      expect(seen).toEqual([editor]);
    } finally {
      client.close();
    }
  });
});

describe('a signed context is bound to its gRPC method', () => {
  let running: RunningGrpcServer;
  const received: grpc.Metadata[] = [];
  const created: (Caller | undefined)[] = [];
  const handlers = partialHandlers(VenuesService, {
    async getVenue(request, call) {
      received.push(call.metadata);
      return { venue: { id: request.id } };
    },
    async listVenues() {
      return {};
    },
    async createVenue(_request, call) {
      created.push(call.caller);
      return { venue: { id: 'new' } };
    },
  });

  beforeAll(async () => {
    running = await startGrpcServer({
      host: '127.0.0.1',
      port: 0,
      services: [{ service: VenuesService, handlers }],
      logger: createLogger('test', { level: 'silent' }),
      userContextKey: key,
    });
  });

  afterAll(async () => {
    await running?.stop(100);
  });

  it('refuses a context captured on one method (GetVenue) and replayed on another (CreateVenue) within the replay window', async () => {
    const client = createClient(VenuesService, `127.0.0.1:${running.port}`);
    try {
      await client.getVenue({ id: 'read-only' }, { metadata: userContextSigner(editor, key) });
      const captured = received.at(-1)!;
      const replay: Record<string, string> = {};
      for (const name of [...Object.values(USER_CONTEXT_METADATA), 'x-request-id']) {
        const [value] = captured.get(name);
        if (typeof value === 'string') replay[name] = value;
      }
      expect(replay[USER_CONTEXT_METADATA.signature]).toBeTruthy();
      // The very same context on the method it was signed for is still accepted...
      await expect(client.getVenue({ id: 'again' }, { metadata: replay })).resolves.toBeTruthy();
      // ...but not on a mutation it was never signed for.
      const error = (await client.createVenue({ venue: { name: 'Replayed' } }, { metadata: replay }).catch((caught: unknown) => caught)) as GrpcError;
      expect(error.code).toBe(GrpcStatus.UNAUTHENTICATED);
      expect(created).toEqual([]);
    } finally {
      client.close();
    }
  });
});

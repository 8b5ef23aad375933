// The signed user context: the gateway vouches for the caller (user id, e-mail, role, request id) in gRPC
// metadata with an HMAC under a key shared with the services; services refuse calls without a valid one
// and check the permission table again on every mutation. The signature covers the full gRPC method path,
// so a context captured on one call (a read) cannot be replayed on another method (a deletion) within the
// replay window.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as grpc from '@grpc/grpc-js';
import { can, isAction, isRole, workerUserId } from '@venuebook/domain';
import type { Action } from '@venuebook/domain';
import { GrpcError, GrpcStatus, REQUEST_ID_METADATA_KEY } from '@venuebook/grpc';
import type { Caller, HandlerContext, MethodMetadata } from '@venuebook/grpc';

export const USER_CONTEXT_METADATA = {
  userId: 'x-vb-user-id',
  email: 'x-vb-user-email',
  role: 'x-vb-user-role',
  issuedAt: 'x-vb-context-issued-at',
  signature: 'x-vb-context-signature',
} as const;

/** A signed context older than this is refused (replay window; clocks of one cluster). */
export const USER_CONTEXT_MAX_AGE_MS = 5 * 60_000;

/** The minimum length of the shared signing key. */
export const USER_CONTEXT_KEY_MIN_LENGTH = 32;

function payload(caller: Caller, method: string, issuedAt: string): string {
  return ['v2', method, caller.userId, caller.email, caller.role, caller.requestId, issuedAt].join('\n');
}

function checkedMethod(method: string): string {
  if (!/^\/[\w.]+\/\w+$/.test(method)) throw new Error(`A user context is signed for a full gRPC method path (/package.Service/Method), got '${method}'`);
  return method;
}

function sign(key: string, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/**
 * Metadata entries carrying `caller` for a call of `method` (its full path, e.g.
 * `/venuebook.venues.v1.VenuesService/DeleteVenue`), signed with `key`. An anonymous caller has empty user
 * id, e-mail and role.
 */
export function signUserContext(caller: Caller, key: string, method: string, now: number = Date.now()): Record<string, string> {
  const issuedAt = String(now);
  return {
    [USER_CONTEXT_METADATA.userId]: caller.userId,
    [USER_CONTEXT_METADATA.email]: caller.email,
    [USER_CONTEXT_METADATA.role]: caller.role,
    [REQUEST_ID_METADATA_KEY]: caller.requestId,
    [USER_CONTEXT_METADATA.issuedAt]: issuedAt,
    [USER_CONTEXT_METADATA.signature]: sign(key, payload(caller, checkedMethod(method), issuedAt)),
  };
}

/**
 * The call metadata of `caller` for any method: a client signs it for the method being called, when the
 * call starts (`createClient(S, address, { metadata: userContextSigner(caller, key) })` or a call's
 * `{ metadata: userContextSigner(caller, key) }`).
 */
export function userContextSigner(caller: Caller, key: string): MethodMetadata {
  return (method) => signUserContext(caller, key, method);
}

function text(metadata: grpc.Metadata, key: string): string {
  const [value] = metadata.get(key);
  return typeof value === 'string' ? value : '';
}

/**
 * Verifies the signed context of a call of `method` (the full path being served); throws UNAUTHENTICATED
 * when it is missing, forged, stale or signed for another method.
 */
export function verifyUserContext(metadata: grpc.Metadata, key: string, method: string, now: number = Date.now()): Caller {
  const signature = text(metadata, USER_CONTEXT_METADATA.signature);
  const issuedAt = text(metadata, USER_CONTEXT_METADATA.issuedAt);
  if (!signature || !/^\d{1,16}$/.test(issuedAt)) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, 'Unsigned call refused');
  const caller: Caller = {
    userId: text(metadata, USER_CONTEXT_METADATA.userId),
    email: text(metadata, USER_CONTEXT_METADATA.email),
    role: text(metadata, USER_CONTEXT_METADATA.role),
    requestId: text(metadata, REQUEST_ID_METADATA_KEY),
  };
  const expected = Buffer.from(sign(key, payload(caller, method, issuedAt)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new GrpcError(GrpcStatus.UNAUTHENTICATED, 'Invalid call signature');
  }
  const age = now - Number(issuedAt);
  if (age > USER_CONTEXT_MAX_AGE_MS || age < -USER_CONTEXT_MAX_AGE_MS) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, 'Expired call signature');
  if (caller.role !== '' && !isRole(caller.role)) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, 'Invalid role in call context');
  return caller;
}

/** The signed-in caller of a call; UNAUTHENTICATED for anonymous calls. */
export function requireUser(call: HandlerContext): Caller & { role: NonNullable<Caller['role']> } {
  const caller = call.caller;
  if (!caller || !caller.userId) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, 'User not authenticated');
  return caller;
}

/** requireUser plus the permission table: PERMISSION_DENIED when the caller's role may not do `action`. */
export function requirePermission(call: HandlerContext, action: Action): Caller {
  if (!isAction(action)) throw new Error(`Unknown action ${String(action)}`);
  const caller = requireUser(call);
  requireCallerPermission(caller, action);
  return caller;
}

/** Whether a caller's role may do `action` (for a use case whose action depends on what it reads). */
export function callerCan(caller: Caller, action: Action): boolean {
  return can(isRole(caller.role) ? caller.role : undefined, action);
}

/** The permission check of requirePermission for a caller already known: PERMISSION_DENIED when the role may not do `action`. */
export function requireCallerPermission(caller: Caller, action: Action): void {
  if (!callerCan(caller, action)) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, 'You do not have permission to do this');
}

// The user id a worker signs its calls with (`worker:<name>`), from the domain (the audit log names workers by it).
export { workerUserId };

/** The signed caller of a worker's own calls (no role: it may call only what names it, see requireWorkerCaller). */
export function workerCaller(name: string, requestId: string): Caller {
  return { userId: workerUserId(name), email: '', role: '', requestId };
}

/** For methods only worker `name` may call: PERMISSION_DENIED for any other caller, users included. */
export function requireWorkerCaller(call: HandlerContext, name: string): Caller {
  const caller = call.caller;
  if (!caller || caller.userId !== workerUserId(name) || caller.role !== '') {
    throw new GrpcError(GrpcStatus.PERMISSION_DENIED, 'You do not have permission to do this');
  }
  return caller;
}

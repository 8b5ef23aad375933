// The errors the use cases raise, in the service's error vocabulary (gRPC status codes, which the gateway
// maps to HTTP), written once.
import { AUTH_MESSAGES, domainNotAllowedMessage, emailSchema, isCompanyEmail } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';

export const USER_NOT_FOUND = 'User not found';
/** A write to a user whose per-user lock another request (or replica) holds for longer than the lock's wait. */
export const USER_BUSY = 'Another change to this account is in progress. Please try again.';
export const PASSWORD_WORK_BUSY = 'Too many sign-in attempts right now. Please try again in a moment.';

export const invalidCredentials = (): GrpcError => new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.invalidCredentials);
export const sessionMissing = (): GrpcError => new GrpcError(GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.sessionMissing);
export const userNotFound = (): GrpcError => GrpcError.notFound(USER_NOT_FOUND);
/** A password hash or check refused because PASSWORD_HASH_CONCURRENCY run and PASSWORD_HASH_QUEUE wait (the gateway answers 429). */
export const passwordWorkBusy = (): GrpcError => new GrpcError(GrpcStatus.RESOURCE_EXHAUSTED, PASSWORD_WORK_BUSY);

/** The per-user lock could not be had in time (the gateway answers 409 with the message). */
export const userBusy = (): GrpcError => new GrpcError(GrpcStatus.ABORTED, USER_BUSY);

/** A valid address (trimmed, lower case), else INVALID_ARGUMENT on `email`. */
export function parseEmail(raw: string): string {
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success)
    throw GrpcError.invalidArgument('Invalid email address', [{ field: 'email', message: parsed.error.issues[0]?.message ?? 'Invalid email address' }]);
  return parsed.data;
}

/** PERMISSION_DENIED ('Only @example.com email addresses are allowed') for an address outside the company. */
export function requireCompanyEmail(email: string, companyDomain: string): void {
  if (!isCompanyEmail(email, companyDomain)) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, domainNotAllowedMessage(companyDomain));
}

import { SUBJECTS } from '@venuebook/contracts/events';
import { auditContextOf, createEventPublisher } from '@venuebook/service-kit';
import type { AuditRecorder, JetStreamClient, Logger } from '@venuebook/service-kit';
import type { Caller } from '@venuebook/grpc';

export interface IdentityEvents {
  firstLogin(user: { id: string; email: string }, at: Date): Promise<void>;
  roleChanged(user: { id: string; email: string }, role: string, previousRole: string, by: Caller): Promise<void>;
  removed(user: { id: string; email: string }, by: Caller): Promise<void>;
  signedOut(userId: string, reason: 'global' | 'local' | 'others' | 'reuse'): Promise<void>;
  /** A user or its profile was written by this instance (`origin`): the other replicas re-read it into their user list. */
  userChanged(userId: string, origin: string): Promise<void>;
}

/** Domain events, and the audit log entries of the same changes (first sign-in, role change, removal) when `audit` is given. */
export function createIdentityEvents(js: JetStreamClient, logger: Logger, audit?: AuditRecorder): IdentityEvents {
  const events = createEventPublisher(js, logger);
  const actorOf = (caller: Caller) => ({ actor: { userId: caller.userId, email: caller.email }, requestId: caller.requestId });
  return {
    async firstLogin(user, at) {
      await events.publish(
        SUBJECTS.userFirstLogin,
        { userId: user.id, email: user.email, at: at.toISOString() },
        { actor: { userId: user.id, email: user.email } },
      );
      await audit?.record(
        { action: 'create', table: 'user_first_logins', recordId: user.id, newValues: { email: user.email, at } },
        { actor: { userId: user.id, email: user.email } },
      );
    },
    async roleChanged(user, role, previousRole, by) {
      await events.publish(SUBJECTS.userRoleChanged, { userId: user.id, email: user.email, role, previousRole }, actorOf(by));
      await audit?.record(
        {
          action: 'update',
          table: 'user_roles',
          recordId: user.id,
          oldValues: { email: user.email, role: previousRole },
          newValues: { email: user.email, role },
        },
        auditContextOf(by),
      );
    },
    async removed(user, by) {
      await events.publish(SUBJECTS.userRemoved, { userId: user.id, email: user.email }, actorOf(by));
      await audit?.record({ action: 'delete', table: 'users', recordId: user.id, oldValues: { email: user.email } }, auditContextOf(by));
    },
    async signedOut(userId, reason) {
      await events.publish(SUBJECTS.userSignedOut, { userId, reason });
    },
    async userChanged(userId, origin) {
      await events.publish(SUBJECTS.userChanged, { userId, origin });
    },
  };
}

import { emailMatchesSearch, resolveRole, USER_SEARCH_MAX_LENGTH, userSearchNeedle } from '@venuebook/domain';
import type { Role } from '@venuebook/domain';
import type { IdentityUser } from '@venuebook/contracts/codecs/identity';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { removalRefusal, roleChangeRefusal } from '../domain/identity-rules.ts';
import type { UserRecord } from '../domain/user.ts';
import type { IdentityDeps } from './context.ts';
import { userNotFound } from './errors.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 1_000_000;
/** The lock every role change and removal holds (the name it had when only owner changes took it). */
export const ROLES_LOCK = 'owner-role';
export const ROLES_LOCK_BUSY = 'Another role change is in progress. Please try again.';

/**
 * The welcome flag and user management (spec §3, §6). The handlers have checked the permission of the
 * action; these apply the owner rules on top.
 */
export function userUseCases({ users, userList, sessions, confirmationMails, locks, events }: IdentityDeps) {
  async function targetUser(userId: string): Promise<UserRecord> {
    const user = userId ? await users.findById(userId) : null;
    if (!user) throw userNotFound();
    return user;
  }

  /** The caller's role as stored now (the signed context may be up to a cache lifetime old); none = viewer. */
  async function roleNow(caller: Caller): Promise<Role> {
    return resolveRole((await users.findById(caller.userId))?.role);
  }

  /**
   * Runs a role change or a removal under the roles lock (one at a time across replicas). Every one takes it,
   * not only those that seemed to involve the owner role when the target was first read: the target may
   * have been made an owner since, and a write decided on the stale read would undo that.
   */
  async function rolesLocked<T>(work: () => Promise<T>): Promise<T> {
    const done = await locks.withLock(ROLES_LOCK, work);
    if (!done) throw new GrpcError(GrpcStatus.ABORTED, ROLES_LOCK_BUSY);
    return done.value;
  }

  /**
   * A role change or removal of `userId`: the roles lock, then inside it the target's own lock (the order
   * every writer keeps: no writer takes a user lock and then the roles lock), so no sign-in, re-hash or
   * confirmation rewrites the user between the read of the target and the write (FerretDB v1 updates are
   * read-then-rewrite: a concurrent write of another field would undo the new role).
   */
  async function targetLocked<T>(userId: string, work: (target: UserRecord) => Promise<T>): Promise<T> {
    if (!userId) throw userNotFound();
    return rolesLocked(() => users.withUserLock(userId, async () => work(await targetUser(userId))));
  }

  return {
    /** 'Got it' on the welcome dialog. */
    async markWelcomeShown(caller: Caller): Promise<UserRecord> {
      const user = await users.setWelcomeShown(caller.userId);
      if (!user) throw userNotFound();
      return user;
    },

    /**
     * A page of the users (page 0 = 1, page size 0 = 50), of those whose e-mail contains `query` (ignoring case; '' =
     * all) when given; out-of-range values are refused with the field. The search walks the read model's sign-up
     * order with a substring test: its prefix index matches word starts (phonetically), not substrings.
     */
    async listUsers(input: {
      page: number;
      pageSize: number;
      query?: string;
    }): Promise<{ users: IdentityUser[]; total: number; page: number; pageSize: number }> {
      const page = input.page || 1;
      const pageSize = input.pageSize || DEFAULT_PAGE_SIZE;
      if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE)
        throw GrpcError.invalidArgument('Invalid page', [{ field: 'page', message: `must be between 1 and ${MAX_PAGE}` }]);
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
        throw GrpcError.invalidArgument('Invalid page size', [{ field: 'pageSize', message: `must be between 1 and ${MAX_PAGE_SIZE}` }]);
      }
      const needle = userSearchNeedle(input.query ?? '');
      if (needle.length > USER_SEARCH_MAX_LENGTH) {
        throw GrpcError.invalidArgument('Invalid search', [{ field: 'query', message: `must be at most ${USER_SEARCH_MAX_LENGTH} characters` }]);
      }
      const filter = needle ? (user: IdentityUser) => emailMatchesSearch(user.email, needle) : undefined;
      const { items, total } = userList.query({ sort: 'signUp', offset: (page - 1) * pageSize, limit: pageSize, filter });
      return { users: items, total, page, pageSize };
    },

    /**
     * Only an owner touches the owner role, and the last owner stays one. Every change runs under the roles
     * lock and reads the target, the owners and the actor's own role afresh inside it: two owners demoting
     * each other at once cannot both pass the last-owner rule, and an admin's change decided on a stale read
     * cannot demote a user who was made an owner in between.
     */
    async assignRole(caller: Caller, input: { userId: string; role: string }): Promise<UserRecord> {
      return targetLocked(input.userId, async (target) => {
        const previousRole = resolveRole(target.role);
        // The actor's role matters only where the owner role is involved; then it is read afresh too.
        const involvesOwner = previousRole === 'owner' || input.role === 'owner';
        const refusal = roleChangeRefusal({
          actor: { userId: caller.userId, role: involvesOwner ? await roleNow(caller) : resolveRole(caller.role) },
          target: { userId: target.id, role: previousRole },
          newRole: input.role,
          ownerCount: await users.countOwners(),
        });
        if (refusal?.kind === 'unknown_role') throw GrpcError.invalidArgument(refusal.message, [{ field: 'role', message: refusal.message }]);
        if (refusal) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, refusal.message);
        const updated = await users.setRole(target.id, input.role);
        if (!updated) throw userNotFound();
        if (previousRole !== input.role) await events.roleChanged({ id: target.id, email: target.email }, input.role, previousRole, caller);
        return updated;
      });
    },

    /** Removes a user with every session; nobody removes themselves, only an owner removes an owner, the last owner stays. */
    async removeUser(caller: Caller, userId: string): Promise<void> {
      return targetLocked(userId, async (target) => {
        const involvesOwner = resolveRole(target.role) === 'owner';
        const actorRole = involvesOwner ? await roleNow(caller) : resolveRole(caller.role);
        const refusal = removalRefusal(
          { userId: caller.userId, role: actorRole },
          { userId: target.id, role: resolveRole(target.role) },
          involvesOwner ? await users.countOwners() : undefined,
        );
        if (refusal) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, refusal.message);
        await sessions.removeAllOf(target.id);
        await users.remove(target.id);
        await confirmationMails.forget(target.email);
        await events.removed({ id: target.id, email: target.email }, caller);
      });
    },
  };
}

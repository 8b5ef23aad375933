import { resolveRole } from '@venuebook/proto/domain';
import { GrpcError, GrpcStatus } from '@venuebook/proto/grpc';
import type { Caller } from '@venuebook/proto/grpc';
import { removalRefusal, roleChangeRefusal } from '../domain/identity-rules.ts';
import type { UserRecord } from '../domain/user.ts';
import type { IdentityDeps } from './context.ts';
import { userNotFound } from './errors.ts';

/**
 * The welcome flag and user management (spec §3, §6). The handlers have checked the permission of the
 * action; these apply the owner rules on top.
 */
export function userUseCases({ users, sessions, events }: IdentityDeps) {
  async function targetUser(userId: string): Promise<UserRecord> {
    const user = userId ? await users.findById(userId) : null;
    if (!user) throw userNotFound();
    return user;
  }

  return {
    /** 'Got it' on the welcome dialog. */
    async markWelcomeShown(caller: Caller): Promise<UserRecord> {
      const user = await users.setWelcomeShown(caller.userId);
      if (!user) throw userNotFound();
      return user;
    },

    listUsers(): Promise<UserRecord[]> {
      return users.list();
    },

    /** Only an owner touches the owner role, and the last owner stays one. */
    async assignRole(caller: Caller, input: { userId: string; role: string }): Promise<UserRecord> {
      const target = await targetUser(input.userId);
      const previousRole = resolveRole(target.role);
      const refusal = roleChangeRefusal({
        actor: { userId: caller.userId, role: resolveRole(caller.role) },
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
    },

    /** Removes a user with every session; nobody removes themselves, only an owner removes an owner. */
    async removeUser(caller: Caller, userId: string): Promise<void> {
      const target = await targetUser(userId);
      const refusal = removalRefusal({ userId: caller.userId, role: resolveRole(caller.role) }, { userId: target.id, role: resolveRole(target.role) });
      if (refusal) throw new GrpcError(GrpcStatus.PERMISSION_DENIED, refusal.message);
      await sessions.removeAllOf(target.id);
      await users.remove(target.id);
      await events.removed({ id: target.id, email: target.email }, caller);
    },
  };
}

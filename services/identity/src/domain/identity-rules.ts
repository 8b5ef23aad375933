import { isRole, ROLES } from '@venuebook/domain';
import type { Role } from '@venuebook/domain';

/** OWNER_EMAILS ('a@x.com, b@x.com') as a set of lower-case addresses. */
export function parseOwnerEmails(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(/[,\s]+/)
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The role a user gets at sign-in: owners listed in OWNER_EMAILS become owner when they have no role yet. */
export function roleAtSignIn(current: string | null | undefined, email: string, owners: ReadonlySet<string>): Role | null {
  if (isRole(current)) return current;
  return owners.has(email.toLowerCase()) ? 'owner' : null;
}

export interface RoleChange {
  actor: { userId: string; role: Role };
  target: { userId: string; role: Role };
  newRole: string;
  /** How many owners there are now. */
  ownerCount: number;
}

/** Why a change is refused: a kind to branch on and the message shown to the user. */
export interface Refusal<K extends string> {
  kind: K;
  message: string;
}

/** Why a role change is refused (null when allowed). The caller already holds 'user.assign_role'. */
export function roleChangeRefusal({ actor, target, newRole, ownerCount }: RoleChange): Refusal<'unknown_role' | 'owner_only' | 'last_owner'> | null {
  if (!isRole(newRole)) return { kind: 'unknown_role', message: `Unknown role: ${newRole}. Choose one of ${ROLES.join(', ')}.` };
  if (actor.role !== 'owner' && (target.role === 'owner' || newRole === 'owner'))
    return { kind: 'owner_only', message: 'Only an owner can change the owner role' };
  if (target.role === 'owner' && newRole !== 'owner' && ownerCount <= 1) return { kind: 'last_owner', message: 'The last owner cannot be demoted' };
  return null;
}

/**
 * Why removing a user is refused (null when allowed). The caller already holds 'user.remove'. `ownerCount`
 * (how many owners there are now) keeps the last owner: two owners removing each other must not both succeed.
 */
export function removalRefusal(
  actor: { userId: string; role: Role },
  target: { userId: string; role: Role },
  ownerCount = Number.POSITIVE_INFINITY,
): Refusal<'self' | 'owner_only' | 'last_owner'> | null {
  if (actor.userId === target.userId) return { kind: 'self', message: 'You cannot remove yourself' };
  if (target.role === 'owner' && actor.role !== 'owner') return { kind: 'owner_only', message: 'Only an owner can remove an owner' };
  if (target.role === 'owner' && ownerCount <= 1) return { kind: 'last_owner', message: 'The last owner cannot be removed' };
  return null;
}

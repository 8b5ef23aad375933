import { describe, expect, it } from 'vitest';
import { ROLES } from '@venuebook/domain';
import type { Role } from '@venuebook/domain';
import { parseOwnerEmails, removalRefusal, roleAtSignIn, roleChangeRefusal } from './identity-rules.ts';

describe('parseOwnerEmails', () => {
  it('reads a comma- or space-separated list as lower-case addresses', () => {
    expect(parseOwnerEmails(' Ann@Example.com, bob@example.com\n carl@example.com,,')).toEqual(
      new Set(['ann@example.com', 'bob@example.com', 'carl@example.com']),
    );
  });

  it('is empty when unset or blank', () => {
    expect(parseOwnerEmails(undefined).size).toBe(0);
    expect(parseOwnerEmails(' , ').size).toBe(0);
  });
});

describe('roleAtSignIn', () => {
  const owners = parseOwnerEmails('ann@example.com');

  it('makes a listed owner without a role the owner, whatever the case of the address', () => {
    expect(roleAtSignIn(null, 'Ann@Example.com', owners)).toBe('owner');
    expect(roleAtSignIn(undefined, 'ann@example.com', owners)).toBe('owner');
  });

  it('keeps a role once given, also for a listed owner (an owner can step down)', () => {
    expect(roleAtSignIn('admin', 'ann@example.com', owners)).toBe('admin');
    expect(roleAtSignIn('editor', 'bob@example.com', owners)).toBe('editor');
  });

  it('leaves everyone else without a role (a viewer), and ignores unknown stored roles', () => {
    expect(roleAtSignIn(null, 'bob@example.com', owners)).toBeNull();
    expect(roleAtSignIn('root', 'bob@example.com', owners)).toBeNull();
    expect(roleAtSignIn('root', 'ann@example.com', owners)).toBe('owner');
  });
});

describe('roleChangeRefusal', () => {
  const person = (role: Role, userId = `u-${role}`) => ({ userId, role });
  const change = (actor: Role, target: Role, newRole: string, ownerCount = 2) =>
    roleChangeRefusal({ actor: person(actor, 'actor'), target: person(target, 'target'), newRole, ownerCount });

  it('refuses an unknown role, naming the known ones', () => {
    expect(change('owner', 'viewer', 'root')).toEqual({ kind: 'unknown_role', message: `Unknown role: root. Choose one of ${ROLES.join(', ')}.` });
    expect(change('owner', 'viewer', '')?.kind).toBe('unknown_role');
  });

  it('lets only an owner give or take the owner role', () => {
    for (const actor of ['admin', 'editor', 'surveyor', 'viewer'] as const) {
      expect(change(actor, 'viewer', 'owner')).toEqual({ kind: 'owner_only', message: 'Only an owner can change the owner role' });
      expect(change(actor, 'owner', 'admin')?.kind).toBe('owner_only');
      // Even re-assigning 'owner' to an owner is the owner's business.
      expect(change(actor, 'owner', 'owner')?.kind).toBe('owner_only');
    }
    expect(change('owner', 'viewer', 'owner')).toBeNull();
    expect(change('owner', 'owner', 'admin')).toBeNull();
  });

  it('keeps the last owner an owner', () => {
    expect(change('owner', 'owner', 'admin', 1)).toEqual({ kind: 'last_owner', message: 'The last owner cannot be demoted' });
    expect(change('owner', 'owner', 'viewer', 0)?.kind).toBe('last_owner');
    expect(change('owner', 'owner', 'owner', 1)).toBeNull();
    expect(change('owner', 'owner', 'admin', 2)).toBeNull();
  });

  it('lets any actor holding the permission move roles below owner', () => {
    for (const actor of ['owner', 'admin'] as const) {
      for (const target of ['admin', 'editor', 'surveyor', 'viewer'] as const) {
        for (const newRole of ['admin', 'editor', 'surveyor', 'viewer']) expect(change(actor, target, newRole, 1), `${actor} ${target}→${newRole}`).toBeNull();
      }
    }
  });
});

describe('removalRefusal', () => {
  it('refuses removing yourself, whatever your role', () => {
    for (const role of ROLES)
      expect(removalRefusal({ userId: 'me', role }, { userId: 'me', role })).toEqual({ kind: 'self', message: 'You cannot remove yourself' });
  });

  it('lets only an owner remove an owner', () => {
    expect(removalRefusal({ userId: 'a', role: 'admin' }, { userId: 'b', role: 'owner' })).toEqual({
      kind: 'owner_only',
      message: 'Only an owner can remove an owner',
    });
    expect(removalRefusal({ userId: 'a', role: 'owner' }, { userId: 'b', role: 'owner' })).toBeNull();
  });

  it('keeps the last owner', () => {
    expect(removalRefusal({ userId: 'a', role: 'owner' }, { userId: 'b', role: 'owner' }, 1)).toEqual({
      kind: 'last_owner',
      message: 'The last owner cannot be removed',
    });
    expect(removalRefusal({ userId: 'a', role: 'owner' }, { userId: 'b', role: 'owner' }, 2)).toBeNull();
    expect(removalRefusal({ userId: 'a', role: 'owner' }, { userId: 'b', role: 'admin' }, 1)).toBeNull();
  });

  it('lets an admin or owner remove anyone else', () => {
    for (const actor of ['owner', 'admin'] as const) {
      for (const target of ['admin', 'editor', 'surveyor', 'viewer'] as const)
        expect(removalRefusal({ userId: 'a', role: actor }, { userId: 'b', role: target })).toBeNull();
    }
  });
});

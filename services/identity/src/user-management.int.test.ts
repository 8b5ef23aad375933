// User management on the identity service itself, over gRPC: the permission table on every management RPC,
// the owner rules (only an owner touches the owner role, the last owner stays, nobody removes themselves),
// removal with every session, the e-mail search, and the events gateways listen to.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES } from '@venuebook/domain';
import type { Role } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { testInfra } from '@venuebook/service-kit/testing';
import { rejection, startIdentityUnderTest } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

const infra = testInfra();
let under: IdentityUnderTest;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra);
});

afterAll(async () => {
  await under?.stop();
});

type Person = { id: string; email: string };

const assign = (actor: Person, actorRole: Role, target: Person | { id: string }, role: string) =>
  under.identity.assignRole({ userId: target.id, role }, under.as(actor, actorRole));
const remove = (actor: Person, actorRole: Role, target: Person | { id: string }) =>
  under.identity.removeUser({ userId: target.id }, under.as(actor, actorRole));
const roleOf = async (user: Person): Promise<string | undefined> =>
  (await under.identity.listUsers({ pageSize: 100 }, under.as(under.owner, 'owner'))).users.find((candidate) => candidate.id === user.id)?.role;

/** A confirmed user whom the owner has given `role`. */
async function userWithRole(role: Role): Promise<Person> {
  const user = await under.confirmedUser();
  if (role !== 'viewer') await assign(under.owner, 'owner', user, role);
  return user;
}

describe('the permission table', () => {
  it('lets only the roles with user.list, user.assign_role and user.remove list, assign and remove', async () => {
    for (const role of ROLES) {
      const actor = role === 'owner' ? under.owner : await userWithRole(role);
      const target = await under.confirmedUser();
      const list = under.identity.listUsers({ pageSize: 100 }, under.as(actor, role));
      // owner and admin manage users (spec §3); the table says so, and the service enforces the table.
      expect(can(role, 'user.list'), role).toBe(role === 'owner' || role === 'admin');
      if (can(role, 'user.list'))
        expect(
          (await list).users.some((user) => user.id === actor.id),
          role,
        ).toBe(true);
      else expect((await rejection(list)).code, role).toBe(GrpcStatus.PERMISSION_DENIED);

      const assigned = assign(actor, role, target, 'surveyor');
      if (can(role, 'user.assign_role')) expect((await assigned).user?.role, role).toBe('surveyor');
      else expect((await rejection(assigned)).code, role).toBe(GrpcStatus.PERMISSION_DENIED);

      const removed = remove(actor, role, target);
      if (can(role, 'user.remove')) await removed;
      else expect((await rejection(removed)).code, role).toBe(GrpcStatus.PERMISSION_DENIED);
    }
  });

  it('refuses anonymous callers', async () => {
    const anonymous = under.anonymous();
    expect((await rejection(under.identity.listUsers({}, anonymous))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect((await rejection(under.identity.assignRole({ userId: under.owner.id, role: 'viewer' }, anonymous))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect((await rejection(under.identity.removeUser({ userId: under.owner.id }, anonymous))).code).toBe(GrpcStatus.UNAUTHENTICATED);
  });
});

describe('roles', () => {
  it('lists users in sign-up order with their roles and sign-in times', async () => {
    const first = await userWithRole('editor');
    const second = await under.confirmedUser();
    await under.signIn(second.email);
    const { users } = await under.identity.listUsers({ pageSize: 100 }, under.as(under.owner, 'owner'));
    const ids = users.map((user) => user.id);
    expect(ids.indexOf(under.owner.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(users.find((user) => user.id === first.id)).toMatchObject({ role: 'editor', lastSignInAt: '' });
    expect(Date.parse(users.find((user) => user.id === second.id)?.lastSignInAt ?? '')).not.toBeNaN();
  });

  it('pages the list: page and page size (50 by default, at most 100), the total, and a clear error past the bounds', async () => {
    for (let i = 0; i < 3; i++) await under.confirmedUser();
    const list = (page: number, pageSize: number) => under.identity.listUsers({ page, pageSize }, under.as(under.owner, 'owner'));
    const everyone = await list(1, 100);
    expect(everyone.total).toBeGreaterThanOrEqual(4);
    expect(everyone.total).toBe(everyone.users.length);
    const pages = [await list(1, 2), await list(2, 2)];
    expect(pages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
      [1, 2, everyone.total],
      [2, 2, everyone.total],
    ]);
    expect(pages.flatMap((page) => page.users.map((user) => user.id))).toEqual(everyone.users.slice(0, 4).map((user) => user.id));
    // Defaults: page 1, 50 rows.
    expect(await under.identity.listUsers({}, under.as(under.owner, 'owner'))).toMatchObject({ page: 1, pageSize: 50, total: everyone.total });
    expect((await list(1_000_000, 100)).users).toEqual([]);
    for (const [page, pageSize, field] of [
      [1, 101, 'pageSize'],
      [-1, 10, 'page'],
      [1, -5, 'pageSize'],
      [1_000_001, 10, 'page'],
    ] as const) {
      const refused = await rejection(list(page, pageSize));
      expect([refused.code, refused.fieldErrors[0]?.field], `${page}/${pageSize}`).toEqual([GrpcStatus.INVALID_ARGUMENT, field]);
    }
  });

  it('changes a role at once and publishes role_changed (only when it changes)', async () => {
    const since = new Date();
    const admin = await userWithRole('admin');
    const user = await under.confirmedUser();
    expect((await assign(admin, 'admin', user, 'editor')).user?.role).toBe('editor');
    expect((await under.signIn(user.email)).user?.role).toBe('editor');
    await assign(admin, 'admin', user, 'editor');

    const changes = (await under.eventsSince(SUBJECTS.userRoleChanged, since)).filter((event) => event.data.userId === user.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.data).toEqual({ userId: user.id, email: user.email, role: 'editor', previousRole: 'viewer' });
    expect(changes[0]?.actor).toEqual({ userId: admin.id, email: admin.email });
  });

  it('refuses an unknown role and an unknown user', async () => {
    const user = await under.confirmedUser();
    const bogus = await rejection(assign(under.owner, 'owner', user, 'root'));
    expect(bogus.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(bogus.fieldErrors).toEqual([{ field: 'role', message: `Unknown role: root. Choose one of ${ROLES.join(', ')}.` }]);
    for (const target of [{ id: randomUUID() }, { id: '' }]) {
      const missing = await rejection(assign(under.owner, 'owner', target, 'editor'));
      expect([missing.code, missing.message]).toEqual([GrpcStatus.NOT_FOUND, 'User not found']);
      expect((await rejection(remove(under.owner, 'owner', target))).code).toBe(GrpcStatus.NOT_FOUND);
    }
  });

  it('keeps owners safe: admins cannot demote, promote to or remove owners; the last owner stays an owner', async () => {
    const admin = await userWithRole('admin');
    const viewer = await under.confirmedUser();
    const ownerOnly = await rejection(assign(admin, 'admin', under.owner, 'viewer'));
    expect([ownerOnly.code, ownerOnly.message]).toEqual([GrpcStatus.PERMISSION_DENIED, 'Only an owner can change the owner role']);
    expect((await rejection(assign(admin, 'admin', viewer, 'owner'))).message).toBe('Only an owner can change the owner role');
    const removal = await rejection(remove(admin, 'admin', under.owner));
    expect([removal.code, removal.message]).toEqual([GrpcStatus.PERMISSION_DENIED, 'Only an owner can remove an owner']);

    const last = await rejection(assign(under.owner, 'owner', under.owner, 'admin'));
    expect([last.code, last.message]).toEqual([GrpcStatus.PERMISSION_DENIED, 'The last owner cannot be demoted']);
    expect((await assign(under.owner, 'owner', under.owner, 'owner')).user?.role).toBe('owner');

    // With a second owner, an owner may step down; that owner is then the last one.
    const second = await under.confirmedUser();
    expect((await assign(under.owner, 'owner', second, 'owner')).user?.role).toBe('owner');
    expect((await assign(second, 'owner', second, 'admin')).user?.role).toBe('admin');
    expect((await rejection(assign(under.owner, 'owner', under.owner, 'editor'))).message).toBe('The last owner cannot be demoted');
    expect(await roleOf(under.owner)).toBe('owner');
  });
});

describe('the e-mail search', () => {
  const search = (query: string, page = 1, pageSize = 50) => under.identity.listUsers({ query, page, pageSize }, under.as(under.owner, 'owner'));

  it('lists the users whose e-mail contains the text, ignoring case, in sign-up order, with their total', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: Person[] = [];
    for (const name of ['alpha', 'bravo', 'charlie']) made.push(await under.confirmedUser(`${name}.${tag}@example.com`));
    // Half the tag only: found by that half, not by the whole.
    await under.confirmedUser(`delta-${tag.slice(0, 4)}@example.com`);

    const found = await search(tag.toUpperCase());
    expect([found.total, found.users.map((user) => user.email)]).toEqual([3, made.map((user) => user.email)]);
    // Anywhere in the address, not only at a word's start, and taken literally ('.' is no pattern).
    expect((await search(`o.${tag.slice(0, 4)}`)).users.map((user) => user.email)).toEqual([made[1]!.email]);
    expect((await search(tag.slice(0, 4))).total).toBe(4);
    expect((await search(`${tag.slice(2)}@EXAMPLE`)).total).toBe(3);
    expect((await search(`a.${tag}`)).users.map((user) => user.email)).toEqual([made[0]!.email]);
    expect((await search(`x${tag}`)).total).toBe(0);
    // Surrounding blanks are ignored; a blank search is no search.
    expect((await search(`  ${tag}  `)).total).toBe(3);
    const everyone = await search('');
    expect((await search('   ')).total).toBe(everyone.total);
    expect(everyone.total).toBeGreaterThanOrEqual(5);
  });

  it('pages the matches: each page a slice of them, the total of all matches', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: Person[] = [];
    for (let i = 0; i < 5; i++) made.push(await under.confirmedUser(`page${i}-${tag}@example.com`));
    const pages = [await search(tag, 1, 2), await search(tag, 2, 2), await search(tag, 3, 2)];
    expect(pages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
      [1, 2, 5],
      [2, 2, 5],
      [3, 2, 5],
    ]);
    expect(pages.flatMap((page) => page.users.map((user) => user.email))).toEqual(made.map((user) => user.email));
    expect((await search(tag, 4, 2)).users).toEqual([]);
  });

  it('follows role changes and removals at once', async () => {
    const tag = randomUUID().slice(0, 8);
    const user = await under.confirmedUser(`moves-${tag}@example.com`);
    await assign(under.owner, 'owner', user, 'editor');
    expect((await search(tag)).users.map((listed) => listed.role)).toEqual(['editor']);
    await remove(under.owner, 'owner', user);
    expect((await search(tag)).total).toBe(0);
  });

  it('refuses a search longer than 254 characters with the field, and callers without user.list', async () => {
    const refused = await rejection(search('a'.repeat(255)));
    expect([refused.code, refused.fieldErrors[0]?.field]).toEqual([GrpcStatus.INVALID_ARGUMENT, 'query']);
    expect((await search('a'.repeat(254))).total).toBe(0);
    const editor = await userWithRole('editor');
    expect((await rejection(under.identity.listUsers({ query: editor.email }, under.as(editor, 'editor')))).code).toBe(GrpcStatus.PERMISSION_DENIED);
  });
});

describe('removal', () => {
  it('nobody removes themselves, not even an owner', async () => {
    const admin = await userWithRole('admin');
    for (const [actor, role] of [
      [admin, 'admin'],
      [under.owner, 'owner'],
    ] as const) {
      const refused = await rejection(remove(actor, role, actor));
      expect([refused.code, refused.message]).toEqual([GrpcStatus.PERMISSION_DENIED, 'You cannot remove yourself']);
    }
  });

  it('removes the user with every session and publishes removed', async () => {
    const since = new Date();
    const admin = await userWithRole('admin');
    const user = await under.confirmedUser();
    const [a, b] = [await under.signIn(user.email), await under.signIn(user.email)];
    await remove(admin, 'admin', user);

    expect(await roleOf(user)).toBeUndefined();
    for (const grant of [a, b])
      expect((await rejection(under.identity.refreshSession({ refreshToken: grant.refreshToken }, under.anonymous()))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect((await rejection(under.identity.getCurrentUser({ sessionId: a.sessionId }, under.as(user, 'viewer')))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect((await rejection(under.signIn(user.email))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    // The address is free again.
    expect((await under.confirmedUser(user.email)).id).not.toBe(user.id);

    const removed = (await under.eventsSince(SUBJECTS.userRemoved, since)).filter((event) => event.data.userId === user.id);
    expect(removed.map((event) => [event.data.email, event.actor?.userId])).toEqual([[user.email, admin.id]]);
  });
});

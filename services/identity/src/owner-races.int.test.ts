// Owner rules under races: two owners demoting or removing each other at the same
// instant, on FerretDB v1 whose updates are not atomic, must never leave the company without an owner.
// Many rounds of truly simultaneous calls over gRPC; after each, exactly one of the two is still an owner.
// Every role change and removal takes the lock (not only those that looked like owner changes when the target
// was first read): an admin's change decided on a stale read cannot demote a user made owner in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import { testInfra } from '@venuebook/service-kit/testing';
import { rejection, startIdentityUnderTest } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';
import { ROLES_LOCK, ROLES_LOCK_BUSY } from './use-cases/users.ts';

const infra = testInfra();
let under: IdentityUnderTest;
const ROUNDS = 15;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra);
});

afterAll(async () => {
  await under?.stop();
});

type Person = { id: string; email: string };

const owners = async (): Promise<string[]> =>
  (await (await under.db()).collection<{ _id: string; role: string | null }>('users').find({ role: 'owner' }).toArray()).map((user) => user._id);
const assign = (actor: Person, target: Person, role: Role) => under.identity.assignRole({ userId: target.id, role }, under.as(actor, 'owner'));
const remove = (actor: Person, target: Person) => under.identity.removeUser({ userId: target.id }, under.as(actor, 'owner'));

/** Runs both calls at once; the refusals must be our own clear errors, never a crash. */
async function simultaneously(calls: Promise<unknown>[]): Promise<number> {
  const outcomes = await Promise.allSettled(calls);
  for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(GrpcError);
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

const roleOf = async (user: Person): Promise<string | null | undefined> =>
  (await (await under.db()).collection<{ _id: string; role: string | null }>('users').findOne({ _id: user.id }))?.role;

describe('role changes that do not look like owner changes', () => {
  it('wait for a role change in progress (they take the lock too), and give up with ABORTED when it stays held', async () => {
    const admin = await under.confirmedUser();
    await assign(under.owner, admin, 'admin');
    const target = await under.confirmedUser();
    await assign(under.owner, target, 'editor');
    // Another replica is in the middle of a role change (say, making `target` an owner): it holds the lock.
    const locks = (await under.db()).collection<{ _id: string; holder: string; at: Date }>('identity_locks');
    await locks.insertOne({ _id: ROLES_LOCK, holder: 'another-replica', at: new Date() });
    try {
      const [change, removal] = await Promise.all([
        rejection(under.identity.assignRole({ userId: target.id, role: 'viewer' }, under.as(admin, 'admin'))),
        rejection(under.identity.removeUser({ userId: target.id }, under.as(admin, 'admin'))),
      ]);
      for (const refused of [change, removal]) expect([refused.code, refused.message]).toEqual([GrpcStatus.ABORTED, ROLES_LOCK_BUSY]);
    } finally {
      await locks.deleteOne({ _id: ROLES_LOCK, holder: 'another-replica' });
    }
    expect(await roleOf(target)).toBe('editor');
  });

  it(`an admin's change at the instant an owner promotes the same user never undoes the promotion (${ROUNDS} rounds)`, async () => {
    const admin = await under.confirmedUser();
    await assign(under.owner, admin, 'admin');
    for (let round = 0; round < ROUNDS; round++) {
      const target = await under.confirmedUser();
      await assign(under.owner, target, 'editor');
      const outcomes = await Promise.allSettled([
        under.identity.assignRole({ userId: target.id, role: 'viewer' }, under.as(admin, 'admin')),
        assign(under.owner, target, 'owner'),
      ]);
      // Either the admin's change came first (then the promotion), or it was refused: the target is an owner.
      expect(outcomes[1].status, `round ${round}`).toBe('fulfilled');
      if (outcomes[0].status === 'rejected') expect((outcomes[0].reason as GrpcError).code, `round ${round}`).toBe(GrpcStatus.PERMISSION_DENIED);
      expect(await roleOf(target), `round ${round}`).toBe('owner');
      await remove(under.owner, target);
    }
  });
});

describe('two owners at the same instant', () => {
  it(`demoting each other leave exactly one owner (${ROUNDS} rounds)`, async () => {
    let owner: Person = under.owner;
    for (let round = 0; round < ROUNDS; round++) {
      const other = await under.confirmedUser();
      await assign(owner, other, 'owner');
      expect((await owners()).sort()).toEqual([owner.id, other.id].sort());
      const succeeded = await simultaneously([assign(owner, other, 'admin'), assign(other, owner, 'admin')]);
      const left = await owners();
      expect(left, `round ${round}`).toHaveLength(1);
      expect(succeeded, `round ${round}`).toBe(1);
      owner = left[0] === other.id ? other : owner;
    }
  });

  it(`removing each other leave exactly one owner (${ROUNDS} rounds)`, async () => {
    let owner: Person = { id: (await owners())[0]!, email: '' };
    for (let round = 0; round < ROUNDS; round++) {
      const other = await under.confirmedUser();
      await assign(owner, other, 'owner');
      const succeeded = await simultaneously([remove(owner, other), remove(other, owner)]);
      const left = await owners();
      expect(left, `round ${round}`).toHaveLength(1);
      expect(succeeded, `round ${round}`).toBe(1);
      owner = left[0] === other.id ? other : owner;
    }
  });
});

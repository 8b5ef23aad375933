// Owner rules under races (issue 9, from the note): two owners demoting or removing each other at the same
// instant, on FerretDB v1 whose updates are not atomic, must never leave the company without an owner.
// Many rounds of truly simultaneous calls over gRPC; after each, exactly one of the two is still an owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@venuebook/proto/domain';
import { GrpcError } from '@venuebook/proto/grpc';
import { testInfra } from '@venuebook/service-kit/testing';
import { startIdentityUnderTest } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

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

// Writes to one user racing each other: FerretDB v1 applies an update as read-then-rewrite
// of the whole document, so two concurrent updates of different fields of one user could lose one. An owner
// demoting an admin at the instant that admin signs in (Google: the identity link; password: the re-hash of
// an older hash) must leave the new role stored, and the role-changed event must tell the truth. Every
// write to a user (and its profile) runs under the per-user lock `user:<id>`, role changes and removals
// take it inside the roles lock, and a repeated Google sign-in of a linked, confirmed account writes nothing.
// Many rounds of truly simultaneous calls over gRPC on the real FerretDB.
import { randomBytes, scryptSync } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@venuebook/domain';
import { SUBJECTS } from '@venuebook/contracts/events';
import { GrpcStatus } from '@venuebook/grpc';
import { subjectOf, testInfra } from '@venuebook/service-kit/testing';
import { rejection, startIdentityUnderTest, STRONG_PASSWORD } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';
import { userLockName } from './repositories/user.repository.ts';
import { USER_BUSY } from './use-cases/errors.ts';

const infra = testInfra();
let under: IdentityUnderTest;
const ROUNDS = 20;
/** Sign-ins of the same user fired together with each role change. */
const SIGN_INS = 3;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra);
});

afterEach(() => {
  mongoose.set('debug', false);
});

afterAll(async () => {
  await under?.stop();
});

type Person = { id: string; email: string };
type StoredUser = { _id: string; role: string | null; passwordHash: string | null; identities?: { issuer: string; subject: string }[] };

const stored = async (user: Person): Promise<StoredUser | null> => (await under.db()).collection<StoredUser>('users').findOne({ _id: user.id });
const assign = (target: Person, role: Role) => under.identity.assignRole({ userId: target.id, role }, under.as(under.owner, 'owner'));

/** An admin signed in once with Google (identity linked, confirmed): what the security review raced. */
async function googleAdmin(): Promise<Person> {
  const email = under.newAddress('google-admin');
  const { user } = await under.signInWithGoogle(email);
  const admin = { id: user!.id, email };
  await assign(admin, 'admin');
  return admin;
}

/** The role change and the sign-ins at the same instant; the sign-ins must all succeed, the role change too. */
async function raceRoleChange(target: Person, role: Role, signIns: (() => Promise<unknown>)[]): Promise<void> {
  const outcomes = await Promise.allSettled([assign(target, role), ...signIns.map((signIn) => signIn())]);
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
}

/** A hash as the service wrote it before today's cost (N four times smaller): the next sign-in re-hashes it. */
function olderHash(password: string): string {
  const N = 2 ** under.config.PASSWORD_SCRYPT_LOG2_N / 4;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('a role change racing sign-ins of the same user', () => {
  it(`keeps the new role when the user signs in with Google at that instant (${ROUNDS} rounds)`, async () => {
    const admin = await googleAdmin();
    for (let round = 0; round < ROUNDS; round++) {
      const since = new Date();
      const tokens = await Promise.all(Array.from({ length: SIGN_INS }, () => under.oidc.mintIdToken({ email: admin.email })));
      await raceRoleChange(
        admin,
        'viewer',
        tokens.map((idToken) => () => under.identity.signInWithOidc({ idToken, userAgent: 'race' }, under.anonymous())),
      );
      expect((await stored(admin))?.role, `round ${round}`).toBe('viewer');
      const changed = (await under.eventsSince(SUBJECTS.userRoleChanged, since)).filter((event) => event.data.userId === admin.id);
      expect(
        changed.map((event) => event.data.role),
        `round ${round}`,
      ).toEqual(['viewer']);
      await assign(admin, 'admin');
    }
  });

  it(`keeps the new role and links the identity when a password user's first Google sign-in races it (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const admin = await under.confirmedUser();
      await assign(admin, 'admin');
      const idToken = await under.oidc.mintIdToken({ email: admin.email });
      await raceRoleChange(admin, 'viewer', [() => under.identity.signInWithOidc({ idToken, userAgent: 'race' }, under.anonymous())]);
      const after = await stored(admin);
      expect(after?.role, `round ${round}`).toBe('viewer');
      expect(after?.identities, `round ${round}`).toEqual([{ issuer: under.oidc.issuer, subject: subjectOf(admin.email) }]);
    }
  });

  it(`keeps the new role when a password sign-in re-hashes an older hash at that instant (${ROUNDS} rounds)`, async () => {
    const admin = await under.confirmedUser();
    const users = (await under.db()).collection<StoredUser>('users');
    for (let round = 0; round < ROUNDS; round++) {
      await assign(admin, 'admin');
      const older = olderHash(STRONG_PASSWORD);
      await users.updateOne({ _id: admin.id }, { $set: { passwordHash: older } });
      await raceRoleChange(
        admin,
        'viewer',
        Array.from({ length: SIGN_INS }, () => () => under.signIn(admin.email)),
      );
      const after = await stored(admin);
      expect(after?.role, `round ${round}`).toBe('viewer');
      // The re-hash happened too (today's cost), and the password still signs in.
      expect(after?.passwordHash, `round ${round}`).toMatch(new RegExp(`^scrypt\\$${2 ** under.config.PASSWORD_SCRYPT_LOG2_N}\\$`));
    }
    await under.signIn(admin.email);
  });
});

describe('the welcome flag', () => {
  it(`is kept when the user signs in at the instant it is set (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const user = await under.confirmedUser();
      await under.signIn(user.email);
      const outcomes = await Promise.allSettled([
        under.identity.markWelcomeShown({}, under.as(user, 'viewer')),
        ...Array.from({ length: SIGN_INS }, () => under.signIn(user.email)),
      ]);
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
      const profile = await (await under.db()).collection<{ _id: string; welcomeShown?: boolean }>('profiles').findOne({ _id: user.id });
      expect(profile?.welcomeShown, `round ${round}`).toBe(true);
    }
  });
});

describe('a repeated Google sign-in', () => {
  it('of a linked, confirmed account writes nothing to the user document', async () => {
    const email = under.newAddress('google');
    await under.signInWithGoogle(email);
    const idToken = await under.oidc.mintIdToken({ email });
    const operations: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => {
      if (collection === 'users') operations.push(method);
    });
    try {
      await under.identity.signInWithOidc({ idToken, userAgent: 'again' }, under.anonymous());
    } finally {
      mongoose.set('debug', false);
    }
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((method) => !['findOne', 'find'].includes(method))).toEqual([]);
  });
});

describe('a user whose lock stays held (another replica is writing it)', () => {
  it('answers ABORTED with "try again" to a role change and to a Google sign-in that must write, and changes nothing', async () => {
    const user = await under.confirmedUser();
    await assign(user, 'editor');
    const locks = (await under.db()).collection<{ _id: string; holder: string; at: Date }>('identity_locks');
    await locks.insertOne({ _id: userLockName(user.id), holder: 'another-replica', at: new Date() });
    try {
      const [change, google] = await Promise.all([rejection(assign(user, 'viewer')), rejection(under.signInWithGoogle(user.email))]);
      for (const refused of [change, google]) expect([refused.code, refused.message]).toEqual([GrpcStatus.ABORTED, USER_BUSY]);
    } finally {
      await locks.deleteOne({ _id: userLockName(user.id), holder: 'another-replica' });
    }
    const after = await stored(user);
    expect(after?.role).toBe('editor');
    expect(after?.identities ?? []).toEqual([]);
    // Free again: both go through.
    expect((await assign(user, 'viewer')).user?.role).toBe('viewer');
    expect((await under.signInWithGoogle(user.email)).user?.id).toBe(user.id);
  });
});

// A refresh whose response was lost: the same refresh token used again within
// REFRESH_REUSE_GRACE_SECONDS (2 s here, 30 by default) gets the SAME successor again instead of ending the
// session (the successor is derived from the token, so the answer is idempotent). Whoever else holds the token
// (a thief replaying it within the window) therefore shares the one chain: once either holder has used the
// successor, the other's use of it ends the whole session. After the window, or once the successor has been
// used, a re-use still ends the whole session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@venuebook/domain';
import { GrpcStatus } from '@venuebook/grpc';
import { testInfra } from '@venuebook/service-kit/testing';
import { rejection, startIdentityUnderTest } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';

const infra = testInfra();
let under: IdentityUnderTest;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra, { REFRESH_REUSE_GRACE_SECONDS: '2' });
});

afterAll(async () => {
  await under?.stop();
});

const refresh = async (refreshToken: string) => {
  const { grant } = await under.identity.refreshSession({ refreshToken }, under.anonymous());
  if (!grant) throw new Error('no grant');
  return grant;
};
const isActive = async (user: { id: string; email: string }, sessionId: string) =>
  (await under.identity.getCurrentUser({ sessionId }, under.as(user, 'viewer'))).sessionActive;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('refresh grace period', () => {
  it('answers every re-use within the window with the same successor: one chain, one session', async () => {
    const user = await under.confirmedUser();
    const signedIn = await under.signIn(user.email);
    const lost = await refresh(signedIn.refreshToken);
    // The response never arrived: the client sends the same token again (a thief replaying it looks the same).
    const retried = await refresh(signedIn.refreshToken);
    expect(retried).toMatchObject({ sessionId: signedIn.sessionId, sessionExpiresAt: signedIn.sessionExpiresAt, user: { id: user.id } });
    expect(retried.refreshToken).toBe(lost.refreshToken);
    expect(retried.refreshToken).not.toBe(signedIn.refreshToken);
    expect((await refresh(signedIn.refreshToken)).refreshToken).toBe(lost.refreshToken);
    expect(await isActive(user, signedIn.sessionId)).toBe(true);
    expect((await refresh(retried.refreshToken)).sessionId).toBe(signedIn.sessionId);
  });

  it('ends the session when the other holder of a shared successor uses it after one has rotated it', async () => {
    const user = await under.confirmedUser();
    const signedIn = await under.signIn(user.email);
    // The victim rotated T1 into T2; a thief replays the stolen T1 within the window and gets that same T2.
    const victims = await refresh(signedIn.refreshToken);
    const thiefs = await refresh(signedIn.refreshToken);
    expect(thiefs.refreshToken).toBe(victims.refreshToken);
    // The thief rotates first: T3 is the thief's alone...
    const thiefNext = await refresh(thiefs.refreshToken);
    expect(thiefNext.refreshToken).not.toBe(victims.refreshToken);
    // ...until the victim refreshes with T2: a reuse, and the session (T3 with it) ends.
    const reuse = await rejection(refresh(victims.refreshToken));
    expect([reuse.code, reuse.message]).toEqual([GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.sessionMissing]);
    expect(await isActive(user, signedIn.sessionId)).toBe(false);
    expect((await rejection(refresh(thiefNext.refreshToken))).code).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('ends the session when the thief uses the shared successor after the victim rotated it', async () => {
    const user = await under.confirmedUser();
    const signedIn = await under.signIn(user.email);
    const victims = await refresh(signedIn.refreshToken);
    const thiefs = await refresh(signedIn.refreshToken);
    expect(thiefs.refreshToken).toBe(victims.refreshToken);
    const victimNext = await refresh(victims.refreshToken);
    expect((await rejection(refresh(thiefs.refreshToken))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(await isActive(user, signedIn.sessionId)).toBe(false);
    expect((await rejection(refresh(victimNext.refreshToken))).code).toBe(GrpcStatus.UNAUTHENTICATED);
  });

  it('ends the session when the token comes back after the window', async () => {
    const user = await under.confirmedUser();
    const signedIn = await under.signIn(user.email);
    await refresh(signedIn.refreshToken);
    await pause(2300);
    expect((await rejection(refresh(signedIn.refreshToken))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(await isActive(user, signedIn.sessionId)).toBe(false);
  });

  it('ends the session when the token comes back after its successor was used (the response did arrive)', async () => {
    const user = await under.confirmedUser();
    const signedIn = await under.signIn(user.email);
    const next = await refresh(signedIn.refreshToken);
    await refresh(next.refreshToken);
    expect((await rejection(refresh(signedIn.refreshToken))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    expect(await isActive(user, signedIn.sessionId)).toBe(false);
  });
});

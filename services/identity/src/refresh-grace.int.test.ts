// A refresh whose response was lost (issue 9, from the note): the same refresh token used again within
// REFRESH_REUSE_GRACE_SECONDS (2 s here, 30 by default) gets a fresh token of the same session instead of
// ending it, once; after the window, a second time, or once its successor has been used, a re-use still
// ends the whole session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@venuebook/proto/domain';
import { GrpcStatus } from '@venuebook/proto/grpc';
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
  it('answers a re-use within the window with a fresh token of the same session, once; both tokens go on working', async () => {
    const user = await under.confirmedUser();
    const signedIn = await under.signIn(user.email);
    const lost = await refresh(signedIn.refreshToken);
    // The response never arrived: the client sends the same token again.
    const retried = await refresh(signedIn.refreshToken);
    expect(retried).toMatchObject({ sessionId: signedIn.sessionId, sessionExpiresAt: signedIn.sessionExpiresAt, user: { id: user.id } });
    expect(new Set([signedIn.refreshToken, lost.refreshToken, retried.refreshToken]).size).toBe(3);
    expect(await isActive(user, signedIn.sessionId)).toBe(true);
    expect((await refresh(retried.refreshToken)).sessionId).toBe(signedIn.sessionId);

    // A third use of the same token is not a lost response: the session ends.
    const third = await rejection(refresh(signedIn.refreshToken));
    expect([third.code, third.message]).toEqual([GrpcStatus.UNAUTHENTICATED, AUTH_MESSAGES.sessionMissing]);
    expect(await isActive(user, signedIn.sessionId)).toBe(false);
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

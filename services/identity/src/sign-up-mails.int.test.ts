// Sign-up mails cannot be turned against a colleague: per address at most one confirmation
// mail per cooldown and a few per hour, with a clear message; a repeated sign-up of a pending address mails
// the same link again and keeps the password chosen first (it can no longer be overwritten). Here the
// cooldown is 1 s and the hourly cap 3, so that the test can wait them out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrpcStatus } from '@venuebook/grpc';
import { testInfra } from '@venuebook/service-kit/testing';
import { APP_URL, rejection, startIdentityUnderTest, STRONG_PASSWORD } from './testing/identity-under-test.ts';
import type { IdentityUnderTest } from './testing/identity-under-test.ts';
import { signUpMailCapMessage, signUpMailCooldownMessage } from './use-cases/sign-up.ts';

const infra = testInfra();
let under: IdentityUnderTest;

beforeAll(async () => {
  under = await startIdentityUnderTest(infra, { SIGNUP_MAIL_COOLDOWN_SECONDS: '1', SIGNUP_MAILS_PER_HOUR: '3' });
});

afterAll(async () => {
  await under?.stop();
});

const signUp = (email: string, password = STRONG_PASSWORD) => under.identity.signUp({ email, password, appUrl: APP_URL }, under.anonymous());
const tokensMailedTo = async (email: string): Promise<string[]> => {
  const messages = (await (await fetch(`${under.mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  return messages.map((message) => /[?&]token=([\w-]+)/.exec(message.text)?.[1] ?? '');
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-up mails per address', () => {
  it('mails the same link again on a repeated sign-up, keeps the first password, and caps the mails per hour', async () => {
    const email = under.newAddress('colleague');
    const { user } = await signUp(email);

    const tooSoon = await rejection(signUp(email, 'Attacker-password-1'));
    expect([tooSoon.code, tooSoon.message]).toEqual([GrpcStatus.RESOURCE_EXHAUSTED, signUpMailCooldownMessage(1)]);

    await pause(1100);
    expect((await signUp(email, 'Attacker-password-1')).user?.id).toBe(user?.id);
    await pause(1100);
    await signUp(email, 'Attacker-password-2');
    const tokens = await tokensMailedTo(email);
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(1);

    await pause(1100);
    const capped = await rejection(signUp(email, 'Attacker-password-3'));
    expect(capped.code).toBe(GrpcStatus.RESOURCE_EXHAUSTED);
    expect(capped.message).toBe(signUpMailCapMessage(60 * 60 - 3));
    expect(await tokensMailedTo(email)).toHaveLength(3);

    // Neither later password confirms; the first one does, with the one link.
    const [token = ''] = tokens;
    for (const password of ['Attacker-password-1', 'Attacker-password-2']) {
      expect((await rejection(under.identity.confirmEmail({ token, email, password }, under.anonymous()))).code).toBe(GrpcStatus.UNAUTHENTICATED);
    }
    expect((await under.identity.confirmEmail({ token, email, password: STRONG_PASSWORD }, under.anonymous())).user?.emailConfirmed).toBe(true);
  });

  it('lets one of simultaneous sign-ups of an address through (one mail)', async () => {
    const email = under.newAddress('burst');
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => signUp(email)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await tokensMailedTo(email)).toHaveLength(1);
  });

  it('keeps the budgets of different addresses apart', async () => {
    const [a, b] = [under.newAddress('a'), under.newAddress('b')];
    await signUp(a);
    await signUp(b);
    expect([(await tokensMailedTo(a)).length, (await tokensMailedTo(b)).length]).toEqual([1, 1]);
  });
});

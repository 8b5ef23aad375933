import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvelope, encodeEnvelope, SUBJECTS } from '@venuebook/contracts/events';
import { subscribeDomainEvents } from './event-subscription.ts';
import type { DomainEvent } from './event-subscription.ts';
import { createLogger } from './logger.ts';
import { connectNats } from './nats.ts';
import type { NatsConnection } from './nats.ts';
import { testInfra } from './testing/infra.ts';

const infra = testInfra();
const quiet = createLogger('event-subscription-test', { level: 'silent' });

describe('subscribeDomainEvents on a real NATS server', () => {
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connectNats(infra.natsUrl, { name: 'kit-event-subscription-test' });
  });

  afterAll(async () => {
    await nc.drain();
  });

  it('hands over validated envelopes of the subjects the pattern covers, and skips everything else', async () => {
    const userId = randomUUID();
    const received: DomainEvent<
      typeof SUBJECTS.userRoleChanged | typeof SUBJECTS.userRemoved | typeof SUBJECTS.userSignedOut | typeof SUBJECTS.userFirstLogin
    >[] = [];
    const subscription = subscribeDomainEvents(
      nc,
      'venuebook.identity.user.>',
      (event) => {
        // Every payload of venuebook.identity.user.* names its user: typed without a cast.
        if (event.data.userId === userId) received.push(event);
      },
      { logger: quiet },
    );
    try {
      await nc.flush();
      const roleChanged = createEnvelope(SUBJECTS.userRoleChanged, { userId, email: 'a@example.com', role: 'editor', previousRole: 'viewer' });
      // Not JSON, an envelope without its payload fields, an envelope of another subject, an unknown subject:
      nc.publish(SUBJECTS.userRemoved, new TextEncoder().encode('not json'));
      nc.publish(SUBJECTS.userRemoved, encodeEnvelope({ ...createEnvelope(SUBJECTS.userRemoved, { userId, email: 'a@example.com' }), data: { userId } }));
      nc.publish(SUBJECTS.userRemoved, encodeEnvelope(roleChanged));
      nc.publish('venuebook.identity.user.renamed.v1', encodeEnvelope({ ...roleChanged, subject: 'venuebook.identity.user.renamed.v1' }));
      nc.publish(SUBJECTS.userRoleChanged, encodeEnvelope(roleChanged));
      nc.publish(SUBJECTS.userSignedOut, encodeEnvelope(createEnvelope(SUBJECTS.userSignedOut, { userId, reason: 'local' })));
      await expect.poll(() => received.length, { timeout: 3000 }).toBe(2);
      expect(received.map((event) => event.subject)).toEqual([SUBJECTS.userRoleChanged, SUBJECTS.userSignedOut]);
      expect(received[0]).toEqual(roleChanged);
      const [first] = received;
      if (first?.subject === SUBJECTS.userRoleChanged) expect(first.data.previousRole).toBe('viewer');
    } finally {
      subscription.unsubscribe();
    }
  });

  it('keeps going after a handler fails', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const seen: string[] = [];
    const subscription = subscribeDomainEvents(
      nc,
      SUBJECTS.userSignedOut,
      async (event) => {
        if (event.data.userId !== a && event.data.userId !== b) return; // other tests' events
        seen.push(event.data.userId);
        if (seen.length === 1) throw new Error('handler failure');
      },
      { logger: quiet },
    );
    try {
      await nc.flush();
      nc.publish(SUBJECTS.userSignedOut, encodeEnvelope(createEnvelope(SUBJECTS.userSignedOut, { userId: a, reason: 'global' })));
      nc.publish(SUBJECTS.userSignedOut, encodeEnvelope(createEnvelope(SUBJECTS.userSignedOut, { userId: b, reason: 'reuse' })));
      await expect.poll(() => seen, { timeout: 3000 }).toEqual([a, b]);
    } finally {
      subscription.unsubscribe();
    }
  });
});

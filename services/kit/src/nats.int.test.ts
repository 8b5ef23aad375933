import { randomUUID } from 'node:crypto';
import { testInfra } from './testing/infra.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ID_HEADER } from '@venuebook/contracts/events';
import { connectNats, ensureStreams, publishEvent } from './nats.ts';
import type { NatsConnection } from './nats.ts';

const infra = testInfra();

describe('JetStream helpers on a real NATS server', () => {
  let nc: NatsConnection;
  const suffix = randomUUID().slice(0, 8);
  const streamName = `KIT_TEST_${suffix.toUpperCase()}`;
  const subjectRoot = `kittest.${suffix}`;

  beforeAll(async () => {
    nc = await connectNats(infra.natsUrl, { name: 'kit-test' });
  });

  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(streamName).catch(() => undefined);
    await nc.drain();
  });

  it('creates a stream, is idempotent and updates its subjects', async () => {
    await ensureStreams(nc, [{ name: streamName, subjects: [`${subjectRoot}.a.>`] }]);
    await ensureStreams(nc, [{ name: streamName, subjects: [`${subjectRoot}.a.>`] }]);
    await ensureStreams(nc, [{ name: streamName, subjects: [`${subjectRoot}.a.>`, `${subjectRoot}.b.>`] }]);
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(streamName);
    expect(info.config.subjects.sort()).toEqual([`${subjectRoot}.a.>`, `${subjectRoot}.b.>`]);
    expect(info.config.duplicate_window).toBe(2 * 60 * 1000 * 1_000_000);
  });

  it('publishes with Nats-Msg-Id so that a repeated event is stored once', async () => {
    await ensureStreams(nc, [{ name: streamName, subjects: [`${subjectRoot}.a.>`, `${subjectRoot}.b.>`] }]);
    const js = nc.jetstream();
    const event = { id: randomUUID(), type: 'test', data: { n: 1 } };
    const first = await publishEvent(js, `${subjectRoot}.a.created`, event);
    const second = await publishEvent(js, `${subjectRoot}.a.created`, event);
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.seq).toBe(first.seq);

    const jsm = await nc.jetstreamManager();
    const stored = await jsm.streams.getMessage(streamName, { seq: first.seq });
    expect(stored.header.get(MSG_ID_HEADER)).toBe(event.id);
    expect(stored.json()).toEqual(event);
  });

  it('rejects a publish to a subject no stream takes', async () => {
    const js = nc.jetstream();
    await expect(publishEvent(js, `${subjectRoot}.nostream.x`, { id: randomUUID() }, { timeoutMs: 1000 })).rejects.toThrow();
  });
});

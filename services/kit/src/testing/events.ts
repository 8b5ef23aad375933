import { randomUUID } from 'node:crypto';
import { MSG_ID_HEADER, parseEnvelope, STREAMS } from '@venuebook/contracts/events';
import type { EventEnvelope, ParsedEventPayload, SubjectName } from '@venuebook/contracts/events';
import { AckPolicy, DeliverPolicy } from '../nats.ts';
import type { NatsConnection } from '../nats.ts';

/** One event as a test reads it back: the parsed envelope and its JetStream de-duplication id. */
export interface PublishedEvent<S extends SubjectName> {
  envelope: EventEnvelope<ParsedEventPayload<S>>;
  msgId: string | undefined;
}

/** The stream that holds `subject` (by the streams' `prefix.>` subjects). */
function streamOf(subject: SubjectName): string {
  const stream = Object.values(STREAMS).find((candidate) => candidate.subjects.some((pattern) => subject.startsWith(pattern.replace(/>$/, ''))));
  if (!stream) throw new Error(`no stream holds ${subject}`);
  return stream.name;
}

/**
 * Every `subject` event published since `since`, oldest first, read with a throw-away consumer of its
 * stream (integration tests: what a service published, without a subscriber that might miss it).
 */
export async function eventsSince<S extends SubjectName>(nc: NatsConnection, subject: S, since: Date): Promise<PublishedEvent<S>[]> {
  const stream = streamOf(subject);
  const jsm = await nc.jetstreamManager();
  const consumer = await jsm.consumers.add(stream, {
    name: `test_${randomUUID().slice(0, 8)}`,
    filter_subject: subject,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
    ack_policy: AckPolicy.None,
    inactive_threshold: 30_000_000_000,
  });
  try {
    const pending = (await jsm.consumers.info(stream, consumer.name)).num_pending;
    const found: PublishedEvent<S>[] = [];
    if (pending === 0) return found;
    const messages = await (await nc.jetstream().consumers.get(stream, consumer.name)).fetch({ max_messages: pending, expires: 5000 });
    for await (const message of messages) {
      found.push({ envelope: parseEnvelope(subject, message.json()), msgId: message.headers?.get(MSG_ID_HEADER) });
      if (found.length >= pending) break;
    }
    return found;
  } finally {
    await jsm.consumers.delete(stream, consumer.name).catch(() => undefined);
  }
}

import { AckPolicy, DeliverPolicy } from 'nats';
import type { ConsumerMessages, JsMsg, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { decodeEnvelope, EVENT_PAYLOADS, parseEnvelope } from '@venuebook/contracts/events';
import type { StreamDefinition, SubjectName } from '@venuebook/contracts/events';
import type { DomainEvent, SubjectsMatching } from './event-subscription.ts';

export interface DurableConsumerOptions<P extends string> {
  /** The stream to read (it must exist: the service lists it in its streams). */
  stream: StreamDefinition;
  /** The durable consumer's name: its position survives restarts; replicas sharing it share the work. */
  durable: string;
  /** Subjects of the stream to read (NATS wildcards). */
  filterSubject: P;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>;
  /** How long the server waits for an ack before it delivers again (default 30 s). */
  ackWaitMs?: number;
  /** Longest wait before a failed message is tried again (default 60 s; it starts at 1 s and doubles). */
  maxRetryDelayMs?: number;
}

export interface RunningDurableConsumer {
  /** Stops taking messages and waits for the one in hand; the durable consumer stays on the server. */
  stop(): Promise<void>;
}

const isKnownSubject = (subject: string): subject is SubjectName => Object.hasOwn(EVENT_PAYLOADS, subject);

/**
 * At-least-once processing of domain events from a JetStream durable consumer (created if missing,
 * deliver-all, explicit acks): unlike `subscribeDomainEvents`, nothing is lost while the service is down —
 * it continues where the consumer stopped. Each message is parsed through the shared envelope parser; a
 * handled message is acked; a handler that throws gets the message again after a back-off (1 s, doubling,
 * up to `maxRetryDelayMs`), without limit, so a database outage delays but never drops events; a message
 * that is no valid envelope of a known subject is terminated (logged; retrying cannot help). Handlers must
 * be idempotent (a redelivery after a lost ack repeats one).
 */
export async function consumeDurable<const P extends string>(
  nc: NatsConnection,
  options: DurableConsumerOptions<P>,
  handler: (event: DomainEvent<SubjectsMatching<P>>) => Promise<void>,
): Promise<RunningDurableConsumer> {
  const { stream, durable, filterSubject, logger } = options;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60_000;
  const jsm = await nc.jetstreamManager();
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: filterSubject,
    ack_wait: (options.ackWaitMs ?? 30_000) * 1_000_000,
    max_ack_pending: 1000,
  };
  try {
    await jsm.consumers.info(stream.name, durable);
    await jsm.consumers.update(stream.name, durable, { ack_wait: config.ack_wait, filter_subject: filterSubject, max_ack_pending: config.max_ack_pending });
  } catch (error) {
    if (!/consumer not found/i.test((error as Error).message ?? '')) throw error;
    await jsm.consumers.add(stream.name, config);
  }
  const consumer = await nc.jetstream().consumers.get(stream.name, durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: 100 });

  const handle = async (message: JsMsg): Promise<void> => {
    const { subject } = message;
    let event: DomainEvent<SubjectsMatching<P>>;
    try {
      if (!isKnownSubject(subject)) throw new Error(`unknown subject '${subject}'`);
      event = parseEnvelope(subject, decodeEnvelope(message.data)) as DomainEvent<SubjectsMatching<P>>;
    } catch (invalid) {
      logger.error({ err: invalid, subject, seq: message.seq, durable }, 'dropped a malformed event');
      message.term('malformed');
      return;
    }
    try {
      await handler(event);
      message.ack();
    } catch (failure) {
      const delay = Math.min(maxRetryDelayMs, 1000 * 2 ** Math.min(message.info.redeliveryCount - 1, 16));
      logger.warn(
        { err: failure, subject, eventId: event.id, attempt: message.info.redeliveryCount, retryInMs: delay, durable },
        'event handler failed; will retry',
      );
      message.nak(delay);
    }
  };

  const loop = (async () => {
    for await (const message of messages) await handle(message);
  })().catch((error: unknown) => logger.error({ err: error, durable }, 'durable consumer stopped'));
  logger.debug({ stream: stream.name, durable, filterSubject }, 'durable consumer started');

  let stopped: Promise<void> | undefined;
  return {
    stop: () => {
      stopped ??= (async () => {
        messages.stop();
        await loop;
      })();
      return stopped;
    },
  };
}

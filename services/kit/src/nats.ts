import { connect, DiscardPolicy, headers, RetentionPolicy, StorageType } from 'nats';
import type { JetStreamClient, NatsConnection, PubAck, StreamConfig } from 'nats';
import { STREAM_LIST } from '@venuebook/contracts/events';
import type { StreamDefinition } from '@venuebook/contracts/events';
import { redactCredentials } from './redact-credentials.ts';

export type { JetStreamClient, JsMsg, NatsConnection, PubAck } from 'nats';
export { AckPolicy, DeliverPolicy } from 'nats';

const DAY_MS = 24 * 60 * 60 * 1000;
const nanos = (ms: number): number => ms * 1_000_000;

export function toStreamConfig(definition: StreamDefinition): Partial<StreamConfig> & { name: string; subjects: string[] } {
  return {
    name: definition.name,
    subjects: [...definition.subjects],
    ...(definition.description ? { description: definition.description } : {}),
    max_age: nanos(definition.maxAgeMs ?? 30 * DAY_MS),
    duplicate_window: nanos(definition.duplicateWindowMs ?? 2 * 60 * 1000),
    storage: definition.storage === 'memory' ? StorageType.Memory : StorageType.File,
    retention:
      definition.retention === 'interest'
        ? RetentionPolicy.Interest
        : definition.retention === 'workqueue'
          ? RetentionPolicy.Workqueue
          : RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    num_replicas: definition.replicas ?? 1,
  };
}

export interface ConnectNatsOptions {
  /** Client name shown in NATS monitoring. */
  name?: string;
  /** Fail after this long when the server is not reachable. Default 10 s. */
  timeoutMs?: number;
}

/** Connects to NATS and keeps reconnecting forever after the first successful connection. */
export async function connectNats(url: string, options: ConnectNatsOptions = {}): Promise<NatsConnection> {
  try {
    return await connect({
      servers: url,
      name: options.name,
      timeout: options.timeoutMs ?? 10_000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
    });
  } catch (error) {
    throw new Error(`Could not connect to NATS at ${redactCredentials(url)}: ${redactCredentials((error as Error).message)}`, { cause: error });
  }
}

function isStreamNotFound(error: unknown): boolean {
  const apiError = (error as { api_error?: { err_code?: number } }).api_error;
  return apiError?.err_code === 10059 || /stream not found/i.test((error as Error).message ?? '');
}

/**
 * Creates each stream, or updates an existing one to the declared subjects and limits. Idempotent; safe
 * to run from several processes at start-up. Default: every stream of '@venuebook/contracts/events'.
 */
export async function ensureStreams(nc: NatsConnection, streams: readonly StreamDefinition[] = STREAM_LIST): Promise<void> {
  const jsm = await nc.jetstreamManager();
  for (const definition of streams) {
    const config = toStreamConfig(definition);
    try {
      const existing = await jsm.streams.info(definition.name);
      const sameSubjects =
        existing.config.subjects.length === config.subjects.length && config.subjects.every((subject) => existing.config.subjects.includes(subject));
      if (!sameSubjects || existing.config.max_age !== config.max_age || existing.config.duplicate_window !== config.duplicate_window) {
        await jsm.streams.update(definition.name, {
          subjects: config.subjects,
          max_age: config.max_age,
          duplicate_window: config.duplicate_window,
          ...(config.description ? { description: config.description } : {}),
        });
      }
    } catch (error) {
      if (!isStreamNotFound(error)) throw error;
      try {
        await jsm.streams.add(config);
      } catch (addError) {
        // Another process may have created it in the meantime.
        if (!/already in use|already exists/i.test((addError as Error).message ?? '')) throw addError;
      }
    }
  }
}

/** Anything published as a domain event carries its own unique id. */
export interface EventEnvelope {
  id: string;
}

/**
 * The header naming the service instance that published an event (its read model's `origin`), so that the
 * instance's read model can tell its own events, already applied, from other replicas' (ReadModel).
 */
export const EVENT_ORIGIN_HEADER = 'Venuebook-Origin';

/**
 * Publishes a JSON event to JetStream with `Nats-Msg-Id` = the event id, so a retried publish of the same
 * event is stored once, and `origin` (if given) in EVENT_ORIGIN_HEADER. Resolves with the stream's
 * acknowledgement; rejects when no stream takes the subject.
 */
export async function publishEvent(
  js: JetStreamClient,
  subject: string,
  event: EventEnvelope,
  options: { timeoutMs?: number; origin?: string } = {},
): Promise<PubAck> {
  if (!event.id) throw new Error('publishEvent: the event needs an id');
  const payload = new TextEncoder().encode(JSON.stringify(event));
  let messageHeaders: ReturnType<typeof headers> | undefined;
  if (options.origin) {
    messageHeaders = headers();
    messageHeaders.set(EVENT_ORIGIN_HEADER, options.origin);
  }
  // `msgID` travels as the Nats-Msg-Id header, which JetStream uses to de-duplicate.
  return js.publish(subject, payload, { msgID: event.id, timeout: options.timeoutMs ?? 5000, ...(messageHeaders ? { headers: messageHeaders } : {}) });
}

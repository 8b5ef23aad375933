import type { Msg, NatsConnection, NatsError, Subscription } from 'nats';
import type { Logger } from 'pino';
import { decodeEnvelope, EVENT_PAYLOADS, parseEnvelope } from '@venuebook/contracts/events';
import type { EventEnvelope, ParsedEventPayload, SubjectName } from '@venuebook/contracts/events';

/**
 * The known subjects a NATS subject pattern covers, as far as the type system can tell: `a.b.>` → every
 * subject starting with `a.b.`, an exact subject → itself, a pattern with `*` → every subject.
 */
export type SubjectsMatching<P extends string> = P extends `${string}*${string}`
  ? SubjectName
  : P extends `${infer Prefix}.>`
    ? Extract<SubjectName, `${Prefix}.${string}`>
    : Extract<SubjectName, P>;

/** A received domain event whose envelope and payload were validated; `subject` tells which payload `data` is. */
export type DomainEvent<S extends SubjectName = SubjectName> = { [K in S]: EventEnvelope<ParsedEventPayload<K>> & { subject: K } }[S];

export interface SubscribeDomainEventsOptions {
  /** Where malformed or unknown messages and failing handlers are reported. */
  logger?: Pick<Logger, 'debug' | 'warn' | 'error'>;
  /** A NATS queue group: each event goes to one member of the group instead of to every subscriber. */
  queue?: string;
}

const isKnownSubject = (subject: string): subject is SubjectName => Object.hasOwn(EVENT_PAYLOADS, subject);

/**
 * Live domain events on `pattern` (NATS wildcards), each parsed through the shared envelope parser
 * (`decodeEnvelope` + `parseEnvelope` of `@venuebook/contracts/events`) before `handler` sees it. A core NATS
 * subscription: at most once and only while connected, which suits dropping caches and other reactions
 * that need no replay (work that must not miss an event reads a JetStream consumer instead).
 * Messages that are no valid envelope of a known subject are skipped (and logged); a handler that throws
 * or rejects is logged and the subscription goes on. End it with `unsubscribe()` or by draining `nc`.
 */
export function subscribeDomainEvents<const P extends string>(
  nc: NatsConnection,
  pattern: P,
  handler: (event: DomainEvent<SubjectsMatching<P>>) => void | Promise<void>,
  options: SubscribeDomainEventsOptions = {},
): Subscription {
  const { logger } = options;
  const receive = (error: NatsError | null, message: Msg): void => {
    if (error) {
      logger?.warn({ err: error, pattern }, 'domain event subscription error');
      return;
    }
    const { subject } = message;
    if (!isKnownSubject(subject)) {
      logger?.debug({ subject }, 'ignored a message on an unknown subject');
      return;
    }
    let event: DomainEvent<SubjectsMatching<P>>;
    try {
      event = parseEnvelope(subject, decodeEnvelope(message.data)) as DomainEvent<SubjectsMatching<P>>;
    } catch (invalid) {
      logger?.warn({ err: invalid, subject }, 'ignored a malformed domain event');
      return;
    }
    void (async () => handler(event))().catch((failure: unknown) => {
      logger?.error({ err: failure, subject, eventId: event.id }, 'domain event handler failed');
    });
  };
  return nc.subscribe(pattern, { callback: receive, ...(options.queue ? { queue: options.queue } : {}) });
}

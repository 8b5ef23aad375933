import { createEnvelope } from '@venuebook/contracts/events';
import type { Actor, EventPayload, SubjectName } from '@venuebook/contracts/events';
import type { Logger } from 'pino';
import { publishEvent } from './nats.ts';
import type { JetStreamClient } from './nats.ts';

export interface DomainEventPublisher {
  /**
   * Publishes a validated envelope of `subject` to JetStream (event id as Nats-Msg-Id). Never throws: the
   * write that caused the event has already happened, so a failed publish is logged, not surfaced.
   * Resolves with the event id, or null when it could not be published.
   */
  publish<S extends SubjectName>(subject: S, data: EventPayload<S>, context?: { actor?: Actor; requestId?: string }): Promise<string | null>;
}

/**
 * `publishTimeoutMs` (default 1500) is kept well below the callers' gRPC deadline, so that an unreachable
 * NATS delays a write a little but never fails it. `origin`: the service's read model's `origin`, stamped on
 * every event, so that its own events are not read again (ReadModel).
 */
export function createEventPublisher(js: JetStreamClient, logger: Logger, options: { publishTimeoutMs?: number; origin?: string } = {}): DomainEventPublisher {
  const timeoutMs = options.publishTimeoutMs ?? 1500;
  return {
    async publish(subject, data, context = {}) {
      try {
        // Widened once here: checking the generic payload against every subject's schema is needlessly costly.
        const envelope = createEnvelope(subject as SubjectName, data as never, context.actor ? { actor: context.actor } : {});
        const ack = await publishEvent(js, subject, envelope, { timeoutMs, ...(options.origin ? { origin: options.origin } : {}) });
        logger.debug({ subject, eventId: envelope.id, seq: ack.seq }, 'event published');
        return envelope.id;
      } catch (error) {
        logger.error({ err: error, subject, requestId: context.requestId }, 'failed to publish event');
        return null;
      }
    },
  };
}

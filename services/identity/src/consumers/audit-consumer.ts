import { STREAMS, SUBJECTS } from '@venuebook/contracts/events';
import { consumeDurable } from '@venuebook/service-kit';
import type { Logger, NatsConnection, RunningDurableConsumer } from '@venuebook/service-kit';
import type { AuditLogUseCases } from '../use-cases/audit-logs.ts';

/**
 * Stores every audit event of every service: a JetStream durable consumer (AUDIT_CONSUMER_NAME) on the audit
 * stream, so events published while identity is down are stored when it is back; each event once (its id
 * is the stored document's `_id`), so a redelivery changes nothing.
 */
export function startAuditConsumer(
  nc: NatsConnection,
  options: { durable: string; logger: Logger; useCases: Pick<AuditLogUseCases, 'storeAuditEvent'> },
): Promise<RunningDurableConsumer> {
  const { logger, useCases } = options;
  return consumeDurable(nc, { stream: STREAMS.audit, durable: options.durable, filterSubject: SUBJECTS.auditRecorded, logger }, async (event) => {
    const stored = await useCases.storeAuditEvent(event);
    if (!stored) logger.debug({ eventId: event.id }, 'audit event already stored');
  });
}

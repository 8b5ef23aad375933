import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder } from '@venuebook/service-kit';

/** What the notifier tells the audit log: the admin actions on the webhook (the secret itself is never recorded). */
export function createNotifierEvents(audit: AuditRecorder) {
  return {
    async secretRotated(by: Caller): Promise<void> {
      await audit.record({ action: 'rotate_secret', table: 'webhook_secrets', recordId: 'signing', newValues: { rotated: true } }, auditContextOf(by));
    },
    async jobRetried(by: Caller, deliveryId: string): Promise<void> {
      await audit.record({ action: 'retry', table: 'webhook_jobs', recordId: deliveryId, newValues: { status: 'pending' } }, auditContextOf(by));
    },
  };
}

export type NotifierEvents = ReturnType<typeof createNotifierEvents>;

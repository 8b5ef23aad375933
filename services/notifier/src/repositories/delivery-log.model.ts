import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

export const DELIVERY_OUTCOMES = ['delivered', 'retrying', 'failed', 'skipped'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** One attempt as the delivery log keeps it. */
export interface DeliveryLogEntry {
  id: string;
  deliveryId: string;
  kind: 'first_login' | 'test';
  email: string;
  at: Date;
  attempt: number;
  statusCode: number;
  error: string;
  latencyMs: number;
  outcome: DeliveryOutcome;
}

/**
 * webhook_delivery_log: the attempts, written in batches (`_id` 'batch-<n>', n from the counter 'delivery_log'): an
 * insert per batch whatever the rate of deliveries, and the latest read by `_id`; each insert deletes the batch that
 * falls out of the window (by `_id`).
 */
export interface DeliveryLogBatchDocument {
  _id: string;
  seq: number;
  entries: DeliveryLogEntry[];
}

const entrySchema = new Schema<DeliveryLogEntry>(
  {
    id: { type: String, required: true },
    deliveryId: { type: String, required: true },
    kind: { type: String, required: true, enum: ['first_login', 'test'] },
    email: { type: String, default: '' },
    at: { type: Date, required: true },
    attempt: { type: Number, required: true },
    statusCode: { type: Number, default: 0 },
    error: { type: String, default: '' },
    latencyMs: { type: Number, default: 0 },
    outcome: { type: String, required: true, enum: DELIVERY_OUTCOMES },
  },
  { _id: false },
);

const deliveryLogSchema = new Schema<DeliveryLogBatchDocument>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true }, entries: { type: [entrySchema], default: [] } },
  { collection: 'webhook_delivery_log', versionKey: false, strict: 'throw' },
);

export function deliveryLogModel(connection: Connection): Model<DeliveryLogBatchDocument> {
  return registeredModel<DeliveryLogBatchDocument>(connection, 'WebhookDeliveryLog', deliveryLogSchema);
}

/** webhook_counters: named sequences (`_id` the name), e.g. the delivery log's. */
export interface CounterDocument {
  _id: string;
  seq: number;
}

const counterSchema = new Schema<CounterDocument>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true } },
  { collection: 'webhook_counters', versionKey: false, strict: 'throw' },
);

export function counterModel(connection: Connection): Model<CounterDocument> {
  return registeredModel<CounterDocument>(connection, 'WebhookCounter', counterSchema);
}

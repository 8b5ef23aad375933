import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

export const DELIVERY_OUTCOMES = ['delivered', 'retrying', 'failed', 'skipped'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/**
 * webhook_delivery_log: the latest attempts, a ring of DELIVERY_LOG_SLOTS documents (`_id` 'slot-<n>'): attempt
 * number `seq` overwrites slot seq mod the size, so the log is bounded by construction and read by `_id`.
 */
export interface DeliveryLogDocument {
  _id: string;
  seq: number;
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

const deliveryLogSchema = new Schema<DeliveryLogDocument>(
  {
    _id: { type: String, required: true },
    seq: { type: Number, required: true },
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
  { collection: 'webhook_delivery_log', versionKey: false, strict: 'throw' },
);

export function deliveryLogModel(connection: Connection): Model<DeliveryLogDocument> {
  return registeredModel<DeliveryLogDocument>(connection, 'WebhookDeliveryLog', deliveryLogSchema);
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

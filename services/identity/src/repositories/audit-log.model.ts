import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/**
 * audit_logs (spec §3): one document per audit event, `_id` = the event id, so that a redelivered event is
 * a duplicate-key insert (atomic on FerretDB v1 too) and is stored once. Old and new values are kept as JSON
 * text: the services' field names never become stored keys (FerretDB v1 refuses some, e.g. with '$' or '.').
 */
export interface AuditLogDocument {
  _id: string;
  userId: string | null;
  userEmail: string | null;
  action: string;
  tableName: string;
  recordId: string | null;
  oldValuesJson: string | null;
  newValuesJson: string | null;
  /** When the change happened (the event's occurredAt). */
  createdAt: Date;
  service: string;
  receivedAt: Date;
}

export const auditLogSchema = new Schema<AuditLogDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, default: null },
    userEmail: { type: String, default: null },
    action: { type: String, required: true },
    tableName: { type: String, required: true },
    recordId: { type: String, default: null },
    oldValuesJson: { type: String, default: null },
    newValuesJson: { type: String, default: null },
    createdAt: { type: Date, required: true },
    service: { type: String, required: true },
    receivedAt: { type: Date, required: true },
  },
  { collection: 'audit_logs', versionKey: false, strict: 'throw' },
);
// No secondary index: the list comes from the read model; the database is read by `_id` only.

export function auditLogModel(connection: Connection): Model<AuditLogDocument> {
  return registeredModel<AuditLogDocument>(connection, 'AuditLog', auditLogSchema);
}

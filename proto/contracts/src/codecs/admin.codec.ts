// Proto ↔ domain mapping of the identity service's audit log and admin settings (the service answers in
// proto, the gateway in JSON), so that a field is added in one place.
import type { JsonObject, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { AdminSettingSchema, AuditLogEntrySchema } from '@venuebook/contracts/identity/v1';
import { isAdminSettingKey } from '@venuebook/domain';
import type { AdminSetting } from '@venuebook/domain';
import type { AuditLogEntry } from '@venuebook/domain';

/** An audit entry as the identity service stores it (structural: proto never imports service code). */
export interface StoredAuditEntry {
  id: string;
  userId: string | null;
  userEmail: string | null;
  action: string;
  tableName: string;
  recordId: string | null;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
  createdAt: Date;
  service: string;
}

/** A stored setting (null dates and authors for one never set). */
export interface StoredAdminSetting {
  key: string;
  value: string;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Plain JSON of stored values (dates as strings, no undefined), as google.protobuf.Struct carries it. */
const toStruct = (values: Record<string, unknown> | null): JsonObject | undefined => (values ? (JSON.parse(JSON.stringify(values)) as JsonObject) : undefined);

export function auditEntryToProto(entry: StoredAuditEntry): MessageInitShape<typeof AuditLogEntrySchema> {
  const oldValues = toStruct(entry.oldValues);
  const newValues = toStruct(entry.newValues);
  return {
    id: entry.id,
    userId: entry.userId ?? '',
    userEmail: entry.userEmail ?? '',
    action: entry.action,
    tableName: entry.tableName,
    recordId: entry.recordId ?? '',
    ...(oldValues ? { oldValues } : {}),
    ...(newValues ? { newValues } : {}),
    createdAt: entry.createdAt.toISOString(),
    service: entry.service,
  };
}

export function auditEntryFromProto(entry: MessageShape<typeof AuditLogEntrySchema>): AuditLogEntry {
  return {
    id: entry.id,
    userId: entry.userId || null,
    userEmail: entry.userEmail || null,
    action: entry.action,
    tableName: entry.tableName,
    recordId: entry.recordId || null,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
    createdAt: entry.createdAt,
    service: entry.service,
  };
}

export function adminSettingToProto(setting: StoredAdminSetting): MessageInitShape<typeof AdminSettingSchema> {
  return { key: setting.key, value: setting.value, updatedAt: setting.updatedAt ? setting.updatedAt.toISOString() : '', updatedBy: setting.updatedBy ?? '' };
}

export function adminSettingFromProto(setting: MessageShape<typeof AdminSettingSchema>): AdminSetting {
  if (!isAdminSettingKey(setting.key)) throw new Error(`Unknown admin setting '${setting.key}' from the identity service`);
  return { key: setting.key, value: setting.value, updatedAt: setting.updatedAt || null, updatedBy: setting.updatedBy || null };
}

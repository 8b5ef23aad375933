import { ADMIN_SETTING_KEYS, isAdminSettingKey, validateAdminSetting } from '@venuebook/domain';
import type { StoredAdminSetting } from '@venuebook/contracts/codecs/admin';
import { GrpcError } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder } from '@venuebook/service-kit';
import type { SettingsRepository } from '../repositories/settings.repository.ts';

export interface SettingsDeps {
  settings: SettingsRepository;
  audit: AuditRecorder;
  now: () => Date;
  /** The deployment allows a webhook receiver on this machine (WEBHOOK_ALLOW_LOOPBACK: local mode, tests). */
  allowLoopbackWebhook?: boolean;
}

export const SETTING_NOT_FOUND = 'Setting not found';

const unset = (key: string): StoredAdminSetting => ({ key, value: '', updatedAt: null, updatedBy: null });

/** admin_settings (spec §3, §7): read as a key → value map, saved one key at a time; admin or owner (checked by the handlers). */
export function settingsUseCases({ settings, audit, now, allowLoopbackWebhook = false }: SettingsDeps) {
  return {
    /** Every known setting, '' for those never set. */
    async listAdminSettings(): Promise<StoredAdminSetting[]> {
      const stored = new Map((await settings.all()).map((setting) => [setting.key, setting]));
      return ADMIN_SETTING_KEYS.map((key) => stored.get(key) ?? unset(key));
    },

    /** One known setting; NOT_FOUND for an unknown key. */
    async getAdminSetting(key: string): Promise<StoredAdminSetting> {
      if (!isAdminSettingKey(key)) throw GrpcError.notFound(SETTING_NOT_FOUND);
      return (await settings.get(key)) ?? unset(key);
    },

    /** Validates the value for its key (INVALID_ARGUMENT with the field), stores it and records the change in the audit log. */
    async setAdminSetting(caller: Caller, input: { key: string; value: string }): Promise<StoredAdminSetting> {
      const validated = validateAdminSetting(input.key, input.value, { allowLoopbackWebhook });
      if (!validated.ok) {
        if (validated.field === 'key') throw GrpcError.notFound(SETTING_NOT_FOUND);
        throw GrpcError.invalidArgument(
          'Invalid setting',
          validated.messages.map((message) => ({ field: 'value', message })),
        );
      }
      const { before, after } = await settings.set(input.key, validated.value, caller.email, now());
      if (before?.value !== after.value) {
        await audit.record(
          {
            action: before ? 'update' : 'create',
            table: 'admin_settings',
            recordId: input.key,
            oldValues: before ? { setting_value: before.value } : null,
            newValues: { setting_value: after.value },
          },
          auditContextOf(caller),
        );
      }
      return after;
    },
  };
}

export type SettingsUseCases = ReturnType<typeof settingsUseCases>;

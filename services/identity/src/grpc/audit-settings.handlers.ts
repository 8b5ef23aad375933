import { adminSettingToProto, auditEntryToProto } from '@venuebook/contracts/codecs/admin';
import type { ServiceHandlers } from '@venuebook/grpc';
import type { IdentityService } from '@venuebook/contracts/identity/v1';
import { requirePermission } from '@venuebook/service-kit';
import type { AuditLogUseCases } from '../use-cases/audit-logs.ts';
import type { SettingsUseCases } from '../use-cases/settings.ts';

/** The identity service's methods for the audit log and the admin settings (the rest: identity.handlers.ts). */
export type AuditSettingsMethods = 'listAuditLogs' | 'listAdminSettings' | 'getAdminSetting' | 'setAdminSetting';

/** Audit log: owners ('audit.view'); settings: 'settings.view' / 'settings.edit' (admin or owner) — the shared permission table. */
export function createAuditSettingsHandlers(
  useCases: AuditLogUseCases & SettingsUseCases,
): Pick<ServiceHandlers<typeof IdentityService>, AuditSettingsMethods> {
  return {
    async listAuditLogs(request, call) {
      requirePermission(call, 'audit.view');
      const { entries, total, page, pageSize } = await useCases.listAuditLogs(request);
      return { entries: entries.map(auditEntryToProto), total, page, pageSize };
    },

    async listAdminSettings(_request, call) {
      requirePermission(call, 'settings.view');
      return { settings: (await useCases.listAdminSettings()).map(adminSettingToProto) };
    },

    async getAdminSetting(request, call) {
      requirePermission(call, 'settings.view');
      return { setting: adminSettingToProto(await useCases.getAdminSetting(request.key)) };
    },

    async setAdminSetting(request, call) {
      const caller = requirePermission(call, 'settings.edit');
      return { setting: adminSettingToProto(await useCases.setAdminSetting(caller, request)) };
    },
  };
}

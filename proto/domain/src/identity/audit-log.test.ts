import { describe, expect, it } from 'vitest';
import { auditActionTone, auditRecordIdLabel, auditUserLabel } from './audit-log.ts';

describe('audit log display rules (spec §2, §9)', () => {
  it('labels the user: e-mail, else Unknown User for a user id, else System', () => {
    expect(auditUserLabel({ userId: 'u1', userEmail: 'owner@example.com' })).toBe('owner@example.com');
    expect(auditUserLabel({ userId: 'u1', userEmail: null })).toBe('Unknown User');
    expect(auditUserLabel({ userId: 'worker:drive', userEmail: null })).toBe('System (drive)');
    expect(auditUserLabel({ userId: null, userEmail: null })).toBe('System');
  });

  it('shows the first 8 characters of a record id and an ellipsis, or N/A', () => {
    expect(auditRecordIdLabel('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0')).toBe('0f1e2d3c…');
    expect(auditRecordIdLabel('12345678')).toBe('12345678');
    expect(auditRecordIdLabel(null)).toBe('N/A');
    expect(auditRecordIdLabel('')).toBe('N/A');
  });

  it('styles the action badge by what the action does', () => {
    expect(['create', 'insert', 'bulk_insert'].map(auditActionTone)).toEqual(['default', 'default', 'default']);
    expect(['update', 'edit', 'role_update'].map(auditActionTone)).toEqual(['secondary', 'secondary', 'secondary']);
    expect(['delete', 'remove', 'soft_delete'].map(auditActionTone)).toEqual(['destructive', 'destructive', 'destructive']);
    expect(['restore', 'sync', 'sign_in'].map(auditActionTone)).toEqual(['outline', 'outline', 'outline']);
  });
});

import { describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSIONS, ROLES, actionsFor, can } from '../index.ts';
import type { Action, Role } from '../index.ts';

const EDIT_ACTIONS: Action[] = ['venue.create', 'venue.edit', 'venue.links.edit', 'document.upload', 'photo.upload', 'photo.tag'];

const ADMIN_ACTIONS: Action[] = [
  'user.assign_role',
  'user.remove',
  'settings.edit',
  'sync.reset',
  'venue.view_deleted',
  'contact.view_deleted',
  'card.view_deleted',
  'card.template.manage',
  'venue.restore',
  'venue.purge',
  'contact.restore',
  'contact.purge',
  'card.restore',
  'card.purge',
  'admin.menu',
];

describe('permission table (spec §6)', () => {
  it('covers every action with known roles and no duplicates', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ACTIONS].sort());
    for (const action of ACTIONS) {
      const roles = PERMISSIONS[action];
      expect(roles.length, action).toBeGreaterThan(0);
      expect(new Set(roles).size, action).toBe(roles.length);
      for (const r of roles) expect(ROLES).toContain(r);
    }
  });

  it('gives edit rights to owner, admin, editor and surveyor but not viewer', () => {
    for (const action of EDIT_ACTIONS) {
      for (const role of ['owner', 'admin', 'editor', 'surveyor'] as Role[]) expect(can(role, action), `${role} ${action}`).toBe(true);
      expect(can('viewer', action), action).toBe(false);
    }
  });

  it('lets a surveyor upload photos and documents and save data, but not delete venues', () => {
    expect(can('surveyor', 'photo.upload')).toBe(true);
    expect(can('surveyor', 'document.upload')).toBe(true);
    expect(can('surveyor', 'card.data.save')).toBe(true);
    expect(can('surveyor', 'venue.delete')).toBe(false);
    expect(can('surveyor', 'venue.clean_field_notes')).toBe(false);
  });

  it('gives the higher privilege to owner, admin and editor', () => {
    for (const action of ['venue.delete', 'venue.clean_field_notes'] as Action[]) {
      expect(PERMISSIONS[action]).toEqual(['owner', 'admin', 'editor']);
    }
  });

  it('restricts admin capabilities to owner and admin', () => {
    for (const action of ADMIN_ACTIONS) {
      expect([...PERMISSIONS[action]].sort(), action).toEqual(['admin', 'owner']);
      expect(can('editor', action), action).toBe(false);
    }
  });

  it('opens the audit log to owners only (spec §6 "Owner only sees Audit Logs")', () => {
    expect(PERMISSIONS['audit.view']).toEqual(['owner']);
    for (const role of ['admin', 'editor', 'surveyor', 'viewer'] as Role[]) expect(can(role, 'audit.view'), role).toBe(false);
  });

  it('shows the custom-tag option to admin and editor only', () => {
    expect(can('admin', 'contact.custom_tag')).toBe(true);
    expect(can('editor', 'contact.custom_tag')).toBe(true);
    expect(can('owner', 'contact.custom_tag')).toBe(false);
    expect(can('surveyor', 'contact.custom_tag')).toBe(false);
  });

  it('shows contact details to every role but viewer', () => {
    expect(PERMISSIONS['contact.view_details']).toEqual(['owner', 'admin', 'editor', 'surveyor']);
    expect(can('viewer', 'contact.view_details')).toBe(false);
  });

  it('shows the welcome dialog to viewers only', () => {
    expect(can('viewer', 'welcome.dialog')).toBe(true);
    expect(can('editor', 'welcome.dialog')).toBe(false);
  });

  it('treats a missing or unknown role as viewer', () => {
    for (const missing of [undefined, null, 'superuser' as Role]) {
      expect(can(missing, 'venue.edit')).toBe(false);
      expect(can(missing, 'venue.view')).toBe(true);
      expect(can(missing, 'welcome.dialog')).toBe(true);
    }
    expect(actionsFor(undefined)).toEqual(actionsFor('viewer'));
  });

  it('makes viewer read-only', () => {
    expect(actionsFor('viewer')).toEqual(['venue.view', 'welcome.dialog']);
  });

  it('gives the owner every action except viewer- and admin/editor-specific UI ones', () => {
    const missing = ACTIONS.filter((a) => !can('owner', a));
    expect(missing.sort()).toEqual(['contact.custom_tag', 'welcome.dialog']);
  });
});

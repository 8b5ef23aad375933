import type { DataCard, Department } from '@venuebook/sdk';
import { describe, expect, it } from 'vitest';
import {
  departmentDropId,
  departmentOfDropId,
  dropTargetOf,
  groupTemplates,
  planTemplateDrop,
  templateFormValues,
  templateInput,
  toggledDepartment,
} from './template-groups.ts';

const card = (id: string, title: string, primaryDepartment: Department, isSystemProtected = false): DataCard => ({
  id,
  title,
  description: '',
  type: 'custom',
  departments: [primaryDepartment],
  primaryDepartment,
  isTemplate: true,
  venueId: null,
  templateId: null,
  fields: [],
  createdBy: 'u',
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  deletedAt: null,
  isSystemProtected,
});

const templates = [
  card('notes', 'General Notes', 'Production/Broadcast', true),
  card('power', 'Power', 'Production/Broadcast'),
  card('camera', 'Camera Positions', 'Production/Broadcast'),
  card('parking', 'Parking', 'Events'),
];

const ids = (cards: readonly DataCard[]) => cards.map((c) => c.id);

describe('groupTemplates', () => {
  it('puts every department in spec order, each with its templates in the order given', () => {
    const groups = groupTemplates(templates);
    expect(Object.keys(groups)).toEqual(['Production/Broadcast', 'Events', 'Facilities', 'Production Management', 'Operations', 'Security', 'IT']);
    expect(ids(groups['Production/Broadcast'])).toEqual(['notes', 'power', 'camera']);
    expect(ids(groups.Events)).toEqual(['parking']);
    expect(groups.IT).toEqual([]);
  });
});

describe('drop ids', () => {
  it('names a department column and reads it back', () => {
    expect(departmentOfDropId(departmentDropId('Production/Broadcast'))).toBe('Production/Broadcast');
    expect(departmentOfDropId('power')).toBeUndefined();
    expect(departmentOfDropId('department:Nope')).toBeUndefined();
  });
  it('finds the target of a card or a column', () => {
    const groups = groupTemplates(templates);
    expect(dropTargetOf(groups, 'camera')).toEqual({ department: 'Production/Broadcast', index: 2 });
    expect(dropTargetOf(groups, departmentDropId('Events'))).toEqual({ department: 'Events', index: 1 });
    expect(dropTargetOf(groups, 'unknown')).toBeUndefined();
  });
});

describe('planTemplateDrop', () => {
  const groups = groupTemplates(templates);

  it('reorders within a department', () => {
    const drop = planTemplateDrop(groups, 'camera', { department: 'Production/Broadcast', index: 1 });
    expect(drop).toMatchObject({ kind: 'reorder', department: 'Production/Broadcast', cardIds: ['notes', 'camera', 'power'] });
  });

  it('keeps general notes first when a card is dropped above it', () => {
    const drop = planTemplateDrop(groups, 'camera', { department: 'Production/Broadcast', index: 0 });
    expect(drop?.cardIds).toEqual(['notes', 'camera', 'power']);
  });

  it('is nothing when the order does not change, or for the protected card', () => {
    expect(planTemplateDrop(groups, 'power', { department: 'Production/Broadcast', index: 1 })).toBeNull();
    expect(planTemplateDrop(groups, 'notes', { department: 'Events', index: 0 })).toBeNull();
    expect(planTemplateDrop(groups, 'unknown', { department: 'Events', index: 0 })).toBeNull();
  });

  it('moves to another department at the drop position, with its new primary department', () => {
    const drop = planTemplateDrop(groups, 'power', { department: 'Events', index: 0 });
    expect(drop).toMatchObject({ kind: 'move', department: 'Events', cardIds: ['power', 'parking'] });
    expect(drop?.kind === 'move' && drop.card.primaryDepartment).toBe('Events');
    expect(ids(drop!.groups['Production/Broadcast'])).toEqual(['notes', 'camera']);
    expect(ids(drop!.groups.Events)).toEqual(['power', 'parking']);
  });

  it('moves to the end of an empty department', () => {
    const drop = planTemplateDrop(groups, 'parking', { department: 'IT', index: 0 });
    expect(drop).toMatchObject({ kind: 'move', department: 'IT', cardIds: ['parking'] });
    expect(drop!.groups.Events).toEqual([]);
  });
});

describe('the template dialog', () => {
  const amps = { key: 'amps', label: 'Amps', type: 'number' as const, options: [], required: false };
  const notesField = { key: 'notes', label: 'Notes', type: 'textarea' as const, options: [], required: false };

  it('starts empty (with the notes field) in the department it was opened from, or from the template', () => {
    expect(templateFormValues(null, 'IT')).toEqual({ title: '', description: '', departments: ['IT'], fields: [notesField] });
    const power = { ...card('power', 'Power', 'Events'), departments: ['IT', 'Events'] as Department[], description: 'Mains', fields: [amps] };
    expect(templateFormValues(power, 'IT')).toEqual({ title: 'Power', description: 'Mains', departments: ['Events', 'IT'], fields: [amps] });
  });

  it('toggles a department, keeping spec order', () => {
    expect(toggledDepartment(['IT'], 'Events')).toEqual(['Events', 'IT']);
    expect(toggledDepartment(['Events', 'IT'], 'Events')).toEqual(['IT']);
  });

  it('saves the primary department it keeps, else the first checked, with the edited fields', () => {
    const power = card('power', 'Power', 'Security');
    expect(templateInput({ title: 'Power', description: '', departments: ['Events', 'Security'], fields: [amps] }, power)).toMatchObject({
      primaryDepartment: 'Security',
      fields: [amps],
    });
    expect(templateInput({ title: 'Power', description: '', departments: ['Events', 'IT'], fields: [] }, power)).toMatchObject({ primaryDepartment: 'Events' });
    expect(templateInput({ title: 'New', description: 'd', departments: ['IT'], fields: [notesField] }, null)).toEqual({
      title: 'New',
      description: 'd',
      departments: ['IT'],
      primaryDepartment: 'IT',
      fields: [notesField],
    });
  });
});

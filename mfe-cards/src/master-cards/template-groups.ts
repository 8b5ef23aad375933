import { arrayMove } from '@dnd-kit/sortable';
import {
  DEFAULT_NOTES_FIELD,
  DEPARTMENTS,
  isGeneralNotesCard,
  type CardField,
  type CardFieldInput,
  type CardInput,
  type DataCard,
  type Department,
} from '@venuebook/sdk';

/** The master templates by primary department (spec §2 'Master Data Card Templates'). */
export type TemplateGroups = Record<Department, DataCard[]>;

/** The droppable id of a department's column (its cards' ids are card ids). */
export function departmentDropId(department: Department): string {
  return `department:${department}`;
}

/** The department a droppable id names, if it is a column's. */
export function departmentOfDropId(id: string): Department | undefined {
  const name = id.startsWith('department:') ? id.slice('department:'.length) : '';
  return (DEPARTMENTS as readonly string[]).includes(name) ? (name as Department) : undefined;
}

/** Every department (in spec order) with its templates, in the order the server gave (the §9 order). */
export function groupTemplates(templates: readonly DataCard[]): TemplateGroups {
  const groups = Object.fromEntries(DEPARTMENTS.map((department) => [department, [] as DataCard[]])) as TemplateGroups;
  for (const template of templates) groups[template.primaryDepartment].push(template);
  return groups;
}

/** Spec §9: 'general notes' cards stay first whatever was dragged above them (the rest keep their order). */
export function keepGeneralNotesFirst(cards: readonly DataCard[]): DataCard[] {
  return [...cards.filter(isGeneralNotesCard), ...cards.filter((card) => !isGeneralNotesCard(card))];
}

/** Where a template was dropped: a department and the position in it (its length: at the end). */
export interface DropTarget {
  department: Department;
  index: number;
}

/** The drop target of a drag that ended over `overId`: a card (its place) or a department's column (its end). */
export function dropTargetOf(groups: TemplateGroups, overId: string): DropTarget | undefined {
  const column = departmentOfDropId(overId);
  if (column) return { department: column, index: groups[column].length };
  for (const department of DEPARTMENTS) {
    const index = groups[department].findIndex((card) => card.id === overId);
    if (index >= 0) return { department, index };
  }
  return undefined;
}

/** What a drop does: a new order within the department, or a move to another department (at the drop position). */
export type TemplateDrop =
  | { kind: 'reorder'; department: Department; cardIds: string[]; groups: TemplateGroups }
  | { kind: 'move'; card: DataCard; department: Department; cardIds: string[]; groups: TemplateGroups };

/**
 * The result of dropping template `activeId` on `target`: null when nothing changes or the card is protected (the
 * General Notes card is never dragged). `groups` is the new grouping to show at once; `cardIds` the department's
 * new order for the server.
 */
export function planTemplateDrop(groups: TemplateGroups, activeId: string, target: DropTarget): TemplateDrop | null {
  const from = DEPARTMENTS.find((department) => groups[department].some((card) => card.id === activeId));
  if (!from) return null;
  const source = groups[from];
  const oldIndex = source.findIndex((card) => card.id === activeId);
  const card = source[oldIndex]!;
  if (card.isSystemProtected) return null;

  if (from === target.department) {
    const newIndex = Math.min(target.index, source.length - 1);
    const reordered = keepGeneralNotesFirst(arrayMove(source, oldIndex, newIndex));
    if (reordered.every((c, i) => c.id === source[i]!.id)) return null;
    return { kind: 'reorder', department: from, cardIds: reordered.map((c) => c.id), groups: { ...groups, [from]: reordered } };
  }

  const moved: DataCard = { ...card, primaryDepartment: target.department };
  const destination = [...groups[target.department]];
  destination.splice(Math.min(target.index, destination.length), 0, moved);
  const ordered = keepGeneralNotesFirst(destination);
  return {
    kind: 'move',
    card: moved,
    department: target.department,
    cardIds: ordered.map((c) => c.id),
    groups: { ...groups, [from]: source.filter((c) => c.id !== activeId), [target.department]: ordered },
  };
}

/** The template dialog's fields. */
export interface TemplateFormValues {
  title: string;
  description: string;
  departments: Department[];
  fields: CardField[];
}

/** The dialog's starting values: the template's, or empty in `department` (with the notes field) for a new one. */
export function templateFormValues(template: DataCard | null, department: Department): TemplateFormValues {
  if (!template) return { title: '', description: '', departments: [department], fields: [{ ...DEFAULT_NOTES_FIELD, options: [] }] };
  return {
    title: template.title,
    description: template.description,
    departments: DEPARTMENTS.filter((d) => template.departments.includes(d)),
    fields: template.fields.map((field) => ({ ...field, options: [...field.options] })),
  };
}

/** `departments` with `department` checked or unchecked, in spec order. */
export function toggledDepartment(departments: readonly Department[], department: Department): Department[] {
  const next = departments.includes(department) ? departments.filter((d) => d !== department) : [...departments, department];
  return DEPARTMENTS.filter((d) => next.includes(d));
}

/** What the dialog saves: its values with the primary department (the template's own while still checked, else the first checked). */
export function templateInput(
  values: { title: string; description: string; departments: readonly Department[]; fields: readonly CardFieldInput[] },
  template: DataCard | null,
): CardInput {
  const primary = template && values.departments.includes(template.primaryDepartment) ? template.primaryDepartment : values.departments[0];
  return {
    title: values.title,
    description: values.description,
    departments: [...values.departments],
    ...(primary ? { primaryDepartment: primary } : {}),
    fields: values.fields.map((field) => ({ ...field, options: [...(field.options ?? [])] })),
  };
}

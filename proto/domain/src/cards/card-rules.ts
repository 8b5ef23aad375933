// The rules and texts of data cards, their values and field notes that the browser needs (spec §5 'Card fields',
// §8 'Cards and data', §9 'Card ordering'): no zod here, so that a page can use them without loading zod (the sdk
// re-exports them; tests/structure/home-page-zod.test.ts). The HTTP schemas built on them are in data-card.schema.ts,
// field-values.schema.ts and field-notes.schema.ts.
import type { CardField } from './data-card.schema.ts';

export const CARD_FIELD_TYPES = ['text', 'textarea', 'number', 'yesno', 'select'] as const;
export type CardFieldType = (typeof CARD_FIELD_TYPES)[number];

export const CARD_TITLE_REQUIRED = 'Card title is required';
export const CARD_FIELD_LABEL_REQUIRED = 'A new field needs a label';
export const SELECT_OPTION_REQUIRED = 'Add at least one option for select field';
export const SELECT_CARDS_REQUIRED = 'Please select at least one card to add';
export const CARD_NOT_FOUND = 'Card not found';
export const CARD_PROTECTED = 'System-protected cards cannot be moved or deleted';
export const CARD_DEPARTMENT_REQUIRED = 'Choose at least one department';

/** Limits of what a card may hold (a card stays a few KB; a department's list far below the gRPC message limit). */
export const CARD_LIMITS = { title: 200, description: 2000, fields: 100, label: 200, options: 100, option: 200, key: 100, cardIds: 500 } as const;

/** Missing saved order counts as this (spec §9). */
export const MISSING_CARD_ORDER = 999_999;

/** The default field of every card (spec §5: notes, a textarea, cannot be removed). */
export const DEFAULT_NOTES_FIELD = { key: 'notes', label: 'Notes', type: 'textarea', options: [], required: false } as const satisfies CardField;

/** spec §5: the label lowercased, every non-alphanumeric character turned into '_'. */
export function cardFieldKeyOf(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_');
}

/** What a card field key may be: lower case letters, digits and _, 1–100 characters. */
export const FIELD_KEY = /^[a-z0-9_]{1,100}$/;

/** Keys that name properties every JavaScript object has: a field keyed so would be read from the prototype. */
export const RESERVED_FIELD_KEYS: ReadonlySet<string> = new Set(['constructor', '__proto__', 'prototype']);

export function isReservedFieldKey(key: string): boolean {
  return RESERVED_FIELD_KEYS.has(key);
}

export function reservedFieldKeyMessage(key: string): string {
  return `'${key}' cannot be a field key: choose another key or label`;
}

/** The §9 rule's first key: a card titled like 'General Notes'. */
export function isGeneralNotesCard(card: { title: string }): boolean {
  return card.title.trim().toLowerCase().includes('general notes');
}

/**
 * Spec §9: 'general notes' cards first, then the saved sort order (missing: 999999), then title; ids break ties.
 * `order` gives a card's saved position (undefined: missing).
 */
export function compareCards<C extends { id: string; title: string }>(order: (id: string) => number | undefined): (a: C, b: C) => number {
  return (a, b) => {
    const generalA = isGeneralNotesCard(a) ? 0 : 1;
    const generalB = isGeneralNotesCard(b) ? 0 : 1;
    if (generalA !== generalB) return generalA - generalB;
    const rankA = order(a.id) ?? MISSING_CARD_ORDER;
    const rankB = order(b.id) ?? MISSING_CARD_ORDER;
    if (rankA !== rankB) return rankA - rankB;
    const byTitle = a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
    return byTitle !== 0 ? byTitle : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** The longest value of one field (characters; a textarea's text). */
export const FIELD_VALUE_MAX_LENGTH = 10_000;
/** The most fields one save may name. */
export const FIELD_VALUES_MAX_PER_SAVE = 200;
/** The longest field key (the key of a card field: its label lowercased, non-alphanumerics turned into '_'). */
export const FIELD_KEY_MAX_LENGTH = 100;
/** The highest version number (gRPC int32). */
export const FIELD_VALUE_MAX_VERSION = 2_000_000_000;
/** The longest 'last verified' source (e.g. 'site visit' or a document's name). */
export const VERIFIED_SOURCE_MAX_LENGTH = 200;
/** Most history versions on one page. */
export const FIELD_HISTORY_MAX_PAGE_SIZE = 50;

export const FIELD_VALUE_KINDS = ['value', 'cleared', 'restored', 'verified'] as const;
export type FieldValueKind = (typeof FIELD_VALUE_KINDS)[number];

export const FIELD_SAVE_STATUSES = ['saved', 'unchanged', 'skipped', 'conflict'] as const;
export type FieldSaveStatus = (typeof FIELD_SAVE_STATUSES)[number];

/** The longest notes text of one save (characters). */
export const FIELD_NOTES_MAX_LENGTH = 100_000;
/** The most lines one notes text may have. */
export const FIELD_NOTES_MAX_LINES = 2_000;

export const NOTE_SAVE_KINDS = ['unchanged', 'append', 'edit-last', 'replace', 'merge'] as const;
export type NoteSaveKind = (typeof NOTE_SAVE_KINDS)[number];

/** Spec §5 'Field notes save': refused saves of a venue the user may not change. */
export const FIELD_NOTES_NO_PERMISSION = 'You do not have permission to modify data for this venue';
/** Spec §8 Clean Field Notes. */
export const FIELD_NOTES_CLEANED = 'Successfully cleaned up old field note data';
export const FIELD_NOTES_CLEAN_FAILED = 'Failed to clean up field notes. Please try again.';

// The HTTP contract and the shared rules of data cards (spec §3 data_card, §5 'Card fields', §9 'Card ordering'):
// used by the gateway (bodies, answers, OpenAPI) and the cards service (which re-validates and normalises).
import { z } from 'zod';
import { DEPARTMENTS } from './departments.ts';
import { departmentSchema } from './enums.schema.ts';
import { NOT_BLANK } from './venue.schema.ts';

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
  return label.trim().toLowerCase().replace(/[^a-z0-9]/g, '_');
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

export const cardFieldSchema = z
  .object({
    key: z.string().describe('Unique within the card, lower case letters, digits and _'),
    label: z.string(),
    type: z.enum(CARD_FIELD_TYPES),
    options: z.array(z.string()).describe('Choices of a select field'),
    required: z.boolean().describe('Shown as an asterisk only'),
  })
  .meta({ id: 'CardField', description: 'One field of a data card' });

export type CardField = z.infer<typeof cardFieldSchema>;

export const cardFieldInputSchema = z
  .object({
    key: z.string().max(CARD_LIMITS.key).regex(/^[a-z0-9_]*$/, 'Lower case letters, digits and _ only').optional().describe("Absent or '': made from the label"),
    label: z.string().max(CARD_LIMITS.label).regex(NOT_BLANK, CARD_FIELD_LABEL_REQUIRED).trim().describe('Required, trimmed'),
    type: z.enum(CARD_FIELD_TYPES).default('text'),
    options: z.array(z.string().max(CARD_LIMITS.option)).max(CARD_LIMITS.options).default([]).describe('Select fields need at least one non-empty option; empty options are dropped'),
    required: z.boolean().default(false),
  })
  .superRefine((field, context) => {
    const key = field.key || cardFieldKeyOf(field.label);
    if (isReservedFieldKey(key)) context.addIssue({ code: 'custom', path: [field.key ? 'key' : 'label'], message: reservedFieldKeyMessage(key) });
    if (field.type === 'select' && !field.options.some((option) => option.trim() !== '')) {
      context.addIssue({ code: 'custom', path: ['options'], message: SELECT_OPTION_REQUIRED });
    }
  })
  .meta({ id: 'CardFieldFields', description: "A card field as the Customize Card tab sends it; the key is made from the label when absent" });

export type CardFieldInput = z.input<typeof cardFieldInputSchema>;
export type CardFieldInputParsed = z.output<typeof cardFieldInputSchema>;

/** A card as the create and customise dialogs send it. Parsing a parsed card again gives the same card. */
export const cardInputSchema = z
  .object({
    title: z.string({ error: CARD_TITLE_REQUIRED }).max(CARD_LIMITS.title, `Card title must be at most ${CARD_LIMITS.title} characters`).regex(NOT_BLANK, CARD_TITLE_REQUIRED).trim().describe('Required, trimmed'),
    description: z.string().max(CARD_LIMITS.description).default(''),
    departments: z.array(departmentSchema).max(DEPARTMENTS.length).default([]).describe('Templates: at least one (default: the primary department); venue cards: set by the department they are created in'),
    primaryDepartment: departmentSchema.optional().describe('Default: the first of departments'),
    fields: z.array(cardFieldInputSchema).max(CARD_LIMITS.fields).default([]).describe('The notes field (textarea) is always kept; duplicate keys are ignored (the first wins)'),
  })
  .meta({ id: 'CardFields', description: 'What a user sets on a data card' });

export type CardInput = z.input<typeof cardInputSchema>;
export type CardInputParsed = z.output<typeof cardInputSchema>;

/**
 * The fields a card stores (spec §5): keys made from labels where missing, later duplicates of a key ignored, reserved
 * keys (constructor, __proto__, prototype: cardFieldInputSchema refuses them) dropped,
 * empty select options dropped, the notes field kept as a textarea (added last when absent).
 */
export function normalizeCardFields(fields: readonly CardFieldInputParsed[]): CardField[] {
  const out: CardField[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    const key = field.key && FIELD_KEY.test(field.key) ? field.key : cardFieldKeyOf(field.label);
    if (!key || seen.has(key) || isReservedFieldKey(key)) continue;
    seen.add(key);
    const options = field.type === 'select' ? field.options.map((option) => option.trim()).filter((option) => option !== '') : [];
    out.push(key === DEFAULT_NOTES_FIELD.key ? { ...DEFAULT_NOTES_FIELD, label: field.label || DEFAULT_NOTES_FIELD.label, options: [] } : { key, label: field.label, type: field.type, options, required: field.required });
  }
  if (!seen.has(DEFAULT_NOTES_FIELD.key)) out.push({ ...DEFAULT_NOTES_FIELD, options: [] });
  return out;
}

const isoTimestamp = (description: string) => z.iso.datetime({ offset: true }).describe(description);

export const dataCardSchema = z
  .object({
    id: z.string().describe('Card id (UUID)'),
    title: z.string(),
    description: z.string(),
    type: z.string().describe("'custom' by default"),
    departments: z.array(departmentSchema),
    primaryDepartment: departmentSchema,
    isTemplate: z.boolean(),
    venueId: z.string().nullable().describe('Null for a master template'),
    templateId: z.string().nullable().describe('The template a venue card was customised from'),
    fields: z.array(cardFieldSchema),
    createdBy: z.string(),
    createdAt: isoTimestamp('Creation time (ISO 8601)'),
    updatedAt: isoTimestamp('Last update (ISO 8601)'),
    deletedAt: isoTimestamp('When it was soft-deleted (ISO 8601)').nullable(),
    isSystemProtected: z.boolean().describe('Cannot be moved or deleted'),
  })
  .meta({ id: 'DataCard', description: 'A data card: a master template or a venue-specific card' });

export type DataCard = z.infer<typeof dataCardSchema>;

export const dataCardListSchema = z
  .object({ items: z.array(dataCardSchema) })
  .meta({ id: 'DataCardList', description: "Cards in the spec's order: general notes first, then saved order, then title" });

export type DataCardList = z.infer<typeof dataCardListSchema>;

const cardIdsSchema = z.array(z.string().min(1).max(100)).max(CARD_LIMITS.cardIds);

/** PUT /card-templates/order and /venues/{id}/cards/order. */
export const cardOrderInputSchema = z
  .object({ department: departmentSchema, cardIds: cardIdsSchema.describe('The cards in their new order; cards left out keep their place after these') })
  .meta({ id: 'CardOrderFields', description: "A department's new card order" });

export type CardOrderInput = z.output<typeof cardOrderInputSchema>;

export const moveTemplateInputSchema = z.object({ department: departmentSchema.describe('The department the template was dragged to') }).meta({ id: 'MoveTemplateFields' });

export const addTemplatesInputSchema = z
  .object({ department: departmentSchema, templateIds: cardIdsSchema.describe('At least one template') })
  .meta({ id: 'AddTemplatesFields', description: 'Templates to add to a venue department' });

export const addTemplatesResultSchema = z
  .object({ items: z.array(dataCardSchema), added: z.number().int().describe('Templates new to the department') })
  .meta({ id: 'AddTemplatesResult', description: "The department's cards after the addition" });

export type AddTemplatesResult = z.infer<typeof addTemplatesResultSchema>;

export const venueCardInputSchema = cardInputSchema.extend({ department: departmentSchema.describe('The department the card is created in') }).meta({ id: 'VenueCardFields' });

export type VenueCardInput = z.input<typeof venueCardInputSchema>;

export const customizeTemplateInputSchema = z
  .object({ department: departmentSchema, card: cardInputSchema.optional().describe("The customised card; absent: the template's own title and fields") })
  .meta({ id: 'CustomizeTemplateFields', description: 'Copy a template into a card of this venue' });

export const departmentQuerySchema = z.object({ department: departmentSchema.optional() }).describe('Department filter');
export const requiredDepartmentQuerySchema = z.object({ department: departmentSchema }).describe('Department');

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


// The HTTP contract and the shared rules of data cards (spec §3 data_card, §5 'Card fields', §9 'Card ordering'):
// used by the gateway (bodies, answers, OpenAPI) and the cards service (which re-validates and normalises).
import { z } from 'zod';
import {
  CARD_FIELD_LABEL_REQUIRED,
  CARD_FIELD_TYPES,
  CARD_LIMITS,
  CARD_TITLE_REQUIRED,
  DEFAULT_NOTES_FIELD,
  FIELD_KEY,
  SELECT_OPTION_REQUIRED,
  cardFieldKeyOf,
  isReservedFieldKey,
  reservedFieldKeyMessage,
} from './card-rules.ts';
import { DEPARTMENTS } from './departments.ts';
import { departmentSchema } from '../shared/enums.schema.ts';
import { NOT_BLANK } from '../venues/venue.schema.ts';

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
    key: z
      .string()
      .max(CARD_LIMITS.key)
      .regex(/^[a-z0-9_]*$/, 'Lower case letters, digits and _ only')
      .optional()
      .describe("Absent or '': made from the label"),
    label: z.string().max(CARD_LIMITS.label).regex(NOT_BLANK, CARD_FIELD_LABEL_REQUIRED).trim().describe('Required, trimmed'),
    type: z.enum(CARD_FIELD_TYPES).default('text'),
    options: z
      .array(z.string().max(CARD_LIMITS.option))
      .max(CARD_LIMITS.options)
      .default([])
      .describe('Select fields need at least one non-empty option; empty options are dropped'),
    required: z.boolean().default(false),
  })
  .superRefine((field, context) => {
    const key = field.key || cardFieldKeyOf(field.label);
    if (isReservedFieldKey(key)) context.addIssue({ code: 'custom', path: [field.key ? 'key' : 'label'], message: reservedFieldKeyMessage(key) });
    if (field.type === 'select' && !field.options.some((option) => option.trim() !== '')) {
      context.addIssue({ code: 'custom', path: ['options'], message: SELECT_OPTION_REQUIRED });
    }
  })
  .meta({ id: 'CardFieldFields', description: 'A card field as the Customize Card tab sends it; the key is made from the label when absent' });

export type CardFieldInput = z.input<typeof cardFieldInputSchema>;
export type CardFieldInputParsed = z.output<typeof cardFieldInputSchema>;

/** A card as the create and customise dialogs send it. Parsing a parsed card again gives the same card. */
export const cardInputSchema = z
  .object({
    title: z
      .string({ error: CARD_TITLE_REQUIRED })
      .max(CARD_LIMITS.title, `Card title must be at most ${CARD_LIMITS.title} characters`)
      .regex(NOT_BLANK, CARD_TITLE_REQUIRED)
      .trim()
      .describe('Required, trimmed'),
    description: z.string().max(CARD_LIMITS.description).default(''),
    departments: z
      .array(departmentSchema)
      .max(DEPARTMENTS.length)
      .default([])
      .describe('Templates: at least one (default: the primary department); venue cards: set by the department they are created in'),
    primaryDepartment: departmentSchema.optional().describe('Default: the first of departments'),
    fields: z
      .array(cardFieldInputSchema)
      .max(CARD_LIMITS.fields)
      .default([])
      .describe('The notes field (textarea) is always kept; duplicate keys are ignored (the first wins)'),
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
    out.push(
      key === DEFAULT_NOTES_FIELD.key
        ? { ...DEFAULT_NOTES_FIELD, label: field.label || DEFAULT_NOTES_FIELD.label, options: [] }
        : { key, label: field.label, type: field.type, options, required: field.required },
    );
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

export const moveTemplateInputSchema = z
  .object({ department: departmentSchema.describe('The department the template was dragged to') })
  .meta({ id: 'MoveTemplateFields' });

export const addTemplatesInputSchema = z
  .object({ department: departmentSchema, templateIds: cardIdsSchema.describe('At least one template') })
  .meta({ id: 'AddTemplatesFields', description: 'Templates to add to a venue department' });

export const addTemplatesResultSchema = z
  .object({ items: z.array(dataCardSchema), added: z.number().int().describe('Templates new to the department') })
  .meta({ id: 'AddTemplatesResult', description: "The department's cards after the addition" });

export type AddTemplatesResult = z.infer<typeof addTemplatesResultSchema>;

export const venueCardInputSchema = cardInputSchema
  .extend({ department: departmentSchema.describe('The department the card is created in') })
  .meta({ id: 'VenueCardFields' });

export type VenueCardInput = z.input<typeof venueCardInputSchema>;

export const customizeTemplateInputSchema = z
  .object({ department: departmentSchema, card: cardInputSchema.optional().describe("The customised card; absent: the template's own title and fields") })
  .meta({ id: 'CustomizeTemplateFields', description: 'Copy a template into a card of this venue' });

export const departmentQuerySchema = z.object({ department: departmentSchema.optional() }).describe('Department filter');
export const requiredDepartmentQuerySchema = z.object({ department: departmentSchema }).describe('Department');

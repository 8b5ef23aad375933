// The HTTP contract of card field values (spec §3 venue_data, §5 'Data card save', §2 'Field Conflict Detected'):
// shared by the gateway (bodies, answers, OpenAPI) and the cards service (which re-validates). Every save names the
// version it was based on (`baseVersion`, 0 for a field never saved); the answer says per field whether it was
// saved, left as it was, skipped or refused because someone saved first (with the current value, for the dialog).
import { z } from 'zod';
import {
  FIELD_HISTORY_MAX_PAGE_SIZE,
  FIELD_KEY,
  FIELD_KEY_MAX_LENGTH,
  FIELD_SAVE_STATUSES,
  FIELD_VALUES_MAX_PER_SAVE,
  FIELD_VALUE_KINDS,
  FIELD_VALUE_MAX_LENGTH,
  FIELD_VALUE_MAX_VERSION,
  VERIFIED_SOURCE_MAX_LENGTH,
  isReservedFieldKey,
  reservedFieldKeyMessage,
} from './card-rules.ts';
import { departmentSchema } from '../shared/enums.schema.ts';

export const fieldKeySchema = z
  .string()
  .regex(FIELD_KEY, `A field key is 1 to ${FIELD_KEY_MAX_LENGTH} lower case letters, digits and _`)
  .refine((key) => !isReservedFieldKey(key), { error: (issue) => reservedFieldKeyMessage(String(issue.input)) })
  .describe("A card field's key: lower case letters, digits and _");

const versionSchema = (description: string) => z.number().int().min(0).max(FIELD_VALUE_MAX_VERSION).describe(description);

/** One field of a save: its value (stored as text; numbers and yes/no as typed) and the version it was based on. */
export const fieldValueInputSchema = z
  .object({
    value: z
      .union([
        z.string().max(FIELD_VALUE_MAX_LENGTH, `A value must be at most ${FIELD_VALUE_MAX_LENGTH} characters`),
        z.number().finite(),
        z.boolean(),
        z.null(),
      ])
      .optional()
      .describe('The value (stored as text). Empty, null or absent: skipped for every field type but textarea (a textarea is saved empty)'),
    baseVersion: versionSchema(
      'The version the user edited (the `version` of GET …/values; 0 for a field never saved). Overwrite after a conflict: the current version',
    ),
  })
  .meta({ id: 'FieldValueEntry', description: 'One field of a card save' });

export type FieldValueInput = z.input<typeof fieldValueInputSchema>;

/** PUT /venues/{venueId}/cards/{cardId}/values */
export const saveCardValuesRequestSchema = z
  .object({
    department: departmentSchema.optional().describe("The department the card is edited in (default: the card's primary department)"),
    values: z
      .record(fieldKeySchema, fieldValueInputSchema)
      .refine((values) => Object.keys(values).length >= 1, 'Name at least one field')
      .refine((values) => Object.keys(values).length <= FIELD_VALUES_MAX_PER_SAVE, `At most ${FIELD_VALUES_MAX_PER_SAVE} fields a save`)
      .describe('Field key → value and base version'),
  })
  .meta({ id: 'SaveCardValuesRequest', description: "A card's field values to save (spec §5 'Data card save')" });

export type SaveCardValuesRequest = z.input<typeof saveCardValuesRequestSchema>;
export type SaveCardValuesRequestParsed = z.output<typeof saveCardValuesRequestSchema>;

/** POST …/fields/{fieldKey}/restore */
export const restoreFieldValueRequestSchema = z
  .object({
    version: versionSchema('The earlier version whose value becomes current again').min(1),
    baseVersion: versionSchema('The version the user saw as current (default: the current version)').optional(),
  })
  .meta({ id: 'RestoreFieldValueRequest', description: "Makes an earlier version's value current (a new version)" });

export type RestoreFieldValueRequest = z.input<typeof restoreFieldValueRequestSchema>;

/** POST …/fields/{fieldKey}/verify */
export const verifyFieldValueRequestSchema = z
  .object({
    source: z.string().trim().max(VERIFIED_SOURCE_MAX_LENGTH).optional().describe("Where it was checked, e.g. 'site visit' or a document's name"),
    baseVersion: versionSchema('The version the user checked (default: the current version)').optional(),
  })
  .meta({ id: 'VerifyFieldValueRequest', description: "Marks the field's current value as verified now ('last verified')" });

export type VerifyFieldValueRequest = z.input<typeof verifyFieldValueRequestSchema>;

/** GET …/fields/{fieldKey}/history */
export const fieldHistoryQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('1-based page number'),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(FIELD_HISTORY_MAX_PAGE_SIZE)
      .default(FIELD_HISTORY_MAX_PAGE_SIZE)
      .describe(`Versions per page (max ${FIELD_HISTORY_MAX_PAGE_SIZE})`),
  })
  .describe('Field history query string');

export type FieldHistoryQuery = z.output<typeof fieldHistoryQuerySchema>;

const isoTimestamp = (description: string) => z.iso.datetime({ offset: true }).describe(description);

/** One stored version of a field (its history entries). */
export const fieldValueVersionSchema = z
  .object({
    version: z.number().int().min(1),
    value: z.string(),
    kind: z
      .enum(FIELD_VALUE_KINDS)
      .describe("value = saved, cleared = removed from the venue's card, restored = an earlier value again, verified = checked unchanged"),
    department: z.string(),
    savedBy: z.string().describe("The user's id"),
    savedByEmail: z.string(),
    savedAt: isoTimestamp('When (ISO 8601)'),
    restoredFrom: z.number().int().nullable().describe('restored: the version whose value it took'),
    verifiedSource: z.string().nullable().describe('verified: where it was checked'),
  })
  .meta({ id: 'FieldValueVersion', description: 'One version of a field value' });

export type FieldValueVersion = z.infer<typeof fieldValueVersionSchema>;

/** A field's current value: the newest version's value, who changed it last, and when it was last verified. */
export const cardFieldValueSchema = z
  .object({
    cardId: z.string(),
    fieldKey: z.string(),
    value: z.string().describe("The current value ('' when cleared)"),
    version: z.number().int().min(1).describe('The newest version: the baseVersion of the next save'),
    kind: z.enum(FIELD_VALUE_KINDS).describe("The newest version's kind"),
    savedBy: z.string().describe('Who last changed the value'),
    savedByEmail: z.string(),
    savedAt: isoTimestamp('When the value last changed'),
    verifiedAt: isoTimestamp('Last verified (null: not verified since the value last changed)').nullable(),
    verifiedBy: z.string().nullable(),
    verifiedSource: z.string().nullable(),
  })
  .meta({ id: 'CardFieldValue', description: "A field's current value" });

export type CardFieldValue = z.infer<typeof cardFieldValueSchema>;

export const fieldSaveResultSchema = z
  .object({
    fieldKey: z.string(),
    label: z.string().describe("The field's label (for the 'Field Conflict Detected' dialog)"),
    status: z
      .enum(FIELD_SAVE_STATUSES)
      .describe(
        'saved = a new version; unchanged = the value was already current; skipped = empty (not a textarea); conflict = someone saved first: `current` holds their value, `value` yours (Overwrite: save again with current.version as baseVersion)',
      ),
    value: z.string().nullable().describe('Your value as stored (null when skipped)'),
    current: cardFieldValueSchema.nullable().describe('The field as it is now (null: never saved)'),
  })
  .meta({ id: 'FieldSaveResult', description: 'What became of one field of a save' });

export type FieldSaveResult = z.infer<typeof fieldSaveResultSchema>;

export const saveCardValuesResultSchema = z
  .object({
    results: z.array(fieldSaveResultSchema),
    conflicts: z.number().int().min(0).describe('How many fields were refused (status conflict)'),
  })
  .meta({
    id: 'SaveCardValuesResult',
    description: 'Per field: saved, unchanged, skipped or conflict (HTTP 200 even with conflicts: the other fields are saved)',
  });

export type SaveCardValuesResult = z.infer<typeof saveCardValuesResultSchema>;

export const cardValuesSchema = z
  .object({
    venueId: z.string(),
    cardId: z.string(),
    values: z.array(cardFieldValueSchema),
  })
  .meta({ id: 'CardValues', description: "A card's current field values at a venue (fields never saved are absent)" });

export type CardValues = z.infer<typeof cardValuesSchema>;

export const venueValuesSchema = z
  .object({
    venueId: z.string(),
    values: z.array(cardFieldValueSchema),
  })
  .meta({ id: 'VenueValues', description: "Every current field value of a venue's cards" });

export type VenueValues = z.infer<typeof venueValuesSchema>;

export const fieldHistorySchema = z
  .object({
    cardId: z.string(),
    fieldKey: z.string(),
    items: z.array(fieldValueVersionSchema).describe('Newest first'),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  })
  .meta({ id: 'FieldHistory', description: "A field's versions, newest first" });

export type FieldHistory = z.infer<typeof fieldHistorySchema>;

// Proto ↔ domain mapping of data cards (cards.proto), shared by the cards service and the gateway.
import type { MessageInitShape } from '@bufbuild/protobuf';
import { isDepartment } from '@venuebook/domain';
import type { CardField, CardInputParsed, DataCard, Department } from '@venuebook/domain';
import type {
  CardField as ProtoCardField,
  CardInput as ProtoCardInput,
  CardInputSchema,
  DataCard as ProtoDataCard,
  DataCardSchema,
} from '@venuebook/contracts/cards/v1';

/** Domain card → proto DataCard (null venue, template and deletion: ''). */
export function dataCardToProto(card: DataCard): MessageInitShape<typeof DataCardSchema> {
  return {
    ...card,
    departments: [...card.departments],
    venueId: card.venueId ?? '',
    templateId: card.templateId ?? '',
    deletedAt: card.deletedAt ?? '',
    fields: card.fields.map((field) => ({ ...field, options: [...field.options] })),
  };
}

function departmentOf(value: string): Department {
  if (!isDepartment(value)) throw new Error(`Unknown department '${value}' in a card`);
  return value;
}

function fieldFromProto(field: ProtoCardField): CardField {
  return { key: field.key, label: field.label, type: field.type as CardField['type'], options: [...field.options], required: field.required };
}

/** Proto DataCard → domain card ('' → null); the service stored valid departments and field types. */
export function dataCardFromProto(card: ProtoDataCard): DataCard {
  return {
    id: card.id,
    title: card.title,
    description: card.description,
    type: card.type,
    departments: card.departments.map(departmentOf),
    primaryDepartment: departmentOf(card.primaryDepartment),
    isTemplate: card.isTemplate,
    venueId: card.venueId === '' ? null : card.venueId,
    templateId: card.templateId === '' ? null : card.templateId,
    fields: card.fields.map(fieldFromProto),
    createdBy: card.createdBy,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
    deletedAt: card.deletedAt === '' ? null : card.deletedAt,
    isSystemProtected: card.isSystemProtected,
  };
}

/** Validated card input → proto CardInput (no primary department: ''). */
export function cardInputToProto(input: CardInputParsed): MessageInitShape<typeof CardInputSchema> {
  return {
    title: input.title,
    description: input.description,
    departments: [...input.departments],
    primaryDepartment: input.primaryDepartment ?? '',
    fields: input.fields.map((field) => ({
      key: field.key ?? '',
      label: field.label,
      type: field.type,
      options: [...field.options],
      required: field.required,
    })),
  };
}

/** Proto CardInput → a plain object for the shared zod schema (which validates it again); undefined when absent. */
export function cardInputFromProto(input: ProtoCardInput | undefined): Record<string, unknown> | undefined {
  if (!input) return undefined;
  return {
    title: input.title,
    description: input.description,
    departments: [...input.departments],
    ...(input.primaryDepartment ? { primaryDepartment: input.primaryDepartment } : {}),
    fields: input.fields.map((field) => ({
      ...(field.key ? { key: field.key } : {}),
      label: field.label,
      type: field.type || 'text',
      options: [...field.options],
      required: field.required,
    })),
  };
}

// The Data Cards screen's rules as plain functions (spec §2 'Data Cards screen', §4 'Drag reorder', §5 'Card
// fields', 'Adding cards', §8 'Cards and data', §9 'Card ordering').
import { arrayMove } from '@dnd-kit/sortable';
import {
  cardFieldKeyOf,
  DEFAULT_NOTES_FIELD,
  DEPARTMENTS,
  departmentFromPathSegment,
  isGeneralNotesCard,
  type CardField,
  type CardFieldType,
  type CardFieldValue,
  type DataCard,
  type Department,
} from '@venuebook/sdk';

/** Spec §8 empty state of a department without cards. */
export const NO_DATA_CARDS_TEXT = 'No data cards found';

/** Spec §8 toasts of the screen. */
export const DATA_CARD_TEXT = {
  created: 'Card created successfully',
  createFailed: 'Error creating card',
  deleted: 'Card deleted',
  removed: 'Card removed from venue',
  removeFailed: 'Error removing card',
  addFailed: 'Failed to add cards to venue',
  // Not in §8 (it names only the templates' order toasts): the venue screen's own order toasts.
  orderSaved: 'Card order updated',
  orderFailed: 'Error updating order',
} as const;

/** Spec §8: 'Error loading data cards: {message}'. */
export function loadErrorText(message: string): string {
  return `Error loading data cards: ${message}`;
}

/** Spec §8: 'Added N card(s) to {department}'. */
export function addedCardsText(count: number, department: Department): string {
  return `Added ${count} card(s) to ${department}`;
}

/**
 * The department of the route (spec §2: URL-decoded; none: the first department). `known` is false when the segment
 * names no department (the screen shows 'Department Not Found' with a link to the first one).
 */
export function departmentOfRoute(segment: string | undefined): { department: Department; known: boolean } {
  if (segment === undefined || segment === '') return { department: DEPARTMENTS[0], known: true };
  const department = departmentFromPathSegment(segment);
  return department ? { department, known: true } : { department: DEPARTMENTS[0], known: false };
}

/** The screen's path for a department: /venue/{id}/department/{encoded name}. */
export function departmentPath(venueId: string, department: Department): string {
  return `/venue/${encodeURIComponent(venueId)}/department/${encodeURIComponent(department)}`;
}

/** A venue's current values by card id, then field key. */
export type ValuesByCard = ReadonlyMap<string, ReadonlyMap<string, string>>;

export function valuesByCard(values: readonly CardFieldValue[]): ValuesByCard {
  const byCard = new Map<string, Map<string, string>>();
  for (const value of values) {
    let fields = byCard.get(value.cardId);
    if (!fields) byCard.set(value.cardId, (fields = new Map()));
    fields.set(value.fieldKey, value.value);
  }
  return byCard;
}

/** How a stored value reads on a tile: yes/no fields as 'Yes'/'No' (stored 'Yes'/'No' or 'true'/'false'). */
export function displayValue(type: CardFieldType, value: string): string {
  const text = value.trim();
  if (type === 'yesno') {
    const lower = text.toLowerCase();
    if (lower === 'true' || lower === 'yes') return 'Yes';
    if (lower === 'false' || lower === 'no') return 'No';
  }
  return text;
}

/** One entered value as a tile shows it. */
export interface ValueSummaryItem {
  key: string;
  label: string;
  text: string;
  /** A text area's text (notes): shown as a clamped block rather than on one line. */
  multiline: boolean;
}

/**
 * The compact view of a card's entered values: its fields in card order that hold a value (blank values left out),
 * the notes field's text from `notesText` (the field notes) when given.
 */
export function cardValueSummary(card: Pick<DataCard, 'fields'>, values: ReadonlyMap<string, string> | undefined, notesText?: string): ValueSummaryItem[] {
  const items: ValueSummaryItem[] = [];
  for (const field of card.fields) {
    const raw = field.key === DEFAULT_NOTES_FIELD.key && notesText !== undefined ? notesText : values?.get(field.key);
    if (raw === undefined) continue;
    const text = displayValue(field.type, raw);
    if (text === '') continue;
    items.push({ key: field.key, label: field.label, text, multiline: field.type === 'textarea' });
  }
  return items;
}

/** Whether a card may be dragged or deleted (spec §5: system-protected cards cannot). */
export function isMovable(card: Pick<DataCard, 'isSystemProtected'>): boolean {
  return !card.isSystemProtected;
}

/**
 * The department's order after dragging `activeId` onto `overId` (spec §4: within the department only; §9: 'general
 * notes' cards stay first; protected cards are not dragged). Null: nothing changes.
 */
export function reorderedCards<C extends Pick<DataCard, 'id' | 'title' | 'isSystemProtected'>>(
  cards: readonly C[],
  activeId: string,
  overId: string,
): C[] | null {
  const from = cards.findIndex((card) => card.id === activeId);
  const to = cards.findIndex((card) => card.id === overId);
  if (from < 0 || to < 0 || from === to || !isMovable(cards[from]!)) return null;
  const moved = arrayMove([...cards], from, to);
  const ordered = [...moved.filter(isGeneralNotesCard), ...moved.filter((card) => !isGeneralNotesCard(card))];
  return ordered.every((card, i) => card.id === cards[i]!.id) ? null : ordered;
}

/** How deleting a card in edit mode works (spec §4 'Template cards'): a template leaves the venue, a venue card is soft-deleted. */
export function deleteKindOf(card: Pick<DataCard, 'isTemplate'>): 'remove-template' | 'delete' {
  return card.isTemplate ? 'remove-template' : 'delete';
}

/** The department's templates not on the venue's department yet (nor customised into one of its cards). */
export function templatesToAdd(templates: readonly DataCard[], venueCards: readonly DataCard[]): DataCard[] {
  const present = new Set<string>();
  for (const card of venueCards) {
    present.add(card.id);
    if (card.templateId) present.add(card.templateId);
  }
  return templates.filter((template) => !present.has(template.id));
}

/** A field the create-custom-card dialog adds (spec §5 'Card fields'). */
export interface NewFieldValues {
  label: string;
  type: CardFieldType;
  options: string[];
}

/** The card field a new field becomes: key from the label; only a select keeps its non-empty options. */
export function cardFieldOf(field: NewFieldValues): CardField {
  const options = field.type === 'select' ? field.options.map((option) => option.trim()).filter((option) => option !== '') : [];
  return { key: cardFieldKeyOf(field.label), label: field.label.trim(), type: field.type, options, required: false };
}

/**
 * The fields with `field` added (spec §5: duplicate keys are ignored: null when the key is taken, the notes field's
 * included). The notes field is not in `fields`: every card keeps it (the dialog shows it fixed).
 */
export function withAddedField(fields: readonly CardField[], field: NewFieldValues): CardField[] | null {
  const added = cardFieldOf(field);
  if (added.key === '' || added.key === DEFAULT_NOTES_FIELD.key || fields.some((existing) => existing.key === added.key)) return null;
  return [...fields, added];
}

/** Labels of the field types (the add-field select). */
export const FIELD_TYPE_LABELS: Record<CardFieldType, string> = {
  text: 'Text',
  textarea: 'Text area',
  number: 'Number',
  yesno: 'Yes / No',
  select: 'Select',
};

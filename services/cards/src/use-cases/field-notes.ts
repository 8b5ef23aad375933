// Field notes (spec §3 venue_field_notes, §4/§5 'Field notes save', §8 Clean Field Notes): a field's notes as stored
// lines. A save compares the text the client started from with its text now and the lines stored now
// (domain/field-notes.ts) and inserts new lines and tombstones of removed ones: insert-only, no lock; two saves of
// one field at once both keep their new lines (each deletes only lines its client knew and removed).
import { CARD_NOT_FOUND, FIELD_NOTES_CLEAN_FAILED, FIELD_NOTES_CLEANED, saveFieldNotesRequestSchema, toFieldErrors } from '@venuebook/domain';
import type { CleanFieldNotesResult, DataCard, FieldNotes, FieldNotesSaveResult, VenueNotes } from '@venuebook/domain';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import type { Caller } from '@venuebook/grpc';
import { auditContextOf } from '@venuebook/service-kit';
import type { AuditRecorder } from '@venuebook/service-kit';
import { randomUUID } from 'node:crypto';
import { mergeMessage, planNoteSave, toNoteLines } from '../domain/field-notes.ts';
import type { FieldNoteEvents } from '../events/field-note.events.ts';
import type { FieldNoteLists } from '../read-model/field-note-read-model.ts';
import { tombstoneId } from '../repositories/field-note.repository.ts';
import type { FieldNoteRecord, FieldNoteRepository } from '../repositories/field-note.repository.ts';
import { isTemplateAddedToVenue } from './card-orders.ts';
import type { CardOrders } from './card-orders.ts';
import { VENUE_NOT_FOUND } from '@venuebook/service-kit';

const AUDIT_TABLE = 'venue_field_notes';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FieldNoteDeps {
  repository: FieldNoteRepository;
  lists: FieldNoteLists;
  events: FieldNoteEvents;
  audit: AuditRecorder;
  cardById(cardId: string): Promise<DataCard | null>;
  /** Reads and writes need an active venue (the venues service's GetVenue). */
  venues: { requireActive(caller: Caller, venueId: string): Promise<void> };
  /** Saves to a template's notes need the template added to the venue: the venue departments' saved orders. */
  orders: Pick<CardOrders, 'idsOf' | 'holds'>;
}

/** Spec §5: 'Invalid venue ID format: {id}', 'Invalid card ID format: {id}'. */
function checkIds(venueId: string, cardId?: string): void {
  const errors = [
    ...(UUID.test(venueId) ? [] : [{ field: 'venueId', message: `Invalid venue ID format: ${venueId}` }]),
    ...(cardId === undefined || UUID.test(cardId) ? [] : [{ field: 'cardId', message: `Invalid card ID format: ${cardId}` }]),
  ];
  if (errors.length > 0) throw GrpcError.invalidArgument(errors[0]!.message, errors);
}

function notesOf(lines: FieldNoteRecord[]): FieldNotes {
  return {
    lines: lines.map((line) => ({
      id: line.id,
      text: line.text,
      department: line.department,
      createdAt: line.createdAt.toISOString(),
      createdBy: line.createdByEmail,
    })),
    text: lines.map((line) => line.text).join('\n'),
  };
}

export function createFieldNoteUseCases({ repository, lists, events, audit, cardById, venues, orders }: FieldNoteDeps) {
  const readModel = lists.readModel;

  async function fieldOf(venueId: string, cardId: string, fieldKey: string): Promise<DataCard> {
    checkIds(venueId, cardId);
    const card = await cardById(cardId);
    if (!card || card.deletedAt || (!card.isTemplate && card.venueId !== venueId)) throw GrpcError.notFound(CARD_NOT_FOUND);
    if (!card.fields.some((field) => field.key === fieldKey)) throw GrpcError.notFound('This card has no such field');
    return card;
  }

  /** Inserts a document; applied here at once and published. False: its `_id` existed (a line deleted twice). */
  async function store(record: FieldNoteRecord, context: ReturnType<typeof auditContextOf>): Promise<boolean> {
    if (!(await repository.insert(record))) return false;
    readModel.upsert(record);
    await events.stored(record, context);
    return true;
  }

  return {
    /** A field's current lines (of one department when given), in order; an unknown or deleted venue: 'Venue not found'. */
    async notes(caller: Caller, venueId: string, cardId: string, fieldKey: string, department?: string): Promise<FieldNotes> {
      await fieldOf(venueId, cardId, fieldKey);
      await venues.requireActive(caller, venueId);
      const lines = lists.currentLines(venueId, cardId, fieldKey);
      return notesOf(department ? lines.filter((line) => line.department === department) : lines);
    },

    /** The current text of every notes field of an active venue (one read for a whole Data Cards screen). */
    async venueNotes(caller: Caller, venueId: string): Promise<VenueNotes['notes']> {
      // A read of a venue that cannot exist is 'Venue not found', as the venue's values (a 400 here would answer a
      // request the OpenAPI document allows).
      if (!UUID.test(venueId)) throw GrpcError.notFound(VENUE_NOT_FOUND);
      await venues.requireActive(caller, venueId);
      return [...lists.venueLines(venueId).values()].map((lines) => ({
        cardId: lines[0]!.cardId,
        fieldKey: lines[0]!.fieldKey,
        text: lines.map((line) => line.text).join('\n'),
      }));
    },

    /** Spec §4 'Field notes save'. */
    async save(caller: Caller, raw: unknown): Promise<FieldNotesSaveResult> {
      const input = raw as { venueId?: unknown; cardId?: unknown };
      if (typeof input.venueId === 'string' && typeof input.cardId === 'string' && input.venueId && input.cardId) checkIds(input.venueId, input.cardId);
      const parsed = saveFieldNotesRequestSchema.safeParse(raw);
      if (!parsed.success) throw GrpcError.invalidArgument('Invalid request', toFieldErrors(parsed.error));
      const { venueId, cardId, fieldKey, department, baseText, text } = parsed.data;
      const card = await fieldOf(venueId, cardId, fieldKey);
      await venues.requireActive(caller, venueId);
      // A template's notes only while it is added to the venue's department (never added, removed, customised away: 'Card not found').
      if (card.isTemplate && !(await isTemplateAddedToVenue(orders, venueId, card, department))) throw GrpcError.notFound(CARD_NOT_FOUND);
      const before = lists.currentLines(venueId, cardId, fieldKey);
      const plan = planNoteSave(toNoteLines(baseText), toNoteLines(text), before);
      const context = auditContextOf(caller);
      const now = new Date();
      const base = { venueId, cardId, department, fieldKey, createdAt: now, createdBy: caller.userId, createdByEmail: caller.email };
      const nextPosition = before.reduce((max, line) => Math.max(max, line.position), 0) + 1;
      const removedAt = new Map(before.map((line) => [line.id, line]));
      const written = await Promise.all([
        ...plan.remove.map((lineId) =>
          store(
            { ...base, id: tombstoneId(lineId), kind: 'deleted', lineId, department: removedAt.get(lineId)?.department ?? department, text: '', position: 0 },
            context,
          ),
        ),
        ...plan.add.map((line, i) => {
          const id = randomUUID();
          return store({ ...base, id, kind: 'line', lineId: id, text: line, position: nextPosition + i }, context);
        }),
      ]);
      const removed = written.slice(0, plan.remove.length).filter(Boolean).length;
      const after = lists.currentLines(venueId, cardId, fieldKey);
      if (plan.kind !== 'unchanged') {
        await events.venueDataUpdated(venueId, now, context);
        await audit.record(
          {
            action: before.length === 0 ? 'create' : 'update',
            table: AUDIT_TABLE,
            recordId: `${venueId}:${cardId}_${fieldKey}`,
            oldValues: { text: before.map((line) => line.text).join('\n') },
            newValues: { text: after.map((line) => line.text).join('\n'), kind: plan.kind, department, added: plan.add.length, removed },
          },
          context,
        );
      }
      return {
        ...notesOf(after),
        kind: plan.kind,
        added: plan.add.length,
        removed,
        othersAdded: plan.othersAdded,
        message: plan.kind === 'merge' && plan.othersAdded > 0 ? mergeMessage(plan.newLines, plan.othersAdded) : null,
      };
    },

    /**
     * Clean Field Notes (spec §2, §8; the original's cleanup_venue_field_note_junk): the venue's soft-deleted lines
     * and their tombstones are removed for good (one `{_id: {$in}}` delete). Current lines are never touched.
     */
    async clean(caller: Caller, venueId: string): Promise<CleanFieldNotesResult> {
      checkIds(venueId);
      await venues.requireActive(caller, venueId);
      const junk = lists.deletedOf(venueId);
      const context = auditContextOf(caller);
      let removed: number;
      try {
        removed = await repository.purge(junk.map((record) => record.id));
      } catch (error) {
        // Spec §8: the dialog's text; nothing is lost (the lines were soft-deleted already), the call may be repeated.
        throw new GrpcError(GrpcStatus.UNAVAILABLE, FIELD_NOTES_CLEAN_FAILED, [], { cause: error });
      }
      for (const record of junk) {
        readModel.remove(record.id);
        await events.purged(venueId, record.id, context);
      }
      const lines = junk.filter((record) => record.kind === 'line');
      if (junk.length > 0) {
        await audit.record(
          { action: 'purge', table: AUDIT_TABLE, recordId: venueId, oldValues: { lines: lines.length, documents: removed }, newValues: null },
          context,
        );
      }
      return { removed: lines.length, message: FIELD_NOTES_CLEANED };
    },
  };
}

export type FieldNoteUseCases = ReturnType<typeof createFieldNoteUseCases>;

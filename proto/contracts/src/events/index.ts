// @venuebook/contracts/events — isomorphic event contracts: subject naming, JetStream stream
// definitions (as plain data; the NATS wiring maps them to StreamConfig), the event
// envelope and typed payload schemas.
import { z } from 'zod';
import { documentCategorySchema, leagueSchema } from '@venuebook/domain';
import { FIELD_VALUE_KINDS } from '@venuebook/domain';

// ---- Subjects -------------------------------------------------------------------

export const SUBJECT_PREFIX = 'venuebook';
export const EVENT_VERSION = 'v1';

export type Subject<D extends string, E extends string, V extends string> = `venuebook.${D}.${E}.${V}.v1`;

const TOKEN = /^[a-z][a-z0-9_]*$/;

/** `subject('venues', 'venue', 'created')` → 'venuebook.venues.venue.created.v1'. Tokens are lower snake_case. */
export function subject<const D extends string, const E extends string, const V extends string>(domain: D, entity: E, verb: V): Subject<D, E, V> {
  for (const token of [domain, entity, verb]) {
    if (!TOKEN.test(token)) throw new Error(`Invalid subject token: '${token}'`);
  }
  return `${SUBJECT_PREFIX}.${domain}.${entity}.${verb}.${EVENT_VERSION}` as Subject<D, E, V>;
}

export const SUBJECTS = {
  venueCreated: subject('venues', 'venue', 'created'),
  venueUpdated: subject('venues', 'venue', 'updated'),
  /** The venue's name changed (the Drive-sync worker renames its folder). Published beside venue.updated. */
  venueRenamed: subject('venues', 'venue', 'renamed'),
  venueDeleted: subject('venues', 'venue', 'deleted'),
  venueRestored: subject('venues', 'venue', 'restored'),
  /** The venue's activityAt (the 'Updated' sort) moved forward, e.g. after its card data changed: replicas re-read the venue. */
  venueActivityChanged: subject('venues', 'venue', 'activity_changed'),
  /** The Drive sync worker recorded the venue's Google Drive folder (spec §3 google_drive_folder_id). */
  venueDriveFolderSet: subject('venues', 'venue', 'drive_folder_set'),
  /** A venue's event (spec §3 'event', a show at the venue) was created, updated or deleted (hard delete). */
  venueEventCreated: subject('venues', 'venue_event', 'created'),
  venueEventUpdated: subject('venues', 'venue_event', 'updated'),
  venueEventDeleted: subject('venues', 'venue_event', 'deleted'),
  /** A venue's card data (venue_data) was written; published by the cards service. The venues service raises the venue's activityAt. */
  venueDataUpdated: subject('cards', 'venue_data', 'updated'),
  /** A data card (template or venue card) was created, changed (also moved or removed from a department), soft-deleted, restored or permanently deleted. */
  cardCreated: subject('cards', 'card', 'created'),
  cardUpdated: subject('cards', 'card', 'updated'),
  cardDeleted: subject('cards', 'card', 'deleted'),
  cardRestored: subject('cards', 'card', 'restored'),
  cardPurged: subject('cards', 'card', 'purged'),
  /** A new version of a department's card order (template order: no venueId) was saved. */
  cardOrderSaved: subject('cards', 'card_order', 'saved'),
  /** A field note document (a line, or a line's soft delete) was stored, or (purged) removed by Clean Field Notes. */
  fieldNoteStored: subject('cards', 'field_note', 'stored'),
  /** A soft-deleted venue was deleted for good (its contacts and events with it). */
  venuePurged: subject('venues', 'venue', 'purged'),
  /** A venue contact was added (also a venue's new main contact), changed, soft-deleted, restored or permanently deleted. */
  contactCreated: subject('venues', 'contact', 'created'),
  contactUpdated: subject('venues', 'contact', 'updated'),
  contactDeleted: subject('venues', 'contact', 'deleted'),
  contactRestored: subject('venues', 'contact', 'restored'),
  contactPurged: subject('venues', 'contact', 'purged'),
  /**
   * Media (services/media): a document or photo was stored (the Drive-sync worker copies it), changed (category or
   * event link; a category change also publishes document.category_changed for the Drive move), deleted; its photo
   * tags changed; a venue's public gallery settings changed. Every media replica re-reads the record by id.
   */
  documentUploaded: subject('media', 'document', 'uploaded'),
  documentUpdated: subject('media', 'document', 'updated'),
  documentCategoryChanged: subject('media', 'document', 'category_changed'),
  documentDeleted: subject('media', 'document', 'deleted'),
  photoTagsChanged: subject('media', 'photo_tags', 'changed'),
  /** Drive sync (services/drive): a document's Drive copy was made or removed (the other replicas' read models follow). */
  driveCopyChanged: subject('media', 'drive_copy', 'changed'),
  /** Drive sync: a document queued or taken off the queue, or a Clear & Reset (the other replicas' queues follow). */
  driveQueueChanged: subject('media', 'drive_queue', 'changed'),
  galleryChanged: subject('media', 'gallery', 'changed'),
  userFirstLogin: subject('identity', 'user', 'first_login'),
  userRoleChanged: subject('identity', 'user', 'role_changed'),
  userRemoved: subject('identity', 'user', 'removed'),
  userSignedOut: subject('identity', 'user', 'signed_out'),
  /** A user or its profile was written (sign-up, confirmation, sign-in, role, welcome flag, removal): replicas re-read it for their user list. Not under identity.user.>: gateways need not drop their cached sessions for it. */
  userChanged: subject('identity', 'user_record', 'changed'),
  /** An audit entry was stored (by the replica whose durable consumer took it): the other replicas add it to their audit-log list. */
  auditEntryStored: subject('identity', 'audit_entry', 'stored'),
  /** An audit-log entry: every mutation of every service (the kit's createAuditRecorder); identity stores them. */
  auditRecorded: subject('audit', 'entry', 'recorded'),
  /**
   * A worker's job may be due (the kit's worker runtime): only a wake-up, the job's state is in the worker's
   * database. One subject per worker (`venuebook.jobs.<worker>.due.v1`), so each worker's consumer reads its own.
   */
  notifierJobDue: subject('jobs', 'notifier', 'due'),
  driveJobDue: subject('jobs', 'drive', 'due'),
  /**
   * Live presence (gateway replicas to each other): a user joined, is still on (heartbeat) or left a card channel on
   * the publishing replica. Ephemeral, core NATS only: in no stream (EPHEMERAL_SUBJECTS), nothing is stored.
   */
  presenceChanged: subject('presence', 'editor', 'changed'),
} as const;

/** Subjects published on core NATS only (live state that is worthless a minute later): no stream covers them. */
export const EPHEMERAL_SUBJECTS: ReadonlySet<string> = new Set([SUBJECTS.presenceChanged]);

export type SubjectName = (typeof SUBJECTS)[keyof typeof SUBJECTS];

/** Dead-letter subject for a message that failed on `original`: 'venuebook.dlq.<rest of original>'. */
export function dlqSubject(original: string): string {
  const rest = original.startsWith(`${SUBJECT_PREFIX}.`) ? original.slice(SUBJECT_PREFIX.length + 1) : original;
  return `${SUBJECT_PREFIX}.dlq.${rest}`;
}

// ---- Streams (as code) ----------------------------------------------------------------

/**
 * A JetStream stream declared as code (the one definition: the service kit's `ensureStreams` maps it to a
 * StreamConfig). Unset options get the kit's defaults: 30 days, a 2-minute window, file storage, limits
 * retention, one replica.
 */
export interface StreamDefinition {
  readonly name: string;
  readonly subjects: readonly string[];
  readonly description?: string;
  /** Maximum message age in milliseconds (0 = unlimited). */
  readonly maxAgeMs?: number;
  /** JetStream de-duplication window in milliseconds (by the Nats-Msg-Id header). */
  readonly duplicateWindowMs?: number;
  readonly storage?: 'file' | 'memory';
  readonly retention?: 'limits' | 'interest' | 'workqueue';
  readonly replicas?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const STREAMS = {
  venues: {
    name: 'VENUEBOOK_VENUES',
    subjects: ['venuebook.venues.>'],
    description: 'Venue and contact lifecycle events',
    maxAgeMs: 30 * DAY_MS,
    duplicateWindowMs: 2 * 60_000,
  },
  identity: {
    name: 'VENUEBOOK_IDENTITY',
    subjects: ['venuebook.identity.>'],
    description: 'Users, roles and sign-in events',
    maxAgeMs: 30 * DAY_MS,
    duplicateWindowMs: 2 * 60_000,
  },
  media: {
    name: 'VENUEBOOK_MEDIA',
    subjects: ['venuebook.media.>'],
    description: 'Documents, photos and cloud-drive sync events',
    maxAgeMs: 30 * DAY_MS,
    duplicateWindowMs: 2 * 60_000,
  },
  cards: {
    name: 'VENUEBOOK_CARDS',
    subjects: ['venuebook.cards.>'],
    description: 'Data cards, venue data and field-notes events',
    maxAgeMs: 30 * DAY_MS,
    duplicateWindowMs: 2 * 60_000,
  },
  audit: {
    name: 'VENUEBOOK_AUDIT',
    subjects: ['venuebook.audit.>'],
    description: 'Audit-log entries of every service (stored by identity through a durable consumer)',
    maxAgeMs: 90 * DAY_MS,
    duplicateWindowMs: 2 * 60_000,
  },
  jobs: {
    name: 'VENUEBOOK_JOBS',
    subjects: ['venuebook.jobs.>'],
    description: "Workers' wake-ups (a job may be due); the jobs themselves are in each worker's database",
    maxAgeMs: 7 * DAY_MS,
    duplicateWindowMs: 2 * 60_000,
  },
  dlq: {
    name: 'VENUEBOOK_DLQ',
    subjects: ['venuebook.dlq.>'],
    description: 'Dead letters: messages that exhausted their delivery attempts',
    maxAgeMs: 90 * DAY_MS,
    duplicateWindowMs: 2 * 60_000,
  },
} as const satisfies Record<string, StreamDefinition>;

export const STREAM_LIST: readonly StreamDefinition[] = Object.values(STREAMS);

/** The stream whose subjects cover `subj` (undefined when none). */
export function streamForSubject(subj: string): StreamDefinition | undefined {
  return STREAM_LIST.find((s) => s.subjects.some((pattern) => subjectMatches(pattern, subj)));
}

/** NATS wildcard matching: '*' matches one token, '>' one or more trailing tokens. */
export function subjectMatches(pattern: string, subj: string): boolean {
  const p = pattern.split('.');
  const s = subj.split('.');
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
}

/** Header carrying the envelope id, used by JetStream for de-duplication. */
export const MSG_ID_HEADER = 'Nats-Msg-Id';

// ---- Envelope -----------------------------------------------------------------------------

export const actorSchema = z.object({ userId: z.string(), email: z.string() }).meta({ id: 'EventActor', description: 'The user who caused the event' });

export type Actor = z.infer<typeof actorSchema>;

/** Envelope with an unvalidated payload. */
export const eventEnvelopeSchema = z
  .object({
    id: z.uuid().describe('Unique event id (also the Nats-Msg-Id)'),
    subject: z.string(),
    occurredAt: z.iso.datetime({ offset: true }),
    actor: actorSchema.optional(),
    data: z.unknown(),
  })
  .meta({ id: 'EventEnvelope', description: 'Every event published on NATS' });

export type EventEnvelope<T = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: T };

/** Envelope schema whose `data` is validated by `data`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return eventEnvelopeSchema.extend({ data });
}

// ---- Payloads -------------------------------------------------------------------------------

export const venueCreatedSchema = z.object({
  venueId: z.string(),
  name: z.string(),
  leagues: z.array(leagueSchema),
});
export type VenueCreated = z.infer<typeof venueCreatedSchema>;

export const venueUpdatedSchema = z.object({
  venueId: z.string(),
  name: z.string(),
  /** Names of the fields that changed. */
  changedFields: z.array(z.string()).default([]),
});
export type VenueUpdated = z.infer<typeof venueUpdatedSchema>;

export const venueRenamedSchema = z.object({ venueId: z.string(), name: z.string(), previousName: z.string() });
export type VenueRenamed = z.infer<typeof venueRenamedSchema>;

export const venueDeletedSchema = z.object({ venueId: z.string(), name: z.string() });
export type VenueDeleted = z.infer<typeof venueDeletedSchema>;

export const venueRestoredSchema = z.object({ venueId: z.string(), name: z.string() });
export type VenueRestored = z.infer<typeof venueRestoredSchema>;

export const venuePurgedSchema = z.object({ venueId: z.string(), name: z.string() });
export type VenuePurged = z.infer<typeof venuePurgedSchema>;

/**
 * Every contact event: which contact, of which venue (readers re-read the contact by id). `mainContact`: the
 * contact is its venue's current main contact, whose fields the venue keeps a copy of (venue readers re-read
 * the venue then, and only then).
 */
export const contactChangedSchema = z.object({ contactId: z.string(), venueId: z.string(), mainContact: z.boolean().optional() });
export type ContactChanged = z.infer<typeof contactChangedSchema>;

export const venueActivityChangedSchema = z.object({ venueId: z.string(), activityAt: z.iso.datetime({ offset: true }) });
export type VenueActivityChanged = z.infer<typeof venueActivityChangedSchema>;
export const venueDriveFolderSetSchema = z.object({ venueId: z.string(), folderId: z.string().max(200) });
export type VenueDriveFolderSet = z.infer<typeof venueDriveFolderSetSchema>;

/** venue_event.created / updated / deleted: the event and its venue (replicas re-read the event by id). */
export const venueEventChangedSchema = z.object({ eventId: z.string(), venueId: z.string(), name: z.string() });
export type VenueEventChanged = z.infer<typeof venueEventChangedSchema>;

/** A stored card field value version as its event carries it (insert-only, never changed: replicas apply it as it is). */
export const venueDataVersionSchema = z.object({
  cardId: z.string(),
  fieldKey: z.string(),
  department: z.string(),
  value: z.string(),
  version: z.number().int().min(1),
  kind: z.enum(FIELD_VALUE_KINDS),
  savedBy: z.string(),
  savedByEmail: z.string(),
  savedAt: z.iso.datetime({ offset: true }),
  restoredFrom: z.number().int().nullable(),
  verifiedSource: z.string().nullable(),
});
export type VenueDataVersion = z.infer<typeof venueDataVersionSchema>;

/**
 * The latest write to a venue's card data (cards service): the venue's 'Updated' time is at least this. One event per
 * stored value version: `versionId` its `_id`, `version` the version itself (the cards service's other replicas add it
 * to their read model from the event: a re-read by `_id` scans the collection on FerretDB v1, see
 * docs/decisions/0003-insert-only-collections-and-locks.md).
 */
export const venueDataUpdatedSchema = z.object({
  venueId: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  versionId: z.string().optional(),
  version: venueDataVersionSchema.optional(),
});
export type VenueDataUpdated = z.infer<typeof venueDataUpdatedSchema>;

/** Every card event: which card (readers re-read it by id) and its venue (null: a template). */
export const cardChangedSchema = z.object({ cardId: z.string(), venueId: z.string().nullable() });
export type CardChanged = z.infer<typeof cardChangedSchema>;

/** card_order.saved: the order document (`orderId`, readers re-read it by id) of a venue department or of the templates (venueId null). */
export const cardOrderSavedSchema = z.object({ orderId: z.string(), venueId: z.string().nullable(), department: z.string(), version: z.number().int() });
export type CardOrderSaved = z.infer<typeof cardOrderSavedSchema>;

/**
 * field_note.stored: one note document (`noteId`); `note` the document itself (insert-only: the other cards replicas
 * apply it as it is, no re-read), or `purged` when Clean Field Notes removed it.
 */
export const fieldNoteStoredSchema = z.object({
  venueId: z.string(),
  noteId: z.string(),
  purged: z.boolean().optional(),
  note: z
    .object({
      kind: z.enum(['line', 'deleted']),
      lineId: z.string(),
      cardId: z.string(),
      department: z.string(),
      fieldKey: z.string(),
      text: z.string(),
      position: z.number(),
      createdAt: z.iso.datetime({ offset: true }),
      createdBy: z.string(),
      createdByEmail: z.string(),
    })
    .optional(),
});
export type FieldNoteStored = z.infer<typeof fieldNoteStoredSchema>;

export const userFirstLoginSchema = z.object({
  userId: z.string(),
  email: z.string(),
  at: z.iso.datetime({ offset: true }),
});
export type UserFirstLogin = z.infer<typeof userFirstLoginSchema>;

/** A worker's job may be due: its id, and what the work is about (the worker's own shape). */
export const jobDueSchema = z.object({
  jobId: z.string().min(1).max(200),
  payload: z.record(z.string(), z.unknown()).default({}),
  /** New work for the job (its source changed): it runs again even when done. */
  renewed: z.boolean().optional(),
});
export type JobDue = z.infer<typeof jobDueSchema>;

export const userRoleChangedSchema = z.object({ userId: z.string(), email: z.string(), role: z.string(), previousRole: z.string() });
export type UserRoleChanged = z.infer<typeof userRoleChangedSchema>;

export const userRemovedSchema = z.object({ userId: z.string(), email: z.string() });
export type UserRemoved = z.infer<typeof userRemovedSchema>;

/** Sessions of a user ended (logout of any scope, or a refresh-token reuse): gateways drop cached state. */
export const userSignedOutSchema = z.object({ userId: z.string(), reason: z.enum(['global', 'local', 'others', 'reuse']) });
export type UserSignedOut = z.infer<typeof userSignedOutSchema>;

/** `origin`: the instance that wrote it (it applied the change already and skips its own event). */
export const userChangedSchema = z.object({ userId: z.string(), origin: z.string() });
export type UserChanged = z.infer<typeof userChangedSchema>;

export const auditEntryStoredSchema = z.object({ entryId: z.string(), origin: z.string() });
export type AuditEntryStored = z.infer<typeof auditEntryStoredSchema>;

/** Old or new values of an audited record (JSON object; secrets redacted and long values cut by the kit). */
export const auditValuesSchema = z.record(z.string(), z.unknown());

/**
 * One audited mutation (spec §3 audit_logs): who is the envelope's actor (none = the system), when its
 * occurredAt, the event id its id (identity stores each id once).
 */
export const auditRecordedSchema = z.object({
  /** The service that made the change. */
  service: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/),
  /** Lower snake case: create, update, delete, role_change, … */
  action: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  /** The table (collection) changed, e.g. venues, users, admin_settings. */
  table: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/),
  recordId: z.string().max(200).nullable(),
  oldValues: auditValuesSchema.nullable(),
  newValues: auditValuesSchema.nullable(),
});
export type AuditRecorded = z.infer<typeof auditRecordedSchema>;

/**
 * presence.editor.changed: `origin` the publishing gateway replica; `kind` join / heartbeat (the user is on the channel
 * there, seen at the envelope's occurredAt) or leave (no socket of the user on that replica has the channel any more);
 * `sync` asks the other replicas to announce their editors of the channel at once (a replica that just got its first
 * socket on it).
 */
export const presenceChangedSchema = z.object({
  origin: z.string().min(1).max(100),
  kind: z.enum(['join', 'heartbeat', 'leave']),
  sync: z.boolean().optional(),
  channel: z.object({ venueId: z.string().max(100), department: z.string().max(100), cardId: z.string().max(100) }),
  editor: z.object({ userId: z.string().max(100), email: z.string().max(320), fullName: z.string().max(500) }),
});
export type PresenceChanged = z.infer<typeof presenceChangedSchema>;

/**
 * A media document's revision as stored (insert-only, services/media): its number and the whole mutable state after
 * it, so that the other replicas apply it as it is instead of re-reading the document's revisions (a scan on
 * FerretDB v1).
 */
export const documentRevisionSchema = z.object({
  rev: z.number().int().min(0),
  deleted: z.boolean(),
  category: documentCategorySchema,
  eventId: z.string().max(200).nullable(),
  tagCardIds: z.array(z.string().max(200)).max(1000),
});
export type DocumentRevision = z.infer<typeof documentRevisionSchema>;

/** Every document event: which document (replicas re-read it by id), its venue, and for the Drive-sync worker its file. */
export const documentChangedSchema = z.object({
  documentId: z.string(),
  venueId: z.string(),
  fileName: z.string().max(1000).optional(),
  category: z.string().max(50).optional(),
  /** document.category_changed: the category before the change. */
  previousCategory: z.string().max(50).optional(),
  /** document.updated / document.deleted: the revision written (replicas holding the document apply it without a re-read). */
  revision: documentRevisionSchema.optional(),
});
export type DocumentChanged = z.infer<typeof documentChangedSchema>;

/** drive_copy.changed: a document's Drive copy as recorded (fileId null: removed). */
export const driveCopyChangedSchema = z.object({
  documentId: z.string().max(200),
  venueId: z.string().max(200),
  fileId: z.string().max(200).nullable(),
  url: z.string().max(2000),
  syncedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DriveCopyChanged = z.infer<typeof driveCopyChangedSchema>;

/**
 * drive_queue.changed: `queued` (the item), `removed` (one document's item), or `reset` (every item and Drive copy of
 * `venueId`, or of all venues when it is '').
 */
export const driveQueueChangedSchema = z.object({
  change: z.enum(['queued', 'removed', 'reset']),
  documentId: z.string().max(200),
  venueId: z.string().max(200),
  fileName: z.string().max(1000),
  uploadedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DriveQueueChanged = z.infer<typeof driveQueueChangedSchema>;

/** photo_tags.changed: the documents whose tags changed (replicas re-read their tags by document id). */
export const photoTagsChangedSchema = z.object({ venueId: z.string(), documentIds: z.array(z.string()).max(1000) });
export type PhotoTagsChanged = z.infer<typeof photoTagsChangedSchema>;

/** gallery.changed: a venue's public gallery settings (replicas re-read them by venue id; a rotated key stops the old link at once). */
export const galleryChangedSchema = z.object({ venueId: z.string() });
export type GalleryChanged = z.infer<typeof galleryChangedSchema>;

/** Payload schema per subject. */
export const EVENT_PAYLOADS = {
  [SUBJECTS.venueCreated]: venueCreatedSchema,
  [SUBJECTS.venueUpdated]: venueUpdatedSchema,
  [SUBJECTS.venueRenamed]: venueRenamedSchema,
  [SUBJECTS.venueDeleted]: venueDeletedSchema,
  [SUBJECTS.venueRestored]: venueRestoredSchema,
  [SUBJECTS.venueActivityChanged]: venueActivityChangedSchema,
  [SUBJECTS.venueDriveFolderSet]: venueDriveFolderSetSchema,
  [SUBJECTS.venueEventCreated]: venueEventChangedSchema,
  [SUBJECTS.venueEventUpdated]: venueEventChangedSchema,
  [SUBJECTS.venueEventDeleted]: venueEventChangedSchema,
  [SUBJECTS.venueDataUpdated]: venueDataUpdatedSchema,
  [SUBJECTS.venuePurged]: venuePurgedSchema,
  [SUBJECTS.cardCreated]: cardChangedSchema,
  [SUBJECTS.cardUpdated]: cardChangedSchema,
  [SUBJECTS.cardDeleted]: cardChangedSchema,
  [SUBJECTS.cardRestored]: cardChangedSchema,
  [SUBJECTS.cardPurged]: cardChangedSchema,
  [SUBJECTS.cardOrderSaved]: cardOrderSavedSchema,
  [SUBJECTS.fieldNoteStored]: fieldNoteStoredSchema,
  [SUBJECTS.contactCreated]: contactChangedSchema,
  [SUBJECTS.contactUpdated]: contactChangedSchema,
  [SUBJECTS.contactDeleted]: contactChangedSchema,
  [SUBJECTS.contactRestored]: contactChangedSchema,
  [SUBJECTS.contactPurged]: contactChangedSchema,
  [SUBJECTS.documentUploaded]: documentChangedSchema,
  [SUBJECTS.documentUpdated]: documentChangedSchema,
  [SUBJECTS.documentCategoryChanged]: documentChangedSchema,
  [SUBJECTS.documentDeleted]: documentChangedSchema,
  [SUBJECTS.driveCopyChanged]: driveCopyChangedSchema,
  [SUBJECTS.driveQueueChanged]: driveQueueChangedSchema,
  [SUBJECTS.photoTagsChanged]: photoTagsChangedSchema,
  [SUBJECTS.galleryChanged]: galleryChangedSchema,
  [SUBJECTS.userFirstLogin]: userFirstLoginSchema,
  [SUBJECTS.userRoleChanged]: userRoleChangedSchema,
  [SUBJECTS.userRemoved]: userRemovedSchema,
  [SUBJECTS.userSignedOut]: userSignedOutSchema,
  [SUBJECTS.userChanged]: userChangedSchema,
  [SUBJECTS.auditEntryStored]: auditEntryStoredSchema,
  [SUBJECTS.auditRecorded]: auditRecordedSchema,
  [SUBJECTS.notifierJobDue]: jobDueSchema,
  [SUBJECTS.driveJobDue]: jobDueSchema,
  [SUBJECTS.presenceChanged]: presenceChangedSchema,
} as const satisfies Record<SubjectName, z.ZodType>;

/** Payload type (as published, i.e. input) of a known subject. */
export type EventPayload<S extends SubjectName> = z.input<(typeof EVENT_PAYLOADS)[S]>;
/** Payload type after parsing of a known subject. */
export type ParsedEventPayload<S extends SubjectName> = z.output<(typeof EVENT_PAYLOADS)[S]>;

/** The payload schema of a known subject. */
export function payloadSchema(subj: SubjectName): z.ZodType {
  return EVENT_PAYLOADS[subj];
}

/** Builds a validated envelope for `subj` (id and occurredAt generated unless given). */
export function createEnvelope<S extends SubjectName>(
  subj: S,
  data: EventPayload<S>,
  options: { actor?: Actor; id?: string; occurredAt?: Date | string } = {},
): EventEnvelope<ParsedEventPayload<S>> {
  const occurredAt = options.occurredAt ?? new Date();
  const envelope = {
    id: options.id ?? globalThis.crypto.randomUUID(),
    subject: subj,
    occurredAt: typeof occurredAt === 'string' ? occurredAt : occurredAt.toISOString(),
    ...(options.actor ? { actor: options.actor } : {}),
    data: payloadSchema(subj).parse(data) as ParsedEventPayload<S>,
  };
  eventEnvelopeSchema.parse(envelope);
  return envelope;
}

/** Validates a received envelope and its payload for the expected subject; throws a ZodError when invalid. */
export function parseEnvelope<S extends SubjectName>(subj: S, raw: unknown): EventEnvelope<ParsedEventPayload<S>> {
  const envelope = eventEnvelopeSchema.parse(raw);
  if (envelope.subject !== subj) {
    throw new Error(`Unexpected subject '${envelope.subject}', expected '${subj}'`);
  }
  const data = payloadSchema(subj).parse(envelope.data) as ParsedEventPayload<S>;
  return { ...envelope, data };
}

/** Envelope JSON ↔ bytes (NATS payloads), without Node's Buffer. */
export function encodeEnvelope(envelope: EventEnvelope): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(envelope));
}

export function decodeEnvelope(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes));
}

// The audit log's read model: per stored entry only what the list orders and filters by (time, table,
// action, user id, record id), in memory (the kit's ReadModel). A page is answered from it and its entries
// are then read by `_id`, one point read each; the database stays the source of truth. Values, e-mail and
// service are never held here: the log grows without bound.
import { SUBJECTS } from '@venuebook/contracts/events';
import { ReadModel } from '@venuebook/service-kit';
import type { Logger, NatsConnection } from '@venuebook/service-kit';
import type { Model } from 'mongoose';
import type { AuditLogDocument } from '../repositories/audit-log.model.ts';
import { othersEvents } from './others-events.ts';

/** What the read model keeps of an entry (about 200 bytes; see ARCHITECTURE.md for the measured figure). */
export interface AuditListEntry {
  id: string;
  /** createdAt in ms (the order of the log). */
  at: number;
  tableName: string;
  action: string;
  userId: string | null;
  recordId: string | null;
}

export type AuditEntrySource = Pick<AuditLogDocument, '_id' | 'createdAt' | 'tableName' | 'action' | 'userId' | 'recordId'>;

const FIELDS = '_id createdAt tableName action userId recordId';

/**
 * One copy of each repeated value (tables, actions and acting users repeat across thousands of entries; each
 * document read from the database would otherwise bring its own string).
 */
class Interned {
  readonly #values = new Map<string, string>();

  get(value: string): string {
    const known = this.#values.get(value);
    if (known !== undefined) return known;
    if (this.#values.size < 100_000) this.#values.set(value, value);
    return value;
  }
}

export function auditListEntry(doc: AuditEntrySource, interned?: Interned): AuditListEntry {
  const keep = (value: string): string => (interned ? interned.get(value) : value);
  return {
    id: doc._id,
    at: doc.createdAt.getTime(),
    tableName: keep(doc.tableName),
    action: keep(doc.action),
    userId: doc.userId === null ? null : keep(doc.userId),
    recordId: doc.recordId,
  };
}

/** Newest first, ties by id descending (the order of the former `sort({createdAt: -1, _id: -1})`). */
const newest = (a: AuditListEntry, b: AuditListEntry): number => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export type AuditLogReadModel = ReadModel<AuditEntrySource, AuditListEntry, 'newest'>;

/**
 * `instanceId`: this process; the `identity.audit_entry.stored` events it published itself are skipped (it
 * added the entry when it stored it), those of other replicas re-read the entry by `_id` (whole, to
 * `readWhole`, when given).
 */
export function createAuditLogReadModel(
  model: Model<AuditLogDocument>,
  options: { logger: Logger; nc?: NatsConnection; instanceId: string; readWhole?: (doc: AuditLogDocument) => void },
): AuditLogReadModel {
  const interned = new Interned();
  return new ReadModel<AuditEntrySource, AuditListEntry, 'newest'>({
    name: 'audit_logs',
    logger: options.logger,
    source: {
      // One scan, streamed in batches (pages by {_id: {$gt}} would each scan the whole collection on FerretDB v1).
      // With `readWhole`, whole documents (FerretDB v1 reads them whole anyway and projects in Go), each handed
      // to it: the entry cache keeps the last ones read, i.e. about the newest, so that a restart does not
      // leave page 1 to a read by _id per entry.
      scan: () => {
        const readWhole = options.readWhole;
        if (!readWhole) return model.find({}).select(FIELDS).lean<AuditEntrySource[]>().cursor({ batchSize: 1000 });
        const cursor = model.find({}).lean<AuditLogDocument[]>().cursor({ batchSize: 1000 });
        return (async function* () {
          for await (const doc of cursor) {
            readWhole(doc);
            yield doc;
          }
        })();
      },
      // An entry another replica stored: read whole (FerretDB v1 reads the whole document anyway) and handed to
      // `readWhole` (the entry cache), so that its first view needs no second read.
      byId: async (id) => {
        if (!options.readWhole) return model.findById(id).select(FIELDS).lean<AuditEntrySource>().exec();
        const doc = await model.findById(id).lean<AuditLogDocument>().exec();
        if (doc) options.readWhole(doc);
        return doc;
      },
    },
    toRecord: (doc) => auditListEntry(doc, interned),
    searchText: () => '',
    tagValues: [],
    tagsOf: () => [],
    sorts: { newest },
    progressEvery: 10_000,
    ...othersEvents(options, SUBJECTS.auditEntryStored, (data) => data.entryId),
  });
}

import type { Model } from 'mongoose';
import type { ChangesCursor } from '../domain/drive-changes.ts';
import type { DriveStateDocument } from './drive-state.model.ts';

const CHANGES = 'changes';

/** The Drive service's own state (read and written by `_id`): where the changes feed is read from. */
export class DriveStateRepository {
  readonly #model: Model<DriveStateDocument>;

  constructor(model: Model<DriveStateDocument>) {
    this.#model = model;
  }

  /** The saved cursor of the changes feed; null before the first read. */
  async changesCursor(): Promise<ChangesCursor | null> {
    const doc = await this.#model.findById(CHANGES).lean<DriveStateDocument>().exec();
    return doc ? { pageToken: doc.pageToken, heldSince: doc.heldSince ?? null } : null;
  }

  /** Saves the cursor (the changes before it are handled). */
  async saveChangesCursor(cursor: ChangesCursor): Promise<void> {
    await this.#model
      .replaceOne({ _id: CHANGES }, { pageToken: cursor.pageToken, heldSince: cursor.heldSince, updatedAt: new Date() }, { upsert: true })
      .exec();
  }
}

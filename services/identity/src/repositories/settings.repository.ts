import type { Model } from 'mongoose';
import type { StoredAdminSetting } from '@venuebook/contracts/codecs/admin';
import type { AdminSettingDocument } from './admin-setting.model.ts';

const toSetting = (doc: AdminSettingDocument): StoredAdminSetting => ({
  key: doc._id,
  value: doc.value,
  updatedAt: doc.updatedAt,
  updatedBy: doc.updatedBy || null,
});

export class SettingsRepository {
  readonly #model: Model<AdminSettingDocument>;

  constructor(model: Model<AdminSettingDocument>) {
    this.#model = model;
  }

  async all(): Promise<StoredAdminSetting[]> {
    return (await this.#model.find().lean<AdminSettingDocument[]>().exec()).map(toSetting);
  }

  async get(key: string): Promise<StoredAdminSetting | null> {
    const doc = await this.#model.findById(key).lean<AdminSettingDocument>().exec();
    return doc ? toSetting(doc) : null;
  }

  /**
   * Inserts or updates the setting (spec §7: update if the key exists, else insert); resolves with the
   * stored value before the change (null when there was none) and after. A single-document upsert: two
   * admins saving at once leave one of the values (the last write).
   */
  async set(key: string, value: string, by: string, at: Date): Promise<{ before: StoredAdminSetting | null; after: StoredAdminSetting }> {
    const before = await this.#model
      .findOneAndUpdate({ _id: key }, { $set: { value, updatedAt: at, updatedBy: by } }, { upsert: true, returnDocument: 'before' })
      .lean<AdminSettingDocument>()
      .exec();
    return { before: before ? toSetting(before) : null, after: { key, value, updatedAt: at, updatedBy: by || null } };
  }
}

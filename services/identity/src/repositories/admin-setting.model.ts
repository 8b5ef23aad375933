import { Schema } from 'mongoose';
import type { Connection, Model } from 'mongoose';
import { registeredModel } from '@venuebook/service-kit';

/** admin_settings (spec §3): one document per key (`_id` = setting_key). */
export interface AdminSettingDocument {
  _id: string;
  value: string;
  updatedAt: Date;
  /** E-mail of who set it. */
  updatedBy: string;
}

export const adminSettingSchema = new Schema<AdminSettingDocument>(
  {
    _id: { type: String, required: true },
    value: { type: String, default: '' },
    updatedAt: { type: Date, required: true },
    updatedBy: { type: String, default: '' },
  },
  { collection: 'admin_settings', versionKey: false, strict: 'throw' },
);

export function adminSettingModel(connection: Connection): Model<AdminSettingDocument> {
  return registeredModel<AdminSettingDocument>(connection, 'AdminSetting', adminSettingSchema);
}

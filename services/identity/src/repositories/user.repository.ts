import type { Model } from 'mongoose';
import type { FirstLoginDocument, UserDocument } from './identity.models.ts';

export type UserRecord = UserDocument;

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

export class UserRepository {
  readonly #users: Model<UserDocument>;
  readonly #firstLogins: Model<FirstLoginDocument>;

  constructor(users: Model<UserDocument>, firstLogins: Model<FirstLoginDocument>) {
    this.#users = users;
    this.#firstLogins = firstLogins;
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.#users.findOne({ email: email.toLowerCase() }).lean<UserRecord>().exec();
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.#users.findById(id).lean<UserRecord>().exec();
  }

  /** Creates an unconfirmed user; null when the address is taken (unique index). */
  async createPending(fields: { email: string; passwordHash: string; confirmationTokenHash: string; confirmationExpiresAt: Date }): Promise<UserRecord | null> {
    try {
      const doc = await this.#users.create({ ...fields, email: fields.email.toLowerCase() });
      return doc.toObject() as UserRecord;
    } catch (error) {
      if (isDuplicateKey(error)) return null;
      throw error;
    }
  }

  /** A repeated sign-up of a still-unconfirmed address: new password, new link. */
  resetPending(id: string, fields: { passwordHash: string; confirmationTokenHash: string; confirmationExpiresAt: Date }): Promise<UserRecord | null> {
    return this.#users.findOneAndUpdate({ _id: id, emailConfirmedAt: null }, { $set: fields }, { returnDocument: 'after' }).lean<UserRecord>().exec();
  }

  /** The unconfirmed user whose unexpired link hashes to `tokenHash`, or null. */
  findPending(tokenHash: string, now: Date): Promise<UserRecord | null> {
    return this.#users.findOne({ confirmationTokenHash: tokenHash, confirmationExpiresAt: { $gt: now }, emailConfirmedAt: null }).lean<UserRecord>().exec();
  }

  /** Confirms the address whose unexpired link hashes to `tokenHash`; null when there is none. */
  confirm(tokenHash: string, now: Date): Promise<UserRecord | null> {
    return this.#users
      .findOneAndUpdate(
        { confirmationTokenHash: tokenHash, confirmationExpiresAt: { $gt: now } },
        { $set: { emailConfirmedAt: now, confirmationTokenHash: null, confirmationExpiresAt: null } },
        { returnDocument: 'after' },
      )
      .lean<UserRecord>()
      .exec();
  }

  /** The user of a verified OpenID Connect sign-in, created (confirmed, no password) on first use. */
  async upsertOidcUser(email: string, identity: { issuer: string; subject: string }, now: Date): Promise<UserRecord> {
    const lower = email.toLowerCase();
    const existing = await this.findByEmail(lower);
    if (!existing) {
      try {
        const doc = await this.#users.create({ email: lower, emailConfirmedAt: now, identities: [identity] });
        return doc.toObject() as UserRecord;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    const existingNow = await this.findByEmail(lower);
    if (!existingNow) throw new Error(`user ${lower} vanished during sign-in`);
    // An account still waiting for its confirmation was created by whoever typed this address: Google now
    // proves who owns it, so that pending password (and link) must not survive.
    const confirmNow = existingNow.emailConfirmedAt ? {} : { emailConfirmedAt: now, passwordHash: null, confirmationExpiresAt: null };
    const updated = await this.#users
      .findOneAndUpdate({ _id: existingNow._id }, { $addToSet: { identities: identity }, $set: { confirmationTokenHash: null, ...confirmNow } }, { returnDocument: 'after' })
      .lean<UserRecord>()
      .exec();
    if (!updated) throw new Error(`user ${lower} vanished during sign-in`);
    return updated;
  }

  /** Stamps the sign-in time and sets the role when one is given. */
  recordSignIn(id: string, now: Date, role: string | null): Promise<UserRecord | null> {
    const set: Record<string, unknown> = { lastSignInAt: now };
    if (role) set.role = role;
    return this.#users.findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after', timestamps: false }).lean<UserRecord>().exec();
  }

  /** true when this call recorded the user's first login (user_first_logins). */
  async recordFirstLogin(userId: string, at: Date): Promise<boolean> {
    try {
      await this.#firstLogins.create({ _id: userId, at, notificationSent: false });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  setRole(id: string, role: string): Promise<UserRecord | null> {
    return this.#users.findOneAndUpdate({ _id: id }, { $set: { role } }, { returnDocument: 'after' }).lean<UserRecord>().exec();
  }

  setWelcomeShown(id: string): Promise<UserRecord | null> {
    return this.#users.findOneAndUpdate({ _id: id }, { $set: { welcomeShown: true } }, { returnDocument: 'after' }).lean<UserRecord>().exec();
  }

  countOwners(): Promise<number> {
    return this.#users.countDocuments({ role: 'owner' }).exec();
  }

  list(): Promise<UserRecord[]> {
    return this.#users.find({}).sort({ createdAt: 1, _id: 1 }).lean<UserRecord[]>().exec();
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.#users.deleteOne({ _id: id }).exec();
    await this.#firstLogins.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }
}

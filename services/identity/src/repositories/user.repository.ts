import { AsyncLocalStorage } from 'node:async_hooks';
import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '@venuebook/service-kit';
import type { Locks } from '@venuebook/service-kit';
import type { UserRecord } from '../domain/user.ts';
import { listedUser } from '../domain/user.ts';
import type { FirstLoginDocument, FirstLoginNoticeDocument } from './first-login.model.ts';
import type { ProfileDocument } from './profile.model.ts';
import type { UserDocument } from './user.model.ts';

/** The name of the per-user lock (in identity_locks) every write to the user's document and profile holds. */
export const userLockName = (userId: string): string => `user:${userId}`;

export class UserRepository {
  readonly #users: Model<UserDocument>;
  readonly #firstLogins: Model<FirstLoginDocument>;
  readonly #notices: Model<FirstLoginNoticeDocument>;
  readonly #profiles: Model<ProfileDocument>;
  readonly #written: (userId: string, record: UserRecord | null) => Promise<void>;
  readonly #locks: Locks;
  readonly #busy: () => Error;
  /** The per-user locks this async flow holds (a write inside `withUserLock` does not take its lock again). */
  readonly #held = new AsyncLocalStorage<ReadonlySet<string>>();

  /**
   * `written`: told of every write of a listed field, with the user as now stored (null when removed), while
   * the user's lock is still held (the caller updates the user list and tells the other replicas); `locks`: the
   * service's locks (identity_locks), of which every write to a user document or its profile holds
   * `user:<id>`; `busy`: the error when that lock cannot be had within the lock's wait.
   */
  constructor(
    models: {
      users: Model<UserDocument>;
      firstLogins: Model<FirstLoginDocument>;
      firstLoginNotices: Model<FirstLoginNoticeDocument>;
      profiles: Model<ProfileDocument>;
    },
    options: { written: (userId: string, record: UserRecord | null) => Promise<void>; locks: Locks; busy: () => Error },
  ) {
    this.#users = models.users;
    this.#firstLogins = models.firstLogins;
    this.#notices = models.firstLoginNotices;
    this.#profiles = models.profiles;
    this.#written = options.written;
    this.#locks = options.locks;
    this.#busy = options.busy;
  }

  /**
   * Runs `work` holding the user's lock. FerretDB v1 applies an update as read-then-rewrite of the whole
   * document, so two concurrent updates of different fields of one user can lose one (a sign-in's write
   * undoing a role change): every write to a user document or its profile runs under this lock, and so does
   * a read-decide-write such as a role change (inside the roles lock: always roles lock first, then the user
   * lock, never the other order). Taken once per async flow: a write inside `work` runs at once. The lock
   * not had within its wait → `busy()` (the caller is told to try again).
   */
  async withUserLock<T>(id: string, work: () => Promise<T>): Promise<T> {
    const name = userLockName(id);
    const held = this.#held.getStore();
    if (held?.has(name)) return work();
    const done = await this.#locks.withLock(name, () => this.#held.run(new Set([...(held ?? []), name]), work));
    if (!done) throw this.#busy();
    return done.value;
  }

  /** Joins the profile (in code: no $lookup on FerretDB; by `_id`, the only filter FerretDB v1 pushes down). */
  async #one(user: UserDocument | null): Promise<UserRecord | null> {
    if (!user) return null;
    const profile = await this.#profiles.findById(user._id).lean<ProfileDocument>().exec();
    return { ...listedUser({ user, profile }), passwordHash: user.passwordHash };
  }

  /** A write of a listed field is done: reported (see `written`) before the lock is let go. */
  async #wrote<T extends UserRecord | null>(id: string, record: T): Promise<T> {
    await this.#written(id, record);
    return record;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    return this.#one(await this.#users.findOne({ email: email.toLowerCase() }).lean<UserDocument>().exec());
  }

  /**
   * What a password sign-in checks, in exactly one query whether or not the address exists (no profile
   * lookup: the work must not tell who has an account). The session's user is read after the check.
   */
  async findCredentials(email: string): Promise<Pick<UserRecord, 'id' | 'email' | 'passwordHash' | 'emailConfirmedAt' | 'role'> | null> {
    const user = await this.#users
      .findOne({ email: email.toLowerCase() }, { email: 1, passwordHash: 1, emailConfirmedAt: 1, role: 1 })
      .lean<Pick<UserDocument, '_id' | 'email' | 'passwordHash' | 'emailConfirmedAt' | 'role'>>()
      .exec();
    return user ? { id: user._id, email: user.email, passwordHash: user.passwordHash, emailConfirmedAt: user.emailConfirmedAt, role: user.role } : null;
  }

  async findById(id: string): Promise<UserRecord | null> {
    return this.#one(await this.#users.findById(id).lean<UserDocument>().exec());
  }

  /** What a sign-up of this address must know: confirmed already, or pending with which link. */
  async findSignUpState(
    email: string,
  ): Promise<{ id: string; confirmed: boolean; linkNonce: string | null; linkTokenHash: string | null; linkExpiresAt: Date | null } | null> {
    const user = await this.#users
      .findOne({ email: email.toLowerCase() }, { emailConfirmedAt: 1, confirmationNonce: 1, confirmationTokenHash: 1, confirmationExpiresAt: 1 })
      .lean<Pick<UserDocument, '_id' | 'emailConfirmedAt' | 'confirmationNonce' | 'confirmationTokenHash' | 'confirmationExpiresAt'>>()
      .exec();
    return user
      ? {
          id: user._id,
          confirmed: Boolean(user.emailConfirmedAt),
          linkNonce: user.confirmationNonce,
          linkTokenHash: user.confirmationTokenHash,
          linkExpiresAt: user.confirmationExpiresAt,
        }
      : null;
  }

  /** Creates an unconfirmed user; null when the address is taken (unique index). */
  async createPending(fields: {
    email: string;
    passwordHash: string;
    confirmationTokenHash: string;
    confirmationExpiresAt: Date;
    confirmationNonce: string;
  }): Promise<UserRecord | null> {
    try {
      const doc = await this.#users.create({ ...fields, email: fields.email.toLowerCase() });
      const created = (await this.#one(doc.toObject() as UserDocument))!;
      return await this.#wrote(created.id, created);
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }

  /** A sign-up of an address whose link has expired unconfirmed: a fresh start (new password, new link). */
  async resetPending(
    id: string,
    fields: { passwordHash: string; confirmationTokenHash: string; confirmationExpiresAt: Date; confirmationNonce: string },
  ): Promise<UserRecord | null> {
    return this.withUserLock(id, async () =>
      this.#one(
        await this.#users.findOneAndUpdate({ _id: id, emailConfirmedAt: null }, { $set: fields }, { returnDocument: 'after' }).lean<UserDocument>().exec(),
      ),
    );
  }

  /** A new token for a pending link whose token can no longer be derived (the link key changed); the password stays. */
  async renewLink(id: string, fields: { confirmationTokenHash: string; confirmationNonce: string }): Promise<UserRecord | null> {
    return this.withUserLock(id, async () =>
      this.#one(
        await this.#users.findOneAndUpdate({ _id: id, emailConfirmedAt: null }, { $set: fields }, { returnDocument: 'after' }).lean<UserDocument>().exec(),
      ),
    );
  }

  /** The unconfirmed user whose unexpired link hashes to `tokenHash`, or null. */
  async findPending(tokenHash: string, now: Date): Promise<UserRecord | null> {
    // One top-level equality (the hash is unique in practice: 256 random bits), the rest checked here.
    const user = await this.#users.findOne({ confirmationTokenHash: tokenHash }).lean<UserDocument>().exec();
    const pending = user && !user.emailConfirmedAt && user.confirmationExpiresAt && user.confirmationExpiresAt.getTime() > now.getTime();
    return pending ? this.#one(user) : null;
  }

  /**
   * Confirms user `id` (found by `findPending`) if its unexpired link still hashes to `tokenHash`; null when
   * not. Re-read and checked by `_id` under the user's lock before the write.
   */
  async confirm(id: string, tokenHash: string, now: Date): Promise<UserRecord | null> {
    return this.withUserLock(id, async () => {
      const user = await this.#users.findById(id).lean<UserDocument>().exec();
      const pending =
        user &&
        !user.emailConfirmedAt &&
        user.confirmationTokenHash === tokenHash &&
        user.confirmationExpiresAt &&
        user.confirmationExpiresAt.getTime() > now.getTime();
      if (!pending) return null;
      const confirmed = await this.#one(
        await this.#users
          .findOneAndUpdate(
            { _id: user._id },
            { $set: { emailConfirmedAt: now, confirmationTokenHash: null, confirmationExpiresAt: null, confirmationNonce: null } },
            { returnDocument: 'after' },
          )
          .lean<UserDocument>()
          .exec(),
      );
      return confirmed ? this.#wrote(confirmed.id, confirmed) : null;
    });
  }

  /**
   * The user of a verified OpenID Connect sign-in, created (confirmed, no password) on first use. An existing
   * user is written only when something changes (the identity is not stored yet, or the account is still
   * unconfirmed), decided here after a read, and then under the user's lock after reading it again by `_id`:
   * a repeated sign-in of a linked, confirmed account writes nothing, so it cannot undo a role change.
   */
  async upsertOidcUser(email: string, identity: { issuer: string; subject: string }, now: Date): Promise<UserRecord> {
    const lower = email.toLowerCase();
    const linked = (user: UserDocument): boolean =>
      Boolean(user.emailConfirmedAt) && (user.identities ?? []).some((stored) => stored.issuer === identity.issuer && stored.subject === identity.subject);
    let existing = await this.#users.findOne({ email: lower }).lean<UserDocument>().exec();
    if (!existing) {
      try {
        const doc = await this.#users.create({ email: lower, emailConfirmedAt: now, identities: [identity] });
        const created = (await this.#one(doc.toObject() as UserDocument))!;
        return await this.#wrote(created.id, created);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      existing = await this.#users.findOne({ email: lower }).lean<UserDocument>().exec();
      if (!existing) throw new Error(`user ${lower} vanished during sign-in`);
    }
    if (linked(existing)) return (await this.#one(existing))!;
    const id = existing._id;
    return this.withUserLock(id, async () => {
      const current = await this.#users.findById(id).lean<UserDocument>().exec();
      if (!current) throw new Error(`user ${lower} vanished during sign-in`);
      if (linked(current)) return (await this.#one(current))!;
      // An account still waiting for its confirmation was created by whoever typed this address: Google now
      // proves who owns it, so that pending password (and link) must not survive.
      const confirmNow = current.emailConfirmedAt
        ? {}
        : { emailConfirmedAt: now, passwordHash: null, confirmationTokenHash: null, confirmationExpiresAt: null, confirmationNonce: null };
      const updated = await this.#users
        .findOneAndUpdate({ _id: id }, { $addToSet: { identities: identity }, $set: confirmNow }, { returnDocument: 'after' })
        .lean<UserDocument>()
        .exec();
      if (!updated) throw new Error(`user ${lower} vanished during sign-in`);
      const record = (await this.#one(updated))!;
      return this.#wrote(record.id, record);
    });
  }

  /**
   * Stamps the sign-in time (in the profile) and, for an address of OWNER_EMAILS without a role, sets the
   * owner role (only while the role is still unset).
   */
  async recordSignIn(id: string, now: Date, role: string | null): Promise<UserRecord | null> {
    return this.withUserLock(id, async () => {
      if (role) await this.#users.updateOne({ _id: id, role: null }, { $set: { role } }).exec();
      await this.#profiles.updateOne({ _id: id }, { $set: { lastSignInAt: now } }, { upsert: true }).exec();
      return this.#wrote(id, await this.findById(id));
    });
  }

  /** true when this call recorded the user's first login (user_first_logins). */
  async recordFirstLogin(userId: string, at: Date): Promise<boolean> {
    try {
      await this.#firstLogins.create({ _id: userId, at, notificationSent: false });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** The first logins whose webhook notification was not sent (two whole reads, for the notifier's sweep only). */
  async pendingFirstLogins(): Promise<{ userId: string; at: Date }[]> {
    const [firstLogins, notices] = await Promise.all([
      this.#firstLogins.find({ notificationSent: false }).lean<FirstLoginDocument[]>().exec(),
      this.#notices.find({}, { _id: 1 }).lean<{ _id: string }[]>().exec(),
    ]);
    const notified = new Set(notices.map((notice) => notice._id));
    return firstLogins.filter((doc) => !notified.has(doc._id)).map((doc) => ({ userId: doc._id, at: doc.at }));
  }

  /** The user's first login when it is not notified yet (reads by `_id`). */
  async pendingFirstLogin(userId: string): Promise<{ userId: string; at: Date } | undefined> {
    const [doc, notice] = await Promise.all([
      this.#firstLogins.findById(userId).lean<FirstLoginDocument>().exec(),
      this.#notices.findById(userId, { _id: 1 }).lean<{ _id: string }>().exec(),
    ]);
    return doc && !doc.notificationSent && !notice ? { userId: doc._id, at: doc.at } : undefined;
  }

  /** Marks users' first logins notified (spec §4 notification_sent): unique inserts, so a repeat changes nothing. */
  async markFirstLoginsNotified(userIds: readonly string[], at: Date): Promise<void> {
    if (userIds.length === 0) return;
    try {
      await this.#notices.insertMany(
        userIds.map((userId) => ({ _id: userId, at })),
        { ordered: false },
      );
    } catch (error) {
      const writeErrors = (error as { writeErrors?: { code?: number; err?: { code?: number } }[] }).writeErrors;
      const onlyRepeats = writeErrors?.every((writeError) => (writeError.code ?? writeError.err?.code) === 11000);
      if (!isDuplicateKeyError(error) && !onlyRepeats) throw error;
    }
  }

  /** Replaces the password hash (a re-hash with stronger parameters), unless it changed meanwhile (checked under the lock). */
  async replacePasswordHash(id: string, previous: string, next: string): Promise<void> {
    await this.withUserLock(id, async () => {
      const current = await this.#users.findById(id, { passwordHash: 1 }).lean<Pick<UserDocument, '_id' | 'passwordHash'>>().exec();
      if (current?.passwordHash === previous) await this.#users.updateOne({ _id: id }, { $set: { passwordHash: next } }).exec();
    });
  }

  async setRole(id: string, role: string): Promise<UserRecord | null> {
    return this.withUserLock(id, async () =>
      this.#wrote(
        id,
        await this.#one(await this.#users.findOneAndUpdate({ _id: id }, { $set: { role } }, { returnDocument: 'after' }).lean<UserDocument>().exec()),
      ),
    );
  }

  async setWelcomeShown(id: string): Promise<UserRecord | null> {
    return this.withUserLock(id, async () => {
      if (!(await this.#users.exists({ _id: id }))) return null;
      await this.#profiles.updateOne({ _id: id }, { $set: { welcomeShown: true } }, { upsert: true }).exec();
      return this.#wrote(id, await this.findById(id));
    });
  }

  /**
   * How many owners there are, read from the database (not the list: the owner rules run under the roles lock
   * and must see another replica's change at once). One top-level equality, the matches counted here (a count
   * by the database would scan the collection on FerretDB v1).
   */
  async countOwners(): Promise<number> {
    return (await this.#users.find({ role: 'owner' }, { _id: 1 }).lean<{ _id: string }[]>().exec()).length;
  }

  async remove(id: string): Promise<boolean> {
    return this.withUserLock(id, async () => {
      const result = await this.#users.deleteOne({ _id: id }).exec();
      await this.#firstLogins.deleteOne({ _id: id }).exec();
      await this.#notices.deleteOne({ _id: id }).exec();
      await this.#profiles.deleteOne({ _id: id }).exec();
      await this.#wrote(id, null);
      return result.deletedCount > 0;
    });
  }
}

import type { Model } from 'mongoose';
import type { ConfirmationMailDocument } from './identity.models.ts';

const HOUR_MS = 60 * 60 * 1000;

export type MailClaim = { kind: 'granted' } | { kind: 'cooldown'; retryAfterSeconds: number } | { kind: 'hourly_cap'; retryAfterSeconds: number };

/**
 * The per-address budget of confirmation mails: at most one per `cooldownMs` and `perHour` per hour. The
 * check reads the recent sends; the claim itself is a unique insert per address and minute, so that
 * simultaneous sign-ups cannot both pass on FerretDB v1 (whose updates are not atomic).
 */
export class ConfirmationMailRepository {
  readonly #mails: Model<ConfirmationMailDocument>;
  readonly #cooldownMs: number;
  readonly #perHour: number;

  constructor(models: { confirmationMails: Model<ConfirmationMailDocument> }, options: { cooldownMs: number; perHour: number }) {
    this.#mails = models.confirmationMails;
    this.#cooldownMs = options.cooldownMs;
    this.#perHour = options.perHour;
  }

  async claim(email: string, now: Date): Promise<MailClaim> {
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    await this.#mails.deleteMany({ email, at: { $lte: hourAgo } }).exec();
    const recent = await this.#mails.find({ email, at: { $gt: hourAgo } }, { at: 1 }).sort({ at: -1 }).lean<{ at: Date }[]>().exec();
    const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
    const newest = recent[0];
    if (newest && now.getTime() - newest.at.getTime() < this.#cooldownMs) return { kind: 'cooldown', retryAfterSeconds: seconds(newest.at.getTime() + this.#cooldownMs - now.getTime()) };
    if (recent.length >= this.#perHour) {
      const oldest = recent[recent.length - 1]!;
      return { kind: 'hourly_cap', retryAfterSeconds: seconds(oldest.at.getTime() + HOUR_MS - now.getTime()) };
    }
    // One send per address per cooldown slot: the loser of a race gets the cooldown answer.
    const slot = Math.floor(now.getTime() / Math.max(this.#cooldownMs, 1000));
    try {
      await this.#mails.create({ _id: `${email}|${slot}`, email, at: now });
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      return { kind: 'cooldown', retryAfterSeconds: seconds(this.#cooldownMs) };
    }
    return { kind: 'granted' };
  }

  /** Forgets the address's sends (its user was removed: the address may sign up afresh). */
  async forget(email: string): Promise<void> {
    await this.#mails.deleteMany({ email }).exec();
  }

  /** Gives a claim back when the mail could not be sent (the user may try again at once). */
  async release(email: string, now: Date): Promise<void> {
    await this.#mails.deleteOne({ email, at: now }).exec();
  }
}

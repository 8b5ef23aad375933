import type { Model } from 'mongoose';
import type { ConfirmationMailDocument } from './confirmation-mail.model.ts';

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

  /** `<address>|<slot>`: one send per address per cooldown slot (the unique `_id` is the claim). */
  #idOf(email: string, at: Date): string {
    return `${email}|${Math.floor(at.getTime() / Math.max(this.#cooldownMs, 1000))}`;
  }

  async claim(email: string, now: Date): Promise<MailClaim> {
    const hourAgo = now.getTime() - HOUR_MS;
    // The address's sends by one top-level equality (the only kind of filter besides `_id` FerretDB v1 pushes
    // down); at most `perHour` of the last hour plus the few older ones deleted here, each by `_id`.
    const sends = await this.#mails.find({ email }, { at: 1 }).lean<{ _id: string; at: Date }[]>().exec();
    const stale = sends.filter((send) => send.at.getTime() <= hourAgo);
    for (const send of stale) await this.#mails.deleteOne({ _id: send._id }).exec();
    const recent = sends.map((send) => send.at.getTime()).filter((at) => at > hourAgo);
    const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
    if (recent.length > 0) {
      const newest = Math.max(...recent);
      if (now.getTime() - newest < this.#cooldownMs) return { kind: 'cooldown', retryAfterSeconds: seconds(newest + this.#cooldownMs - now.getTime()) };
    }
    if (recent.length >= this.#perHour) return { kind: 'hourly_cap', retryAfterSeconds: seconds(Math.min(...recent) + HOUR_MS - now.getTime()) };
    // One send per address per cooldown slot: the loser of a race gets the cooldown answer.
    try {
      await this.#mails.create({ _id: this.#idOf(email, now), email, at: now });
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
    await this.#mails.deleteOne({ _id: this.#idOf(email, now) }).exec();
  }
}

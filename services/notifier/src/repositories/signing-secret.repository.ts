import type { Model } from 'mongoose';
import { newWebhookSecret } from '@venuebook/service-kit';
import type { SigningSecretDocument } from './signing-secret.model.ts';

const ID = 'signing';
const DUPLICATE_KEY = 11000;

/** The signing secret: made at its first use (replicas racing keep one), replaced by a rotation. */
export class SigningSecretRepository {
  readonly #secrets: Model<SigningSecretDocument>;
  #cached: string | undefined;

  constructor(secrets: Model<SigningSecretDocument>) {
    this.#secrets = secrets;
  }

  /** The current secret (read from the database at most once a second per process, so a rotation reaches every replica). */
  async current(): Promise<string> {
    return this.#read();
  }

  #readAt = 0;
  async #read(): Promise<string> {
    if (this.#cached && Date.now() - this.#readAt < 1000) return this.#cached;
    let doc = await this.#secrets.findById(ID).lean<SigningSecretDocument>().exec();
    if (!doc) {
      try {
        await this.#secrets.create({ _id: ID, secret: newWebhookSecret(), createdAt: new Date() });
      } catch (error) {
        if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error;
      }
      doc = await this.#secrets.findById(ID).lean<SigningSecretDocument>().exec();
    }
    if (!doc) throw new Error('the signing secret could not be stored');
    this.#cached = doc.secret;
    this.#readAt = Date.now();
    return doc.secret;
  }

  /** A new secret, replacing the old one at once; returns it. */
  async rotate(): Promise<string> {
    const secret = newWebhookSecret();
    await this.#secrets.replaceOne({ _id: ID }, { secret, createdAt: new Date() }, { upsert: true }).exec();
    this.#cached = secret;
    this.#readAt = Date.now();
    return secret;
  }
}

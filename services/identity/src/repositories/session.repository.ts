import { randomUUID } from 'node:crypto';
import type { Model } from 'mongoose';
import { hashSecret, newSecret, successorToken } from '../domain/tokens.ts';
import type { RefreshTokenDocument, RefreshTokenUseDocument, SessionDocument } from './session.model.ts';

export type RotateResult =
  | { kind: 'rotated'; sessionId: string; userId: string; refreshToken: string; expiresAt: Date }
  | { kind: 'unknown' }
  | { kind: 'revoked' }
  | { kind: 'expired' }
  /** A token that was already rotated came back: the whole family has been revoked. */
  | { kind: 'reused'; sessionId: string; userId: string };

/**
 * Sessions and their refresh tokens. A session's first refresh token is random; only SHA-256 hashes are
 * stored. Each use rotates it: the use is recorded by a unique insert (atomic on MongoDB and on FerretDB v1,
 * whose updates are not), and a second use of a rotated token revokes the session, i.e. the whole token
 * family, unless it is the retry of a refresh whose response was lost (within the grace period, successor
 * unused). The successor is derived from the token (HMAC with a key derived from USER_CONTEXT_KEY), so such
 * a retry gets the same successor again: the answer is idempotent, and whoever else replays the token in
 * the window (a thief) shares the one chain instead of starting a second one. A successor handed out again
 * is marked shared (`<hash>.shared`) and gets no grace itself: once either holder has used it, the other's
 * use is a reuse that ends the session. Only revocation ever updates a session document, so a concurrent
 * refresh cannot undo a sign-out.
 */
export class SessionRepository {
  readonly #sessions: Model<SessionDocument>;
  readonly #tokens: Model<RefreshTokenDocument>;
  readonly #uses: Model<RefreshTokenUseDocument>;
  readonly #ttlMs: number;
  readonly #graceMs: number;
  readonly #successorKey: Buffer;

  /** `successorKey`: derives each token's successor (deriveKey(USER_CONTEXT_KEY, 'refresh-successor')). */
  constructor(
    models: { sessions: Model<SessionDocument>; refreshTokens: Model<RefreshTokenDocument>; refreshTokenUses: Model<RefreshTokenUseDocument> },
    options: { ttlMs: number; graceMs: number; successorKey: Buffer },
  ) {
    this.#sessions = models.sessions;
    this.#tokens = models.refreshTokens;
    this.#uses = models.refreshTokenUses;
    this.#ttlMs = options.ttlMs;
    this.#graceMs = options.graceMs;
    this.#successorKey = options.successorKey;
  }

  async #issue(sessionId: string, userId: string): Promise<string> {
    const token = newSecret();
    await this.#tokens.create({ _id: hashSecret(token), sessionId, userId });
    return token;
  }

  /** Opens a session (ending SESSION_TTL_DAYS from now) and returns its id, end and first refresh token. */
  async open(userId: string, userAgent: string, now: Date): Promise<{ sessionId: string; refreshToken: string; expiresAt: Date }> {
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.#ttlMs);
    await this.#sessions.create({ _id: sessionId, userId, userAgent: userAgent.slice(0, 300), expiresAt, lastUsedAt: now });
    return { sessionId, refreshToken: await this.#issue(sessionId, userId), expiresAt };
  }

  async rotate(refreshToken: string, now: Date): Promise<RotateResult> {
    const hash = hashSecret(refreshToken);
    const token = await this.#tokens.findById(hash).lean<RefreshTokenDocument>().exec();
    if (!token) return { kind: 'unknown' };
    const session = await this.#sessions.findById(token.sessionId).lean<SessionDocument>().exec();
    if (!session || session.revokedAt) return { kind: 'revoked' };
    if (session.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' };
    // The successor is known before the use is recorded, so that the use names it (see the grace period).
    const next = successorToken(this.#successorKey, refreshToken);
    const nextHash = hashSecret(next);
    try {
      await this.#uses.create({ _id: hash, sessionId: token.sessionId, at: now, successor: nextHash });
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      if (!(await this.#withinGrace(hash, nextHash, token.sessionId, now))) {
        await this.revoke(token.sessionId, 'refresh token reuse', now);
        return { kind: 'reused', sessionId: token.sessionId, userId: token.userId };
      }
    }
    // Written once; a retry finds it written (or writes it, when the first use stopped before it did).
    try {
      await this.#tokens.create({ _id: nextHash, sessionId: token.sessionId, userId: token.userId });
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    return { kind: 'rotated', sessionId: token.sessionId, userId: token.userId, refreshToken: next, expiresAt: session.expiresAt };
  }

  /**
   * Whether a second use of a rotated token counts as the retry of a refresh whose response was lost: within
   * the grace period after the first use, while its successor is still unused (a used successor means the
   * response did arrive), and not for a token that was itself handed out twice (shared). The successor it
   * gets is then shared, and gets no grace of its own.
   */
  async #withinGrace(hash: string, nextHash: string, sessionId: string, now: Date): Promise<boolean> {
    if (this.#graceMs <= 0) return false;
    if (await this.#uses.exists({ _id: `${hash}.shared` })) return false;
    const first = await this.#uses.findById(hash).lean<RefreshTokenUseDocument>().exec();
    if (first?.successor !== nextHash || now.getTime() - first.at.getTime() > this.#graceMs) return false;
    if (await this.#uses.exists({ _id: nextHash })) return false;
    try {
      await this.#uses.create({ _id: `${nextHash}.shared`, sessionId, at: now, successor: null });
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    return true;
  }

  async revoke(sessionId: string, reason: string, now: Date): Promise<number> {
    const result = await this.#sessions.updateOne({ _id: sessionId, revokedAt: null }, { $set: { revokedAt: now, revokedReason: reason } }).exec();
    return result.modifiedCount;
  }

  /** Revokes every active session of a user, except `exceptSessionId` when given. */
  async revokeAllOf(userId: string, reason: string, now: Date, exceptSessionId?: string): Promise<number> {
    const filter: Record<string, unknown> = { userId, revokedAt: null };
    if (exceptSessionId) filter._id = { $ne: exceptSessionId };
    const result = await this.#sessions.updateMany(filter, { $set: { revokedAt: now, revokedReason: reason } }).exec();
    return result.modifiedCount;
  }

  /** Whether a session of this user is open (not revoked, not expired). */
  async isActive(sessionId: string, userId: string, now: Date): Promise<boolean> {
    // By `_id` alone, the owner checked here: FerretDB v1 pushes only `{_id}` down (`{_id, userId}` scans).
    const session = await this.#sessions.findById(sessionId).lean<SessionDocument>().exec();
    return Boolean(session && session.userId === userId && !session.revokedAt && session.expiresAt.getTime() > now.getTime());
  }

  async removeAllOf(userId: string): Promise<void> {
    const sessionIds = (await this.#sessions.find({ userId }, { _id: 1 }).lean<{ _id: string }[]>().exec()).map((session) => session._id);
    await this.#sessions.deleteMany({ userId }).exec();
    await this.#tokens.deleteMany({ userId }).exec();
    // One top-level equality per session (`$in` is not pushed down by FerretDB v1: it scans the collection).
    for (const sessionId of sessionIds) await this.#uses.deleteMany({ sessionId }).exec();
  }
}

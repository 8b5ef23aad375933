import mongoose from 'mongoose';
import type { Connection, Model, Schema } from 'mongoose';
import { redactCredentials } from './redact-credentials.ts';

/** The part of a mongoose Model that ensureIndexes needs. */
export interface IndexedModel {
  init(): Promise<unknown>;
  syncIndexes(): Promise<unknown>;
}

export interface ConnectMongoOptions {
  /** How long to wait for a server before failing. Default 10 s. */
  serverSelectionTimeoutMS?: number;
  appName?: string;
}

/**
 * Opens a dedicated mongoose connection to `dbName` and waits until it is open. Index building
 * (`autoIndex`) stays on so that models declare their indexes as code.
 */
export async function connectMongo(uri: string, dbName: string, options: ConnectMongoOptions = {}): Promise<Connection> {
  const connection = mongoose.createConnection(uri, {
    dbName,
    autoIndex: true,
    autoCreate: true,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000,
    ...(options.appName ? { appName: options.appName } : {}),
  });
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close().catch(() => undefined);
    // The driver's message may quote the URI it was given; its credentials never reach a log line.
    throw new Error(`Could not connect to MongoDB database '${dbName}': ${redactCredentials((error as Error).message)}`, { cause: error });
  }
  return connection;
}

/** MongoDB's IndexNotFound: another replica starting at the same time dropped the index first. */
const INDEX_NOT_FOUND = 27;

/**
 * Makes each model's indexes exactly the declared ones (idempotent): creates the missing, drops the ones the
 * model no longer declares (an index no query uses only slows writes; `_id`'s stays). Replicas starting
 * together may race on a drop; the loser syncs again.
 */
export async function ensureIndexes(models: readonly IndexedModel[]): Promise<void> {
  for (const model of models) {
    await model.init();
    try {
      await model.syncIndexes();
    } catch (error) {
      if ((error as { code?: unknown }).code !== INDEX_NOT_FOUND) throw error;
      await model.syncIndexes();
    }
  }
}

/**
 * The model `name` of `connection`, registered with `schema` the first time it is asked for (every repository,
 * read model and test harness of a process shares it). Asking again for `name` with a schema of another collection
 * is a programming error: it throws instead of handing back a model of the wrong collection.
 */
export function registeredModel<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  const existing = connection.models[name] as Model<T> | undefined;
  const collection = schema.get('collection');
  if (existing && collection !== undefined && existing.collection.collectionName !== collection) {
    throw new Error(`the model ${name} is already registered on ${existing.collection.collectionName}, not ${collection}`);
  }
  return existing ?? connection.model<T>(name, schema);
}

/** Whether a write failed on a unique key (E11000: a document with that `_id` or unique value exists). */
export const isDuplicateKeyError = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 11000;

/** Inserts `doc` unless a document with its `_id` exists: true when this call inserted it (insert-only collections). */
export async function insertOnce<T>(model: Model<T>, doc: T): Promise<boolean> {
  try {
    await model.create(doc);
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

import mongoose from 'mongoose';
import type { Connection } from 'mongoose';

/** The part of a mongoose Model that ensureIndexes needs. */
export interface IndexedModel {
  init(): Promise<unknown>;
  createIndexes(): Promise<unknown>;
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
    throw new Error(`Could not connect to MongoDB database '${dbName}': ${(error as Error).message}`, { cause: error });
  }
  return connection;
}

/** Creates the declared indexes of each model and waits for them (idempotent). */
export async function ensureIndexes(models: readonly IndexedModel[]): Promise<void> {
  for (const model of models) {
    await model.init();
    await model.createIndexes();
  }
}

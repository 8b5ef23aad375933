import { pino } from 'pino';
import type { Logger, LoggerOptions } from 'pino';

export type { Logger } from 'pino';

const SECRET_KEYS = [
  'authorization',
  'Authorization',
  'cookie',
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
  'clientSecret',
  'apiKey',
  'secretKey',
  'S3_SECRET_KEY',
  'private_key',
  'privateKey',
  'credentials',
  'GOOGLE_DRIVE_CREDENTIALS',
];

/** Redaction paths for secret fields at the top level and up to three levels deep. */
export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]);

export interface CreateLoggerOptions {
  level?: string;
  /** Extra pino options (e.g. a destination for tests). */
  pino?: LoggerOptions;
  destination?: pino.DestinationStream;
}

/**
 * A pino logger named after the component. The level comes from `options.level`, else `LOG_LEVEL`, else
 * 'info'. Authorization headers, cookies, passwords, tokens and secrets are replaced by '[redacted]'.
 */
export function createLogger(name: string, options: CreateLoggerOptions = {}): Logger {
  const settings: LoggerOptions = {
    name,
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...options.pino,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

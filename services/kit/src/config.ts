import { z } from 'zod';
import { DEFAULT_MAX_MESSAGE_BYTES, grpcTarget, splitGrpcAddresses } from '@venuebook/proto/grpc';

/** Thrown by loadConfig; lists every bad variable. */
export class ConfigError extends Error {
  readonly issues: { variable: string; message: string }[];

  constructor(issues: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue.variable}: ${issue.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/**
 * Parses environment variables with a zod schema. Empty strings count as unset, so that `FOO=` falls
 * back to the default. Throws a ConfigError that names every invalid or missing variable.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Record<string, string | undefined> = process.env): z.output<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const variable = issue.path.length > 0 ? issue.path.map(String).join('.') : '(config)';
      const missing = issue.path.length === 1 && cleaned[String(issue.path[0])] === undefined;
      // Values are not echoed: they may hold credentials (e.g. a MongoDB URI with a password).
      return { variable, message: missing ? 'is required' : issue.message };
    }),
  );
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A TCP port given as a string; 0 means "any free port". */
export const portSchema = z.coerce.number().int().min(0).max(65535);

/** A positive number of milliseconds given as a string. */
export const durationMsSchema = z.coerce.number().int().positive();

export const mongoUriSchema = z
  .string()
  .regex(/^mongodb(\+srv)?:\/\/.+/, 'must be a mongodb:// or mongodb+srv:// URI');

export const natsUrlSchema = z.string().regex(/^(nats|tls|ws|wss):\/\/.+|^[^/\s]+:\d+$/, 'must be a nats:// URL or host:port');

/** host:port of a gRPC server. */
export const grpcAddressSchema = z.string().regex(/^[^\s:/]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, 'must be host:port');

/**
 * One gRPC server (host:port), or several replicas of it separated by commas (IP:port, IPv6 as
 * [address]:port): the typed client balances over them (grpcTarget). A host name must be the only entry
 * (DNS then gives every replica's address). Normalised to entries without spaces.
 */
export const grpcAddressListSchema = z
  .string()
  .transform((value) => splitGrpcAddresses(value).join(','))
  .superRefine((value, context) => {
    const entries = value.split(',');
    const bad = entries.find((entry) => !grpcAddressSchema.safeParse(entry).success);
    if (bad !== undefined) {
      context.addIssue({ code: 'custom', message: bad ? `'${bad}' must be host:port (several separated by commas)` : 'has an empty entry (host:port entries separated by commas)' });
      return;
    }
    if (entries.length > 16) context.addIssue({ code: 'custom', message: 'at most 16 replicas' });
    try {
      grpcTarget(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/** Variables every process reads. */
export const baseConfigSchema = z.object({
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
});

/** MongoDB connection; `defaultDb` is the service's own database. */
export function mongoConfigSchema(defaultDb: string) {
  return z.object({
    MONGODB_URI: mongoUriSchema,
    MONGODB_DB: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a plain database name').default(defaultDb),
  });
}

export const natsConfigSchema = z.object({
  NATS_URL: natsUrlSchema,
});

/**
 * GRPC_MAX_MESSAGE_BYTES: the largest gRPC message sent or accepted, by services and the gateway's clients
 * alike (64 KiB .. 1 GiB; default 4 MiB). An over-limit message fails at once with RESOURCE_EXHAUSTED.
 */
export const grpcMaxMessageBytesSchema = z.coerce.number().int().min(65_536).max(1_073_741_824).default(DEFAULT_MAX_MESSAGE_BYTES);

/** Where a gRPC service listens, and its message size limit. */
/** A PEM file's path. */
const pemPathSchema = z.string().min(1).optional();

/**
 * Where a gRPC service listens, its message size limit and TLS: GRPC_TLS_CERT + GRPC_TLS_KEY (PEM paths)
 * serve TLS only, GRPC_TLS_CA on top requires client certificates of that CA (mutual TLS). Without TLS a
 * service refuses a non-loopback GRPC_HOST unless GRPC_ALLOW_INSECURE=true.
 */
export const grpcServerConfigSchema = z.object({
  GRPC_HOST: z.string().min(1).default('127.0.0.1'),
  GRPC_PORT: portSchema.default(50051),
  GRPC_MAX_MESSAGE_BYTES: grpcMaxMessageBytesSchema,
  GRPC_TLS_CERT: pemPathSchema,
  GRPC_TLS_KEY: pemPathSchema,
  GRPC_TLS_CA: pemPathSchema,
  GRPC_ALLOW_INSECURE: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});

/**
 * What a process that calls the gRPC services reads (the gateway): the same message size limit, and TLS:
 * GRPC_TLS_CA (PEM path) = the CA of the services' certificates (TLS on every channel), GRPC_TLS_CERT +
 * GRPC_TLS_KEY = its own certificate for services that require mutual TLS.
 */
export const grpcClientConfigSchema = z.object({
  GRPC_MAX_MESSAGE_BYTES: grpcMaxMessageBytesSchema,
  GRPC_TLS_CA: pemPathSchema,
  GRPC_TLS_CERT: pemPathSchema,
  GRPC_TLS_KEY: pemPathSchema,
});

/** The shared key of the signed user context (gateway and every service). */
export const userContextConfigSchema = z.object({
  USER_CONTEXT_KEY: z.string().min(32, 'must be at least 32 characters'),
});

/**
 * What every gRPC domain service reads: log level, its own MongoDB database (`defaultDb`), NATS, where it
 * listens and the user-context key. A service's `src/config.ts` extends it with its own variables.
 */
export function serviceConfigSchema(defaultDb: string) {
  return z.object({
    ...baseConfigSchema.shape,
    ...mongoConfigSchema(defaultDb).shape,
    ...natsConfigSchema.shape,
    ...grpcServerConfigSchema.shape,
    ...userContextConfigSchema.shape,
  });
}

/** The company e-mail domain (COMPANY_DOMAIN), e.g. example.com or @example.com. */
export const companyDomainSchema = z.string().regex(/^@?[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as example.com');

export const s3ConfigSchema = z.object({
  S3_ENDPOINT: z.url().default('http://127.0.0.1:9000'),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
});

/** loadConfig for a process entry point: a bad configuration is logged (every problem) and exits with status 1. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, logger: { fatal(message: string): void }): z.output<S> {
  try {
    return loadConfig(schema);
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
}

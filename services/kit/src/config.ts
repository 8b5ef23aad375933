import { z } from 'zod';
import { DEFAULT_MAX_MESSAGE_BYTES, grpcTarget, splitGrpcAddresses } from '@venuebook/grpc';

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

export const mongoUriSchema = z.string().regex(/^mongodb(\+srv)?:\/\/.+/, 'must be a mongodb:// or mongodb+srv:// URI');

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
      context.addIssue({
        code: 'custom',
        message: bad ? `'${bad}' must be host:port (several separated by commas)` : 'has an empty entry (host:port entries separated by commas)',
      });
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
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info').describe("pino's log level; `debug` makes a service log every call it serves ('gRPC call')"),
});

/** MongoDB connection; `defaultDb` is the service's own database. */
export function mongoConfigSchema(defaultDb: string) {
  return z.object({
    MONGODB_URI: mongoUriSchema.describe('the MongoDB (or FerretDB) of the service: `mongodb://` or `mongodb+srv://`'),
    MONGODB_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a plain database name')
      .default(defaultDb)
      .describe("the service's own database in it (a service never reads another's)"),
  });
}

export const natsConfigSchema = z.object({
  NATS_URL: natsUrlSchema.describe('the NATS server (JetStream enabled) of the events: `nats://host:port`'),
});

/** GRPC_MAX_MESSAGE_BYTES: the largest gRPC message sent or accepted, by services and the gateway's clients alike. */
/** An on/off setting: 'true' or 'false' (anything else is refused rather than guessed). */
export const booleanSettingSchema = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

export const grpcMaxMessageBytesSchema = z.coerce
  .number()
  .int()
  .min(65_536)
  .max(1_073_741_824)
  .default(DEFAULT_MAX_MESSAGE_BYTES)
  .describe('the largest gRPC message sent or accepted, by the services and the gateway alike; an over-limit message fails at once (RESOURCE_EXHAUSTED)');

/** A PEM file's path. */
const pemPathSchema = z.string().min(1).optional();

/**
 * Where a gRPC service listens, its message size limit and TLS: GRPC_TLS_CERT + GRPC_TLS_KEY (PEM paths)
 * serve TLS only, GRPC_TLS_CA on top requires client certificates of that CA (mutual TLS). Without TLS a
 * service refuses a non-loopback GRPC_HOST unless GRPC_ALLOW_INSECURE=true.
 */
export const grpcServerConfigSchema = z.object({
  GRPC_HOST: z.string().min(1).default('127.0.0.1').describe('where the service listens; beyond loopback it needs TLS (or `GRPC_ALLOW_INSECURE=true`)'),
  GRPC_PORT: portSchema.default(50051).describe('the port the service listens on (0: any free port)'),
  GRPC_MAX_MESSAGE_BYTES: grpcMaxMessageBytesSchema,
  GRPC_TLS_CERT: pemPathSchema.describe("the service's certificate (PEM path); with `GRPC_TLS_KEY` it serves TLS only"),
  GRPC_TLS_KEY: pemPathSchema.describe("the service's private key (PEM path)"),
  GRPC_TLS_CA: pemPathSchema.describe('a CA (PEM path): with it the service requires client certificates of that CA (mutual TLS)'),
  GRPC_ALLOW_INSECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('`true` lets a service without TLS listen beyond loopback (behind a network that encrypts for it)'),
});

/**
 * What a process that calls the gRPC services reads (the gateway): the same message size limit, and TLS:
 * GRPC_TLS_CA (PEM path) = the CA of the services' certificates (TLS on every channel), GRPC_TLS_CERT +
 * GRPC_TLS_KEY = its own certificate for services that require mutual TLS.
 */
export const grpcClientConfigSchema = z.object({
  GRPC_MAX_MESSAGE_BYTES: grpcMaxMessageBytesSchema,
  GRPC_TLS_CA: pemPathSchema.describe("the CA of the services' certificates (PEM path): TLS on every channel to them"),
  GRPC_TLS_CERT: pemPathSchema.describe('its own certificate (PEM path), for services that require mutual TLS'),
  GRPC_TLS_KEY: pemPathSchema.describe('the private key of that certificate (PEM path)'),
});

/** The shared key of the signed user context (gateway and every service). */
export const userContextConfigSchema = z.object({
  USER_CONTEXT_KEY: z
    .string()
    .min(32, 'must be at least 32 characters')
    .describe(
      'the key of the signed user context the gateway sends with every call (the same in the gateway and every service; `npm start` generates one per `.data/`)',
    ),
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
  S3_ENDPOINT: z.url().default('http://127.0.0.1:9000').describe('the S3 store (MinIO) of the files; use `https://` in production (bodies are sent unsigned)'),
  S3_ACCESS_KEY: z.string().min(1).describe('its access key'),
  S3_SECRET_KEY: z.string().min(1).describe('its secret key'),
});

/** One variable of a process's configuration, as the configuration reference lists it. */
export interface ConfigVariable {
  name: string;
  /** The value taken when it is unset (as the environment would spell it), if there is one. */
  default?: string;
  /** It must be set (no default, not optional). */
  required: boolean;
  /** What it accepts, in words: `true` or `false`, a whole number from 1 to 8, … */
  accepts: string;
  description: string;
}

/** What a JSON Schema node (zod's `toJSONSchema`) accepts, in words. */
function acceptsOf(node: Record<string, unknown>): string {
  const list = (values: unknown[]) => values.map((value) => `\`${String(value)}\``).join(', ');
  if (Array.isArray(node.enum)) return `one of ${list(node.enum)}`;
  const whole = node.type === 'integer';
  if (!whole && node.type !== 'number')
    return node.format === 'uri'
      ? 'a URL'
      : typeof node.minLength === 'number' && node.minLength > 1
        ? `text of at least ${node.minLength} characters`
        : 'text';
  const high = typeof node.maximum === 'number' && node.maximum < Number.MAX_SAFE_INTEGER ? node.maximum : undefined;
  const exclusive = typeof node.exclusiveMinimum === 'number' ? node.exclusiveMinimum : undefined;
  const low = typeof node.minimum === 'number' ? node.minimum : whole && exclusive !== undefined ? exclusive + 1 : undefined;
  const kind = whole ? 'a whole number' : 'a number';
  if (low !== undefined && high !== undefined) return `${kind} from ${low} to ${high}`;
  if (low !== undefined) return `${kind} of at least ${low}`;
  if (exclusive !== undefined) return `${kind} above ${exclusive}${high === undefined ? '' : ` up to ${high}`}`;
  return high === undefined ? kind : `${kind} up to ${high}`;
}

/** The default of a variable's schema, found through its wrappers (JSON Schema leaves it out behind a transform). */
function defaultOf(schema: z.ZodType): unknown {
  for (let node: z.core.$ZodType | undefined = schema; node; ) {
    const def = node._zod.def as { type: string; defaultValue?: unknown; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
    if (def.type === 'default') return def.defaultValue;
    node = def.type === 'pipe' ? def.in : def.innerType;
  }
  return undefined;
}

/** Every variable `schema` (a z.object of the environment) reads: what the configuration reference shows. */
export function configReference(schema: z.ZodType): ConfigVariable[] {
  if (!(schema instanceof z.ZodObject)) throw new Error('configReference: the schema of an environment is a z.object');
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, node]) => {
    const fallback = node.default ?? defaultOf(schema.shape[name] as z.ZodType);
    return {
      name,
      ...(fallback === undefined ? {} : { default: String(fallback) }),
      required: required.has(name) && fallback === undefined,
      accepts: acceptsOf(node),
      description: typeof node.description === 'string' ? node.description : '',
    };
  });
}

/** loadConfig for a process entry point: a bad configuration is logged (every problem) and exits with status 1. */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, logger: { fatal(message: string): void }): z.output<S> {
  try {
    return loadConfig(schema);
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
}

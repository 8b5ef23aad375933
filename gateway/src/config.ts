import { resolve } from 'node:path';
import { z } from 'zod';
import { MEDIA, PRESENCE } from '@venuebook/proto/domain';
import { SERVICE_NAMES, SERVICES } from '@venuebook/proto/services';
import type { ServiceUrlEnv } from '@venuebook/proto/services';
import { baseConfigSchema, companyDomainSchema, durationMsSchema, grpcAddressListSchema, grpcClientConfigSchema, natsUrlSchema, portSchema, userContextConfigSchema } from '@venuebook/service-kit';
import { trustProxySchema } from './lib/client-key.ts';
import { embedAllowedOriginsSchema } from './lib/embed.ts';

/** The repository root: gateway/src → gateway → repo. The default WEB_ROOT. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * host:port of every service of the registry (`@venuebook/proto/services`): VENUES_GRPC_URL, IDENTITY_GRPC_URL,
 * ...; several replicas separated by commas (IP:port each, or one host name DNS resolves to every replica):
 * calls are balanced over them, reads retried once on another replica (see '@venuebook/proto/grpc' createClient).
 */
const serviceAddressShape = Object.fromEntries(
  SERVICE_NAMES.map((name) => [SERVICES[name].urlEnv, grpcAddressListSchema.default(SERVICES[name].defaultAddress)]),
) as Record<ServiceUrlEnv, z.ZodDefault<typeof grpcAddressListSchema>>;

export const gatewayConfigSchema = z.object({
  ...baseConfigSchema.shape,
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portSchema.default(8080),
  ...serviceAddressShape,
  /** NATS, for identity events (role changes drop the role cache at once on every replica). */
  NATS_URL: natsUrlSchema,
  ...userContextConfigSchema.shape,
  /** HS256 key of the access tokens. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** The company e-mail domain, e.g. example.com. */
  COMPANY_DOMAIN: companyDomainSchema,
  /** The app's public base URL (confirmation links, OIDC redirects), e.g. https://venuebook.example.com */
  PUBLIC_URL: z.url(),
  /** Secure flag of the refresh cookie; 'false' only for plain-http local runs. */
  COOKIE_SECURE: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
  /** 'Continue with Google': the OAuth client of the company's Google project; unset = the button is hidden. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** The OpenID Connect issuer for 'Continue with Google' (the local stand-in in local mode and tests). */
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  /** Sign-in and sign-up attempts per client address and minute. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * Failed password attempts per account (e-mail address) and window, from any number of clients; then 429
   * until the window ends. Counted in each gateway replica (R replicas: at most R × this per window).
   * Browsers that signed in to the account before (device cookie) are exempt and get the same numbers each.
   */
  AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  AUTH_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(15),
  /**
   * Failed password attempts of all clients together per minute (a guessing run spread over many addresses
   * and accounts); beyond it, password sign-ins from browsers without a device cookie for the account get
   * 429 until the minute ends. Counted per replica.
   */
  AUTH_GLOBAL_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Card value saves (PUT …/cards/{cardId}/values) per user and minute; then 429 with Retry-After. Counted per replica. */
  CARD_VALUES_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /**
   * Live presence (GET /api/v1/presence, a WebSocket): the heartbeat interval the gateway asks browsers for, and how
   * long an editor not heard of stays on a channel (the spec names no timeout: 30 s, three heartbeats).
   */
  PRESENCE_HEARTBEAT_MS: durationMsSchema.default(PRESENCE.heartbeatMs),
  PRESENCE_TIMEOUT_MS: durationMsSchema.default(PRESENCE.timeoutMs),
  /** A presence socket must send its access token within this time of opening, else it is closed (4401). */
  PRESENCE_AUTH_TIMEOUT_MS: durationMsSchema.default(10_000),
  /** Bounds of one presence socket and of one user's sockets on one replica (beyond them: refused / closed 4429). */
  PRESENCE_MAX_CHANNELS_PER_SOCKET: z.coerce.number().int().positive().max(1000).default(20),
  PRESENCE_MAX_SOCKETS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
  PRESENCE_MAX_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  /** Presence socket openings per client address and minute (beyond: the upgrade is answered 429). Counted per replica. */
  PRESENCE_CONNECTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** The largest presence message (a frame above it closes the socket, 1009). */
  PRESENCE_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).max(1_048_576).default(8192),
  /** The largest document upload (POST /api/v1/venues/{id}/documents): 413 beyond it, from the declared size or while reading. */
  MEDIA_MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).max(5 * 1024 ** 3).default(MEDIA.maxUploadBytes),
  /** Public gallery reads (GET /api/v1/public/venues/{id}/gallery) per client address and minute; then 429. Counted per replica. */
  PUBLIC_GALLERY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Whose X-Forwarded-For to believe (client address of rate limits and logs): off, or the proxies' addresses / CIDRs. */
  TRUST_PROXY: trustProxySchema,
  /**
   * The API docs (/api/docs, /api/docs/json): 'signed-in' (default) for signed-in company users (a bearer
   * token), 'public' for anyone (local runs, contract tests), 'off' not served at all.
   */
  API_DOCS: z.enum(['off', 'signed-in', 'public']).default('signed-in'),
  /**
   * Host pages that may embed the media library (issue 13): comma-separated exact origins (`https://host[:port]`,
   * no path), normalised as browsers send them. They get CORS (bearer tokens, never credentials) on /api/v1 and
   * /remotes/media/library/, and may frame the session bridge (/embed/session). Empty (default): embedding off.
   */
  EMBED_ALLOWED_ORIGINS: embedAllowedOriginsSchema,
  GRPC_DEADLINE_MS: durationMsSchema.default(5000),
  /** The kit's client settings: GRPC_MAX_MESSAGE_BYTES and TLS to the services (GRPC_TLS_CA, GRPC_TLS_CERT, GRPC_TLS_KEY). */
  ...grpcClientConfigSchema.shape,
  /** Holds shell/dist and mfe-<name>/dist. */
  WEB_ROOT: z
    .string()
    .min(1)
    .default(REPO_ROOT)
    .transform((path) => resolve(path)),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

import { resolve } from 'node:path';
import { z } from 'zod';
import { MEDIA, PRESENCE } from '@venuebook/domain';
import { SERVICE_NAMES, SERVICES } from '@venuebook/contracts/services';
import type { ServiceUrlEnv } from '@venuebook/contracts/services';
import {
  baseConfigSchema,
  companyDomainSchema,
  durationMsSchema,
  grpcAddressListSchema,
  grpcClientConfigSchema,
  natsUrlSchema,
  portSchema,
  userContextConfigSchema,
} from '@venuebook/service-kit';
import { trustProxySchema } from './lib/client-key.ts';
import { embedAllowedOriginsSchema } from './lib/embed.ts';

/** The repository root: gateway/src → gateway → repo. The default WEB_ROOT. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * host:port of every service of the registry (`@venuebook/contracts/services`): VENUES_GRPC_URL, IDENTITY_GRPC_URL,
 * ...; several replicas separated by commas (IP:port each, or one host name DNS resolves to every replica):
 * calls are balanced over them, reads retried on UNAVAILABLE on another replica within the deadline (see
 * '@venuebook/grpc' createClient).
 */
const serviceAddressShape = Object.fromEntries(
  SERVICE_NAMES.map((name) => [
    SERVICES[name].urlEnv,
    grpcAddressListSchema
      .default(SERVICES[name].defaultAddress)
      .describe(
        `where the ${name} service answers: \`host:port\`, or its replicas separated by commas (\`IP:port\`, IPv6 as \`[addr]:port\`), or one host name that DNS resolves to every replica. Calls go round-robin to the replicas that serve; a read that fails UNAVAILABLE is sent again to another, a write never. With TLS and a list of IP addresses every replica's certificate must name the first address: use one DNS name that every certificate covers`,
      ),
  ]),
) as Record<ServiceUrlEnv, z.ZodDefault<typeof grpcAddressListSchema>>;

const perMinute = (fallback: number, what: string) => z.coerce.number().int().positive().default(fallback).describe(what);

export const gatewayConfigSchema = z.object({
  ...baseConfigSchema.shape,
  HOST: z.string().min(1).default('127.0.0.1').describe('the address the gateway (web app and API) listens on'),
  PORT: portSchema.default(8080).describe('its port'),
  ...serviceAddressShape,
  NATS_URL: natsUrlSchema.describe(
    'the NATS server of the events (a role change drops the role cache at once on every gateway replica; presence across replicas)',
  ),
  ...userContextConfigSchema.shape,
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .describe('the key of the access tokens (HS256), of the signed file links and the device cookie (`npm start` generates one per `.data/`)'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900).describe('the lifetime of an access token'),
  COMPANY_DOMAIN: companyDomainSchema.describe('the company e-mail domain, e.g. `example.com`: only its addresses may sign up and sign in'),
  PUBLIC_URL: z.url().describe("the app's public base URL, e.g. `https://venuebook.example.com` (confirmation links, the Google redirect)"),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('the Secure flag of the refresh cookie; `false` only for plain-http local runs'),
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .describe(
      "the OAuth client of the company's Google project for 'Continue with Google'; unset = the button is hidden. Its redirect URI: `<PUBLIC_URL>/api/v1/auth/google/callback`",
    ),
  GOOGLE_CLIENT_SECRET: z.string().optional().describe("that client's secret"),
  OIDC_ISSUER: z.url().default('https://accounts.google.com').describe("the OpenID Connect issuer behind 'Continue with Google' (identity's value)"),
  AUTH_RATE_LIMIT_PER_MINUTE: perMinute(
    20,
    'password sign-in, sign-up and Google start/callback requests per client and minute (refreshes: ten times that); a client is its IPv4 address or its IPv6 /48',
  ),
  AUTH_ACCOUNT_MAX_FAILURES: perMinute(
    10,
    'failed passwords per account and window, from browsers without a device cookie for it, before its sign-in answers 429 until the window ends; a browser that signed in to the account before has its own limit of the same size. Counted per gateway replica',
  ),
  AUTH_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().positive().max(1440).default(15).describe('that window'),
  AUTH_GLOBAL_FAILURES_PER_MINUTE: perMinute(
    300,
    'failed passwords per minute from all clients together; beyond it password sign-ins from browsers without a device cookie for the account get 429 for the rest of the minute (per gateway replica)',
  ),
  CARD_VALUES_RATE_LIMIT_PER_MINUTE: perMinute(
    120,
    'card value and field-note saves per signed-in user and minute (per gateway replica); beyond it 429 with `Retry-After`',
  ),
  PRESENCE_HEARTBEAT_MS: durationMsSchema.default(PRESENCE.heartbeatMs).describe('the heartbeat interval the gateway asks presence clients for'),
  PRESENCE_TIMEOUT_MS: durationMsSchema.default(PRESENCE.timeoutMs).describe("how long an editor not heard of stays on a card's channel"),
  PRESENCE_AUTH_TIMEOUT_MS: durationMsSchema
    .default(10_000)
    .describe('a presence socket must send its access token within this time of opening, else it is closed (4401)'),
  PRESENCE_MAX_CHANNELS_PER_SOCKET: z.coerce.number().int().positive().max(1000).default(20).describe('channels one presence socket may join'),
  PRESENCE_MAX_SOCKETS_PER_USER: z.coerce.number().int().positive().max(1000).default(10).describe('presence sockets per user on one gateway replica'),
  PRESENCE_MAX_MESSAGES_PER_MINUTE: perMinute(120, 'messages per presence socket and minute'),
  PRESENCE_CONNECTS_PER_MINUTE: perMinute(
    60,
    'presence socket openings per client address and minute (per gateway replica); beyond it the upgrade answers 429',
  ),
  PRESENCE_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1_048_576)
    .default(8192)
    .describe('the largest presence frame (a larger one closes the socket, 1009)'),
  MEDIA_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3)
    .default(MEDIA.maxUploadBytes)
    .describe("the largest upload: 413 'File too large' from the size the browser declares, or as soon as the bytes pass it"),
  PUBLIC_GALLERY_RATE_LIMIT_PER_MINUTE: perMinute(60, 'public gallery reads per client address and minute (per gateway replica); then 429 with `Retry-After`'),
  TRUST_PROXY: trustProxySchema.describe(
    "whose `X-Forwarded-For` to believe for the client address (rate limits, logs): `off`, or a comma-separated list of the proxies' addresses, CIDR ranges or `loopback`, `linklocal`, `uniquelocal`. Refused: `true`, hop counts, and ranges wider than /8 (IPv4) or /16 (IPv6): any client could pick its own address",
  ),
  API_DOCS: z
    .enum(['off', 'signed-in', 'public'])
    .default('signed-in')
    .describe('the OpenAPI document and UI at `/api/docs`: for signed-in company users (a bearer token), for anyone, or not served'),
  EMBED_ALLOWED_ORIGINS: embedAllowedOriginsSchema.describe(
    'the host pages that may embed the media library: comma-separated exact origins `https://host[:port]` (plain `http://` only for loopback hosts), no path, wildcard or `null`; a bad entry stops the gateway at start-up. They get CORS on `/api/v1/*` and `/remotes/media/library/*` and may frame `/embed/session`. Empty: embedding off. List only pages you trust as much as Venue Book',
  ),
  GRPC_DEADLINE_MS: durationMsSchema.default(5000).describe('the deadline of every gateway → service call'),
  ...grpcClientConfigSchema.shape,
  WEB_ROOT: z
    .string()
    .min(1)
    .default(REPO_ROOT)
    .transform((path) => resolve(path))
    .describe('the folder that holds `shell/dist` and `mfe-<name>/dist` (default: the repository)'),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

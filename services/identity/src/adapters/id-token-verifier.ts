import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';
import { GrpcError, GrpcStatus } from '@venuebook/grpc';
import { isLoopbackHost } from '@venuebook/service-kit';

/** Seconds of clock difference with the provider that `exp` and `iat` allow. */
export const ID_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;
/** An ID token older than this (by `iat`) is refused, whatever its `exp`: the gateway forwards it at once. */
export const ID_TOKEN_MAX_AGE_SECONDS = 10 * 60;

/** What a verified ID token says (nothing else of a sign-in request is believed). */
export interface VerifiedIdToken {
  issuer: string;
  subject: string;
  /** As in the token (not yet normalised). */
  email: string;
  emailVerified: boolean;
  /** Google's hosted domain (Workspace accounts only). */
  hd: string | undefined;
  audience: string[];
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
  nonce: string | undefined;
  jti: string | undefined;
}

export interface IdTokenVerifierOptions {
  /** OIDC_ISSUER: the only accepted `iss`, whose discovery document names the signing keys. */
  issuer: string;
  /** GOOGLE_CLIENT_ID: the audience every accepted token must name. */
  clientId: string;
  /** OIDC_JWKS_URL: the keys' location when not taken from the discovery document. */
  jwksUrl?: string | undefined;
  /** The clock (tests may fix it). */
  now?: () => Date;
}

/** A token that is not a valid ID token of the configured issuer for this client. */
export const invalidIdToken = (): GrpcError => new GrpcError(GrpcStatus.UNAUTHENTICATED, 'Invalid ID token');

/** jose errors that mean "this token is not acceptable" (all others: the provider's keys could not be had). */
const REFUSALS = new Set<string>([
  errors.JWTClaimValidationFailed.code,
  errors.JWTExpired.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWSInvalid.code,
  errors.JWTInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
]);

/** https, or plain http to this machine only (the local stand-in of local mode and tests). */
function requireSafeUrl(raw: string, what: string): URL {
  const url = new URL(raw);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  throw new Error(`${what} must be an https URL (plain http only on loopback): ${url.origin}`);
}

/**
 * Verifies OpenID Connect ID tokens with jose: the signature against the issuer's JWKS (found by OIDC
 * discovery of the configured issuer, or configured), `iss` = the configured issuer, `aud` = the client id
 * (and `azp` = the client id when there are several audiences), `exp` and `iat` with a small clock
 * tolerance and a maximum age. Claims about the user (e-mail, hd) are returned for the caller's rules.
 */
export class IdTokenVerifier {
  readonly #issuer: string;
  readonly #clientId: string;
  readonly #jwksUrl: string | undefined;
  readonly #now: () => Date;
  #keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  constructor(options: IdTokenVerifierOptions) {
    requireSafeUrl(options.issuer, 'OIDC_ISSUER');
    if (options.jwksUrl) requireSafeUrl(options.jwksUrl, 'OIDC_JWKS_URL');
    this.#issuer = options.issuer;
    this.#clientId = options.clientId;
    this.#jwksUrl = options.jwksUrl;
    this.#now = options.now ?? (() => new Date());
  }

  /** The issuer's key set: from OIDC_JWKS_URL, else from the `jwks_uri` of its discovery document (read once; again after a failure). */
  #keySet(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    this.#keys ??= this.#discoverJwksUrl()
      .then((url) => createRemoteJWKSet(url))
      .catch((error: unknown) => {
        this.#keys = undefined;
        throw error;
      });
    return this.#keys;
  }

  async #discoverJwksUrl(): Promise<URL> {
    if (this.#jwksUrl) return requireSafeUrl(this.#jwksUrl, 'OIDC_JWKS_URL');
    const base = this.#issuer.endsWith('/') ? this.#issuer : `${this.#issuer}/`;
    const response = await fetch(new URL('.well-known/openid-configuration', base), { signal: AbortSignal.timeout(5000), redirect: 'error' });
    if (!response.ok) throw new Error(`OIDC discovery of ${this.#issuer} answered ${response.status}`);
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    // RFC 8414 §3.3: the document must name the issuer it was fetched for.
    if (metadata.issuer !== this.#issuer) throw new Error(`OIDC discovery of ${this.#issuer} names another issuer`);
    if (typeof metadata.jwks_uri !== 'string') throw new Error(`OIDC discovery of ${this.#issuer} has no jwks_uri`);
    return requireSafeUrl(metadata.jwks_uri, 'jwks_uri');
  }

  /**
   * The token's claims, or UNAUTHENTICATED 'Invalid ID token' (bad signature or key, other issuer or
   * audience, expired, too old, malformed); UNAVAILABLE when the provider's keys cannot be had.
   */
  async verify(idToken: string): Promise<VerifiedIdToken> {
    if (!idToken) throw invalidIdToken();
    let keys: ReturnType<typeof createRemoteJWKSet>;
    try {
      keys = await this.#keySet();
    } catch (error) {
      throw new GrpcError(GrpcStatus.UNAVAILABLE, 'The identity provider cannot be reached', undefined, { cause: error });
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: this.#issuer,
        audience: this.#clientId,
        // Asymmetric signatures only (Google signs with RS256); never `none` or a shared secret.
        algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'],
        clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_SECONDS,
        maxTokenAge: ID_TOKEN_MAX_AGE_SECONDS,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
        currentDate: this.#now(),
      }));
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && REFUSALS.has(code)) throw invalidIdToken();
      throw new GrpcError(GrpcStatus.UNAVAILABLE, 'The identity provider cannot be reached', undefined, { cause: error });
    }
    const audience = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
    // OpenID Connect Core §3.1.3.7: with several audiences the authorized party must be this client.
    if (audience.length > 1 && payload.azp !== this.#clientId) throw invalidIdToken();
    if (payload.azp !== undefined && payload.azp !== this.#clientId) throw invalidIdToken();
    const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
    const email = text(payload.email);
    if (!email || !payload.sub) throw invalidIdToken();
    return {
      issuer: this.#issuer,
      subject: payload.sub,
      email,
      emailVerified: payload.email_verified === true,
      hd: text(payload.hd),
      audience,
      issuedAt: payload.iat!,
      expiresAt: payload.exp!,
      nonce: text(payload.nonce),
      jti: text(payload.jti),
    };
  }
}

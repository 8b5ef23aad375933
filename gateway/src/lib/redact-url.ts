/**
 * Query parameters whose values are secrets and never logged: the confirmation token of a sign-up link
 * (`/api/v1/auth/confirm?token=…`, then `/auth?confirm=…`), OAuth codes and state, tokens of any kind,
 * passwords, keys and signatures (e.g. presigned storage URLs: X-Amz-Signature, X-Amz-Credential).
 * Names are compared case-insensitively and after percent-decoding, as the server itself reads them.
 */
const SECRET_NAMES = new Set([
  'confirm',
  'token',
  'code',
  'state',
  'id_token',
  'access_token',
  'refresh_token',
  'password',
  'secret',
  'client_secret',
  'key',
  'api_key',
  'apikey',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);

export const REDACTED = '[redacted]';

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase();
  } catch {
    // Malformed percent-encoding: the server cannot read it as a name either; compare it as it is.
    return name.toLowerCase();
  }
}

/** The URL with the values of secret query parameters replaced by '[redacted]'; the rest as it came. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return SECRET_NAMES.has(decodeName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart + 1)}${redacted}${hashStart === -1 ? '' : url.slice(hashStart)}`;
}

/** Query parameters that carry secrets (confirmation tokens, OAuth codes and state) are never logged. */
const SECRET_QUERY = /([?&](?:token|code|state|id_token|access_token|refresh_token)=)[^&#]*/gi;

/** The URL with the values of secret query parameters replaced by '[redacted]'. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

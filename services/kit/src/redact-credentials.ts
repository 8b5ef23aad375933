// Credentials in connection URLs (nats://user:password@host, nats://token@host, mongodb://user:pass@host,
// smtp://user:pass@relay) never reach a log line or an error message: every process that prints a URL it
// was configured with (the kit's connections, the gateway, the local launcher) passes it through here.

/** scheme://<userinfo>@ — the userinfo runs to the last '@' before the path, so an unencoded '@' leaks nothing. */
const SCHEME_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#,]*@/gi;
/** user:password@host:port without a scheme (NATS accepts server lists in that form). */
const BARE_USERINFO = /(^|[\s,])[^\s,/@:]+:[^\s,/]*@(?=[^\s,/@]+:\d+)/g;

export const REDACTED_CREDENTIALS = '[redacted]';

/** `text` with the credentials of every URL in it replaced by '[redacted]' (host, port and path kept). */
export function redactCredentials(text: string): string {
  return text.replace(SCHEME_USERINFO, `$1${REDACTED_CREDENTIALS}@`).replace(BARE_USERINFO, `$1${REDACTED_CREDENTIALS}@`);
}

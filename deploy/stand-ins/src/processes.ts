// The stand-ins as processes, on loopback only: what the launcher runs for `npm start` and the test stacks, and
// what the integration tests share (tests/setup/stand-ins.global.ts).
import { join } from 'node:path';
import { freePort, httpOk, startProcess, tcpOpen, waitFor } from '@venuebook/service-kit/processes';
import type { ManagedProcess, RunningService } from '@venuebook/service-kit/processes';
import type { ServiceAccountKeyFile } from '@venuebook/service-kit/stand-ins';
import type { JWK } from 'jose';
import { STAND_IN_HOST } from './host.ts';

/** The local SMTP sink (the stand-in for the company mail relay) and its mailbox page. */
export async function startMailSink(logDir: string): Promise<RunningService & { smtpUrl: string; mailboxUrl: string }> {
  const [smtpPort, httpPort] = [await freePort(STAND_IN_HOST), await freePort(STAND_IN_HOST)];
  const child = startProcess('mail-sink', process.execPath, [join(import.meta.dirname, 'smtp-sink.ts')], {
    logDir,
    env: { SMTP_PORT: String(smtpPort), HTTP_PORT: String(httpPort) },
  });
  const mailboxUrl = `http://${STAND_IN_HOST}:${httpPort}`;
  await waitFor('mail sink', async () => (await tcpOpen(STAND_IN_HOST, smtpPort)) && httpOk(`${mailboxUrl}/messages`), { process: child });
  return { address: `${STAND_IN_HOST}:${smtpPort}`, smtpUrl: `smtp://${STAND_IN_HOST}:${smtpPort}`, mailboxUrl, process: child, stop: () => child.stop() };
}

/**
 * The local webhook receiver (the stand-in for an automation service): its page, and `hookUrl(name)` for a
 * webhook URL whose requests it records under that name. `secret`: the signing secret to check signatures with
 * (it can be given later: PUT <url>/secret).
 */
export async function startWebhookReceiver(
  logDir: string,
  options: { secret?: string } = {},
): Promise<RunningService & { url: string; hookUrl(name: string): string }> {
  const httpPort = await freePort(STAND_IN_HOST);
  const child = startProcess('webhook-receiver', process.execPath, [join(import.meta.dirname, 'webhook-receiver.ts')], {
    logDir,
    env: { HTTP_PORT: String(httpPort), WEBHOOK_SECRET: options.secret ?? '' },
  });
  const url = `http://${STAND_IN_HOST}:${httpPort}`;
  await waitFor('webhook receiver', () => httpOk(`${url}/deliveries`), { process: child });
  return { address: `${STAND_IN_HOST}:${httpPort}`, url, hookUrl: (name) => `${url}/hooks/${name}`, process: child, stop: () => child.stop() };
}

export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * The local OpenID Connect provider (the stand-in for Google in local mode and tests), with an account chooser
 * listing `accounts`, and one client whose redirect URI is the gateway's callback (`publicUrl`, when given).
 * `signingJwk`: its private signing key, when the caller must mint ID tokens it would sign; default: its own.
 */
export async function startOidcProvider(options: {
  logDir: string;
  publicUrl?: string;
  accounts: readonly string[];
  clientId?: string;
  signingJwk?: JWK;
}): Promise<RunningOidcProvider> {
  const port = await freePort(STAND_IN_HOST);
  const issuer = `http://${STAND_IN_HOST}:${port}`;
  const clientId = options.clientId ?? 'venuebook-local';
  const clientSecret = 'venuebook-local-oidc-secret';
  const child = startProcess('oidc-provider', process.execPath, [join(import.meta.dirname, 'oidc-provider.ts')], {
    logDir: options.logDir,
    env: {
      OIDC_PORT: String(port),
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: options.publicUrl ? new URL('/api/v1/auth/google/callback', options.publicUrl).toString() : '',
      OIDC_ACCOUNTS: options.accounts.join(','),
      // Always set: a key in the launcher's own environment must not replace the provider's own.
      OIDC_SIGNING_JWK: options.signingJwk ? JSON.stringify(options.signingJwk) : '',
    },
  });
  await waitFor('local OIDC provider', () => httpOk(`${issuer}/.well-known/openid-configuration`), { process: child });
  return { issuer, clientId, clientSecret, process: child, stop: () => child.stop() };
}

/** Gateway settings for 'Continue with Google' against that provider. */
export function oidcGatewayEnv(provider: RunningOidcProvider): Record<string, string> {
  return { GOOGLE_CLIENT_ID: provider.clientId, GOOGLE_CLIENT_SECRET: provider.clientSecret, OIDC_ISSUER: provider.issuer };
}

export interface RunningGoogleDrive extends RunningService {
  url: string;
  /** The Drive client's `rootUrl` option. */
  rootUrl: string;
  /** Its token endpoint (the key file's token_uri). */
  tokenUrl: string;
  /** The folder it made at its first start on the data dir: what an admin gives as GOOGLE_DRIVE_ROOT_FOLDER_ID. */
  rootFolderId: string;
  /** Its service account's key file, as JSON (what GOOGLE_APPLICATION_CREDENTIALS would point at). */
  credentialsJson: string;
  credentials: ServiceAccountKeyFile;
}

/**
 * The local Google Drive (the stand-in for Drive v3 and Google's token endpoint). `dataDir`: where it keeps its
 * Drive and its service account's key, so that a restart on the same folder keeps both; default a temporary
 * folder of its own, removed when it stops. `port`: e.g. the one it had before a restart, so that its clients'
 * URLs (rootUrl, token URL, upload session URIs) stay valid; default a free one.
 */
export async function startGoogleDrive(
  logDir: string,
  options: { dataDir?: string; rootFolderName?: string; port?: number } = {},
): Promise<RunningGoogleDrive> {
  const httpPort = options.port ?? (await freePort(STAND_IN_HOST));
  const child = startProcess('google-drive', process.execPath, [join(import.meta.dirname, 'google-drive.ts')], {
    logDir,
    // Always set: a data dir in the launcher's own environment must not replace the one asked for.
    env: { HTTP_PORT: String(httpPort), DRIVE_DATA_DIR: options.dataDir ?? '', DRIVE_ROOT_FOLDER_NAME: options.rootFolderName ?? '' },
  });
  const url = `http://${STAND_IN_HOST}:${httpPort}`;
  await waitFor('local Google Drive', () => httpOk(`${url}/_standin/info`), { process: child });
  const info = (await (await fetch(`${url}/_standin/info`)).json()) as { rootFolderId: string; rootUrl: string; tokenUrl: string };
  const credentialsJson = await (await fetch(`${url}/_standin/service-account.json`)).text();
  return {
    address: `${STAND_IN_HOST}:${httpPort}`,
    url,
    rootUrl: info.rootUrl,
    tokenUrl: info.tokenUrl,
    rootFolderId: info.rootFolderId,
    credentialsJson,
    credentials: JSON.parse(credentialsJson) as ServiceAccountKeyFile,
    process: child,
    stop: () => child.stop(),
  };
}

import { join } from 'node:path';
import { REPO_ROOT } from './infra-servers.ts';
import { freePort, httpOk, startProcess, waitFor } from './processes.ts';
import type { ManagedProcess } from './processes.ts';

/** A user of the local identity provider outside the company domain (shows the Access Denied screen). */
export const OUTSIDE_DOMAIN_ACCOUNT = 'guest@partner.org';

export interface RunningOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * The local OpenID Connect provider of tests/fakes (the stand-in for Google in local mode and tests), with
 * an account chooser listing `accounts`, and one client whose redirect URI is the gateway's callback.
 */
export async function startOidcProvider(options: { logDir: string; publicUrl: string; accounts: readonly string[] }): Promise<RunningOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'venuebook-local';
  const clientSecret = 'venuebook-local-oidc-secret';
  const child = startProcess('oidc-provider', process.execPath, [join(REPO_ROOT, 'tests/fakes/oidc-provider.ts')], {
    logDir: options.logDir,
    env: {
      OIDC_PORT: String(port),
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: new URL('/api/v1/auth/google/callback', options.publicUrl).toString(),
      OIDC_ACCOUNTS: options.accounts.join(','),
    },
  });
  await waitFor('local OIDC provider', () => httpOk(`${issuer}/.well-known/openid-configuration`), { process: child });
  return { issuer, clientId, clientSecret, process: child, stop: () => child.stop() };
}

/** Gateway settings for 'Continue with Google' against that provider. */
export function oidcGatewayEnv(provider: RunningOidcProvider): Record<string, string> {
  return { GOOGLE_CLIENT_ID: provider.clientId, GOOGLE_CLIENT_SECRET: provider.clientSecret, OIDC_ISSUER: provider.issuer };
}

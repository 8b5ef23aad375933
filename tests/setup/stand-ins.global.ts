// Integration project's global setup: the run's shared stand-ins (the mail sink, two OpenID Connect providers, the
// webhook receiver and the local Google Drive, as processes through @venuebook/stand-ins), for harnesses of services
// that send mail, trust a provider, post webhooks or sync to Drive: those
// import neither the launcher nor the stand-ins, and read what is running through sharedStandIns() of the kit's
// testing module. Started when the first file asks for them; stopped at the end of the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SharedStandIns } from '@venuebook/service-kit/testing';
import { startOnRequest } from '@venuebook/service-kit/testing';
import { newSigningJwk, startGoogleDrive, startMailSink, startOidcProvider, startWebhookReceiver } from '@venuebook/stand-ins';
import type { TestProject } from 'vitest/node';
import './context.ts';

/** The client id the providers know (a service under test is configured with it as GOOGLE_CLIENT_ID). */
const CLIENT_ID = 'venuebook-integration';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startOnRequest<SharedStandIns>('stand-ins', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'venuebook-stand-ins-'));
    const stops: (() => Promise<void>)[] = [async () => rmSync(logDir, { recursive: true, force: true })];
    const stop = async () => {
      for (const stopOne of stops.splice(0).reverse()) await stopOne();
    };
    try {
      const mail = await startMailSink(logDir);
      stops.push(mail.stop);
      const provider = async (name: string) => {
        const signingJwk = await newSigningJwk();
        const running = await startOidcProvider({ logDir: join(logDir, name), accounts: [], clientId: CLIENT_ID, signingJwk });
        stops.push(running.stop);
        return { issuer: running.issuer, clientId: running.clientId, kid: signingJwk.kid ?? '', privateJwk: signingJwk };
      };
      const [oidc, otherOidc] = [await provider('oidc'), await provider('other-oidc')];
      const webhooks = await startWebhookReceiver(logDir);
      stops.push(webhooks.stop);
      // Its Drive lives in a temporary folder of its own, removed when it stops.
      const localDrive = async (name: string) => {
        const drive = await startGoogleDrive(join(logDir, name));
        stops.push(drive.stop);
        return { url: drive.url, rootFolderId: drive.rootFolderId, credentialsJson: drive.credentialsJson };
      };
      const [googleDrive, faultsDrive] = [await localDrive('google-drive'), await localDrive('faults-drive')];
      return {
        description: { smtpUrl: mail.smtpUrl, mailboxUrl: mail.mailboxUrl, webhookReceiverUrl: webhooks.url, oidc, otherOidc, googleDrive, faultsDrive },
        stop,
      };
    } catch (error) {
      await stop();
      throw error;
    }
  });
  project.provide('standInsUrl', server.url);
  return () => server.close();
}

// The whole product on one machine: infrastructure, the local mail sink, every service of the registry
// (`@venuebook/contracts/services`) and the gateway (which serves the built shell and remotes), each service as
// its own process, as in production. Secrets are generated once per data folder.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@venuebook/grpc';
import { IdentityService, LogoutScope } from '@venuebook/contracts/identity/v1';
import { SERVICE_NAMES, serviceUrlEnv } from '@venuebook/contracts/services';
import type { ServiceName } from '@venuebook/contracts/services';
import { NotifierService } from '@venuebook/contracts/notifier/v1';
import { VenuesService } from '@venuebook/contracts/venues/v1';
import { userContextSigner } from '@venuebook/service-kit';
import { provisionInfra } from './provision.ts';
import type { Infra } from './provision.ts';
import { REPO_ROOT } from './infra-servers.ts';
import { ensurePrivateDir, freePort, httpOk, NO_GRPC_TLS, PRIVATE_FILE_MODE, startGrpcService, startProcess, waitFor } from '@venuebook/service-kit/processes';
import type { ManagedProcess, RunningGrpcService, RunningService } from '@venuebook/service-kit/processes';
import { demoAccounts, OUTSIDE_DOMAIN_ACCOUNT } from './seed/demo-accounts.ts';
import type { DemoAccount } from './seed/demo-accounts.ts';
import { DEMO_VENUES } from '@venuebook/domain/testing';
import { confirmationLink } from '@venuebook/service-kit/stand-ins';
import { oidcGatewayEnv, startGoogleDrive, startMailSink, startOidcProvider, startWebhookReceiver } from '@venuebook/stand-ins';
import type { RunningOidcProvider } from '@venuebook/stand-ins';
import { demoAccountsInMarker, planLocalRun, refusalOf } from './local-plan.ts';
import type { LocalRunPlan } from './local-plan.ts';
import { serviceReplicas } from './replicas.ts';

export interface StackOptions {
  /** Server data, secrets and logs (<dataDir>/logs). */
  dataDir: string;
  /** Where the gateway listens (default HOST, else 127.0.0.1). */
  host?: string;
  /** Gateway port; 0 = any free port. */
  port?: number;
  /**
   * Create the demo accounts and venues once per data folder ('accounts': the accounts only, e.g. for
   * benchmarks). Only where planLocalRun allows demo accounts (example domain, loopback host, local sink).
   */
  seed?: boolean | 'accounts';
  /** Company e-mail domain (default COMPANY_DOMAIN, else example.com). */
  companyDomain?: string;
  /**
   * The operator's settings (COMPANY_DOMAIN, OWNER_EMAILS, HOST, SMTP_URL, GOOGLE_CLIENT_ID, and <NAME>_REPLICAS,
   * e.g. VENUES_REPLICAS=2: how many processes of each service, 1 to 8, default 1); default process.env.
   */
  env?: Readonly<Record<string, string | undefined>>;
  logLevel?: string;
  log?: (message: string) => void;
  /** Extra environment for the gateway. */
  gatewayEnv?: Record<string, string>;
  /**
   * log2 of scrypt's N for the passwords hashed by this stack (identity's PASSWORD_SCRYPT_LOG2_N); default the
   * production cost. Stacks that tests and smoke-size benchmarks start pass TEST_PASSWORD_HASH_LOG2_N: every
   * sign-up, confirmation and sign-in hashes, and the hash stores its own parameters, so no production path
   * changes.
   */
  passwordHashLog2N?: number;
  /**
   * Gateway processes (default 1): the others listen on ports of their own (RunningStack.gatewayUrls) with the same
   * settings and services, e.g. for live presence across replicas (they share it through NATS). No load balancer.
   */
  gatewayReplicas?: number;
}

export interface StackSecrets {
  USER_CONTEXT_KEY: string;
  JWT_SECRET: string;
}

export interface RunningStack {
  url: string;
  /** Every gateway's URL: `url` first, then those of StackOptions.gatewayReplicas beyond the first. */
  gatewayUrls: string[];
  infra: Infra;
  secrets: StackSecrets;
  companyDomain: string;
  /** What this start set up and why (demo accounts, mail relay, stand-ins). */
  plan: LocalRunPlan;
  /** The local mailbox page (sign-up confirmations) and its JSON at <mailboxUrl>/messages; undefined when SMTP_URL is configured. */
  mailboxUrl: string | undefined;
  /**
   * The local webhook receiver (its page; requests at <url>/hooks/<name>, JSON at <url>/deliveries), checking
   * signatures with the notifier's signing secret; undefined when the app is not on a loopback host.
   */
  webhookReceiverUrl: string | undefined;
  /** The local Google Drive's page (its folder tree), when documents sync to it. */
  googleDriveUrl: string | undefined;
  /** The demo accounts (one per role); empty when the plan allows none. */
  accounts: DemoAccount[];
  /** Number of demo venues created by this start (0 when the data folder was seeded before). */
  seeded: number;
  logDir: string;
  /**
   * Its processes, for tests that take one down (the gateway can be started again on the same URL; so can
   * each replica of a service: `services.venues.replicas[0]`).
   */
  services: RunningServices & { mail?: RunningService; oidc?: RunningOidcProvider; webhookReceiver?: RunningService; gateway: RunningGateway };
  stop(): Promise<void>;
}

export interface RunningGateway extends RunningService {
  /** Starts the gateway again after stop(), on the same URL with the same settings; waits until it is ready. */
  start(): Promise<void>;
}

const SEEDED_MARKER = 'seeded';

/**
 * The password cost (log2 of scrypt's N) of the stacks that tests start: N=4,096 takes about 1/32 of the
 * production cost's time and memory per hash.
 */
export const TEST_PASSWORD_HASH_LOG2_N = 12;

/**
 * Random secrets, created on the first start of a data folder and kept (mode 600) for the next ones. The
 * data folder itself is made (or tightened to) 0700.
 */
export function loadOrCreateSecrets(dataDir: string): StackSecrets {
  ensurePrivateDir(dataDir);
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  const secrets = { USER_CONTEXT_KEY: randomBytes(32).toString('base64url'), JWT_SECRET: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Every service of the registry, running, by name. */
export type RunningServices = Record<ServiceName, RunningGrpcService>;

export interface StartServicesOptions {
  infra: Pick<Infra, 'env'>;
  userContextKey: string;
  logDir: string;
  logLevel?: string;
  /**
   * Each service's own settings on top of the infrastructure and the user-context key. Every service of the
   * registry has an entry (a new service that is not given one here is a type error, not a silent default).
   */
  env: Readonly<Record<ServiceName, Record<string, string>>>;
  /** Processes per service (default 1 each; see serviceReplicas for the operator's <NAME>_REPLICAS). */
  replicas?: Partial<Record<ServiceName, number>>;
}

/**
 * Starts every service of the registry at the same time (each service's replicas one after the other); if one
 * fails, the others are stopped. The ports are chosen first, so every service is told every other's address
 * (<NAME>_GRPC_URL) before any serves: services call each other per request, never while starting.
 */
export async function startServices(options: StartServicesOptions): Promise<RunningServices> {
  const ports = {} as Record<ServiceName, number[]>;
  for (const name of SERVICE_NAMES) {
    ports[name] = [];
    for (let index = 0; index < (options.replicas?.[name] ?? 1); index++) ports[name].push(await freePort());
  }
  const addresses = serviceUrlEnv(
    Object.fromEntries(SERVICE_NAMES.map((name) => [name, ports[name].map((port) => `127.0.0.1:${port}`).join(',')])) as Record<ServiceName, string>,
  );
  const results = await Promise.allSettled(
    SERVICE_NAMES.map((name) =>
      startGrpcService({
        name,
        env: { ...options.infra.env, USER_CONTEXT_KEY: options.userContextKey, ...addresses, ...options.env[name] },
        logDir: options.logDir,
        ports: ports[name],
        ...(options.logLevel ? { logLevel: options.logLevel } : {}),
      }),
    ),
  );
  const started = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((service) => service.stop()));
    throw failure.reason;
  }
  return Object.fromEntries(SERVICE_NAMES.map((name, index) => [name, started[index]!])) as RunningServices;
}

/** Stops every running service, last started first. */
export async function stopServices(services: RunningServices): Promise<void> {
  for (const name of [...SERVICE_NAMES].reverse()) await services[name].stop();
}

/**
 * The identity service's own settings: the company domain, its owners, the SMTP relay of confirmations and,
 * for 'Continue with Google', the OpenID Connect provider whose ID tokens it verifies (OIDC_ISSUER) and the
 * client they must be issued to (GOOGLE_CLIENT_ID). Without `oidc` these come from the operator's
 * environment, as the gateway's do.
 */
export function identityEnv(options: {
  companyDomain: string;
  smtpUrl: string;
  ownerEmails?: string;
  oidc?: { issuer: string; clientId: string };
  /** log2 of scrypt's N for new password hashes (PASSWORD_SCRYPT_LOG2_N); default the service's own (production). */
  passwordHashLog2N?: number;
  /** Accept a webhook receiver on this machine (WEBHOOK_ALLOW_LOOPBACK): local mode and tests only. */
  allowLoopbackWebhook?: boolean;
}): Record<string, string> {
  return {
    WEBHOOK_ALLOW_LOOPBACK: options.allowLoopbackWebhook ? 'true' : 'false',
    COMPANY_DOMAIN: options.companyDomain,
    SMTP_URL: options.smtpUrl,
    OWNER_EMAILS: options.ownerEmails ?? '',
    ...(options.passwordHashLog2N === undefined ? {} : { PASSWORD_SCRYPT_LOG2_N: String(options.passwordHashLog2N) }),
    ...(options.oidc ? { OIDC_ISSUER: options.oidc.issuer, GOOGLE_CLIENT_ID: options.oidc.clientId, OIDC_JWKS_URL: '' } : {}),
  };
}

/**
 * The notifier's own settings: the app's URL (in every webhook body) and whether a receiver on this machine is
 * allowed (local mode: the local webhook receiver; identity is told the same).
 */
export function notifierEnv(options: { appUrl: string; allowLoopback: boolean }): Record<string, string> {
  return { APP_URL: options.appUrl, WEBHOOK_ALLOW_LOOPBACK: options.allowLoopback ? 'true' : 'false' };
}

/** The Drive sync service's environment: the company domain and, with the local Google Drive, its service account, root folder and API. */
export function driveEnv(companyDomain: string, drive?: { credentialsJson: string; rootFolderId: string; rootUrl: string }): Record<string, string> {
  return {
    COMPANY_DOMAIN: companyDomain,
    ...(drive ? { GOOGLE_DRIVE_CREDENTIALS: drive.credentialsJson, GOOGLE_DRIVE_ROOT_FOLDER_ID: drive.rootFolderId, GOOGLE_DRIVE_API_URL: drive.rootUrl } : {}),
  };
}

/** The gateway's environment that points it at the running services (VENUES_GRPC_URL, ...: every replica's host:port). */
export function gatewayServiceEnv(services: RunningServices): Record<string, string> {
  return serviceUrlEnv(Object.fromEntries(SERVICE_NAMES.map((name) => [name, services[name].address])) as Record<ServiceName, string>);
}

/**
 * Creates one confirmed account per role through the real sign-up path (gRPC SignUp, the mail in the local
 * sink, ConfirmEmail), signs the owner in (OWNER_EMAILS makes it owner) and has the owner assign the other
 * roles. Returns the owner's user id.
 */
export async function seedDemoAccounts(options: {
  identityAddress: string;
  userContextKey: string;
  mailboxUrl: string;
  appUrl: string;
  accounts: DemoAccount[];
}): Promise<string> {
  const identity = createClient(IdentityService, options.identityAddress, { deadlineMs: 15_000 });
  const anonymous = () => ({ metadata: userContextSigner({ userId: '', email: '', role: '', requestId: 'seed' }, options.userContextKey) });
  try {
    // Ids as confirmation answers them: a list could come from a replica that has not heard of the sign-up yet.
    const userIds = new Map<string, string>();
    for (const account of options.accounts) {
      await identity.signUp({ email: account.email, password: account.password, appUrl: options.appUrl }, anonymous());
      const token = new URL(await confirmationLink(options.mailboxUrl, account.email)).searchParams.get('token') ?? '';
      const { user } = await identity.confirmEmail({ token, email: account.email, password: account.password }, anonymous());
      if (!user?.id) throw new Error(`confirming the demo account ${account.email} returned no user`);
      userIds.set(account.email, user.id);
    }
    const owner = options.accounts.find((account) => account.role === 'owner');
    if (!owner) throw new Error('the demo accounts need an owner');
    const signedIn = await identity.signInWithPassword({ email: owner.email, password: owner.password, userAgent: 'seed' }, anonymous());
    const ownerId = signedIn.grant?.user?.id ?? '';
    const asOwner = () => ({ metadata: userContextSigner({ userId: ownerId, email: owner.email, role: 'owner', requestId: 'seed' }, options.userContextKey) });
    for (const account of options.accounts) {
      if (account.role !== 'owner' && account.role !== 'viewer')
        await identity.assignRole({ userId: userIds.get(account.email)!, role: account.role }, asOwner());
    }
    await identity.logout({ sessionId: signedIn.grant?.sessionId ?? '', scope: LogoutScope.LOCAL }, asOwner());
    return ownerId;
  } finally {
    identity.close();
  }
}

/**
 * Tells the local webhook receiver the notifier's signing secret (read as a system owner, like the seed), so that
 * its page shows each signature checked. After a rotation in User Management, the next start tells it again.
 */
async function giveReceiverTheSecret(receiverUrl: string, notifierAddress: string, userContextKey: string): Promise<void> {
  const notifier = createClient(NotifierService, notifierAddress, { deadlineMs: 10_000 });
  try {
    const { secret } = await notifier.getSigningSecret(
      {},
      { metadata: userContextSigner({ userId: 'local-launcher', email: '', role: 'owner', requestId: 'launcher' }, userContextKey) },
    );
    const response = await fetch(`${receiverUrl}/secret`, { method: 'PUT', body: secret });
    if (!response.ok) throw new Error(`the local webhook receiver refused the signing secret: ${response.status}`);
  } finally {
    notifier.close();
  }
}

/** Creates the demo venues through the venues service's gRPC API as `creator`, newest last. */
export async function seedDemoVenues(venuesAddress: string, userContextKey: string, creator: { userId: string; email: string }): Promise<number> {
  const client = createClient(VenuesService, venuesAddress, { deadlineMs: 10_000 });
  try {
    for (const venue of DEMO_VENUES) {
      await client.createVenue({ venue }, { metadata: userContextSigner({ ...creator, role: 'owner', requestId: 'seed' }, userContextKey) });
    }
    return DEMO_VENUES.length;
  } finally {
    client.close();
  }
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => undefined);
  const logDir = join(options.dataDir, 'logs');
  const env = options.env ?? process.env;
  const plan = planLocalRun({
    COMPANY_DOMAIN: options.companyDomain ?? env.COMPANY_DOMAIN,
    OWNER_EMAILS: env.OWNER_EMAILS,
    HOST: options.host ?? env.HOST,
    SMTP_URL: env.SMTP_URL,
    GOOGLE_CLIENT_ID: env.GOOGLE_CLIENT_ID,
    GOOGLE_DRIVE_CREDENTIALS: env.GOOGLE_DRIVE_CREDENTIALS,
  });
  const { host, companyDomain } = plan;
  const logLevel = options.logLevel ?? 'info';
  const markerPath = join(options.dataDir, SEEDED_MARKER);
  const refusal = refusalOf(plan, demoAccountsInMarker(existsSync(markerPath) ? readFileSync(markerPath, 'utf8') : undefined));
  if (refusal) throw new Error(`Not starting: ${refusal}`);
  const replicas = (() => {
    try {
      return serviceReplicas(env);
    } catch (error) {
      throw new Error(`Not starting: ${(error as Error).message}`, { cause: error });
    }
  })();
  const accounts = plan.demoAccounts ? demoAccounts(companyDomain) : [];
  const owner = accounts.find((account) => account.role === 'owner');
  const secrets = loadOrCreateSecrets(options.dataDir);
  // Logs of earlier starts (written before the folder was private) are tightened too.
  ensurePrivateDir(logDir, { files: true });
  const port = options.port === 0 || options.port === undefined ? await freePort(host) : options.port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // The infrastructure servers and the stand-ins start side by side (each waits on its own process): they need
  // nothing of each other, and the services need all of them.
  const starts = await Promise.allSettled([
    provisionInfra({ dataDir: options.dataDir, logDir, log }),
    // A configured relay wins; the local sink only stands in when there is none.
    plan.smtpUrl ? undefined : startMailSink(logDir),
    // 'Continue with Google' against the local stand-in (unless GOOGLE_CLIENT_ID is configured): the demo
    // accounts plus one outside the domain.
    plan.oidcStandIn
      ? startOidcProvider({ logDir, publicUrl: url, accounts: [...accounts.map((account) => account.email), OUTSIDE_DOMAIN_ACCOUNT] })
      : undefined,
    // The first-login webhook's stand-in receiver: only where a receiver on this machine is allowed.
    plan.webhookLoopback ? startWebhookReceiver(logDir) : undefined,
    // Documents sync to the local Google Drive (kept in the data folder) unless GOOGLE_DRIVE_CREDENTIALS is configured.
    plan.driveStandIn ? startGoogleDrive(logDir, { dataDir: join(options.dataDir, 'google-drive') }) : undefined,
  ]);
  const started = <T>(result: PromiseSettledResult<T>): T | undefined => (result.status === 'fulfilled' ? result.value : undefined);
  const [infraStart, mailStart, oidcStart, receiverStart, driveStart] = starts;
  const [mail, oidcProvider, webhookReceiver, googleDrive] = [started(mailStart), started(oidcStart), started(receiverStart), started(driveStart)];
  const stops: (() => Promise<void>)[] = [];
  for (const standIn of [mail, oidcProvider, webhookReceiver, googleDrive]) if (standIn) stops.push(standIn.stop);
  const stopStandIns = async (): Promise<void> => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne();
  };
  const failure = starts.find((result) => result.status === 'rejected');
  if (failure || infraStart.status === 'rejected') {
    await stopStandIns();
    await started(infraStart)?.stop();
    throw (failure as PromiseRejectedResult).reason;
  }
  const infra = infraStart.value;
  const stop = async (): Promise<void> => {
    await stopStandIns();
    await infra.stop();
  };

  try {
    const services = await startServices({
      infra,
      userContextKey: secrets.USER_CONTEXT_KEY,
      logDir,
      logLevel,
      replicas,
      env: {
        identity: identityEnv({
          companyDomain,
          smtpUrl: plan.smtpUrl ?? mail!.smtpUrl,
          ownerEmails: plan.ownerEmails,
          ...(oidcProvider ? { oidc: oidcProvider } : {}),
          ...(options.passwordHashLog2N === undefined ? {} : { passwordHashLog2N: options.passwordHashLog2N }),
          allowLoopbackWebhook: plan.webhookLoopback,
        }),
        venues: {},
        cards: {},
        media: {},
        notifier: notifierEnv({ appUrl: url, allowLoopback: plan.webhookLoopback }),
        drive: driveEnv(companyDomain, googleDrive),
      },
    });
    stops.push(() => stopServices(services));
    const { identity, venues } = services;
    for (const name of SERVICE_NAMES) {
      if (services[name].replicas.length > 1) log(`${name}: ${services[name].replicas.length} replicas (${services[name].address}), logs ${name}-1.log …`);
    }

    const gatewayEnv = (): Record<string, string> => ({
      HOST: host,
      PORT: String(port),
      PUBLIC_URL: url,
      COOKIE_SECURE: url.startsWith('https:') ? 'true' : 'false',
      ...gatewayServiceEnv(services),
      ...NO_GRPC_TLS,
      NATS_URL: infra.natsUrl,
      COMPANY_DOMAIN: companyDomain,
      LOG_LEVEL: logLevel,
      ...(oidcProvider ? oidcGatewayEnv(oidcProvider) : {}),
      ...secrets,
      ...options.gatewayEnv,
    });
    const spawnGateway = (): ManagedProcess =>
      startProcess('gateway', process.execPath, [join(REPO_ROOT, 'gateway/src/main.ts')], { logDir, env: gatewayEnv() });
    // The gateway starts while the demo accounts are seeded (straight into identity): it is ready when they are.
    let gateway = spawnGateway();
    stops.push(() => gateway.stop());
    if (webhookReceiver) await giveReceiverTheSecret(webhookReceiver.url, services.notifier.address, secrets.USER_CONTEXT_KEY);

    let seeded = 0;
    const marker = markerPath;
    if (options.seed && owner && mail && !existsSync(marker)) {
      const ownerId = await seedDemoAccounts({
        identityAddress: identity.address,
        userContextKey: secrets.USER_CONTEXT_KEY,
        mailboxUrl: mail.mailboxUrl,
        appUrl: url,
        accounts,
      });
      if (options.seed !== 'accounts') seeded = await seedDemoVenues(venues.address, secrets.USER_CONTEXT_KEY, { userId: ownerId, email: owner.email });
      writeFileSync(marker, `${new Date().toISOString()} ${accounts.length} demo accounts, ${seeded} demo venues\n`, { mode: PRIVATE_FILE_MODE });
      log(`seeded ${accounts.length} demo accounts and ${seeded} demo venues`);
    }

    await waitFor('gateway', () => httpOk(`${url}/readyz`), { process: gateway });
    const gatewayUrls = [url];
    for (let index = 2; index <= (options.gatewayReplicas ?? 1); index++) {
      const replicaPort = await freePort(host);
      const replicaUrl = url.replace(/:\d+$/, `:${replicaPort}`);
      const replica = startProcess(`gateway-${index}`, process.execPath, [join(REPO_ROOT, 'gateway/src/main.ts')], {
        logDir,
        env: { ...gatewayEnv(), PORT: String(replicaPort) },
      });
      stops.push(() => replica.stop());
      await waitFor(`gateway-${index}`, () => httpOk(`${replicaUrl}/readyz`), { process: replica });
      gatewayUrls.push(replicaUrl);
    }
    const gatewayService: RunningGateway = {
      address: `${host}:${port}`,
      get process() {
        return gateway;
      },
      stop: () => gateway.stop(),
      async start() {
        if (!gateway.exited) return;
        gateway = spawnGateway();
        await waitFor('gateway', () => httpOk(`${url}/readyz`), { process: gateway });
      },
    };
    return {
      url,
      gatewayUrls,
      infra,
      secrets,
      companyDomain,
      plan,
      mailboxUrl: mail?.mailboxUrl,
      webhookReceiverUrl: webhookReceiver?.url,
      googleDriveUrl: googleDrive?.url,
      accounts,
      seeded,
      logDir,
      services: {
        ...services,
        ...(mail ? { mail } : {}),
        ...(oidcProvider ? { oidc: oidcProvider } : {}),
        ...(webhookReceiver ? { webhookReceiver } : {}),
        gateway: gatewayService,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

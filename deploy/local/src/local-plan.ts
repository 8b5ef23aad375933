// What `npm start` sets up from the settings it is given (COMPANY_DOMAIN, OWNER_EMAILS, HOST, SMTP_URL,
// GOOGLE_CLIENT_ID, GOOGLE_DRIVE_CREDENTIALS), decided in one pure function so that the rules can be tested on their own:
// - demo accounts (one per role, with the published DEMO_PASSWORD) only for the example domain, on a
//   loopback host, with the local mail sink; with any real value none are created (no published password
//   on a real domain or a reachable host) and the first sign-up of an OWNER_EMAILS address becomes owner;
// - a configured SMTP_URL always wins: confirmation mails go to that relay and no local sink is started;
// - a configured GOOGLE_CLIENT_ID always wins over the local OpenID Connect stand-in, configured
//   GOOGLE_DRIVE_CREDENTIALS over the local Google Drive;
// - the stand-ins (mail sink, OIDC provider) always listen on 127.0.0.1, whatever HOST says.
import { isLoopbackHost } from '@venuebook/service-kit';
import { STAND_IN_HOST } from '@venuebook/stand-ins';
import { LOCAL_COMPANY_DOMAIN } from './seed/demo-accounts.ts';

/** Where the stand-ins (local mail sink, local OpenID Connect provider) listen: loopback only. */
export { STAND_IN_HOST };

export interface LocalRunSettings {
  COMPANY_DOMAIN?: string | undefined;
  OWNER_EMAILS?: string | undefined;
  HOST?: string | undefined;
  SMTP_URL?: string | undefined;
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_DRIVE_CREDENTIALS?: string | undefined;
}

export interface LocalRunPlan {
  /** The company domain without '@'. */
  companyDomain: string;
  /** Where the gateway listens. */
  host: string;
  /** Create the demo accounts (published password) and demo venues on the first start of a data folder. */
  demoAccounts: boolean;
  /** Why demo accounts are or are not created (printed by `npm start`). */
  demoReason: string;
  /** Identity's OWNER_EMAILS: the configured list, plus the demo owner when demo accounts are created. */
  ownerEmails: string;
  /** The configured relay (SMTP_URL), or undefined: start the local mail sink. */
  smtpUrl: string | undefined;
  /** Start the local OpenID Connect stand-in (no GOOGLE_CLIENT_ID configured). */
  oidcStandIn: boolean;
  /** Where the stand-ins listen. */
  standInHost: typeof STAND_IN_HOST;
  /**
   * Allow a first-login webhook receiver on this machine (the local webhook receiver): only in the local demo (the
   * example domain on a loopback host with the local mail sink). A real deployment bound to loopback behind a proxy
   * must not let an admin post to this machine's ports.
   */
  webhookLoopback: boolean;
  /**
   * Start the local Google Drive and sync documents to it: in the local demo, when no GOOGLE_DRIVE_CREDENTIALS is
   * configured (it answers anyone on this machine, so a real deployment without Drive credentials has no Drive sync).
   */
  driveStandIn: boolean;
}

export { isLoopbackHost };

const given = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);

/** The plan of a local run from its settings (unset and empty values count as not configured). */
export function planLocalRun(settings: LocalRunSettings): LocalRunPlan {
  const companyDomain = (given(settings.COMPANY_DOMAIN) ?? LOCAL_COMPANY_DOMAIN).replace(/^@/, '').toLowerCase();
  const host = given(settings.HOST) ?? STAND_IN_HOST;
  const smtpUrl = given(settings.SMTP_URL);
  const configuredOwners = (given(settings.OWNER_EMAILS) ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter(Boolean);

  const reasons: string[] = [];
  if (companyDomain !== LOCAL_COMPANY_DOMAIN) reasons.push(`COMPANY_DOMAIN is ${companyDomain}, not ${LOCAL_COMPANY_DOMAIN}`);
  if (!isLoopbackHost(host)) reasons.push(`HOST ${host} is reachable from other machines`);
  if (smtpUrl) reasons.push('SMTP_URL is configured (confirmation mails go to the real relay)');
  const demoAccounts = reasons.length === 0;

  const demoOwner = `owner@${LOCAL_COMPANY_DOMAIN}`;
  const ownerEmails = demoAccounts && !configuredOwners.includes(demoOwner) ? [...configuredOwners, demoOwner] : configuredOwners;
  return {
    companyDomain,
    host,
    demoAccounts,
    demoReason: demoAccounts
      ? `the example domain ${LOCAL_COMPANY_DOMAIN} on the loopback host ${host} with the local mail sink`
      : `no demo accounts: ${reasons.join('; ')}`,
    ownerEmails: ownerEmails.join(','),
    smtpUrl,
    oidcStandIn: !given(settings.GOOGLE_CLIENT_ID),
    // Only in the local demo: the local Drive serves every synced document to anyone on this machine.
    driveStandIn: demoAccounts && !given(settings.GOOGLE_DRIVE_CREDENTIALS),
    standInHost: STAND_IN_HOST,
    webhookLoopback: demoAccounts,
  };
}

/**
 * Why a data folder must not be started with this plan, or undefined: demo accounts (published password)
 * seeded in an earlier run must never become reachable because a later run sets a real HOST, SMTP_URL or
 * COMPANY_DOMAIN on the same folder. `seededDemoAccounts` is how many the folder holds (its seed marker).
 */
export function refusalOf(plan: LocalRunPlan, seededDemoAccounts: number): string | undefined {
  if (plan.demoAccounts || seededDemoAccounts === 0) return undefined;
  return (
    `this data folder holds ${seededDemoAccounts} demo accounts with the published password, and this run has ${plan.demoReason.replace(/^no demo accounts: /, '')}. ` +
    'Start with a new data folder (delete .data/ to start over) for real values, or without them to keep the demo.'
  );
}

/** How many demo accounts a seed marker says the folder holds ('<date> 5 demo accounts, 31 demo venues'). */
export function demoAccountsInMarker(marker: string | undefined): number {
  return Number(/(\d+) demo accounts/.exec(marker ?? '')?.[1] ?? 0);
}

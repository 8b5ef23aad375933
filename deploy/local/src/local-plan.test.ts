import { describe, expect, it } from 'vitest';
import { demoAccountsInMarker, isLoopbackHost, planLocalRun, refusalOf, STAND_IN_HOST } from './local-plan.ts';

describe('isLoopbackHost', () => {
  it('knows the addresses only this machine reaches', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST', 'app.localhost', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.10', '10.0.0.5', 'venues.acme-corp.com', '128.0.0.1', 'localhost.acme-corp.com', '']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('planLocalRun', () => {
  it('creates the demo accounts for the example domain on loopback with the local mail sink (the plain `npm start`)', () => {
    const plan = planLocalRun({});
    expect(plan).toMatchObject({
      companyDomain: 'example.com',
      host: '127.0.0.1',
      demoAccounts: true,
      ownerEmails: 'owner@example.com',
      smtpUrl: undefined,
      oidcStandIn: true,
    });
    expect(planLocalRun({ HOST: 'localhost', COMPANY_DOMAIN: '@example.com', OWNER_EMAILS: '', SMTP_URL: '' }).demoAccounts).toBe(true);
    expect(planLocalRun({ OWNER_EMAILS: 'lead@example.com' }).ownerEmails).toBe('lead@example.com,owner@example.com');
  });

  it('creates no demo accounts on a real company domain', () => {
    const plan = planLocalRun({ COMPANY_DOMAIN: 'acme-corp.com', OWNER_EMAILS: 'boss@acme-corp.com' });
    expect(plan.demoAccounts).toBe(false);
    expect(plan.demoReason).toMatch(/COMPANY_DOMAIN is acme-corp.com/);
    // The configured owners only: no owner@example.com made owner behind the operator's back.
    expect(plan.ownerEmails).toBe('boss@acme-corp.com');
  });

  it('creates no demo accounts when the gateway listens beyond loopback, even on the example domain', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'venues.acme-corp.com']) {
      const plan = planLocalRun({ HOST });
      expect(plan.demoAccounts, HOST).toBe(false);
      expect(plan.host).toBe(HOST);
      expect(plan.demoReason).toMatch(/reachable from other machines/);
      expect(plan.ownerEmails).toBe('');
    }
  });

  it('lets a configured SMTP_URL win: no local sink and no demo accounts (their mails would go to the relay)', () => {
    const plan = planLocalRun({ SMTP_URL: 'smtp://relay.acme-corp.com:587' });
    expect(plan.smtpUrl).toBe('smtp://relay.acme-corp.com:587');
    expect(plan.demoAccounts).toBe(false);
    expect(plan.demoReason).toMatch(/SMTP_URL is configured/);
  });

  it('lets a configured GOOGLE_CLIENT_ID win over the local OpenID Connect stand-in', () => {
    expect(planLocalRun({ GOOGLE_CLIENT_ID: 'real.apps.googleusercontent.com' }).oidcStandIn).toBe(false);
    expect(planLocalRun({ GOOGLE_CLIENT_ID: '' }).oidcStandIn).toBe(true);
  });

  it('syncs documents to the local Google Drive only in the local demo, and never once GOOGLE_DRIVE_CREDENTIALS is set', () => {
    expect(planLocalRun({}).driveStandIn).toBe(true);
    expect(planLocalRun({ GOOGLE_DRIVE_CREDENTIALS: '/etc/venuebook/drive-key.json' }).driveStandIn).toBe(false);
    // A real deployment without Drive credentials has no Drive sync (the local Drive answers anyone on the machine).
    expect(planLocalRun({ COMPANY_DOMAIN: 'acme-corp.com' }).driveStandIn).toBe(false);
    expect(planLocalRun({ HOST: '0.0.0.0' }).driveStandIn).toBe(false);
  });

  it('always puts the stand-ins on loopback, whatever HOST says', () => {
    for (const HOST of [undefined, '0.0.0.0', '::', '192.168.1.10']) expect(planLocalRun({ HOST }).standInHost).toBe(STAND_IN_HOST);
    expect(STAND_IN_HOST).toBe('127.0.0.1');
  });

  it('lists every reason at once', () => {
    const plan = planLocalRun({ COMPANY_DOMAIN: 'acme-corp.com', HOST: '0.0.0.0', SMTP_URL: 'smtp://relay:25' });
    expect(plan.demoReason).toMatch(/COMPANY_DOMAIN.*HOST.*SMTP_URL/);
  });
});

describe('a data folder seeded with demo accounts', () => {
  it('is refused by a run whose plan forbids demo accounts (a real HOST, SMTP_URL or domain later)', () => {
    const marker = '2026-11-23T10:00:00.000Z 5 demo accounts, 31 demo venues\n';
    expect(demoAccountsInMarker(marker)).toBe(5);
    expect(demoAccountsInMarker(undefined)).toBe(0);
    const reachable = planLocalRun({ HOST: '0.0.0.0' });
    expect(refusalOf(reachable, demoAccountsInMarker(marker))).toMatch(
      /holds 5 demo accounts with the published password, and this run has HOST 0\.0\.0\.0 is reachable/,
    );
    expect(refusalOf(planLocalRun({ SMTP_URL: 'smtp://relay.acme-corp.com:587' }), 5)).toMatch(/SMTP_URL is configured/);
    // The demo run itself, and a real run on a folder without demo accounts, start.
    expect(refusalOf(planLocalRun({}), 5)).toBeUndefined();
    expect(refusalOf(reachable, 0)).toBeUndefined();
  });
});

import { ROLES } from '@venuebook/domain';
import type { Role } from '@venuebook/domain';

/** The default company domain of local runs (RFC 2606: never a real mailbox). */
export const LOCAL_COMPANY_DOMAIN = 'example.com';

/** The password of every demo account (local mode only). */
export const DEMO_PASSWORD = 'venuebook-demo-2026';

export interface DemoAccount {
  email: string;
  password: string;
  role: Role;
}

/** One confirmed account per role: owner@, admin@, editor@, surveyor@, viewer@ the domain. */
export function demoAccounts(domain: string = LOCAL_COMPANY_DOMAIN): DemoAccount[] {
  const bare = domain.replace(/^@/, '');
  return ROLES.map((role) => ({ email: `${role}@${bare}`, password: DEMO_PASSWORD, role }));
}

/** A user of the local identity provider outside the company domain (shows the Access Denied screen). */
export const OUTSIDE_DOMAIN_ACCOUNT = 'guest@partner.org';

import type { Logger } from '@venuebook/service-kit';
import type { IdentityEvents } from '../events/identity.events.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';

/** The identity service's own settings (from its configuration). */
export interface IdentitySettings {
  companyDomain: string;
  ownerEmails: ReadonlySet<string>;
  confirmationTtlMs: number;
}

/** What every use case of the identity service works with. */
export interface IdentityDeps {
  users: UserRepository;
  sessions: SessionRepository;
  events: IdentityEvents;
  mailer: Mailer;
  settings: IdentitySettings;
  logger: Logger;
  /** The clock (tests may fix it). */
  now: () => Date;
}

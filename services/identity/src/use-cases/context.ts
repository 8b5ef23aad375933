import type { Logger } from '@venuebook/service-kit';
import type { GuestSessions } from '../domain/guest-sessions.ts';
import type { PasswordHasher } from '../domain/password.ts';
import type { IdentityEvents } from '../events/identity.events.ts';
import type { Mailer } from '../adapters/mailer.ts';
import type { IdTokenVerifier } from '../adapters/id-token-verifier.ts';
import type { ConfirmationMailRepository } from '../repositories/confirmation-mail.repository.ts';
import type { IdTokenUseRepository } from '../repositories/id-token-use.repository.ts';
import type { Locks } from '@venuebook/service-kit';
import type { SessionRepository } from '../repositories/session.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import type { UserReadModel } from '../read-model/user-read-model.ts';

/** The identity service's own settings (from its configuration). */
export interface IdentitySettings {
  companyDomain: string;
  ownerEmails: ReadonlySet<string>;
  confirmationTtlMs: number;
  /** Key of the confirmation links' tokens (derived from USER_CONTEXT_KEY). */
  confirmationLinkKey: Buffer;
}

/** What every use case of the identity service works with. */
export interface IdentityDeps {
  users: UserRepository;
  /** The user list (in memory; kept current by `userListWrites`, see user-list.ts). */
  userList: UserReadModel;
  sessions: SessionRepository;
  /** Sessions of outside-domain Google users (stored nowhere). */
  guests: GuestSessions;
  confirmationMails: ConfirmationMailRepository;
  locks: Locks;
  /** 'Continue with Google': the ID token verifier (undefined when GOOGLE_CLIENT_ID is not configured). */
  idTokens: IdTokenVerifier | undefined;
  /** ID tokens that have opened a session (each opens one only). */
  idTokenUses: IdTokenUseRepository;
  events: IdentityEvents;
  mailer: Mailer;
  /** scrypt with the configured cost (PASSWORD_SCRYPT_LOG2_N). */
  passwords: PasswordHasher;
  settings: IdentitySettings;
  logger: Logger;
  /** The clock (tests may fix it). */
  now: () => Date;
}

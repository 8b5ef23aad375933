import { SUBJECTS } from '@venuebook/contracts/events';
import type { Actor } from '@venuebook/contracts/events';
import { createEventPublisher } from '@venuebook/service-kit';
import type { JetStreamClient, Logger } from '@venuebook/service-kit';
import type { ContactRecord } from '../domain/contact.ts';

type EventContext = { actor?: Actor; requestId?: string };

export type ContactChange = 'created' | 'updated' | 'deleted' | 'restored' | 'purged';

const SUBJECT_OF = {
  created: SUBJECTS.contactCreated,
  updated: SUBJECTS.contactUpdated,
  deleted: SUBJECTS.contactDeleted,
  restored: SUBJECTS.contactRestored,
  purged: SUBJECTS.contactPurged,
} as const;

/**
 * The contact events (venuebook.venues.contact.<change>.v1, payload { contactId, venueId, mainContact }). Replicas
 * re-read the contact by id (their contact read model) and, when `mainContact`, the venue (their venue read model
 * and point-read cache: a main contact's change also changes the venue's copy). None throws: a failed publish is
 * logged.
 */
export interface ContactEvents {
  contactChanged(change: ContactChange, contact: ContactRecord, context?: EventContext): Promise<void>;
}

/** `origin`: the contact read model's (its own events are then not read again). */
export function createContactEvents(js: JetStreamClient, logger: Logger, options: { publishTimeoutMs?: number; origin?: string } = {}): ContactEvents {
  const events = createEventPublisher(js, logger, options);
  return {
    async contactChanged(change, contact, context = {}) {
      await events.publish(SUBJECT_OF[change], { contactId: contact.id, venueId: contact.venueId, mainContact: contact.isCurrentMainContact }, context);
    },
  };
}

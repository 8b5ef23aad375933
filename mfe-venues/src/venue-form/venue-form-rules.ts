// The add and edit venue forms' values and the pure rules around them (spec §2 'Add and edit venue forms',
// §4 'Add venue flow', §5). No React here, so every rule has a unit test.
import { DEFAULT_COUNTRY, formatPhoneInput, formatStoredPhone } from '@venuebook/domain';
import type { DuplicateCheckResult, League, Venue, VenueInput, VenueType } from '@venuebook/sdk';

/** What the form holds: every editable field of a venue but its links (edited on the venue page). */
export interface VenueFormValues {
  name: string;
  country: string;
  address: string;
  displayCityAs: string;
  deliveryAddress: string;
  deliveryNotes: string;
  website: string;
  contactName: string;
  contactTitle: string;
  contactPhone: string;
  contactEmail: string;
  venueTypes: VenueType[];
  leagues: League[];
  /** Edit form only ('General Venue Notes'). */
  generalNotes: string;
}

/** The add form's start: every field empty, the country United States (spec §9). */
export function emptyVenueForm(): VenueFormValues {
  return {
    name: '',
    country: DEFAULT_COUNTRY,
    address: '',
    displayCityAs: '',
    deliveryAddress: '',
    deliveryNotes: '',
    website: '',
    contactName: '',
    contactTitle: '',
    contactPhone: '',
    contactEmail: '',
    venueTypes: [],
    leagues: [],
    generalNotes: '',
  };
}

/**
 * The edit form's start from a stored venue. The phone is shown formatted, except a stored value that already
 * holds '(' or '+' (spec §5); hidden contact details (null) start empty.
 */
export function venueToFormValues(venue: Venue): VenueFormValues {
  return {
    name: venue.name,
    country: venue.country || DEFAULT_COUNTRY,
    address: venue.address,
    displayCityAs: venue.displayCityAs,
    deliveryAddress: venue.deliveryAddress,
    deliveryNotes: venue.deliveryNotes,
    website: venue.website,
    contactName: venue.contactName ?? '',
    contactTitle: venue.contactTitle ?? '',
    contactPhone: formatStoredPhone(venue.contactPhone),
    contactEmail: venue.contactEmail ?? '',
    venueTypes: [...venue.venueTypes] as VenueType[],
    leagues: [...venue.leagues],
    generalNotes: venue.generalNotes,
  };
}

/** The phone field's value after a keystroke: formatted from its digits, at most 15 (spec §5). */
export const phoneAsTyped = formatPhoneInput;

/** A PUT replaces the whole venue: the form's fields plus the links the form does not edit. */
export function venueUpdateBody(values: VenueInput, venue: Pick<Venue, 'links'>): VenueInput {
  return { ...values, links: venue.links.map(({ displayText, url }) => ({ displayText, url })) };
}

/** Whether the save buttons may be used: the name is not blank (spec §5 'Venue name'). */
export function canSave(name: string | undefined): boolean {
  return (name ?? '').trim() !== '';
}

/** Adds `item` to the list, or takes it out when it is there (checklists and league toggles). */
export function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** The duplicate dialog's title (spec §2). */
export function duplicateDialogTitle(result: Pick<DuplicateCheckResult, 'exactMatch'>): string {
  return result.exactMatch ? 'Duplicate Venue Found' : 'Similar Venues Found';
}

/** A similarity of 0–1 as the dialog shows it: a rounded percentage, '87%'. */
export function similarityPercent(similarity: number): string {
  return `${Math.round(Math.min(1, Math.max(0, similarity)) * 100)}%`;
}

/** The toast of a failed duplicate check (spec §8): the error's text, then 'Proceeding with creation.' */
export function duplicateCheckFailedText(message: string): string {
  const text = message.trim();
  return text ? `${text.replace(/\.?$/, '.')} Proceeding with creation.` : 'Proceeding with creation.';
}

/** Where the add form goes after creating (spec §4): home for 'Save & Close', the venue's data cards otherwise. */
export type AfterCreate = 'close' | 'data-entry';

export function pathAfterCreate(after: AfterCreate, venueId: string): string {
  return after === 'close' ? '/' : `/venue/${encodeURIComponent(venueId)}/department`;
}

/** The update toast (spec §8): 'Failed to update venue: {message}', or the generic text without a message. */
export function updateFailedText(message: string | undefined): string {
  const text = message?.trim();
  return text ? `Failed to update venue: ${text}` : 'Failed to update venue. Please try again.';
}

// Proto ↔ domain mapping of venue events (venue_events.proto), shared by the venues service and the gateway.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { EventSort, ListEventsQuery, VenueEvent, VenueEventInputParsed, VenueEventListItem } from '@venuebook/domain';
import { VenueEventSort } from '@venuebook/contracts/venues/v1/events';
import type {
  ListEventsRequestSchema,
  VenueEvent as ProtoVenueEvent,
  VenueEventInput as ProtoVenueEventInput,
  VenueEventInputSchema,
  VenueEventListItem as ProtoVenueEventListItem,
  VenueEventListItemSchema,
  VenueEventSchema,
} from '@venuebook/contracts/venues/v1/events';

const SORTS: readonly [EventSort, VenueEventSort][] = [
  ['newest', VenueEventSort.NEWEST],
  ['oldest', VenueEventSort.OLDEST],
  ['a-z', VenueEventSort.A_Z],
  ['z-a', VenueEventSort.Z_A],
];

/** Domain event → proto VenueEvent (no date: ''). */
export function venueEventToProto(event: VenueEvent): MessageInitShape<typeof VenueEventSchema> {
  return { ...event, eventDate: event.eventDate ?? '' };
}

/** Proto VenueEvent → domain event ('' date → null). */
export function venueEventFromProto(event: ProtoVenueEvent): VenueEvent {
  const { $typeName: _typeName, $unknown: _unknown, eventDate, ...fields } = event;
  return { ...fields, eventDate: eventDate === '' ? null : eventDate };
}

export function venueEventListItemToProto(item: VenueEventListItem): MessageInitShape<typeof VenueEventListItemSchema> {
  const { venueName, venueLeagues, venueCity, ...event } = item;
  return { event: venueEventToProto(event), venueName, venueLeagues: [...venueLeagues], venueCity };
}

/** Proto list item → the flat domain item (the venue's leagues were validated when stored). */
export function venueEventListItemFromProto(item: ProtoVenueEventListItem): VenueEventListItem {
  if (!item.event) throw new Error('ListEvents returned an item without its event');
  return {
    ...venueEventFromProto(item.event),
    venueName: item.venueName,
    venueLeagues: [...item.venueLeagues] as VenueEventListItem['venueLeagues'],
    venueCity: item.venueCity,
  };
}

/** Validated event input → proto VenueEventInput (no date: ''). */
export function venueEventInputToProto(input: VenueEventInputParsed): MessageInitShape<typeof VenueEventInputSchema> {
  return { name: input.name, eventDate: input.eventDate ?? '', description: input.description };
}

/** Proto VenueEventInput → a plain object for the shared zod schema (which validates it again). */
export function venueEventInputFromProto(input: ProtoVenueEventInput | undefined): Record<string, unknown> {
  if (!input) return {};
  return { name: input.name, eventDate: input.eventDate, description: input.description };
}

export function eventSortToProto(sort: EventSort): VenueEventSort {
  return SORTS.find(([name]) => name === sort)?.[1] ?? VenueEventSort.UNSPECIFIED;
}

/** Proto sort → domain sort; UNSPECIFIED means the default (undefined); unknown numbers give null. */
export function eventSortFromProto(sort: VenueEventSort): EventSort | undefined | null {
  if (sort === VenueEventSort.UNSPECIFIED) return undefined;
  return SORTS.find(([, value]) => value === sort)?.[0] ?? null;
}

/** Validated all-events query → proto ListEventsRequest. */
export function listEventsQueryToProto(query: ListEventsQuery): MessageInitShape<typeof ListEventsRequestSchema> {
  return {
    query: query.q ?? '',
    leagues: [...query.leagues],
    sort: eventSortToProto(query.sort),
    from: query.from ?? '',
    to: query.to ?? '',
    page: query.page,
    pageSize: query.pageSize,
  };
}

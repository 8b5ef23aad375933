import { Box, Button, Card, Flex, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Collapsible } from '@chakra-ui/react/collapsible';
import type { VenueEventInputParsed } from '@venuebook/domain';
import {
  BackLink,
  api,
  EmptyState,
  eventQueries,
  notify,
  useCan,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  venueQueries,
  type VenueEvent,
} from '@venuebook/sdk';
import { useState } from 'react';
import { LuCalendar, LuCalendarPlus, LuChevronDown, LuFileText, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { ConfirmDialog } from '@venuebook/sdk';
import { countText, LoadMore } from '../shared/list-parts.tsx';
import { LoadError, LoadingSpinner, VenueLoadError } from '../shared/load-states.tsx';
import { usePagedList } from '../shared/use-paged-list.ts';
import { EventDocuments } from './event-documents.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';
import { EVENT_SUCCESS_TEXT, eventFailedText, formatDisplayDate, type EventWrite } from './event-rules.ts';

/** Venue events (/venue/{venueId}/events, spec §2 'Events'): the venue's events with new, edit and delete. */
export function VenueEventsPage() {
  const { venueId = '' } = useParams();
  const queryClient = useQueryClient();
  const mayCreate = useCan('event.create');
  const mayEdit = useCan('event.edit');
  const mayDelete = useCan('event.delete');
  const venue = useQuery(venueQueries.detail(venueId));
  const events = usePagedList<VenueEvent>(useInfiniteQuery(eventQueries.forVenue(venueId)));
  const { items, total } = events;

  /** undefined: the form is closed; null: a new event; else the event being edited. */
  const [editing, setEditing] = useState<VenueEvent | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<VenueEvent | null>(null);

  const failed = (write: EventWrite) => (error: Error) => notify({ type: 'error', title: 'Error', description: eventFailedText(write, error.message) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: eventQueries.all });

  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: VenueEventInputParsed }) => (id ? api.events.update(id, input) : api.events.create(venueId, input)),
    onSuccess: async (_event, { id }) => {
      await refresh();
      setEditing(undefined);
      notify({ type: 'success', title: EVENT_SUCCESS_TEXT[id ? 'update' : 'create'] });
    },
    onError: (error, { id }) => failed(id ? 'update' : 'create')(error),
  });

  const remove = useMutation({
    mutationFn: (event: VenueEvent) => api.events.delete(event.id),
    onSuccess: async () => {
      await refresh();
      setDeleting(null);
      notify({ type: 'success', title: EVENT_SUCCESS_TEXT.delete });
    },
    onError: (error) => {
      setDeleting(null);
      failed('delete')(error);
    },
  });

  const detailPath = `/venue/${encodeURIComponent(venueId)}`;

  if (venue.isError) return <VenueLoadError error={venue.error} onRetry={() => void venue.refetch()} />;

  const showNew = mayCreate && items.length > 0;

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="4xl" mx="auto" w="full" data-testid="venue-events-page">
      <Box>
        <BackLink to={detailPath} label="Back to venue" testId="back-to-venue" />
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Box minW="0">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              Events
            </Heading>
            <Text color="fg.muted" fontSize="sm" wordBreak="break-word" minH="5" data-testid="events-venue-name">
              {venue.data?.name ?? ''}
              {venue.data && !events.loading && !events.failed ? ` · ${countText(total, 'event', 'events')}` : ''}
            </Text>
          </Box>
          {showNew ? (
            <Button colorPalette="brand" onClick={() => setEditing(null)} data-testid="new-event">
              <LuPlus /> New Event
            </Button>
          ) : null}
        </Flex>
      </Box>

      {events.loading || venue.isPending ? (
        <LoadingSpinner text="Loading events..." testId="events-loading" />
      ) : events.error ? (
        <LoadError title="Could not load events" error={events.error} onRetry={events.retry} testId="events-error" />
      ) : items.length === 0 ? (
        <EmptyState icon={<LuCalendarPlus />} title="No Events Yet" description="Events at this venue will show here." data-testid="events-empty">
          {mayCreate ? (
            <Button colorPalette="brand" onClick={() => setEditing(null)} data-testid="create-first-event">
              <LuPlus /> Create First Event
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none" m="0" p="0" data-testid="event-list">
          {items.map((event) => (
            <EventCard
              key={event.id}
              event={event}
              onEdit={mayEdit ? () => setEditing(event) : undefined}
              onDelete={mayDelete ? () => setDeleting(event) : undefined}
            />
          ))}
          <LoadMore list={events} centered />
        </Stack>
      )}

      <EventFormDialog
        event={editing}
        saving={save.isPending}
        onSave={(input) => save.mutate({ id: editing?.id ?? null, input })}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Event"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        data-testid="delete-event-dialog"
      >
        <Text wordBreak="break-word">Delete the event &quot;{deleting?.name}&quot;? This cannot be undone.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function EventCard({ event, onEdit, onDelete }: { event: VenueEvent; onEdit: (() => void) | undefined; onDelete: (() => void) | undefined }) {
  const date = formatDisplayDate(event.eventDate);
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="event-item">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="3">
          <Box minW="0">
            <Heading as="h2" size="md" wordBreak="break-word" data-testid="event-name-text">
              {event.name}
            </Heading>
            <HStack gap="1.5" color="fg.muted" fontSize="sm">
              <LuCalendar aria-hidden style={{ flexShrink: 0 }} />
              <Text data-testid="event-date-text">{date || 'No date'}</Text>
            </HStack>
          </Box>
          {onEdit || onDelete ? (
            <HStack gap="1" flexShrink="0">
              {onEdit ? (
                <IconButton aria-label={`Edit ${event.name}`} variant="ghost" size="sm" onClick={onEdit} data-testid="edit-event">
                  <LuPencil />
                </IconButton>
              ) : null}
              {onDelete ? (
                <IconButton aria-label={`Delete ${event.name}`} variant="ghost" size="sm" colorPalette="red" onClick={onDelete} data-testid="delete-event">
                  <LuTrash2 />
                </IconButton>
              ) : null}
            </HStack>
          ) : null}
        </HStack>
        {event.description ? (
          <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" data-testid="event-description-text">
            {event.description}
          </Text>
        ) : null}
        <Collapsible.Root lazyMount>
          <Collapsible.Trigger asChild>
            <Button
              variant="plain"
              size="xs"
              px="0"
              color="fg.muted"
              data-testid="event-documents-toggle"
              css={{ '&[data-state=open] svg:last-child': { transform: 'rotate(180deg)' } }}
            >
              <LuFileText /> Documents <LuChevronDown />
            </Button>
          </Collapsible.Trigger>
          <Collapsible.Content>
            <EventDocuments venueId={event.venueId} eventId={event.id} />
          </Collapsible.Content>
        </Collapsible.Root>
      </Card.Body>
    </Card.Root>
  );
}

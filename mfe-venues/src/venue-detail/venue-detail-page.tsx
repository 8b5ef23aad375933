import { Badge, Box, Button, Card, Flex, Heading, Link, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  BackLink,
  api,
  ConfirmDialog,
  contactQueries,
  errorMessage,
  isDefaultCountry,
  LeagueBadge,
  notify,
  safeHttpHref,
  useCan,
  useMutation,
  useQuery,
  useQueryClient,
  venueCityDisplay,
  venueQueries,
  type Venue,
} from '@venuebook/sdk';
import { useState, type ReactNode } from 'react';
import { LuCalendar, LuDatabase, LuExternalLink, LuFileText, LuImage, LuPencil, LuPrinter, LuTrash2 } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate, hasMainContact, mainContactHidden, mapsUrl, telHref } from './venue-detail-rules.ts';
import { VenueContactsButton } from '../contacts/venue-contacts-dialog.tsx';
import { VenuePageFrame } from '../shared/venue-page-frame.tsx';
import { VenueData } from './venue-data.tsx';
import { VenueLinks } from './venue-links.tsx';
import { VenueNotes } from './venue-notes.tsx';
import { PrintReport, type ReportContacts } from './venue-report.tsx';

/** A venue's contacts for the report, as the report shows their state. */
export function useReportContacts(venueId: string): ReportContacts {
  const contacts = useQuery(contactQueries.forVenue(venueId));
  if (contacts.isPending) return { state: 'loading' };
  if (contacts.isError) return { state: 'error', message: errorMessage(contacts.error) };
  return { state: 'ready', items: contacts.data.items };
}

/** Venue detail (/venue/{venueId}, spec §2 'Venue detail'). */
export function VenueDetailPage() {
  return <VenuePageFrame>{(venue) => <VenueDetail venue={venue} />}</VenuePageFrame>;
}

function VenueDetail({ venue }: { venue: Venue }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayEdit = useCan('venue.edit');
  const mayEditLinks = useCan('venue.links.edit');
  const mayDelete = useCan('venue.delete');
  const contacts = useReportContacts(venue.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [printedAt, setPrintedAt] = useState(() => new Date());
  const base = `/venue/${encodeURIComponent(venue.id)}`;
  const city = venueCityDisplay(venue);

  const remove = useMutation({
    mutationFn: () => api.venues.delete(venue.id),
    onSuccess: () => {
      notify({ type: 'success', title: 'Venue deleted successfully' });
      void queryClient.invalidateQueries({ queryKey: venueQueries.lists() });
      navigate('/', { replace: true });
      queryClient.removeQueries({ queryKey: venueQueries.detail(venue.id).queryKey });
    },
    onError: (error) => {
      setConfirmDelete(false);
      notify({ type: 'error', title: 'Failed to delete venue', description: errorMessage(error) });
    },
  });

  const print = () => {
    setPrintedAt(new Date());
    // After React has rendered the new generation date into the print copy.
    requestAnimationFrame(() => window.print());
  };

  return (
    <Stack gap={{ base: '4', md: '6' }} data-testid="venue-detail">
      <Box>
        <BackLink to="/" label="Back to venues" testId="venue-back" />
      </Box>

      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
          {venue.name}
        </Heading>
        {city ? (
          <Text color="fg.muted" data-testid="venue-city">
            {city}
          </Text>
        ) : null}
        {venue.leagues.length > 0 ? (
          <Wrap gap="2" aria-label="Applicable leagues" data-testid="venue-leagues">
            {venue.leagues.map((league) => (
              <LeagueBadge key={league} league={league} size="md" />
            ))}
          </Wrap>
        ) : null}
      </Stack>

      <Flex gap="2" wrap="wrap" data-testid="venue-actions">
        {mayEdit ? (
          <>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={`${base}/department`} data-testid="venue-add-data">
                <LuDatabase /> Add Venue Data
              </RouterLink>
            </Button>
            <Button asChild size="sm" variant="outline">
              <RouterLink to={`${base}/edit`} data-testid="venue-edit">
                <LuPencil /> Edit Venue Info
              </RouterLink>
            </Button>
          </>
        ) : null}
        <Button asChild size="sm" variant="outline">
          <RouterLink to={`${base}/documents`} data-testid="venue-documents">
            <LuFileText /> Documents
          </RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={`${base}/photos`} data-testid="venue-photos">
            <LuImage /> Photos
          </RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={`${base}/events`} data-testid="venue-events">
            <LuCalendar /> Events
          </RouterLink>
        </Button>
        {/* Spec §2: the report page on small screens, the browser's print dialog (print or save as PDF) on large ones. */}
        <Button asChild size="sm" variant="outline" hideFrom="md">
          <RouterLink to={`${base}/report`} data-testid="venue-report-link">
            <LuFileText /> Report
          </RouterLink>
        </Button>
        <Button size="sm" variant="outline" hideBelow="md" onClick={print} data-testid="venue-print">
          <LuPrinter /> Print Report / Save PDF
        </Button>
        {mayDelete ? (
          <Button size="sm" variant="outline" colorPalette="red" ms={{ md: 'auto' }} onClick={() => setConfirmDelete(true)} data-testid="venue-delete">
            <LuTrash2 /> Delete Venue
          </Button>
        ) : null}
      </Flex>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="4">
          <Section title="Venue Information" testId="section-info">
            <Field label="Venue Types">
              {venue.venueTypes.length > 0 ? (
                <Wrap gap="2" data-testid="venue-types">
                  {venue.venueTypes.map((type) => (
                    <Badge key={type} variant="outline">
                      {type}
                    </Badge>
                  ))}
                </Wrap>
              ) : (
                <Text color="fg.subtle">No venue types</Text>
              )}
            </Field>
            <Field label="Address">
              {venue.address.trim() ? (
                <Link
                  href={mapsUrl(venue.address)}
                  target="_blank"
                  rel="noopener noreferrer"
                  whiteSpace="pre-line"
                  colorPalette="brand"
                  data-testid="venue-address"
                >
                  {venue.address.trim()}
                </Link>
              ) : (
                <Text color="fg.subtle">No address</Text>
              )}
              {!isDefaultCountry(venue.country) && venue.country.trim() ? <Text data-testid="venue-country">{venue.country}</Text> : null}
            </Field>
            <Field label="Deliveries Address">
              {venue.deliveryAddress.trim() ? (
                <Text whiteSpace="pre-line" data-testid="venue-delivery-address">
                  {venue.deliveryAddress.trim()}
                </Text>
              ) : (
                <Text color="fg.subtle">No deliveries address</Text>
              )}
              {venue.deliveryNotes.trim() ? (
                <Box mt="2">
                  <Text fontSize="xs" fontWeight="medium" color="fg.muted">
                    Delivery Notes
                  </Text>
                  <Text whiteSpace="pre-line" data-testid="venue-delivery-notes">
                    {venue.deliveryNotes.trim()}
                  </Text>
                </Box>
              ) : null}
            </Field>
            <Field label="Website">
              <ExternalLink url={venue.website} empty="No website" />
            </Field>
            <Field label="Created">
              <Text data-testid="venue-created">{formatDate(venue.createdAt)}</Text>
            </Field>
          </Section>

          <Section title="Links" testId="section-links">
            <VenueLinks venue={venue} canEdit={mayEditLinks} />
          </Section>

          <Section title="General Venue Notes" testId="section-notes">
            <VenueNotes notes={venue.generalNotes} />
          </Section>
        </Stack>

        <Stack gap="4">
          <Section title="Main Contact" testId="section-contact" action={<VenueContactsButton venue={venue} />}>
            <MainContact venue={venue} />
          </Section>

          <Section title="Venue Data" testId="section-venue-data">
            <VenueData venue={venue} />
          </Section>
        </Stack>
      </SimpleGrid>

      <PrintReport venue={venue} contacts={contacts} generatedAt={printedAt} origin={window.location.origin} />

      {/* The sdk's dialog loads with its first use (Chakra's dialog machine is not on the page until then). */}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete Venue"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate()}
        data-testid="delete-venue-dialog"
      >
        {`Are you sure you want to delete "${venue.name}"? It leaves every list with its contacts and events; an admin can restore it from Deleted Venues.`}
      </ConfirmDialog>
    </Stack>
  );
}

function MainContact({ venue }: { venue: Venue }) {
  if (mainContactHidden(venue)) {
    return (
      <Text color="fg.muted" data-testid="main-contact-hidden">
        Contact details are hidden for your role.
      </Text>
    );
  }
  if (!hasMainContact(venue)) {
    return (
      <Text color="fg.subtle" data-testid="main-contact-empty">
        No main contact designated.
      </Text>
    );
  }
  const { contactName, contactTitle, contactPhone, contactEmail } = venue;
  return (
    <Stack gap="1" data-testid="main-contact">
      {contactName ? <Text fontWeight="semibold">{contactName}</Text> : null}
      {contactTitle ? <Text color="fg.muted">{contactTitle}</Text> : null}
      {contactPhone ? (
        <Link href={telHref(contactPhone)} colorPalette="brand">
          {contactPhone}
        </Link>
      ) : null}
      {contactEmail ? (
        <Link href={`mailto:${contactEmail}`} colorPalette="brand" wordBreak="break-all">
          {contactEmail}
        </Link>
      ) : null}
    </Stack>
  );
}

/**
 * A website: a link that opens in a new tab when the value is an http(s) URL, else the value as plain text (never
 * a `javascript:` or other href, whatever is stored).
 */
function ExternalLink({ url, empty }: { url: string; empty: string }) {
  if (!url.trim()) return <Text color="fg.subtle">{empty}</Text>;
  const href = safeHttpHref(url);
  if (!href)
    return (
      <Text wordBreak="break-all" data-testid="unsafe-url">
        {url}
      </Text>
    );
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="brand" wordBreak="break-all" data-testid="venue-website">
      {href.replace(/^https?:\/\//i, '')} <LuExternalLink />
    </Link>
  );
}

function Section({ title, testId, action, children }: { title: string; testId?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm" data-testid={testId}>
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body gap="3">{children}</Card.Body>
    </Card.Root>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Box>{children}</Box>
    </Box>
  );
}

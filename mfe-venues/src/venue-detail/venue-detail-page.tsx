import { Box, Heading, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { BackLink, LeagueBadge, useCan, venueCityDisplay, type Venue } from '@venuebook/sdk';
import { useState } from 'react';
import { VenueContactsButton } from '../contacts/venue-contacts-dialog.tsx';
import { VenuePageFrame } from '../shared/venue-page-frame.tsx';
import { DeleteVenueDialog } from './delete-venue-dialog.tsx';
import { Section } from './detail-section.tsx';
import { MainContact } from './main-contact.tsx';
import { useReportContacts, useReportPrint } from './use-venue-report.ts';
import { VenueData } from './venue-data.tsx';
import { VenueDetailActions } from './venue-detail-actions.tsx';
import { VenueInfo } from './venue-info.tsx';
import { VenueLinks } from './venue-links.tsx';
import { VenueNotes } from './venue-notes.tsx';
import { PrintReport } from './venue-report.tsx';

/** Venue detail (/venue/{venueId}, spec §2 'Venue detail'). */
export function VenueDetailPage() {
  return <VenuePageFrame>{(venue) => <VenueDetail venue={venue} />}</VenuePageFrame>;
}

function VenueDetail({ venue }: { venue: Venue }) {
  const mayEdit = useCan('venue.edit');
  const mayEditLinks = useCan('venue.links.edit');
  const mayDelete = useCan('venue.delete');
  const contacts = useReportContacts(venue.id);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { generatedAt, print } = useReportPrint();
  const city = venueCityDisplay(venue);

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

      <VenueDetailActions venueId={venue.id} canEdit={mayEdit} canDelete={mayDelete} onPrint={print} onDelete={() => setConfirmDelete(true)} />

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Stack gap="4">
          <Section title="Venue Information" testId="section-info">
            <VenueInfo venue={venue} />
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

      <PrintReport venue={venue} contacts={contacts} generatedAt={generatedAt} origin={window.location.origin} />
      <DeleteVenueDialog venue={venue} open={confirmDelete} onClose={() => setConfirmDelete(false)} />
    </Stack>
  );
}

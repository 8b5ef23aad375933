import { Badge, Box, Flex, Heading, Link, Portal, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { CONTACT_BADGES, type Contact } from '@venuebook/domain';
import { isDefaultCountry, LeagueBadge, mediaQueries, safeHttpHref, useQuery, type Venue } from '@venuebook/sdk';
import { useEffect, type ReactNode } from 'react';
import { isFormerMainContact } from '../contacts/contact-rules.ts';
import { VenueNotes } from './venue-notes.tsx';
import { formatDate, hasMainContact, mainContactHidden, publicPhotosUrl } from './venue-detail-rules.ts';

/** What the report knows of the venue's contacts (GET /venues/{id}/contacts). */
export type ReportContacts = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; items: readonly Contact[] };

export interface VenueReportProps {
  venue: Venue;
  contacts: ReportContacts;
  /** When the report was made (the 'Generated' line). */
  generatedAt: Date;
  /** The app's origin, for the absolute public photos link. */
  origin: string;
}

/**
 * The venue's technical report (spec §2 'Print layout'): title, 'Venue Technical Report', generation date, the
 * public photos link, venue information, main contact and all contacts. The /venue/{id}/report page shows it, and
 * the detail page prints it (Print Report / Save PDF).
 */
export function VenueReport({ venue, contacts, generatedAt, origin }: VenueReportProps) {
  const gallery = useQuery(mediaQueries.gallery(venue.id));
  return (
    <Stack gap="5" data-testid="venue-report" fontSize="sm" lineHeight="1.5">
      <Box borderBottomWidth="2px" borderColor="fg" pb="3">
        <Heading as="h1" size="2xl" wordBreak="break-word" data-testid="report-title">
          {venue.name}
        </Heading>
        <Text fontSize="lg" fontWeight="semibold" color="fg.muted">
          Venue Technical Report
        </Text>
        <Text color="fg.muted" data-testid="report-generated">
          Generated {formatDate(generatedAt)}
        </Text>
        <Text mt="1" wordBreak="break-all" data-testid="report-photos">
          Public photos:{' '}
          {gallery.data ? (
            gallery.data.enabled ? (
              <Link href={publicPhotosUrl(origin, gallery.data.publicPath)} colorPalette="brand" data-testid="report-photos-link">
                {publicPhotosUrl(origin, gallery.data.publicPath)}
              </Link>
            ) : (
              'the public gallery is off'
            )
          ) : gallery.isError ? (
            'the link could not be loaded'
          ) : (
            '…'
          )}
        </Text>
      </Box>

      <ReportSection title="Venue Information">
        <SimpleGrid templateColumns={TWO_COLUMNS} _print={PRINT_TWO_COLUMNS} columnGap="6" rowGap="3">
          <ReportField label="Address">
            {venue.address.trim() ? <Text whiteSpace="pre-line">{venue.address.trim()}</Text> : <None />}
            {!isDefaultCountry(venue.country) && venue.country.trim() ? <Text>{venue.country}</Text> : null}
          </ReportField>
          <ReportField label="Deliveries Address">
            {venue.deliveryAddress.trim() ? <Text whiteSpace="pre-line">{venue.deliveryAddress.trim()}</Text> : <None />}
          </ReportField>
          {venue.deliveryNotes.trim() ? (
            <ReportField label="Delivery Notes">
              <Text whiteSpace="pre-line">{venue.deliveryNotes.trim()}</Text>
            </ReportField>
          ) : null}
          <ReportField label="Website">
            {venue.website.trim() ? <Text wordBreak="break-all">{safeHttpHref(venue.website) ?? venue.website}</Text> : <None />}
          </ReportField>
          <ReportField label="Venue Types">{venue.venueTypes.length > 0 ? <Text>{venue.venueTypes.join(', ')}</Text> : <None />}</ReportField>
          <ReportField label="Applicable Leagues">
            {venue.leagues.length > 0 ? (
              <Wrap gap="1.5">
                {venue.leagues.map((league) => (
                  <LeagueBadge key={league} league={league} variant="outline" />
                ))}
              </Wrap>
            ) : (
              <None />
            )}
          </ReportField>
          <ReportField label="Created">
            <Text>{formatDate(venue.createdAt)}</Text>
          </ReportField>
        </SimpleGrid>
        {venue.links.length > 0 ? (
          <ReportField label="Links">
            <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
              {venue.links.map((link, i) => (
                <Text as="li" key={i} wordBreak="break-all">
                  <Text as="span" fontWeight="medium">
                    {link.displayText}
                  </Text>
                  : {link.url}
                </Text>
              ))}
            </Stack>
          </ReportField>
        ) : null}
        {venue.generalNotes.trim() ? (
          <ReportField label="General Venue Notes">
            <VenueNotes notes={venue.generalNotes} />
          </ReportField>
        ) : null}
      </ReportSection>

      <ReportSection title="Main Contact">
        <ReportMainContact venue={venue} />
      </ReportSection>

      <ReportSection title="All Contacts">
        <ReportContactsList contacts={contacts} />
      </ReportSection>
    </Stack>
  );
}

function ReportMainContact({ venue }: { venue: Venue }) {
  if (mainContactHidden(venue)) return <Text color="fg.muted">Contact details are hidden for your role.</Text>;
  if (!hasMainContact(venue)) return <Text color="fg.subtle">No main contact designated.</Text>;
  return (
    <SimpleGrid templateColumns={TWO_COLUMNS} _print={PRINT_TWO_COLUMNS} columnGap="6" rowGap="1" breakInside="avoid" data-testid="report-main-contact">
      <ContactLine label="Name" value={venue.contactName} />
      <ContactLine label="Title" value={venue.contactTitle} />
      <ContactLine label="Phone" value={venue.contactPhone} />
      <ContactLine label="Email" value={venue.contactEmail} />
    </SimpleGrid>
  );
}

function ReportContactsList({ contacts }: { contacts: ReportContacts }) {
  if (contacts.state === 'loading') return <Text color="fg.muted">Loading contacts...</Text>;
  if (contacts.state === 'error') return <Text color="fg.error">Could not load contacts: {contacts.message}</Text>;
  if (contacts.items.length === 0) return <Text color="fg.subtle">No contacts added yet.</Text>;
  return (
    <SimpleGrid templateColumns={TWO_COLUMNS} _print={PRINT_TWO_COLUMNS} gap="3" data-testid="report-contacts">
      {contacts.items.map((contact) => (
        <Box key={contact.id} borderWidth="1px" rounded="l2" px="3" py="2" breakInside="avoid" data-testid="report-contact">
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold" wordBreak="break-word">
              {contact.detailsHidden ? 'Contact details hidden' : contact.name || '—'}
            </Text>
            {contact.isCurrentMainContact ? (
              <Badge colorPalette="green" variant="outline" data-testid="report-main-badge">
                Main
              </Badge>
            ) : null}
            {isFormerMainContact(contact) ? (
              <Badge colorPalette="gray" variant="outline" data-testid="report-former-badge">
                {CONTACT_BADGES.former}
              </Badge>
            ) : null}
            {contact.tag ? (
              <Badge variant="outline" data-testid="report-contact-tag">
                {contact.tag}
              </Badge>
            ) : null}
          </Flex>
          {contact.detailsHidden ? null : (
            <Stack gap="0" mt="1">
              <ContactLine label="Title" value={contact.title} />
              <ContactLine label="Phone" value={contact.phone} />
              <ContactLine label="Email" value={contact.email} />
            </Stack>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** An empty field of the report. */
function None() {
  return <Text color="fg.subtle">—</Text>;
}

function ContactLine({ label, value }: { label: string; value: string | null }) {
  return (
    <Text wordBreak="break-word">
      <Text as="span" color="fg.muted">
        {label}:
      </Text>{' '}
      {value?.trim() ? value : '—'}
    </Text>
  );
}

function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3">
      <Heading as="h2" size="md" borderBottomWidth="1px" pb="1" breakAfter="avoid">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function ReportField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box breakInside="avoid">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      {children}
    </Box>
  );
}

/**
 * The print stylesheet (spec §2 'Print layout'): on paper only the report of `PrintReport` shows (the shell's
 * header, the page and any toast are left out); on screen the print copy is not shown.
 */
/** Two columns from the small breakpoint and on paper (Chakra's breakpoints are `@media screen` queries). */
const TWO_COLUMNS = { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' };
const PRINT_TWO_COLUMNS = { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' };

const PRINT_CSS = `
@media screen { [data-print-root] { display: none !important; } }
@media print {
  body > *:not([data-print-root]) { display: none !important; }
  html, body { background: #fff !important; }
  [data-print-root] { display: block !important; }
  @page { margin: 14mm; }
}
`;

/**
 * The report as printed (window.print(): Print Report / Save PDF): a copy in a portal on <body>, in the light
 * colour scheme whatever the app's theme, shown only by the print stylesheet.
 */
export function PrintReport(props: VenueReportProps) {
  const title = `${props.venue.name} - Venue Technical Report`;
  // 'Save as PDF' names the file after the document's title: the report's while printing.
  useEffect(() => {
    let previous = document.title;
    const before = () => {
      previous = document.title;
      document.title = title;
    };
    const after = () => {
      document.title = previous;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [title]);
  return (
    <>
      <Global styles={PRINT_CSS} />
      <Portal>
        {/* colorPalette again inside the light scope: the html element's palette variables resolve to dark ones. */}
        <Box data-print-root="" data-testid="venue-print-root" className="light" colorScheme="light" colorPalette="gray" bg="white" color="fg" p="0">
          <VenueReport {...props} />
        </Box>
      </Portal>
    </>
  );
}

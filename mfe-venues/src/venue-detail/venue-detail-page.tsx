import { Badge, Box, Button, Card, Center, Heading, Link, Spinner, Stack, Text, VStack, Wrap, SimpleGrid } from '@chakra-ui/react';
import {
  EmptyState,
  errorMessage,
  isApiRequestError,
  isDefaultCountry,
  LeagueBadge,
  safeHttpHref,
  useQuery,
  venueCityDisplay,
  venueQueries,
  type Venue,
} from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuArrowLeft, LuExternalLink, LuMapPinOff, LuTriangleAlert } from 'react-icons/lu';
import { Link as RouterLink, useParams } from 'react-router-dom';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMAT.format(date);
}

export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.replace(/\s*\n\s*/g, ', '))}`;
}

/** Venue detail (/venue/{venueId}), read-only for now (spec §2). */
export function VenueDetailPage() {
  const { venueId = '' } = useParams();
  const venue = useQuery(venueQueries.detail(venueId));

  if (venue.isPending) {
    return (
      <Center py="16" data-testid="venue-loading">
        <VStack gap="3">
          <Spinner size="lg" color="brand.solid" />
          <Text color="fg.muted">Loading venue information...</Text>
        </VStack>
      </Center>
    );
  }

  if (venue.isError) {
    if (isApiRequestError(venue.error) && (venue.error.status === 404 || venue.error.status === 400)) {
      return (
        <Box data-testid="venue-not-found">
          <EmptyState icon={<LuMapPinOff />} title="Venue Not Found" description="This venue does not exist or has been deleted.">
            <Button asChild colorPalette="brand" variant="outline">
              <RouterLink to="/">Return Home</RouterLink>
            </Button>
          </EmptyState>
        </Box>
      );
    }
    return (
      <Box role="alert" data-testid="venue-error">
        <EmptyState icon={<LuTriangleAlert />} title="Could not load this venue" description={errorMessage(venue.error)}>
          <Button colorPalette="brand" onClick={() => void venue.refetch()}>
            Retry
          </Button>
        </EmptyState>
      </Box>
    );
  }

  return <VenueDetail venue={venue.data} />;
}

function VenueDetail({ venue }: { venue: Venue }) {
  const city = venueCityDisplay(venue);
  const showCountry = !isDefaultCountry(venue.country);
  return (
    <Stack gap={{ base: '4', md: '6' }} data-testid="venue-detail">
      <Box>
        <Button asChild variant="ghost" size="sm" ms="-3">
          <RouterLink to="/" data-testid="venue-back">
            <LuArrowLeft /> Back to venues
          </RouterLink>
        </Button>
      </Box>

      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} wordBreak="break-word">
          {venue.name}
        </Heading>
        {city ? <Text color="fg.muted">{city}</Text> : null}
        {venue.leagues.length > 0 ? (
          <Wrap gap="2" aria-label="Leagues">
            {venue.leagues.map((league) => (
              <LeagueBadge key={league} league={league} size="md" />
            ))}
          </Wrap>
        ) : null}
      </Stack>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <Section title="Venue Information">
          <Field label="Address">
            {venue.address.trim() ? (
              <Link href={mapsUrl(venue.address)} target="_blank" rel="noopener noreferrer" whiteSpace="pre-line" colorPalette="brand">
                {venue.address}
              </Link>
            ) : (
              <Text color="fg.subtle">No address</Text>
            )}
          </Field>
          {showCountry ? <Field label="Country">{venue.country}</Field> : null}
          <Field label="Website">
            <ExternalLink url={venue.website} empty="No website" />
          </Field>
          <Field label="Created">{formatDate(venue.createdAt)}</Field>
        </Section>

        <Stack gap="4">
          <Section title="Main Contact">
            <MainContact venue={venue} />
          </Section>
          <Section title="Venue Types">
            {venue.venueTypes.length > 0 ? (
              <Wrap gap="2">
                {venue.venueTypes.map((type) => (
                  <Badge key={type} variant="outline">
                    {type}
                  </Badge>
                ))}
              </Wrap>
            ) : (
              <Text color="fg.subtle">No venue types</Text>
            )}
          </Section>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function MainContact({ venue }: { venue: Venue }) {
  const { contactName, contactTitle, contactPhone, contactEmail } = venue;
  if (![contactName, contactTitle, contactPhone, contactEmail].some((v) => v && v.trim())) {
    return <Text color="fg.subtle">No main contact designated.</Text>;
  }
  return (
    <Stack gap="1" data-testid="main-contact">
      {contactName ? <Text fontWeight="semibold">{contactName}</Text> : null}
      {contactTitle ? <Text color="fg.muted">{contactTitle}</Text> : null}
      {contactPhone ? (
        <Link href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`} colorPalette="brand">
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
 * A website or link: a link that opens in a new tab when the value is an http(s) URL, else the value as plain
 * text (never a `javascript:` or other href, whatever is stored).
 */
function ExternalLink({ url, empty }: { url: string; empty: string }) {
  if (!url.trim()) return <Text color="fg.subtle">{empty}</Text>;
  const href = safeHttpHref(url);
  if (!href) return <Text wordBreak="break-all" data-testid="unsafe-url">{url}</Text>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" colorPalette="brand" wordBreak="break-all">
      {href.replace(/^https?:\/\//i, '')} <LuExternalLink />
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
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

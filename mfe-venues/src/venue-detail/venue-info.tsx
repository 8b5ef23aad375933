import { Badge, Box, Link, Text, Wrap } from '@chakra-ui/react';
import { isDefaultCountry, safeHttpHref, type Venue } from '@venuebook/sdk';
import { LuExternalLink } from 'react-icons/lu';
import { Field } from './detail-section.tsx';
import { formatDate, mapsUrl } from './venue-detail-rules.ts';

/** The Venue Information section's fields: venue types, address (a maps link), deliveries, website and creation date. */
export function VenueInfo({ venue }: { venue: Venue }) {
  return (
    <>
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
          <Link href={mapsUrl(venue.address)} target="_blank" rel="noopener noreferrer" whiteSpace="pre-line" colorPalette="brand" data-testid="venue-address">
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
    </>
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

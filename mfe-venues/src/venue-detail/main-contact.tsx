import { Link, Stack, Text } from '@chakra-ui/react';
import type { Venue } from '@venuebook/sdk';
import { hasMainContact, mainContactHidden, telHref } from './venue-detail-rules.ts';

/** The venue's main contact: hidden for the role, none designated, or name, title, phone and email. */
export function MainContact({ venue }: { venue: Venue }) {
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

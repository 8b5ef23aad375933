import { Badge, Flex, Link, Stack, Text, Wrap, type FlexProps } from '@chakra-ui/react';
import { CONTACT_BADGES, formatStoredPhone, type Contact } from '@venuebook/domain';
import type { ReactNode } from 'react';
import { LuMail, LuPhone } from 'react-icons/lu';
import { CONTACT_TEXT, isFormerMainContact, splitLastWord } from './contact-rules.ts';

/** A contact's name with its last word in bold (spec §2), or the hidden-details text. */
export function ContactName({ contact }: { contact: Pick<Contact, 'name' | 'detailsHidden'> }) {
  if (contact.detailsHidden || contact.name === null) {
    return (
      <Text as="span" color="fg.muted" fontStyle="italic" data-testid="contact-name">
        {CONTACT_TEXT.hiddenName}
      </Text>
    );
  }
  const { rest, last } = splitLastWord(contact.name);
  return (
    <Text as="span" wordBreak="break-word" data-testid="contact-name">
      {rest}
      <Text as="strong" fontWeight="bold">
        {last}
      </Text>
    </Text>
  );
}

/** The tag and the main / former badges of a contact (the former one wherever the contact is listed, spec §3). */
export function ContactBadges({
  contact,
  showMain = false,
}: {
  contact: Pick<Contact, 'tag' | 'isCurrentMainContact' | 'formerMainContact'>;
  showMain?: boolean;
}) {
  return (
    <>
      {showMain && contact.isCurrentMainContact ? (
        <Badge colorPalette="green" variant="solid" size="sm" data-testid="contact-main-badge">
          {CONTACT_BADGES.main}
        </Badge>
      ) : null}
      {isFormerMainContact(contact) ? (
        <Badge colorPalette="gray" variant="outline" size="sm" data-testid="contact-former-badge">
          {CONTACT_BADGES.former}
        </Badge>
      ) : null}
      {contact.tag ? (
        <Badge colorPalette="blue" variant="subtle" size="sm" data-testid="contact-tag">
          {contact.tag}
        </Badge>
      ) : null}
    </>
  );
}

/** Title, phone and the e-mail as a mailto link (spec §2); nothing for users who may not see the details. */
export function ContactDetails({ contact }: { contact: Pick<Contact, 'title' | 'phone' | 'email' | 'detailsHidden'> }) {
  const phone = formatStoredPhone(contact.phone);
  if (contact.detailsHidden || (!contact.title && !phone && !contact.email)) return null;
  return (
    <Stack gap="0.5" fontSize="sm" minW="0">
      {contact.title ? (
        <Text color="fg.muted" wordBreak="break-word" data-testid="contact-title">
          {contact.title}
        </Text>
      ) : null}
      <Wrap columnGap="3" rowGap="0.5" align="center">
        {phone ? (
          <Link href={`tel:${phone.replace(/[^\d+]/g, '')}`} display="inline-flex" gap="1" alignItems="center" data-testid="contact-phone">
            <LuPhone aria-hidden /> {phone}
          </Link>
        ) : null}
        {contact.email ? (
          <Link
            href={`mailto:${contact.email}`}
            display="inline-flex"
            gap="1"
            alignItems="center"
            colorPalette="brand"
            wordBreak="break-all"
            data-testid="contact-email"
          >
            <LuMail aria-hidden /> {contact.email}
          </Link>
        ) : null}
      </Wrap>
    </Stack>
  );
}

/** A contact in a list: the name and badges on one line, the details under them, then `children` (e.g. a date). */
export function ContactSummary({
  contact,
  children,
}: {
  contact: Pick<Contact, 'name' | 'detailsHidden' | 'tag' | 'isCurrentMainContact' | 'formerMainContact' | 'title' | 'phone' | 'email'>;
  children?: ReactNode;
}) {
  return (
    <Stack gap="1" minW="0">
      <Wrap gap="2" align="center">
        <ContactName contact={contact} />
        <ContactBadges contact={contact} />
      </Wrap>
      <ContactDetails contact={contact} />
      {children}
    </Stack>
  );
}

/** One contact's row in a list (the Deleted Contacts page, the Venue Contacts dialog): the summary, then its buttons. */
export function ContactItem(props: FlexProps) {
  return <Flex as="li" gap="3" p="3" borderWidth="1px" rounded="l2" justify="space-between" {...props} />;
}

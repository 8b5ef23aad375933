import { IconButton, Text } from '@chakra-ui/react';
import type { Contact } from '@venuebook/sdk';
import { LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '@venuebook/sdk';
import { CONTACT_TEXT, contactDisplayName } from './contact-rules.ts';

/** 'Delete Contact' (spec §5 'Confirmations'), in the Venue Contacts dialog and on /contacts. */
export function DeleteContactDialog({
  contact,
  busy,
  onCancel,
  onConfirm,
}: {
  contact: Pick<Contact, 'name' | 'detailsHidden'> | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={contact !== null}
      title="Delete Contact"
      confirmLabel="Delete"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      data-testid="delete-contact-dialog"
    >
      <Text wordBreak="break-word">{CONTACT_TEXT.confirmDelete(contact ? contactDisplayName(contact) : '')}</Text>
    </ConfirmDialog>
  );
}

/** A contact row's delete button (a red bin); `disabledReason` disables it and says why (the current main contact). */
export function DeleteContactButton({
  contact,
  onClick,
  testId,
  disabledReason,
}: {
  contact: Pick<Contact, 'name' | 'detailsHidden'>;
  onClick: () => void;
  testId: string;
  disabledReason?: string | undefined;
}) {
  return (
    <IconButton
      size="sm"
      variant="ghost"
      colorPalette="red"
      aria-label={`Delete ${contactDisplayName(contact)}`}
      {...(disabledReason === undefined ? {} : { disabled: true, title: disabledReason })}
      onClick={onClick}
      data-testid={testId}
    >
      <LuTrash2 />
    </IconButton>
  );
}

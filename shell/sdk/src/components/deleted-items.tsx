import { Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LuArchiveRestore, LuTrash2 } from 'react-icons/lu';
import { errorMessage } from '../api/api-error.ts';
import { ConfirmDialog } from './dialogs/lazy-dialogs.tsx';
import { notify } from './toaster.tsx';

/** The toasts of restoring and permanently deleting (spec §8). */
export interface RestorePurgeText {
  restored: (name: string) => string;
  restoreFailed: string;
  purged: (name: string) => string;
  purgeFailed: string;
}

export interface RestorePurgeOptions<T> {
  restore: (item: T) => Promise<unknown>;
  purge: (item: T) => Promise<unknown>;
  /** After either write: the queries to read again. */
  refresh: (item: T) => Promise<unknown>;
  /** The item's name in the toasts. */
  nameOf: (item: T) => string;
  text: RestorePurgeText;
}

/**
 * Restore and permanent delete of a deleted item (the Deleted Venues, Deleted Contacts and Deleted Data Cards pages):
 * the calls, their toasts, and the item waiting for the permanent delete's confirmation (`purging`).
 */
export function useRestorePurge<T extends { id: string }>({ restore, purge, refresh, nameOf, text }: RestorePurgeOptions<T>) {
  const [purging, setPurging] = useState<T | null>(null);

  const restoreMutation = useMutation({
    mutationFn: restore,
    onSuccess: async (_restored, item) => {
      await refresh(item);
      notify({ type: 'success', title: text.restored(nameOf(item)) });
    },
    onError: (error) => notify({ type: 'error', title: text.restoreFailed, description: errorMessage(error) }),
  });

  const purgeMutation = useMutation({
    mutationFn: purge,
    onSuccess: async (_void, item) => {
      await refresh(item);
      setPurging(null);
      notify({ type: 'success', title: text.purged(nameOf(item)) });
    },
    onError: (error) => {
      setPurging(null);
      notify({ type: 'error', title: text.purgeFailed, description: errorMessage(error) });
    },
  });

  return { restore: restoreMutation, purge: purgeMutation, purging, setPurging };
}

export type RestorePurge<T extends { id: string }> = ReturnType<typeof useRestorePurge<T>>;

/** 'Restore' and 'Delete Permanently' of one deleted item, each for users who may (test ids `restore-<noun>`, `purge-<noun>`). */
export function RestorePurgeButtons<T extends { id: string }>({
  item,
  actions,
  mayRestore,
  mayPurge,
  noun,
}: {
  item: T;
  actions: RestorePurge<T>;
  mayRestore: boolean;
  mayPurge: boolean;
  noun: string;
}) {
  const { restore } = actions;
  return (
    <HStack gap="2" flexShrink="0" justify={{ base: 'stretch', md: 'end' }}>
      {mayRestore ? (
        <Button
          variant="outline"
          size="sm"
          flex={{ base: '1', md: 'none' }}
          onClick={() => restore.mutate(item)}
          loading={restore.isPending && restore.variables.id === item.id}
          data-testid={`restore-${noun}`}
        >
          <LuArchiveRestore /> Restore
        </Button>
      ) : null}
      {mayPurge ? (
        <Button colorPalette="red" size="sm" flex={{ base: '1', md: 'none' }} onClick={() => actions.setPurging(item)} data-testid={`purge-${noun}`}>
          <LuTrash2 /> Delete Permanently
        </Button>
      ) : null}
    </HStack>
  );
}

/**
 * One deleted item of a Deleted … page's list (an `li`): its summary (`children`) beside its Restore and Delete
 * Permanently buttons, side by side from the md width and stacked below it.
 */
export function DeletedItemCard<T extends { id: string }>({
  children,
  testId,
  title,
  ...buttons
}: {
  children: ReactNode;
  testId: string;
  /** The item's name as `data-title`, for finding it in the list. */
  title?: string;
  item: T;
  actions: RestorePurge<T>;
  mayRestore: boolean;
  mayPurge: boolean;
  noun: string;
}) {
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid={testId} data-title={title}>
      <Card.Body>
        <Flex gap="3" justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
          <Stack gap="1" minW="0">
            {children}
          </Stack>
          <RestorePurgeButtons {...buttons} />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** The confirmation before a permanent delete (test id `purge-<noun>-dialog`); `question` asks about the item waiting (null while it closes). */
export function PurgeDialog<T extends { id: string }>({
  actions,
  noun,
  question,
}: {
  actions: RestorePurge<T>;
  noun: string;
  question: (item: T | null) => string;
}) {
  const { purging, purge } = actions;
  return (
    <ConfirmDialog
      open={purging !== null}
      title="Delete Permanently"
      confirmLabel="Delete Permanently"
      busy={purge.isPending}
      onCancel={() => actions.setPurging(null)}
      onConfirm={() => purging && purge.mutate(purging)}
      data-testid={`purge-${noun}-dialog`}
    >
      <Text wordBreak="break-word">{question(purging)}</Text>
    </ConfirmDialog>
  );
}

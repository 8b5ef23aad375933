import { Badge, Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { api, cardQueries, DialogShell, errorMessage, notify, useQuery } from '@venuebook/sdk';
import type { CardField, CardFieldValue, FieldSaveResult, FieldValueVersion } from '@venuebook/sdk';
import { useState } from 'react';
import { relativeAge } from '../shared/relative-age.ts';

const KIND_LABELS: Readonly<Record<FieldValueVersion['kind'], string>> = { value: 'Saved', cleared: 'Cleared', restored: 'Restored', verified: 'Verified' };

/** What a version says beside its kind: the version it restored, the source it was verified from. */
function kindDetail(version: FieldValueVersion): string {
  if (version.kind === 'restored' && version.restoredFrom) return ` from v${version.restoredFrom}`;
  if (version.kind === 'verified' && version.verifiedSource) return ` (${version.verifiedSource})`;
  return '';
}

/**
 * A field's history (beyond the spec): every version newest first with who, when, the value and its
 * kind; 'Restore' makes an earlier value current again (a new version, audited by the server).
 */
export function FieldHistoryDialog({
  venueId,
  cardId,
  field,
  current,
  canRestore,
  onClose,
  onRestored,
}: {
  venueId: string;
  cardId: string;
  /** The field whose history is open; null: closed. */
  field: CardField | null;
  current: CardFieldValue | undefined;
  canRestore: boolean;
  onClose: () => void;
  onRestored: (result: FieldSaveResult) => void;
}) {
  const key = field?.key ?? '';
  const history = useQuery({ ...cardQueries.fieldHistory(venueId, cardId, key), enabled: field !== null, staleTime: 0 });
  const [restoring, setRestoring] = useState<number | null>(null);

  async function restore(version: FieldValueVersion) {
    if (!field) return;
    setRestoring(version.version);
    try {
      const result = await api.venueCards.restore(venueId, cardId, field.key, {
        version: version.version,
        ...(current ? { baseVersion: current.version } : {}),
      });
      onRestored(result);
      if (result.status === 'conflict')
        notify({ type: 'warning', title: `${field.label} was changed meanwhile`, description: 'The history shows the newest value now.' });
      else notify({ type: 'success', title: `${field.label} restored to version ${version.version}` });
    } catch (error) {
      notify({ type: 'error', title: 'Failed to restore the value', description: errorMessage(error) });
    } finally {
      setRestoring(null);
    }
  }

  const items = history.data?.items ?? [];
  const currentValue = current && current.kind !== 'cleared' ? current.value : '';
  return (
    <DialogShell
      open={field !== null}
      onDismiss={onClose}
      busy={restoring !== null}
      title={`History: ${field?.label ?? ''}`}
      testId="card-field-history-dialog"
      footer={
        <Button variant="outline" onClick={onClose} disabled={restoring !== null} data-testid="card-history-close">
          Close
        </Button>
      }
    >
      {history.isPending ? (
        <Stack gap="2">
          <Skeleton h="14" />
          <Skeleton h="14" />
        </Stack>
      ) : history.isError ? (
        <Text color="fg.error" role="alert">
          Could not load the history: {errorMessage(history.error)}
        </Text>
      ) : items.length === 0 ? (
        <Text color="fg.muted">No saved versions yet.</Text>
      ) : (
        <Stack gap="2" maxH="60vh" overflowY="auto" data-testid="card-history-list">
          {items.map((version, index) => {
            const value = version.kind === 'cleared' ? '' : version.value;
            return (
              <Box key={version.version} borderWidth="1px" rounded="l2" p="2.5" data-testid="card-history-item" data-version={version.version}>
                <HStack justify="space-between" align="flex-start" gap="2">
                  <Stack gap="0.5" minW="0">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold" fontSize="sm">
                        v{version.version}
                      </Text>
                      <Badge size="sm" variant="subtle" colorPalette={version.kind === 'verified' ? 'green' : version.kind === 'restored' ? 'blue' : 'gray'}>
                        {KIND_LABELS[version.kind]}
                        {kindDetail(version)}
                      </Badge>
                      {index === 0 ? (
                        <Badge size="sm" colorPalette="brand">
                          Current
                        </Badge>
                      ) : null}
                    </HStack>
                    <Text fontSize="xs" color="fg.muted" title={new Date(version.savedAt).toLocaleString()}>
                      {version.savedByEmail || 'unknown'} · {relativeAge(version.savedAt)}
                    </Text>
                  </Stack>
                  {canRestore && index > 0 && value !== currentValue ? (
                    <Button
                      size="xs"
                      variant="outline"
                      loading={restoring === version.version}
                      disabled={restoring !== null}
                      onClick={() => void restore(version)}
                      data-testid="card-history-restore"
                    >
                      Restore
                    </Button>
                  ) : null}
                </HStack>
                <Text
                  mt="1.5"
                  fontSize="sm"
                  whiteSpace="pre-wrap"
                  wordBreak="break-word"
                  color={value ? undefined : 'fg.subtle'}
                  data-testid="card-history-value"
                >
                  {value || '(empty)'}
                </Text>
              </Box>
            );
          })}
        </Stack>
      )}
    </DialogShell>
  );
}

import { Badge, Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Progress } from '@chakra-ui/react/progress';
import { recentlyFinished, useUploadQueue, type UploadItem } from '@venuebook/sdk';
import { useState } from 'react';
import { LuCheck, LuChevronDown, LuChevronUp, LuRotateCw, LuX } from 'react-icons/lu';

/** Spec §2: the panel shows the last 3 finished items, then 'and N more completed'. */
export const FINISHED_SHOWN = 3;

const isFinished = (item: UploadItem) => item.status === 'success' || item.status === 'error';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function ActiveRow({ item }: { item: UploadItem }) {
  const uploading = item.status === 'uploading';
  const label = uploading ? `${item.progress}%` : item.retryCount > 0 ? `Retrying (${item.retryCount})` : 'Waiting';
  return (
    <Box as="li" listStyleType="none" data-testid="upload-item" data-status={item.status}>
      <HStack justify="space-between" gap="2" minW="0">
        <Text textStyle="sm" fontWeight="medium" truncate title={item.file.name}>
          {item.file.name}
        </Text>
        <Text textStyle="xs" color="fg.muted" flexShrink="0" data-testid="upload-progress-text">
          {label}
        </Text>
      </HStack>
      <Progress.Root value={item.progress} max={100} size="xs" colorPalette="brand" mt="1">
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text textStyle="xs" color="fg.muted" truncate mt="0.5">
        {item.venueName} · {formatSize(item.file.size)}
      </Text>
    </Box>
  );
}

function FinishedRow({ item, onRetry }: { item: UploadItem; onRetry: (() => void) | null }) {
  const failed = item.status === 'error';
  return (
    <Box as="li" listStyleType="none" data-testid="upload-item" data-status={item.status}>
      <HStack justify="space-between" gap="2" minW="0">
        <HStack gap="1.5" minW="0">
          {failed ? null : (
            <Box color="green.fg" flexShrink="0" aria-hidden>
              <LuCheck />
            </Box>
          )}
          <Text textStyle="sm" fontWeight="medium" truncate title={item.file.name}>
            {item.file.name}
          </Text>
        </HStack>
        <HStack gap="1" flexShrink="0">
          {failed && onRetry ? (
            <IconButton size="2xs" variant="ghost" aria-label={`Retry ${item.file.name}`} onClick={onRetry}>
              <LuRotateCw />
            </IconButton>
          ) : null}
          {failed ? (
            <Badge colorPalette="red" variant="solid" size="sm">
              Failed
            </Badge>
          ) : (
            <Text textStyle="xs" color="fg.muted">
              100%
            </Text>
          )}
        </HStack>
      </HStack>
      {failed && item.error ? (
        <Text textStyle="xs" color="fg.error" mt="0.5" data-testid="upload-error" lineClamp={3}>
          {item.error}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * The upload-progress panel (spec §2): counts of active and done uploads; collapse, clear completed and close; every
 * active upload with its real byte progress, the last 3 finished items and 'and N more completed'; failed items with
 * their message and a 'Failed' badge. It closes itself 3 s after everything finished without errors (the queue's
 * rule). Mounted by the app layout (lazily, once the queue has something to show).
 */
export function UploadPanel() {
  const { items, counts, open, clearCompleted, close, retry, canRetry } = useUploadQueue();
  const [collapsed, setCollapsed] = useState(false);
  if (!open || items.length === 0) return null;

  const active = items.filter((item) => !isFinished(item));
  const finished = recentlyFinished(items);
  const shownFinished = finished.slice(0, FINISHED_SHOWN);
  const moreFinished = finished.length - shownFinished.length;
  const title = counts.active > 0 ? `Uploading ${counts.active} ${counts.active === 1 ? 'file' : 'files'}` : 'Uploads finished';

  return (
    <Box
      as="section"
      aria-label="Uploads"
      data-testid="upload-panel"
      position="fixed"
      zIndex="overlay"
      left={{ base: '2', sm: 'auto' }}
      right={{ base: '2', sm: '4' }}
      bottom={{ base: '2', sm: '4' }}
      w={{ base: 'auto', sm: '22rem' }}
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      shadow="lg"
      overflow="hidden"
    >
      <HStack justify="space-between" gap="2" px="3" py="2" borderBottomWidth={collapsed ? '0' : '1px'}>
        <Box minW="0">
          <Text textStyle="sm" fontWeight="semibold" truncate>
            {title}
          </Text>
          <Text textStyle="xs" color="fg.muted" data-testid="upload-counts">
            {counts.active} active · {counts.done} done
            {counts.failed > 0 ? ` · ${counts.failed} failed` : ''}
          </Text>
        </Box>
        <HStack gap="0.5" flexShrink="0">
          {counts.done > 0 ? (
            <Button size="xs" variant="ghost" onClick={clearCompleted}>
              Clear completed
            </Button>
          ) : null}
          {/* The ghost button's expanded look (a filled background) would read as pressed: it only folds the list. */}
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={collapsed ? 'Expand uploads' : 'Collapse uploads'}
            aria-expanded={!collapsed}
            _expanded={{ bg: 'transparent' }}
            _hover={{ bg: 'colorPalette.subtle' }}
            onClick={() => setCollapsed((value) => !value)}
          >
            {collapsed ? <LuChevronUp /> : <LuChevronDown />}
          </IconButton>
          <IconButton size="xs" variant="ghost" aria-label="Close uploads" onClick={close}>
            <LuX />
          </IconButton>
        </HStack>
      </HStack>
      {collapsed ? null : (
        <Stack as="ul" gap="3" px="3" py="3" m="0" maxH={{ base: '45dvh', sm: '24rem' }} overflowY="auto" data-testid="upload-list">
          {active.map((item) => (
            <ActiveRow key={item.id} item={item} />
          ))}
          {shownFinished.map((item) => (
            <FinishedRow key={item.id} item={item} onRetry={canRetry(item.id) ? () => retry(item.id) : null} />
          ))}
          {moreFinished > 0 ? (
            <Text as="li" listStyleType="none" textStyle="xs" color="fg.muted" data-testid="upload-more">
              and {moreFinished} more completed
            </Text>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}

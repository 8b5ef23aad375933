import { Badge, Button, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuCircleCheck, LuClock, LuCloudAlert, LuCloudUpload, LuExternalLink } from 'react-icons/lu';
import type { DriveSyncView } from './drive-sync.ts';

const ICONS = { pending: LuClock, syncing: LuCloudUpload, completed: LuCircleCheck, failed: LuCloudAlert } as const;

/** The Drive state as a badge (its retries and error beside it, and on hover). */
export function DriveSyncBadge({ view, compact = false }: { view: DriveSyncView; compact?: boolean }) {
  const Icon = ICONS[view.status];
  const full = view.detail ? `${view.label} · ${view.detail}` : view.label;
  return (
    <Badge size="sm" variant={compact ? 'solid' : 'subtle'} colorPalette={view.colorPalette} title={full} data-testid="drive-sync" data-status={view.status}>
      <Icon aria-hidden />
      {compact ? <VisuallyHidden>{full}</VisuallyHidden> : view.label}
      {!compact && view.detail ? (
        <Text as="span" fontWeight="normal" truncate maxW="48">
          · {view.detail}
        </Text>
      ) : null}
    </Badge>
  );
}

/** 'Open in Drive', once the file is in Drive. */
export function OpenInDrive({ url, size = 'xs' }: { url: string; size?: 'xs' | 'sm' }) {
  return (
    <Button asChild size={size} variant="ghost">
      <a href={url} target="_blank" rel="noopener noreferrer" data-testid="open-in-drive">
        <LuExternalLink /> Open in Drive
      </a>
    </Button>
  );
}

import { Box, Button, Card, Flex, Heading, HStack, Input, Skeleton, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { api, ConfirmDialog, errorMessage, mediaQueries, notify, useCan, useMutation, useQuery, useQueryClient, type GallerySettings } from '@venuebook/sdk';
import { useState } from 'react';
import { LuCopy, LuRefreshCw } from 'react-icons/lu';
import { useAppOrigin } from '../shared/app-origin.ts';
import { expiryFromDateInput, dateInputOfExpiry, galleryLink, GALLERY_TEXT } from './gallery-rules.ts';

/**
 * The venue's public gallery link (spec §2 'Public gallery'; print report 'a public photos link'): every signed-in
 * user can copy it; admins and owners (`gallery.manage`) turn it on or off, set an expiry date and make a new link
 * (the old one stops working at once).
 */
export function GalleryLink({ venueId }: { venueId: string }) {
  const queryClient = useQueryClient();
  const mayManage = useCan('gallery.manage');
  const settings = useQuery(mediaQueries.gallery(venueId));
  const [confirmRotate, setConfirmRotate] = useState(false);
  const appOrigin = useAppOrigin();

  const saved = (next: GallerySettings) => queryClient.setQueryData(mediaQueries.gallery(venueId).queryKey, next);
  const update = useMutation({
    mutationFn: (input: { enabled: boolean; expiresAt: string | null; what: 'enabled' | 'expiry' }) =>
      api.media.updateGallery(venueId, { enabled: input.enabled, expiresAt: input.expiresAt }),
    onSuccess: (next, { what }) => {
      saved(next);
      notify({ type: 'success', title: what === 'expiry' ? GALLERY_TEXT.expiryUpdated : next.enabled ? GALLERY_TEXT.turnedOn : GALLERY_TEXT.turnedOff });
    },
    onError: (failure) => notify({ type: 'error', title: GALLERY_TEXT.updateFailed, description: errorMessage(failure) }),
  });
  const rotate = useMutation({
    mutationFn: () => api.media.rotateGallery(venueId),
    onSuccess: (next) => {
      saved(next);
      setConfirmRotate(false);
      notify({ type: 'success', title: GALLERY_TEXT.rotated });
    },
    onError: (failure) => {
      setConfirmRotate(false);
      notify({ type: 'error', title: GALLERY_TEXT.updateFailed, description: errorMessage(failure) });
    },
  });

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      notify({ type: 'success', title: GALLERY_TEXT.copied });
    } catch {
      notify({ type: 'error', title: GALLERY_TEXT.copyFailed, description: link });
    }
  };

  if (settings.isError) return null;
  const data = settings.data;
  const link = data ? galleryLink(appOrigin, data.publicPath) : '';
  const busy = update.isPending || rotate.isPending;

  return (
    <Card.Root variant="outline" size="sm" data-testid="gallery-link">
      <Card.Header>
        <Heading as="h2" size="sm">
          Public Gallery
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        {!data ? (
          <Skeleton h="9" />
        ) : (
          <>
            {data.enabled ? (
              <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
                <Input
                  size="sm"
                  readOnly
                  value={link}
                  aria-label="Public gallery link"
                  onFocus={(event) => event.currentTarget.select()}
                  data-testid="gallery-link-url"
                />
                <Button size="sm" variant="outline" onClick={() => void copy(link)} flexShrink="0" data-testid="gallery-link-copy">
                  <LuCopy /> Copy Link
                </Button>
              </Flex>
            ) : (
              <Text fontSize="sm" color="fg.muted" data-testid="gallery-link-off">
                {GALLERY_TEXT.off}
              </Text>
            )}
            {data.enabled && data.expiresAt ? (
              <Text fontSize="sm" color="fg.muted" data-testid="gallery-link-expiry">
                {GALLERY_TEXT.expires(data.expiresAt)}
              </Text>
            ) : null}
            {mayManage ? (
              <Flex gap="3" wrap="wrap" align="center" data-testid="gallery-controls">
                <Checkbox.Root
                  colorPalette="brand"
                  checked={data.enabled}
                  disabled={busy}
                  onCheckedChange={(details) => update.mutate({ enabled: details.checked === true, expiresAt: data.expiresAt, what: 'enabled' })}
                  data-testid="gallery-enabled"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Link on</Checkbox.Label>
                </Checkbox.Root>
                <HStack gap="2">
                  <Text asChild fontSize="sm">
                    <label htmlFor="gallery-expiry">Expires</label>
                  </Text>
                  <Input
                    id="gallery-expiry"
                    type="date"
                    size="sm"
                    w="40"
                    value={dateInputOfExpiry(data.expiresAt)}
                    disabled={busy}
                    onChange={(event) => update.mutate({ enabled: data.enabled, expiresAt: expiryFromDateInput(event.target.value), what: 'expiry' })}
                    data-testid="gallery-expiry"
                  />
                  {data.expiresAt ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => update.mutate({ enabled: data.enabled, expiresAt: null, what: 'expiry' })}
                      data-testid="gallery-expiry-clear"
                    >
                      Never
                    </Button>
                  ) : null}
                </HStack>
                <Box ms={{ sm: 'auto' }}>
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirmRotate(true)} data-testid="gallery-rotate">
                    <LuRefreshCw /> New Link
                  </Button>
                </Box>
              </Flex>
            ) : null}
          </>
        )}
      </Card.Body>
      <ConfirmDialog
        open={confirmRotate}
        title="New Gallery Link"
        confirmLabel="Make New Link"
        busy={rotate.isPending}
        onCancel={() => setConfirmRotate(false)}
        onConfirm={() => rotate.mutate()}
        data-testid="gallery-rotate-dialog"
      >
        The current public link stops working at once; only the new link opens the gallery.
      </ConfirmDialog>
    </Card.Root>
  );
}

import { Badge, Box, Flex, HStack, IconButton, Image, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { LuCheck, LuImage, LuLayoutGrid, LuList } from 'react-icons/lu';
import type { DriveSyncView } from './drive-sync.ts';
import { DriveSyncBadge } from './drive-sync-badge.tsx';

/** A photo as the grids show it: its thumbnail and what the list view writes beside it. */
export interface GalleryPhoto {
  id: string;
  /** The 250 px thumbnail (spec: grids show thumbnails), null while the service has none. */
  thumbUrl: string | null;
  /** The name read by screen readers and shown in the list view. */
  title: string;
  /** A second line in the list view (date, size). */
  detail?: string;
  /** Badges in the list view (the data cards the photo is tagged with). */
  tags?: readonly string[];
  /** Its Google Drive copy (the venue's Photos page; not the public gallery). */
  drive?: DriveSyncView;
}

export type GalleryLayout = 'grid' | 'list';

/** Grid or list (spec §2 'Grid or list toggle'). */
export function LayoutToggle({ value, onChange }: { value: GalleryLayout; onChange: (layout: GalleryLayout) => void }) {
  return (
    <HStack gap="0" role="group" aria-label="Layout" borderWidth="1px" rounded="l2" p="0.5">
      <IconButton
        aria-label="Grid view"
        aria-pressed={value === 'grid'}
        size="sm"
        variant={value === 'grid' ? 'subtle' : 'ghost'}
        onClick={() => onChange('grid')}
        data-testid="layout-grid"
      >
        <LuLayoutGrid />
      </IconButton>
      <IconButton
        aria-label="List view"
        aria-pressed={value === 'list'}
        size="sm"
        variant={value === 'list' ? 'subtle' : 'ghost'}
        onClick={() => onChange('list')}
        data-testid="layout-list"
      >
        <LuList />
      </IconButton>
    </HStack>
  );
}

export interface PhotoGalleryProps {
  photos: readonly GalleryPhoto[];
  layout: GalleryLayout;
  /** A click on the photo at this index (the page opens the viewer, or selects it in a selection mode). */
  onActivate: (index: number) => void;
  /** In a selection mode: the selected ids (each tile shows a check box). */
  selected?: ReadonlySet<string> | undefined;
}

/** The photos as a grid of 2 to 5 columns (spec §9) or as a list of rows. */
export function PhotoGallery({ photos, layout, onActivate, selected }: PhotoGalleryProps) {
  const selecting = selected !== undefined;
  /** What every tile is, in either layout: a button that opens the photo, or selects it in a selection mode. */
  const tileProps = (photo: GalleryPhoto, index: number, isSelected: boolean) => ({
    focusRing: 'outside' as const,
    'aria-pressed': selecting ? isSelected : undefined,
    'aria-label': selecting ? `Select ${photo.title}` : `Open ${photo.title}`,
    onClick: () => onActivate(index),
    'data-testid': 'photo-tile',
    'data-selected': isSelected || undefined,
  });
  if (layout === 'list') {
    return (
      <Stack gap="2" data-testid="photo-list">
        {photos.map((photo, index) => {
          const isSelected = selected?.has(photo.id) ?? false;
          return (
            <Flex
              key={photo.id}
              as="button"
              align="center"
              gap="3"
              p="2"
              textAlign="start"
              borderWidth="1px"
              rounded="l2"
              cursor="pointer"
              bg={isSelected ? 'brand.subtle' : undefined}
              borderColor={isSelected ? 'brand.solid' : undefined}
              _hover={{ bg: isSelected ? 'brand.subtle' : 'bg.muted' }}
              {...tileProps(photo, index, isSelected)}
            >
              <Thumb photo={photo} boxSize="16" />
              <Box minW="0" flex="1">
                <Text fontWeight="medium" truncate>
                  {photo.title}
                </Text>
                {photo.detail ? (
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {photo.detail}
                  </Text>
                ) : null}
                {photo.drive ? (
                  <Box mt="1">
                    <DriveSyncBadge view={photo.drive} />
                  </Box>
                ) : null}
                {photo.tags && photo.tags.length > 0 ? (
                  <Wrap gap="1" mt="1" data-testid="photo-tags">
                    {photo.tags.map((tag) => (
                      <Badge key={tag} size="sm" variant="subtle" colorPalette="brand">
                        {tag}
                      </Badge>
                    ))}
                  </Wrap>
                ) : null}
              </Box>
              {selecting ? <SelectMark selected={isSelected} position="static" /> : null}
            </Flex>
          );
        })}
      </Stack>
    );
  }
  return (
    <SimpleGrid columns={{ base: 2, sm: 3, md: 4, lg: 5 }} gap={{ base: '2', md: '3' }} data-testid="photo-grid">
      {photos.map((photo, index) => {
        const isSelected = selected?.has(photo.id) ?? false;
        return (
          <Box
            key={photo.id}
            as="button"
            position="relative"
            aspectRatio="square"
            overflow="hidden"
            rounded="l2"
            bg="bg.muted"
            cursor="pointer"
            outline={isSelected ? '3px solid' : undefined}
            outlineColor={isSelected ? 'brand.solid' : undefined}
            outlineOffset="-3px"
            {...tileProps(photo, index, isSelected)}
          >
            <Thumb photo={photo} boxSize="full" />
            {photo.drive ? (
              <Box position="absolute" top="1.5" right={selecting ? '9' : '1.5'}>
                <DriveSyncBadge view={photo.drive} compact />
              </Box>
            ) : null}
            {photo.tags && photo.tags.length > 0 ? (
              <Badge position="absolute" bottom="1.5" left="1.5" size="sm" variant="solid" colorPalette="gray" data-testid="photo-tag-count">
                {photo.tags.length === 1 ? photo.tags[0] : `${photo.tags.length} cards`}
              </Badge>
            ) : null}
            {selecting ? <SelectMark selected={isSelected} position="absolute" /> : null}
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

function Thumb({ photo, boxSize }: { photo: GalleryPhoto; boxSize: string }) {
  if (!photo.thumbUrl) {
    return (
      <Flex boxSize={boxSize} flexShrink="0" align="center" justify="center" bg="bg.muted" color="fg.subtle" rounded="l1">
        <LuImage />
      </Flex>
    );
  }
  return (
    <Image
      src={photo.thumbUrl}
      alt={photo.title}
      boxSize={boxSize}
      flexShrink="0"
      objectFit="cover"
      loading="lazy"
      decoding="async"
      rounded="l1"
      draggable={false}
    />
  );
}

function SelectMark({ selected, position }: { selected: boolean; position: 'absolute' | 'static' }) {
  return (
    <Flex
      position={position}
      top="1.5"
      right="1.5"
      boxSize="6"
      flexShrink="0"
      align="center"
      justify="center"
      rounded="full"
      borderWidth="2px"
      borderColor={selected ? 'brand.solid' : 'white'}
      bg={selected ? 'brand.solid' : 'blackAlpha.400'}
      color="white"
      aria-hidden
    >
      {selected ? <LuCheck size="14" /> : null}
    </Flex>
  );
}

import { Box, Flex, Text } from '@chakra-ui/react';
import type { NoteBulletStyle } from '@venuebook/domain';
import { parseNoteLines } from './venue-detail-rules.ts';

/**
 * The bullet shapes of spec §9 (0 round, up to 3 square, up to 5 hollow, more diamond), drawn with borders so that
 * they print without background graphics.
 */
const BULLET_SHAPES: Record<NoteBulletStyle, { rounded: string; borderWidth: string; transform?: string }> = {
  round: { rounded: 'full', borderWidth: '3px' },
  square: { rounded: '0', borderWidth: '3px' },
  hollow: { rounded: 'full', borderWidth: '1.5px' },
  diamond: { rounded: '0', borderWidth: '3px', transform: 'rotate(45deg) scale(0.9)' },
};

/** General venue notes as a list bulleted by indent (spec §2); each line indented by its leading white space. */
export function VenueNotes({ notes, empty = 'No general notes.' }: { notes: string; empty?: string }) {
  const lines = parseNoteLines(notes);
  if (lines.length === 0) return <Text color="fg.subtle">{empty}</Text>;
  return (
    <Box as="ul" listStyleType="none" m="0" p="0" data-testid="venue-notes">
      {lines.map((line, i) => (
        <Flex as="li" key={i} gap="2" align="baseline" ps={`${line.indent * 0.5}rem`} py="0.5" data-bullet={line.bullet} data-indent={line.indent}>
          <Box
            aria-hidden
            flexShrink="0"
            boxSize="6px"
            borderColor="currentColor"
            color="fg.muted"
            position="relative"
            top="-1px"
            {...BULLET_SHAPES[line.bullet]}
          />
          <Text whiteSpace="pre-wrap" wordBreak="break-word" minW="0">
            {line.text}
          </Text>
        </Flex>
      ))}
    </Box>
  );
}

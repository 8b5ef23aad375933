import { createSystem } from '@chakra-ui/react';
import { globalCss } from '@chakra-ui/react/theme';
import { system } from '@venuebook/sdk';

/** The class of the library's root element: Chakra's reset and global styles apply inside it only. */
export const LIBRARY_ROOT_CLASS = 'vb-media-library';
const scope = `.${LIBRARY_ROOT_CLASS}`;

/**
 * The sdk's theme for a foreign page: the same tokens and recipes, but Chakra's CSS reset (preflight) and global
 * styles are scoped to the library's root element instead of the page's html and body.
 */
export const librarySystem = createSystem({
  ...system._config,
  preflight: { scope },
  globalCss: {
    [`${scope}, ${scope} *`]: globalCss['*'] ?? {},
    [scope]: { color: 'fg', bg: 'bg', lineHeight: '1.5', colorPalette: 'gray', fontFamily: 'body', fontSize: 'md' },
    [`${scope} *::placeholder, ${scope} *[data-placeholder]`]: { color: 'fg.muted/80' },
    [`${scope} *::selection`]: { bg: 'colorPalette.emphasized/80' },
  },
});

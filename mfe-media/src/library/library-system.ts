import { createSystem } from '@chakra-ui/react';
import { globalCss } from '@chakra-ui/react/theme';
import { system } from '@venuebook/sdk';

/** The class of the library's root element: Chakra's reset and global styles apply inside it only. */
export const LIBRARY_ROOT_CLASS = 'vb-media-library';

/**
 * Where the library's styles apply: its root, and what it renders into the host page's body (dialogs, toasts and the
 * photo viewer are portals), which is outside the root.
 */
const PORTALS = '[data-scope][data-part="positioner"], [data-scope][data-part="backdrop"], [data-scope="toast"][data-part="group"], .yarl__portal';
const scope = `:is(.${LIBRARY_ROOT_CLASS}, ${PORTALS})`;

/** The attribute of the host page's body that carries the library's colour mode to its portals (`mount` sets it). */
export const PORTAL_THEME_ATTRIBUTE = 'data-vb-media-library-theme';

/**
 * The sdk's theme for a foreign page: the same tokens and recipes, but Chakra's CSS reset (preflight) and global
 * styles are scoped to the library's elements instead of the page's html and body.
 */
export const librarySystem = createSystem({
  ...system._config,
  // The portals get the theme's variables too, dark ones when the body says so (they are outside the root's .dark).
  cssVarsRoot: `:where(html, .chakra-theme, ${PORTALS})`,
  conditions: { ...system._config.conditions, dark: `.dark &, .dark .chakra-theme:not(.light) &, [${PORTAL_THEME_ATTRIBUTE}="dark"] &` },
  preflight: { scope },
  globalCss: {
    [`${scope}, ${scope} *`]: globalCss['*'] ?? {},
    [scope]: { color: 'fg', lineHeight: '1.5', colorPalette: 'gray', fontFamily: 'body', fontSize: 'md' },
    [`.${LIBRARY_ROOT_CLASS}`]: { bg: 'bg' },
    [`${scope} *::placeholder, ${scope} *[data-placeholder]`]: { color: 'fg.muted/80' },
    [`${scope} *::selection`]: { bg: 'colorPalette.emphasized/80' },
  },
});

import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider, useTheme } from 'next-themes';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster.tsx';
import { system } from './system.ts';

export const THEME_STORAGE_KEY = 'venuebook-theme';
export const THEME_SETTINGS = ['system', 'light', 'dark'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];

/** Chakra system + colour mode (system / light / dark, persisted, `class` on <html>) + the toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ThemeProvider
        attribute="class"
        defaultTheme="system"
        enableSystem
        disableTransitionOnChange
        storageKey={THEME_STORAGE_KEY}
        // The anti-flash <script> only matters for server rendering; on a client-rendered page
        // React never runs it, so mark it a data block (also keeps React 19 from warning).
        scriptProps={{ type: 'application/json' }}
      >
        {children}
        <Toaster />
      </ThemeProvider>
    </ChakraProvider>
  );
}

export function isThemeSetting(value: unknown): value is ThemeSetting {
  return typeof value === 'string' && (THEME_SETTINGS as readonly string[]).includes(value);
}

/** The chosen theme setting and the resolved colour mode. */
export function useThemeSetting(): {
  setting: ThemeSetting;
  colorMode: 'light' | 'dark';
  setSetting: (setting: ThemeSetting) => void;
} {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return {
    setting: isThemeSetting(theme) ? theme : 'system',
    colorMode: resolvedTheme === 'dark' ? 'dark' : 'light',
    setSetting: setTheme,
  };
}

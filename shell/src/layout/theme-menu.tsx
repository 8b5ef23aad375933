import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { useThemeSetting } from '@venuebook/sdk';
import { lazy, Suspense, useState } from 'react';
import { LuMonitor, LuMoon, LuSun } from 'react-icons/lu';

// Chakra's Menu (its state machine and positioning) is not part of the first page: the menu loads when the
// pointer comes near the button or the button gets focus, and mounts open on the first click.
const loadPopup = () => import(/* webpackChunkName: "theme-menu" */ './theme-menu-popup.tsx');
const preload = () => void loadPopup().catch(() => undefined);
const ThemeMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.ThemeMenuPopup })));

function ThemeButton(props: Omit<IconButtonProps, 'aria-label'>) {
  const { setting, colorMode } = useThemeSetting();
  return (
    <IconButton variant="ghost" size="sm" aria-label="Theme" data-testid="theme-menu" {...props}>
      {setting === 'system' ? <LuMonitor /> : colorMode === 'dark' ? <LuMoon /> : <LuSun />}
    </IconButton>
  );
}

/** Theme switcher: system / light / dark (persisted by next-themes). */
export function ThemeMenu() {
  const [opened, setOpened] = useState(false);
  if (!opened) return <ThemeButton aria-haspopup="menu" aria-expanded={false} onPointerEnter={preload} onFocus={preload} onClick={() => setOpened(true)} />;
  return (
    <Suspense fallback={<ThemeButton aria-haspopup="menu" aria-expanded={false} />}>
      <ThemeMenuPopup trigger={<ThemeButton />} />
    </Suspense>
  );
}

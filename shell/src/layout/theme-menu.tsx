import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { isThemeSetting, useThemeSetting, type ThemeSetting } from '@venuebook/sdk';
import type { ReactNode } from 'react';
import { LuMonitor, LuMoon, LuSun } from 'react-icons/lu';

const OPTIONS: readonly { value: ThemeSetting; label: string; icon: ReactNode }[] = [
  { value: 'system', label: 'System', icon: <LuMonitor /> },
  { value: 'light', label: 'Light', icon: <LuSun /> },
  { value: 'dark', label: 'Dark', icon: <LuMoon /> },
];

/** Theme switcher: system / light / dark (persisted by next-themes). */
export function ThemeMenu() {
  const { setting, colorMode, setSetting } = useThemeSetting();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label="Theme" data-testid="theme-menu">
          {setting === 'system' ? <LuMonitor /> : colorMode === 'dark' ? <LuMoon /> : <LuSun />}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.RadioItemGroup
              value={setting}
              onValueChange={(details) => {
                if (isThemeSetting(details.value)) setSetting(details.value);
              }}
            >
              {OPTIONS.map((option) => (
                <Menu.RadioItem key={option.value} value={option.value} data-testid={`theme-${option.value}`}>
                  {option.icon}
                  {option.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react';
import { isThemeSetting, useThemeSetting, type ThemeSetting } from '@venuebook/sdk';
import type { ReactElement, ReactNode } from 'react';
import { LuMonitor, LuMoon, LuSun } from 'react-icons/lu';

const OPTIONS: readonly { value: ThemeSetting; label: string; icon: ReactNode }[] = [
  { value: 'system', label: 'System', icon: <LuMonitor /> },
  { value: 'light', label: 'Light', icon: <LuSun /> },
  { value: 'dark', label: 'Dark', icon: <LuMoon /> },
];

/**
 * The theme menu itself (Chakra's Menu, loaded on first use by `ThemeMenu`): opens at once, since it
 * mounts when the user asked for it.
 */
export function ThemeMenuPopup({ trigger }: { trigger: ReactElement }) {
  const { setting, setSetting } = useThemeSetting();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
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

import { Badge, Box, Button, CloseButton, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { Avatar } from '@chakra-ui/react/avatar';
import { Drawer } from '@chakra-ui/react/drawer';
import { ROLE_LABELS, SignOutButton, type AuthUser } from '@venuebook/sdk';
import type { ReactElement } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { BROWSE_NAV_ITEMS, visibleNavItems } from './nav-items.ts';
import type { NavItem } from './nav-items.ts';

export interface UserDrawerProps {
  user: AuthUser;
  initials: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's avatar button. */
  trigger: ReactElement;
}

/** The side menu itself (Chakra's Drawer, loaded on first use by `UserMenu`). */
export function UserDrawer({ user, initials, open, onOpenChange, trigger }: UserDrawerProps) {
  const items = visibleNavItems(user.role);
  const browse = visibleNavItems(user.role, BROWSE_NAV_ITEMS);
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>{trigger}</Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="user-menu">
            <Drawer.Header>
              <Stack direction="row" gap="3" align="center" minW="0">
                <Avatar.Root size="md" colorPalette="brand">
                  <Avatar.Fallback>{initials}</Avatar.Fallback>
                </Avatar.Root>
                <Box minW="0">
                  <Drawer.Title asChild>
                    <Text fontSize="sm" fontWeight="semibold" truncate data-testid="user-menu-email" title={user.email}>
                      {user.email}
                    </Text>
                  </Drawer.Title>
                  <Badge size="sm" variant="subtle" data-testid="user-menu-role">
                    {ROLE_LABELS[user.role]}
                  </Badge>
                </Box>
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <NavGroup title="Browse" items={browse} onNavigate={close} />
                <NavGroup title="Administration" items={items} onNavigate={close} />
              </Stack>
            </Drawer.Body>
            <Separator />
            <Drawer.Footer justifyContent="stretch">
              <SignOutButton w="full" variant="outline" data-testid="logout-button">
                <LuLogOut /> Log out
              </SignOutButton>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** One titled group of side-menu links (nothing when the role sees none of them). */
function NavGroup({ title, items, onNavigate }: { title: string; items: readonly NavItem[]; onNavigate: () => void }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="1" as="nav" aria-label={title}>
      <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide" mb="1">
        {title}
      </Text>
      {items.map((item) => (
        <Button key={item.path} asChild variant="ghost" justifyContent="flex-start" size="sm">
          <RouterLink to={item.path} onClick={onNavigate} data-testid={`nav-${item.path.replace(/^\//, '').replace(/\//g, '-')}`}>
            {item.label}
          </RouterLink>
        </Button>
      ))}
    </Stack>
  );
}

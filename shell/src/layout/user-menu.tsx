import { Avatar, Badge, Box, Button, CloseButton, Drawer, IconButton, Portal, Separator, Stack, Text } from '@chakra-ui/react';
import { ROLE_LABELS, SignOutButton, useSession } from '@venuebook/sdk';
import { useState } from 'react';
import { LuLogOut } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { visibleNavItems } from './nav-items.ts';

/** 'jane.doe@example.com' → 'JD'. */
export function initialsOf(email: string): string {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._+-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * The side menu of the header (spec §2): the user's e-mail and avatar, the admin or owner items whose
 * pages are built and that the role allows, and 'Log out'.
 */
export function UserMenu() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const items = visibleNavItems(user.role);
  const initials = initialsOf(user.email);

  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end" size="xs">
      <Drawer.Trigger asChild>
        <IconButton variant="ghost" size="sm" rounded="full" aria-label="Open user menu" data-testid="user-menu-button">
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback>{initials}</Avatar.Fallback>
          </Avatar.Root>
        </IconButton>
      </Drawer.Trigger>
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
              {items.length > 0 ? (
                <Stack gap="1" as="nav" aria-label="Administration">
                  <Text fontSize="xs" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="wide" mb="1">
                    Administration
                  </Text>
                  {items.map((item) => (
                    <Button key={item.path} asChild variant="ghost" justifyContent="flex-start" size="sm">
                      <RouterLink to={item.path} onClick={() => setOpen(false)} data-testid={`nav-${item.path.replace(/^\//, '').replace(/\//g, '-')}`}>
                        {item.label}
                      </RouterLink>
                    </Button>
                  ))}
                </Stack>
              ) : null}
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

import { createSlotRecipeContext, IconButton, type HTMLChakraProps, type IconButtonProps } from '@chakra-ui/react';
import { useSession } from '@venuebook/sdk';
import { lazy, Suspense, useState } from 'react';

/** 'jane.doe@example.com' → 'JD'. */
export function initialsOf(email: string): string {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._+-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

// Chakra's Drawer (dialog machine, focus trap, scroll lock) is not part of the first page: it loads when the
// pointer comes near the avatar or the avatar gets focus, and mounts open on the first click.
const loadDrawer = () => import(/* webpackChunkName: "user-menu" */ './user-drawer.tsx');
const preload = () => void loadDrawer().catch(() => undefined);
const UserDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.UserDrawer })));

// The header's avatar only ever shows initials: Chakra's avatar recipe on plain elements, without Ark's avatar
// machine (it tracks an image's loading), so no state machine loads with the first page for it. The drawer's
// larger avatar is Chakra's Avatar, from its sub-path.
const { withProvider, withContext } = createSlotRecipeContext({ key: 'avatar' });
const InitialsAvatar = withProvider<HTMLDivElement, HTMLChakraProps<'div'> & { size?: 'xs' }>('div', 'root');
const InitialsFallback = withContext<HTMLSpanElement, HTMLChakraProps<'span'>>('span', 'fallback');

function AvatarButton({ initials, ...props }: Omit<IconButtonProps, 'aria-label'> & { initials: string }) {
  return (
    <IconButton variant="ghost" size="sm" rounded="full" aria-label="Open user menu" data-testid="user-menu-button" {...props}>
      <InitialsAvatar size="xs" colorPalette="brand">
        <InitialsFallback>{initials}</InitialsFallback>
      </InitialsAvatar>
    </IconButton>
  );
}

/**
 * The side menu of the header (spec §2): the user's e-mail and avatar, the admin or owner items whose
 * pages are built and that the role allows, and 'Log out'.
 */
export function UserMenu() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  // Whether the drawer was ever asked for: from then on it stays mounted (it animates its own closing).
  const [wanted, setWanted] = useState(false);
  if (!user) return null;
  const initials = initialsOf(user.email);

  if (!wanted) {
    return (
      <AvatarButton
        initials={initials}
        aria-haspopup="dialog"
        aria-expanded={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      />
    );
  }
  return (
    <Suspense fallback={<AvatarButton initials={initials} aria-haspopup="dialog" aria-expanded={false} />}>
      <UserDrawer user={user} initials={initials} open={open} onOpenChange={setOpen} trigger={<AvatarButton initials={initials} />} />
    </Suspense>
  );
}

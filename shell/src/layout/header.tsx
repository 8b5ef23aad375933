import { Box, Button, Flex, HStack, Link, Spacer } from '@chakra-ui/react';
import { useSession } from '@venuebook/sdk';
import { LuHouse } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from './logo.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { UserMenu } from './user-menu.tsx';

export const HEADER_HEIGHT = '14';

export function Header() {
  const { status } = useSession();
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" borderColor="border" data-testid="app-header">
      <Flex maxW="7xl" mx="auto" h={HEADER_HEIGHT} px={{ base: '3', md: '6' }} align="center" gap={{ base: '1', md: '3' }}>
        <Link asChild aria-label="Venue Book home" _hover={{ textDecoration: 'none' }} me={{ base: '1', md: '3' }}>
          <RouterLink to="/" data-testid="header-logo">
            <Logo />
          </RouterLink>
        </Link>
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/" data-testid="header-home">
            <LuHouse /> Home
          </RouterLink>
        </Button>
        <Spacer />
        <HStack gap="1">
          <ThemeMenu />
          {status === 'signed-in' ? <UserMenu /> : null}
        </HStack>
      </Flex>
    </Box>
  );
}

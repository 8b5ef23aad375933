import { Badge, Box, Flex, HStack, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';

/**
 * Frame for a remote running on its own dev server (`npm run dev -w @venuebook/mfe-*`):
 * a thin bar naming the remote, its page links, and the page below.
 */
export function StandaloneLayout({ name, links = [] }: { name: string; links?: { to: string; label: ReactNode }[] }) {
  return (
    <Box minH="100dvh">
      <Flex as="header" h="12" px={{ base: '3', md: '6' }} align="center" gap="4" borderBottomWidth="1px" bg="bg">
        <HStack gap="2">
          <Text fontWeight="bold">Venue Book</Text>
          <Badge colorPalette="orange" variant="subtle">
            {name} · standalone
          </Badge>
        </HStack>
        {links.map((link) => (
          <Link key={link.to} asChild fontSize="sm">
            <RouterLink to={link.to}>{link.label}</RouterLink>
          </Link>
        ))}
      </Flex>
      <Box as="main" maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
        <Outlet />
      </Box>
    </Box>
  );
}

import { Box, Card, Center, Flex, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '../layout/logo.tsx';
import { ThemeMenu } from '../layout/theme-menu.tsx';

/** Full page with the logo and one centred card: sign-in pages and the Access Denied screen. */
export function AuthCardLayout({ children, footer, testId }: { children: ReactNode; footer?: ReactNode; testId?: string }) {
  return (
    <Flex minH="100dvh" direction="column" px={{ base: '3', md: '6' }} py={{ base: '4', md: '6' }}>
      <Flex align="center" justify="space-between" maxW="7xl" w="full" mx="auto">
        <Link asChild aria-label="Venue Book home" _hover={{ textDecoration: 'none' }}>
          <RouterLink to="/">
            <Logo />
          </RouterLink>
        </Link>
        <ThemeMenu />
      </Flex>
      <Center flex="1" py={{ base: '6', md: '12' }}>
        <Stack w="full" maxW="md" gap="4">
          <Card.Root variant="elevated" data-testid={testId}>
            <Card.Body gap="5" p={{ base: '5', md: '8' }}>
              {children}
            </Card.Body>
          </Card.Root>
          {footer ? <Box px="2">{footer}</Box> : null}
        </Stack>
      </Center>
    </Flex>
  );
}

/** Spec §2: the sign-in pages say that only company-domain addresses are allowed. */
export function DomainNote({ domain }: { domain: string | null | undefined }) {
  return (
    <Text fontSize="sm" color="fg.muted" textAlign="center" data-testid="auth-domain-note">
      {domain ? (
        <>
          Only <strong>{domain}</strong> email addresses are allowed.
        </>
      ) : (
        'Only company email addresses are allowed.'
      )}
    </Text>
  );
}

/** Spec §2: the terms and privacy line. */
export function TermsLine() {
  return (
    <Text fontSize="xs" color="fg.subtle" textAlign="center" data-testid="auth-terms">
      By continuing, you agree to our Terms of Service and Privacy Policy.
    </Text>
  );
}

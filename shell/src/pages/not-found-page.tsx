import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/** Any path without a registered route (spec §2). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <VStack py={{ base: '12', md: '24' }} gap="4" textAlign="center" data-testid="not-found">
      <Heading as="h1" size="5xl" color="brand.fg">
        404
      </Heading>
      <Text fontSize="xl" color="fg.muted">
        Oops! Page not found
      </Text>
      <Button asChild colorPalette="brand" variant="outline">
        <RouterLink to="/">Return to Home</RouterLink>
      </Button>
    </VStack>
  );
}

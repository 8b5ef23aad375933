import { Button, Heading, Text, VStack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';

/** Last-resort error screen for errors thrown outside the remote boundaries. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Unhandled route error', error);
  }, [error]);
  return (
    <VStack py="24" gap="4" textAlign="center" role="alert">
      <Heading as="h1" size="2xl">
        Something went wrong
      </Heading>
      <Text color="fg.muted">Reload the page to try again.</Text>
      <Button colorPalette="brand" onClick={() => window.location.assign('/')}>
        Return to Home
      </Button>
    </VStack>
  );
}

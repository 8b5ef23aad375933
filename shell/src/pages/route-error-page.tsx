import { Button, Heading, Text, VStack } from '@chakra-ui/react';

/** Last-resort error screen for errors thrown outside the remote boundaries. */
export function RouteErrorPage() {
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

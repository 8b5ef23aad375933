// Async boundary: shared singletons (react, chakra, the sdk, ...) are negotiated with the
// federation share scope before any of them is imported.
import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('Venue Book failed to start', error);
});

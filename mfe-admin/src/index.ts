// Standalone dev entry; the async boundary lets the shared singletons initialise first.
import('./standalone.tsx').catch((error: unknown) => {
  console.error('mfe-admin failed to start', error);
});

// Standalone dev entry; the async boundary lets the shared singletons initialise first.
import('./standalone.tsx').catch((error: unknown) => {
  console.error('mfe-cards failed to start', error);
});

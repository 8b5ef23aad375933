// Standalone dev entry; the async boundary lets the shared singletons initialise first.
import('./standalone.tsx').catch((error: unknown) => {
  console.error('mfe-venues failed to start', error);
});

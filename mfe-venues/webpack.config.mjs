import { createFederatedConfig, REMOTES } from '@venuebook/sdk/build';

export default createFederatedConfig({
  packageDir: import.meta.dirname,
  kind: 'remote',
  name: REMOTES.venues.container,
  port: REMOTES.venues.port,
  exposes: { './routes': './src/routes.ts' },
});

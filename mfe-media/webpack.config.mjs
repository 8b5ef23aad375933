import { createFederatedConfig, REMOTES } from '@venuebook/sdk/build';

export default createFederatedConfig({
  packageDir: import.meta.dirname,
  kind: 'remote',
  name: REMOTES.media.container,
  port: REMOTES.media.port,
  exposes: { './routes': './src/routes.ts' },
});

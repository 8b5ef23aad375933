import { createFederatedConfig, REMOTES } from '@venuebook/sdk/build';

export default createFederatedConfig({
  packageDir: import.meta.dirname,
  kind: 'remote',
  name: REMOTES.admin.container,
  port: REMOTES.admin.port,
  exposes: { './routes': './src/routes.ts' },
});

import { createFederatedConfig, REMOTES } from '@venuebook/sdk/build';

export default createFederatedConfig({
  packageDir: import.meta.dirname,
  kind: 'remote',
  name: REMOTES.cards.container,
  port: REMOTES.cards.port,
  exposes: { './routes': './src/routes.ts' },
});

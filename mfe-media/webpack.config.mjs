import { createLibraryConfig, createRemoteConfig } from '@venuebook/sdk/build';

const remote = createRemoteConfig(import.meta.dirname);
// The embeddable media library: a self-contained container for other teams' pages, served by the gateway
// at /remotes/media/library/remoteEntry.js. Production builds only (`npm run build`, then `npm run example`).
const library = createLibraryConfig(import.meta.dirname, {
  name: 'mfe_media_library',
  exposes: { './media-library': './src/library/index.ts' },
  outDir: 'library',
});

export default (env, argv) => (argv.mode === 'development' ? remote(env, argv) : [remote(env, argv), library(env, argv)]);

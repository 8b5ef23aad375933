import { createLibraryConfig, createRemoteConfig } from '@venuebook/sdk/build';

export default [
  createRemoteConfig(import.meta.dirname),
  // The embeddable media library (issue 13): a self-contained container for other teams' pages,
  // served by the gateway at /remotes/media/library/remoteEntry.js.
  createLibraryConfig(import.meta.dirname, { name: 'mfe_media_library', exposes: { './media-library': './src/library/index.ts' }, outDir: 'library' }),
];

// @venuebook/local/setup: what prepares a checkout and needs nothing generated (the test runner imports it
// before the first build of a fresh clone: the launcher's index reaches the generated protobuf code).
export { buildAll, runTurbo, turboEnv, enableNodeCompileCache } from './build.ts';
export { findServerBinary, infraCacheDir, onPath, REPO_ROOT, URL_VARIABLES } from './infra-servers.ts';
export type { ServerKind } from './infra-servers.ts';
export { installedSchemathesisVersion, SCHEMATHESIS_BIN, SCHEMATHESIS_VENV, SCHEMATHESIS_VERSION } from './schemathesis-install.ts';

// @venuebook/local: the one-machine launcher behind `npm start` and the tests.
export { provisionInfra, provisionNats, LOCAL_S3_CREDENTIALS } from './provision.ts';
export type { Infra, ProvisionOptions, S3Settings } from './provision.ts';
export {
  loadOrCreateSecrets,
  seedDemoAccounts,
  seedDemoVenues,
  gatewayServiceEnv,
  identityEnv,
  driveEnv,
  notifierEnv,
  startServices,
  startStack,
  stopServices,
  TEST_PASSWORD_HASH_LOG2_N,
} from './stack.ts';
export type {
  RunningServices,
  RunningStack,
  StackOptions,
  StackSecrets,
  StartServicesOptions,
} from './stack.ts';
export { MAX_REPLICAS, replicasEnv, serviceReplicas } from './replicas.ts';
export { DEMO_PASSWORD, demoAccounts, LOCAL_COMPANY_DOMAIN, OUTSIDE_DOMAIN_ACCOUNT } from './seed/demo-accounts.ts';
export type { DemoAccount } from './seed/demo-accounts.ts';
export { REPO_ROOT } from './infra-servers.ts';
export { installedSchemathesisVersion, SCHEMATHESIS_BIN, SCHEMATHESIS_VENV, SCHEMATHESIS_VERSION } from './schemathesis-install.ts';
export { DEMO_VENUES } from '@venuebook/domain/testing';
export { CONFIG_REFERENCE_FILE, configReferenceMarkdown } from './config-reference.ts';

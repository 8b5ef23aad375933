// @venuebook/local: the one-machine launcher behind `npm start` and the tests.
export { provisionInfra, LOCAL_S3_CREDENTIALS } from './provision.ts';
export type { Infra, ProvisionOptions, S3Settings } from './provision.ts';
export { seedDemoVenues, startStack, startVenuesService } from './stack.ts';
export type { RunningService, RunningStack, StackOptions } from './stack.ts';
export { REPO_ROOT } from './infra-servers.ts';
export { DEMO_VENUES } from './seed/demo-venues.ts';

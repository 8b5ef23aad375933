// @venuebook/stand-ins: the local stand-ins for outside systems (the company mail relay, Google sign-in, the
// first-login webhook's automation service, Google Drive), real
// servers speaking their protocols. The launcher runs them as processes; tests start them in-process when they must
// configure them, and talk to them through the clients in @venuebook/service-kit/testing.
export { STAND_IN_HOST } from './host.ts';
export { newSigningJwk, startOidcStandIn } from './oidc-provider.ts';
export type { OidcStandIn, OidcStandInOptions } from './oidc-provider.ts';
export { startGoogleDriveStandIn } from './google-drive.ts';
export type { GoogleDriveStandIn, GoogleDriveStandInOptions } from './google-drive.ts';
export { oidcGatewayEnv, startGoogleDrive, startMailSink, startOidcProvider, startWebhookReceiver } from './processes.ts';
export type { RunningGoogleDrive, RunningOidcProvider } from './processes.ts';

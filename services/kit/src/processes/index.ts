// @venuebook/service-kit/processes: processes on this machine (free ports, managed child processes with logs,
// private folders) and the services of the registry as processes. The launcher starts the product with it; test
// harnesses start the services they need beside the one under test.
export { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';
export { freePort, httpOk, sleep, startProcess, tcpOpen, waitFor } from './processes.ts';
export type { ManagedProcess } from './processes.ts';
export { NO_GRPC_TLS, REPO_ROOT, startGrpcService } from './service-process.ts';
export type { ReplicaOptions, RunningGrpcService, RunningReplica, RunningService } from './service-process.ts';

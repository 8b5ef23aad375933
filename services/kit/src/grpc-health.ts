import * as grpc from '@grpc/grpc-js';
import { DEFAULT_CHANNEL_OPTIONS, splitGrpcAddresses } from '@venuebook/grpc';
import { service as healthServiceDefinition } from 'grpc-health-check';

export type HealthStatus = 'UNKNOWN' | 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN' | 'UNREACHABLE';

interface HealthCheckResponse {
  status: string;
}

type HealthClient = grpc.Client & {
  check(
    request: { service: string },
    metadata: grpc.Metadata,
    options: grpc.CallOptions,
    callback: (error: grpc.ServiceError | null, response?: HealthCheckResponse) => void,
  ): grpc.ClientUnaryCall;
};

const HealthClientConstructor = grpc.makeGenericClientConstructor(healthServiceDefinition as unknown as grpc.ServiceDefinition, 'Health') as unknown as new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: grpc.ChannelOptions,
) => HealthClient;

export interface GrpcHealthChecker {
  /**
   * Asks `grpc.health.v1.Health/Check` about `service` ('' = the whole server); never throws. With several
   * replicas: SERVING when at least one serves, else the first replica's status.
   */
  check(service?: string, deadlineMs?: number): Promise<HealthStatus>;
  /** Every replica's status, by host:port (one entry for a single address). */
  checkEach(service?: string, deadlineMs?: number): Promise<Record<string, HealthStatus>>;
  /** The replicas' host:port, in the order given. */
  readonly addresses: readonly string[];
  close(): void;
}

function checkOne(client: HealthClient, service: string, deadlineMs: number): Promise<HealthStatus> {
  return new Promise((resolve) => {
    client.check({ service }, new grpc.Metadata(), { deadline: new Date(Date.now() + deadlineMs) }, (error, response) => {
      if (error) resolve(error.code === grpc.status.NOT_FOUND ? 'SERVICE_UNKNOWN' : 'UNREACHABLE');
      else if (response?.status === 'SERVING' || response?.status === 'NOT_SERVING') resolve(response.status);
      else resolve('UNKNOWN');
    });
  });
}

/**
 * A client for the standard gRPC health service of the server at `address` (host:port), or of each replica
 * when `address` lists several separated by commas (each asked on its own channel); TLS with `credentials`.
 */
export function createHealthChecker(
  address: string,
  options: { deadlineMs?: number; credentials?: grpc.ChannelCredentials | undefined } = {},
): GrpcHealthChecker {
  const addresses = splitGrpcAddresses(address);
  const clients = addresses.map((one) => new HealthClientConstructor(one, options.credentials ?? grpc.credentials.createInsecure(), DEFAULT_CHANNEL_OPTIONS));
  const defaultDeadlineMs = options.deadlineMs ?? 2000;
  const checkEach = async (service = '', deadlineMs = defaultDeadlineMs): Promise<Record<string, HealthStatus>> => {
    const statuses = await Promise.all(clients.map((client) => checkOne(client, service, deadlineMs)));
    return Object.fromEntries(addresses.map((one, index) => [one, statuses[index]!]));
  };
  return {
    addresses,
    checkEach,
    async check(service = '', deadlineMs = defaultDeadlineMs) {
      const statuses = Object.values(await checkEach(service, deadlineMs));
      return statuses.includes('SERVING') ? 'SERVING' : statuses[0]!;
    },
    close() {
      for (const client of clients) client.close();
    },
  };
}

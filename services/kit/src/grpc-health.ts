import * as grpc from '@grpc/grpc-js';
import { DEFAULT_CHANNEL_OPTIONS } from '@venuebook/proto/grpc';
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

const HealthClientConstructor = grpc.makeGenericClientConstructor(
  healthServiceDefinition as unknown as grpc.ServiceDefinition,
  'Health',
) as unknown as new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ChannelOptions) => HealthClient;

export interface GrpcHealthChecker {
  /** Asks `grpc.health.v1.Health/Check` about `service` ('' = the whole server); never throws. */
  check(service?: string, deadlineMs?: number): Promise<HealthStatus>;
  close(): void;
}

/** A client for the standard gRPC health service of the server at `address` (host:port); TLS with `credentials`. */
export function createHealthChecker(address: string, options: { deadlineMs?: number; credentials?: grpc.ChannelCredentials | undefined } = {}): GrpcHealthChecker {
  const client = new HealthClientConstructor(address, options.credentials ?? grpc.credentials.createInsecure(), DEFAULT_CHANNEL_OPTIONS);
  const defaultDeadlineMs = options.deadlineMs ?? 2000;
  return {
    check(service = '', deadlineMs = defaultDeadlineMs) {
      return new Promise((resolve) => {
        client.check({ service }, new grpc.Metadata(), { deadline: new Date(Date.now() + deadlineMs) }, (error, response) => {
          if (error) resolve(error.code === grpc.status.NOT_FOUND ? 'SERVICE_UNKNOWN' : 'UNREACHABLE');
          else if (response?.status === 'SERVING' || response?.status === 'NOT_SERVING') resolve(response.status);
          else resolve('UNKNOWN');
        });
      });
    },
    close() {
      client.close();
    },
  };
}

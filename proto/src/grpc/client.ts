import { create } from '@bufbuild/protobuf';
import type { DescMethod, DescService, Message } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { GrpcError } from './grpc-error.ts';
import { messageSizeOptions } from './limits.ts';
import { deserializer, methodPath, serializer } from './service-definition.ts';
import type { CallOptions, MetadataInit, MethodMetadata, PromiseClient } from './types.ts';

export const DEFAULT_DEADLINE_MS = 5000;

/**
 * Reconnect quickly after a server restart: grpc-js otherwise backs off up to 120 s, during which every
 * call fails with UNAVAILABLE although the server is back.
 */
export const DEFAULT_CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 5000,
  ...messageSizeOptions(),
};

export interface ClientOptions {
  /** Deadline applied to every call unless the call overrides it. Default 5000 ms. */
  deadlineMs?: number;
  /** Default: insecure (plain-text) channel, as used inside the cluster. */
  credentials?: grpc.ChannelCredentials;
  channelOptions?: grpc.ChannelOptions;
  /** The largest message sent or accepted (default DEFAULT_MAX_MESSAGE_BYTES, 4 MiB). */
  maxMessageBytes?: number;
  /**
   * Metadata sent with every call, made for the method being called (e.g. a freshly signed user context:
   * the kit's userContextSigner); a call's own metadata is added on top and wins on equal keys.
   */
  metadata?: MethodMetadata;
}

export type Client<S extends DescService> = PromiseClient<S> & {
  /** Closes the channel; later calls fail. */
  close(): void;
  /** The underlying grpc-js client (e.g. for waitForReady or channel state). */
  readonly grpcClient: grpc.Client;
};

function toMetadata(value: MetadataInit | MethodMetadata | undefined, path: string): grpc.Metadata {
  if (typeof value === 'function') return toMetadata(value(path), path);
  if (value instanceof grpc.Metadata) return value.clone();
  const metadata = new grpc.Metadata();
  for (const [key, entry] of Object.entries(value ?? {})) metadata.set(key, entry);
  return metadata;
}

function mergeMetadata(base: grpc.Metadata, own: grpc.Metadata): grpc.Metadata {
  const merged = base.clone();
  for (const [key, value] of Object.entries(own.getMap())) merged.set(key, value);
  return merged;
}

function validDeadline(ms: number, what: string): number {
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`${what} must be a positive number of milliseconds, got ${ms}`);
  return ms;
}

function unaryCall(grpcClient: grpc.Client, service: DescService, method: DescMethod, defaultDeadlineMs: number, baseMetadata?: ClientOptions['metadata']) {
  const path = methodPath(service, method);
  const serialize = serializer(method.input);
  const deserialize = deserializer(method.output);
  return (init: unknown, options: CallOptions = {}): Promise<Message> =>
    new Promise<Message>((resolve, reject) => {
      const deadlineMs = validDeadline(options.deadlineMs ?? defaultDeadlineMs, 'deadlineMs');
      if (options.signal?.aborted) {
        reject(new GrpcError(grpc.status.CANCELLED, 'Call cancelled before it started'));
        return;
      }
      const request = create(method.input, init as Parameters<typeof create>[1]);
      const call = grpcClient.makeUnaryRequest<Message, Message>(
        path,
        serialize,
        deserialize,
        request,
        baseMetadata ? mergeMetadata(toMetadata(baseMetadata, path), toMetadata(options.metadata, path)) : toMetadata(options.metadata, path),
        { deadline: new Date(Date.now() + deadlineMs) },
        (error, response) => {
          options.signal?.removeEventListener('abort', onAbort);
          if (error) reject(GrpcError.fromServiceError(error));
          else if (response) resolve(response);
          else reject(new GrpcError(grpc.status.INTERNAL, `Empty response from ${path}`));
        },
      );
      function onAbort(): void {
        call.cancel();
      }
      options.signal?.addEventListener('abort', onAbort, { once: true });
    });
}

/**
 * A typed promise client for a protobuf-es service, e.g.
 * `const venues = createClient(VenuesService, '127.0.0.1:50051'); await venues.listVenues({ query: 'arena' })`.
 * Every call carries a deadline (the client's `deadlineMs`, default 5000 ms, or the call's own);
 * failures reject with a GrpcError (status, message and field errors).
 */
export function createClient<S extends DescService>(service: S, address: string, options: ClientOptions = {}): Client<S> {
  const defaultDeadlineMs = validDeadline(options.deadlineMs ?? DEFAULT_DEADLINE_MS, 'deadlineMs');
  const grpcClient = new grpc.Client(address, options.credentials ?? grpc.credentials.createInsecure(), {
    ...DEFAULT_CHANNEL_OPTIONS,
    ...(options.maxMessageBytes ? messageSizeOptions(options.maxMessageBytes) : {}),
    ...options.channelOptions,
  });
  const client: Record<string, unknown> = {};
  for (const method of service.methods) {
    if (method.methodKind !== 'unary') continue;
    client[method.localName] = unaryCall(grpcClient, service, method, defaultDeadlineMs, options.metadata);
  }
  Object.defineProperty(client, 'grpcClient', { value: grpcClient, enumerable: false });
  Object.defineProperty(client, 'close', { value: () => grpcClient.close(), enumerable: false });
  return client as Client<S>;
}

import { once } from 'node:events';
import { isIPv4, isIPv6 } from 'node:net';
import { create } from '@bufbuild/protobuf';
import type { DescMethod, DescService, Message } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { GrpcError } from './grpc-error.ts';
import { messageSizeOptions } from './limits.ts';
import { deserializer, methodPath, serializer } from './service-definition.ts';
import type { CallOptions, MetadataInit, MethodMetadata, PromiseClient } from './types.ts';

export const DEFAULT_DEADLINE_MS = 5000;
/** The deadline of a streaming call (an upload or a download of a large file) unless the client or call sets one. */
export const DEFAULT_STREAM_DEADLINE_MS = 30 * 60_000;

/**
 * Reconnect quickly after a server restart: grpc-js otherwise backs off up to 120 s, during which every
 * call fails with UNAVAILABLE although the server is back.
 */
export const DEFAULT_CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 5000,
  ...messageSizeOptions(),
};

/** The entries of a comma-separated list of host:port (one per replica), trimmed. */
export function splitGrpcAddresses(addresses: string): string[] {
  return addresses.split(',').map((entry) => entry.trim());
}

/**
 * The grpc-js target of `addresses`, one host:port or a comma-separated list of them (one per replica):
 * one entry as it is (grpc-js resolves a host name by DNS, and round_robin then balances over every address
 * the name has, e.g. a headless service); several IP addresses as one `ipv4:` or `ipv6:` target, the static
 * list grpc-js's own IP resolver balances over. grpc-js has no static resolver for several host names, so
 * such a list is refused rather than half-used.
 */
export function grpcTarget(addresses: string): string {
  const entries = splitGrpcAddresses(addresses);
  if (entries.length === 1) {
    if (!entries[0]) throw new Error('no address: expected host:port, or several IP:port separated by commas');
    return entries[0];
  }
  const hosts = entries.map((entry) => {
    if (!entry) throw new Error(`empty entry in '${addresses}': expected host:port entries separated by commas`);
    const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:/[\]]+)):(\d{1,5})$/.exec(entry);
    if (!match) throw new Error(`'${entry}' is not host:port (IPv6 as [address]:port)`);
    return match[1] ?? match[2]!;
  });
  if (hosts.every((host) => isIPv4(host))) return `ipv4:${entries.join(',')}`;
  if (hosts.every((host) => isIPv6(host))) return `ipv6:${entries.join(',')}`;
  if (hosts.every((host) => isIPv4(host) || isIPv6(host)))
    throw new Error(`'${addresses}' mixes IPv4 and IPv6: several addresses must be all IPv4 or all IPv6`);
  throw new Error(
    `'${addresses}': several addresses must be IP addresses (IPv4, or IPv6 as [address]:port); for host names give one host name that DNS resolves to every replica`,
  );
}

/**
 * The methods that only read (Get…, List…): safe to send again, so retried on UNAVAILABLE (another replica
 * answers): up to four more attempts by grpc-js (serviceConfig, 5 in all); when the target lists several
 * replicas and those all fail, the client sends it twice more, after READ_RETRY_PAUSES_MS (250, then 750 ms),
 * each time with grpc-js's attempts again; all within the call's deadline. Every other method may write and is
 * never retried.
 */
export function idempotentReads(service: DescService): DescMethod[] {
  return service.methods.filter((method) => method.methodKind === 'unary' && /^(Get|List)[A-Z]/.test(method.name));
}

/**
 * The service config of a client of `service`: round_robin over every address of the target (each replica
 * gets every n-th call, a replica that is down gets none), and up to four more attempts of an idempotent read
 * that failed with UNAVAILABLE (its replica went down mid-call, or refused it): grpc-js sends it again after a
 * random wait of up to 50 ms, then up to 100, 200, 400 ms, within the call's deadline; round_robin picks the
 * next replica. (A replica that was killed can still be picked, more than once, until its connection is seen
 * closed, so a single retry is not enough; 5 attempts is grpc-js's ceiling.)
 */
export function serviceConfig(service: DescService): Record<string, unknown> {
  const reads = idempotentReads(service);
  return {
    loadBalancingConfig: [{ round_robin: {} }],
    methodConfig:
      reads.length === 0
        ? []
        : [
            {
              name: reads.map((method) => ({ service: service.typeName, method: method.name })),
              retryPolicy: { maxAttempts: 5, initialBackoff: '0.05s', maxBackoff: '0.4s', backoffMultiplier: 2, retryableStatusCodes: ['UNAVAILABLE'] },
            },
          ],
  };
}

export interface ClientOptions {
  /** Deadline applied to every unary call unless the call overrides it. Default 5000 ms. */
  deadlineMs?: number;
  /** Deadline of every streaming call unless the call overrides it. Default DEFAULT_STREAM_DEADLINE_MS (30 minutes). */
  streamDeadlineMs?: number;
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

/** Pauses before the client's own further tries of a read that grpc-js gave up on with UNAVAILABLE. */
export const READ_RETRY_PAUSES_MS = [250, 750] as const;

function unaryCall(
  grpcClient: grpc.Client,
  service: DescService,
  method: DescMethod,
  defaultDeadlineMs: number,
  baseMetadata: ClientOptions['metadata'],
  replicated: boolean,
) {
  const path = methodPath(service, method);
  const serialize = serializer(method.input);
  const deserialize = deserializer(method.output);
  const isRead = replicated && idempotentReads(service).includes(method);
  const attempt = (request: Message, options: CallOptions, deadline: number): Promise<Message> =>
    new Promise<Message>((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(new GrpcError(grpc.status.CANCELLED, 'Call cancelled before it started'));
        return;
      }
      const call = grpcClient.makeUnaryRequest<Message, Message>(
        path,
        serialize,
        deserialize,
        request,
        callMetadata(path, options, baseMetadata),
        { deadline: new Date(deadline) },
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
  return async (init: unknown, options: CallOptions = {}): Promise<Message> => {
    const deadline = Date.now() + validDeadline(options.deadlineMs ?? defaultDeadlineMs, 'deadlineMs');
    const request = create(method.input, init as Parameters<typeof create>[1]);
    // With several replicas (a list of addresses), a read that still fails UNAVAILABLE after grpc-js's own tries
    // (serviceConfig: within a second, and a replica that was just killed can be picked again until its connection
    // is seen closed) is tried again after a pause, twice, within the same deadline: by then round_robin knows
    // which replicas serve. Writes never; one address fails fast (a retry would only wait on the reconnect).
    // A service that stays down still answers UNAVAILABLE, not the deadline a later try ran into while connecting.
    let unavailable: GrpcError | undefined;
    for (let tried = 0; ; tried += 1) {
      try {
        return await attempt(request, options, deadline);
      } catch (error) {
        if (unavailable && error instanceof GrpcError && error.code === grpc.status.DEADLINE_EXCEEDED) throw unavailable;
        const pause = READ_RETRY_PAUSES_MS[tried];
        const again = isRead && pause !== undefined && error instanceof GrpcError && error.code === grpc.status.UNAVAILABLE && Date.now() + pause < deadline;
        if (!again || options.signal?.aborted) throw error;
        unavailable = error;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };
}

function callMetadata(path: string, options: CallOptions, baseMetadata?: ClientOptions['metadata']): grpc.Metadata {
  return baseMetadata ? mergeMetadata(toMetadata(baseMetadata, path), toMetadata(options.metadata, path)) : toMetadata(options.metadata, path);
}

/**
 * A client-streaming call: each request of the source is sent in turn, waiting for 'drain' when grpc-js's
 * buffer is full (a large upload never sits in memory); the source failing cancels the call and rejects with
 * the source's error; the call failing stops reading the source.
 */
function clientStreamingCall(
  grpcClient: grpc.Client,
  service: DescService,
  method: DescMethod,
  defaultDeadlineMs: number,
  baseMetadata?: ClientOptions['metadata'],
) {
  const path = methodPath(service, method);
  const serialize = serializer(method.input);
  const deserialize = deserializer(method.output);
  return async (source: AsyncIterable<unknown> | Iterable<unknown>, options: CallOptions = {}): Promise<Message> => {
    const deadlineMs = validDeadline(options.deadlineMs ?? defaultDeadlineMs, 'deadlineMs');
    if (options.signal?.aborted) throw new GrpcError(grpc.status.CANCELLED, 'Call cancelled before it started');
    let settle!: { resolve: (message: Message) => void; reject: (error: unknown) => void };
    const answer = new Promise<Message>((resolve, reject) => (settle = { resolve, reject }));
    let failed: unknown;
    const call = grpcClient.makeClientStreamRequest<Message, Message>(
      path,
      serialize,
      deserialize,
      callMetadata(path, options, baseMetadata),
      { deadline: new Date(Date.now() + deadlineMs) },
      (error, response) => {
        if (error) {
          failed = GrpcError.fromServiceError(error);
          settle.reject(failed);
        } else if (response) settle.resolve(response);
        else settle.reject(new GrpcError(grpc.status.INTERNAL, `Empty response from ${path}`));
      },
    );
    // The status arrives through the callback; the stream's own 'error' would otherwise be unhandled.
    call.on('error', () => undefined);
    const onAbort = () => call.cancel();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const ended = new AbortController();
    void answer.catch(() => ended.abort());
    try {
      for await (const init of source) {
        if (failed !== undefined) break;
        if (!call.write(create(method.input, init as Parameters<typeof create>[1]))) {
          // once() with a signal removes its listeners either way (a race of two once() left one behind per drain).
          await once(call, 'drain', { signal: ended.signal }).catch(() => undefined);
        }
      }
      if (failed === undefined) call.end();
    } catch (error) {
      call.cancel();
      void answer.catch(() => undefined);
      options.signal?.removeEventListener('abort', onAbort);
      throw error;
    }
    try {
      return await answer;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  };
}

/**
 * A server-streaming call as an async iterable: grpc-js's readable stream pauses while the loop is busy, so a
 * large download never sits in memory; leaving the loop early cancels the call; a failed call throws a GrpcError.
 */
function serverStreamingCall(
  grpcClient: grpc.Client,
  service: DescService,
  method: DescMethod,
  defaultDeadlineMs: number,
  baseMetadata?: ClientOptions['metadata'],
) {
  const path = methodPath(service, method);
  const serialize = serializer(method.input);
  const deserialize = deserializer(method.output);
  return (init: unknown, options: CallOptions = {}): AsyncIterable<Message> => ({
    async *[Symbol.asyncIterator]() {
      const deadlineMs = validDeadline(options.deadlineMs ?? defaultDeadlineMs, 'deadlineMs');
      if (options.signal?.aborted) throw new GrpcError(grpc.status.CANCELLED, 'Call cancelled before it started');
      const request = create(method.input, init as Parameters<typeof create>[1]);
      const call = grpcClient.makeServerStreamRequest<Message, Message>(path, serialize, deserialize, request, callMetadata(path, options, baseMetadata), {
        deadline: new Date(Date.now() + deadlineMs),
      });
      const onAbort = () => call.cancel();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      let done = false;
      try {
        for await (const message of call) yield message as Message;
        done = true;
      } catch (error) {
        done = true;
        throw (error as { code?: unknown }).code !== undefined ? GrpcError.fromServiceError(error as grpc.ServiceError) : error;
      } finally {
        options.signal?.removeEventListener('abort', onAbort);
        if (!done) call.cancel();
      }
    },
  });
}

/**
 * A typed promise client for a protobuf-es service, e.g.
 * `const venues = createClient(VenuesService, '127.0.0.1:50051'); await venues.listVenues({ query: 'arena' })`.
 * `address` may list several replicas ('127.0.0.1:50051,127.0.0.1:50061', see grpcTarget): calls are
 * balanced over them (round_robin) and reads (Get…, List…) retried on UNAVAILABLE: up to 5 attempts by grpc-js
 * (serviceConfig), and with several replicas two more such rounds after 250 and 750 ms (READ_RETRY_PAUSES_MS),
 * within the deadline (idempotentReads).
 * Every call carries a deadline (the client's `deadlineMs`, default 5000 ms, or the call's own);
 * failures reject with a GrpcError (status, message and field errors).
 */
export function createClient<S extends DescService>(service: S, address: string, options: ClientOptions = {}): Client<S> {
  const defaultDeadlineMs = validDeadline(options.deadlineMs ?? DEFAULT_DEADLINE_MS, 'deadlineMs');
  const grpcClient = new grpc.Client(grpcTarget(address), options.credentials ?? grpc.credentials.createInsecure(), {
    ...DEFAULT_CHANNEL_OPTIONS,
    'grpc.service_config': JSON.stringify(serviceConfig(service)),
    ...(options.maxMessageBytes ? messageSizeOptions(options.maxMessageBytes) : {}),
    ...options.channelOptions,
  });
  const streamDeadlineMs = validDeadline(options.streamDeadlineMs ?? DEFAULT_STREAM_DEADLINE_MS, 'streamDeadlineMs');
  const replicated = splitGrpcAddresses(address).length > 1;
  const client: Record<string, unknown> = {};
  for (const method of service.methods) {
    if (method.methodKind === 'unary') client[method.localName] = unaryCall(grpcClient, service, method, defaultDeadlineMs, options.metadata, replicated);
    else if (method.methodKind === 'client_streaming')
      client[method.localName] = clientStreamingCall(grpcClient, service, method, streamDeadlineMs, options.metadata);
    else if (method.methodKind === 'server_streaming')
      client[method.localName] = serverStreamingCall(grpcClient, service, method, streamDeadlineMs, options.metadata);
  }
  Object.defineProperty(client, 'grpcClient', { value: grpcClient, enumerable: false });
  Object.defineProperty(client, 'close', { value: () => grpcClient.close(), enumerable: false });
  return client as Client<S>;
}

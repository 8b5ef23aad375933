import type { DescMessage, DescService, Message, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type * as grpc from '@grpc/grpc-js';

/**
 * Who is calling, as the gateway vouched for it in the signed user context (service-kit verifies the
 * signature before any handler runs). `userId` is '' for calls made before sign-in (e.g. SignIn itself).
 */
export interface Caller {
  userId: string;
  email: string;
  /** owner, admin, editor, surveyor or viewer; '' when anonymous. */
  role: string;
  requestId: string;
}

/** What a server handler learns about the call besides the request message. */
export interface HandlerContext {
  /** Set by service-kit once the signed user context is verified. */
  caller?: Caller;
  metadata: grpc.Metadata;
  /** `x-request-id` from the caller's metadata, when present. */
  requestId?: string;
  /** The call's deadline in epoch milliseconds (Infinity when the caller set none). */
  deadline: number;
  /** Aborted when the caller cancels or the deadline passes. */
  signal: AbortSignal;
}

type UnaryMethodOf<M> = M extends { methodKind: 'unary'; input: infer I extends DescMessage; output: infer O extends DescMessage }
  ? { input: I; output: O }
  : never;
type ClientStreamingMethodOf<M> = M extends { methodKind: 'client_streaming'; input: infer I extends DescMessage; output: infer O extends DescMessage }
  ? { input: I; output: O }
  : never;
type ServerStreamingMethodOf<M> = M extends { methodKind: 'server_streaming'; input: infer I extends DescMessage; output: infer O extends DescMessage }
  ? { input: I; output: O }
  : never;

/** The unary method names of a service descriptor. */
export type UnaryMethodNames<S extends DescService> = {
  [K in keyof S['method']]: UnaryMethodOf<S['method'][K]> extends never ? never : K;
}[keyof S['method']] &
  string;

/** The client-streaming method names (one answer to a stream of requests, e.g. an upload). */
export type ClientStreamingMethodNames<S extends DescService> = {
  [K in keyof S['method']]: ClientStreamingMethodOf<S['method'][K]> extends never ? never : K;
}[keyof S['method']] &
  string;

/** The server-streaming method names (a stream of answers to one request, e.g. a download). */
export type ServerStreamingMethodNames<S extends DescService> = {
  [K in keyof S['method']]: ServerStreamingMethodOf<S['method'][K]> extends never ? never : K;
}[keyof S['method']] &
  string;

export type UnaryHandler<I extends DescMessage, O extends DescMessage> = (request: MessageShape<I>, call: HandlerContext) => Promise<MessageInitShape<O>>;

/**
 * Reads the requests as they arrive (backpressure: the next message is read when the loop asks for it) and
 * answers once. Throwing (a GrpcError for a status) ends the call with that status.
 */
export type ClientStreamingHandler<I extends DescMessage, O extends DescMessage> = (
  requests: AsyncIterable<MessageShape<I>>,
  call: HandlerContext,
) => Promise<MessageInitShape<O>>;

/**
 * Yields the answers one by one (the next is asked for once the previous one is sent: backpressure);
 * throwing ends the stream with that status.
 */
export type ServerStreamingHandler<I extends DescMessage, O extends DescMessage> = (
  request: MessageShape<I>,
  call: HandlerContext,
) => AsyncIterable<MessageInitShape<O>>;

/** One handler per method of the service (unary, client- and server-streaming), keyed by the method's localName. */
export type ServiceHandlers<S extends DescService> = {
  [K in UnaryMethodNames<S>]: UnaryMethodOf<S['method'][K]> extends { input: infer I extends DescMessage; output: infer O extends DescMessage }
    ? UnaryHandler<I, O>
    : never;
} & {
  [K in ClientStreamingMethodNames<S>]: ClientStreamingMethodOf<S['method'][K]> extends {
    input: infer I extends DescMessage;
    output: infer O extends DescMessage;
  }
    ? ClientStreamingHandler<I, O>
    : never;
} & {
  [K in ServerStreamingMethodNames<S>]: ServerStreamingMethodOf<S['method'][K]> extends {
    input: infer I extends DescMessage;
    output: infer O extends DescMessage;
  }
    ? ServerStreamingHandler<I, O>
    : never;
};

/**
 * A handler with its message types erased. The method-shorthand signature is deliberately bivariant so
 * that any typed `ServiceHandlers<S>` is assignable to `UntypedHandlers`.
 */
export type UntypedHandler = {
  bivarianceHack(request: Message, call: HandlerContext): Promise<unknown> | AsyncIterable<unknown>;
}['bivarianceHack'];

export type UntypedHandlers = Readonly<Record<string, UntypedHandler>>;

/** Metadata entries of a call. */
export type MetadataInit = grpc.Metadata | Record<string, string>;

/**
 * Metadata made for the method being called, from its full path (e.g.
 * `/venuebook.venues.v1.VenuesService/DeleteVenue`): a signed user context binds the method it is for.
 */
export type MethodMetadata = (methodPath: string) => MetadataInit;

export interface CallOptions {
  /** Overrides the client's default deadline for this call. */
  deadlineMs?: number;
  /** Entries, or a function of the method path (e.g. the kit's userContextSigner) called when the call starts. */
  metadata?: MetadataInit | MethodMetadata;
  signal?: AbortSignal;
}

/** A promise-based client: one method per RPC, named like protobuf-es' `localName`. */
export type PromiseClient<S extends DescService> = {
  [K in UnaryMethodNames<S>]: UnaryMethodOf<S['method'][K]> extends { input: infer I extends DescMessage; output: infer O extends DescMessage }
    ? (request: MessageInitShape<I>, options?: CallOptions) => Promise<MessageShape<O>>
    : never;
} & {
  /** Sends every request of `requests` (waiting whenever the transport is full) and resolves with the answer. */
  [K in ClientStreamingMethodNames<S>]: ClientStreamingMethodOf<S['method'][K]> extends {
    input: infer I extends DescMessage;
    output: infer O extends DescMessage;
  }
    ? (requests: AsyncIterable<MessageInitShape<I>> | Iterable<MessageInitShape<I>>, options?: CallOptions) => Promise<MessageShape<O>>
    : never;
} & {
  /** The answers as they arrive; leaving the loop early cancels the call. */
  [K in ServerStreamingMethodNames<S>]: ServerStreamingMethodOf<S['method'][K]> extends {
    input: infer I extends DescMessage;
    output: infer O extends DescMessage;
  }
    ? (request: MessageInitShape<I>, options?: CallOptions) => AsyncIterable<MessageShape<O>>
    : never;
};

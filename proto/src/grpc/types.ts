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

/** The unary method names of a service descriptor. */
export type UnaryMethodNames<S extends DescService> = {
  [K in keyof S['method']]: UnaryMethodOf<S['method'][K]> extends never ? never : K;
}[keyof S['method']] &
  string;

export type UnaryHandler<I extends DescMessage, O extends DescMessage> = (
  request: MessageShape<I>,
  call: HandlerContext,
) => Promise<MessageInitShape<O>>;

/** One async handler per unary method of the service, keyed by the method's localName. */
export type ServiceHandlers<S extends DescService> = {
  [K in UnaryMethodNames<S>]: UnaryMethodOf<S['method'][K]> extends { input: infer I extends DescMessage; output: infer O extends DescMessage }
    ? UnaryHandler<I, O>
    : never;
};

/**
 * A handler with its message types erased. The method-shorthand signature is deliberately bivariant so
 * that any typed `ServiceHandlers<S>` is assignable to `UntypedHandlers`.
 */
export type UntypedHandler = {
  bivarianceHack(request: Message, call: HandlerContext): Promise<unknown>;
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

/** A promise-based client: one method per unary RPC, named like protobuf-es' `localName`. */
export type PromiseClient<S extends DescService> = {
  [K in UnaryMethodNames<S>]: UnaryMethodOf<S['method'][K]> extends { input: infer I extends DescMessage; output: infer O extends DescMessage }
    ? (request: MessageInitShape<I>, options?: CallOptions) => Promise<MessageShape<O>>
    : never;
};

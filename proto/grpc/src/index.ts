// grpc-js adapter for protobuf-es v2 descriptors (Node only).
// protobuf-es has no grpc-js generator, so service definitions, server implementations and typed
// promise clients are built here from the generated `GenService` descriptors.
export {
  createClient,
  DEFAULT_CHANNEL_OPTIONS,
  DEFAULT_DEADLINE_MS,
  DEFAULT_STREAM_DEADLINE_MS,
  grpcTarget,
  idempotentReads,
  READ_RETRY_PAUSES_MS,
  serviceConfig,
  splitGrpcAddresses,
} from './client.ts';
export type { Client, ClientOptions } from './client.ts';
export { DEFAULT_MAX_MESSAGE_BYTES, messageSizeOptions } from './limits.ts';
export { FIELD_ERRORS_METADATA_KEY, GrpcError, isGrpcError, readFieldErrors, writeFieldErrors } from './grpc-error.ts';
export type { FieldError } from './grpc-error.ts';
export { implement, REQUEST_ID_METADATA_KEY } from './server.ts';
export { partialHandlers } from './partial-handlers.ts';
export type { ImplementOptions } from './server.ts';
export { methodPath, toServiceDefinition } from './service-definition.ts';
export type {
  Caller,
  CallOptions,
  ClientStreamingHandler,
  ClientStreamingMethodNames,
  MetadataInit,
  MethodMetadata,
  HandlerContext,
  PromiseClient,
  ServerStreamingHandler,
  ServerStreamingMethodNames,
  ServiceHandlers,
  UnaryHandler,
  UnaryMethodNames,
  UntypedHandler,
  UntypedHandlers,
} from './types.ts';
export { status as GrpcStatus, Metadata } from '@grpc/grpc-js';

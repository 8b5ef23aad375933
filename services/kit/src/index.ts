// @venuebook/service-kit: the shared plumbing of every service (config, logging, MongoDB, gRPC server,
// JetStream helpers, graceful shutdown).
export {
  baseConfigSchema,
  booleanSettingSchema,
  companyDomainSchema,
  ConfigError,
  configReference,
  durationMsSchema,
  grpcAddressListSchema,
  grpcAddressSchema,
  grpcClientConfigSchema,
  grpcMaxMessageBytesSchema,
  grpcServerConfigSchema,
  loadConfig,
  loadConfigOrExit,
  LOG_LEVELS,
  mongoConfigSchema,
  mongoUriSchema,
  natsConfigSchema,
  natsUrlSchema,
  portSchema,
  s3ConfigSchema,
  serviceConfigSchema,
  userContextConfigSchema,
} from './config.ts';
export type { ConfigVariable } from './config.ts';
export {
  requirePermission,
  requireCallerPermission,
  callerCan,
  requireUser,
  signUserContext,
  userContextSigner,
  USER_CONTEXT_MAX_AGE_MS,
  USER_CONTEXT_METADATA,
  verifyUserContext,
  requireWorkerCaller,
  workerCaller,
  workerUserId,
} from './user-context.ts';
export { createLogger, REDACT_PATHS } from './logger.ts';
export { redactCredentials, REDACTED_CREDENTIALS } from './redact-credentials.ts';
export type { CreateLoggerOptions, Logger } from './logger.ts';
export { nameBasedUuid } from './name-uuid.ts';
export { connectMongo, ensureIndexes, insertOnce, isDuplicateKeyError, registeredModel } from './mongo.ts';
export type { ConnectMongoOptions } from './mongo.ts';
export { lockModel, Locks, lockSchema, STALE_LOCK_MS } from './locks.ts';
export type { LockDocument } from './locks.ts';
export { startGrpcServer } from './grpc-server.ts';
export type { GrpcServiceRegistration, RunningGrpcServer, StartGrpcServerOptions } from './grpc-server.ts';
export { createHealthChecker } from './grpc-health.ts';
export { grpcClientCredentials, grpcServerTls, isLoopbackHost, serverCredentials } from './grpc-tls.ts';
export type { GrpcServerTls, GrpcTlsFiles } from './grpc-tls.ts';
export type { GrpcHealthChecker, HealthStatus } from './grpc-health.ts';
export { AckPolicy, connectNats, DeliverPolicy, ensureStreams, publishEvent, toStreamConfig } from './nats.ts';
export type { ConnectNatsOptions, EventEnvelope, JetStreamClient, JsMsg, NatsConnection, PubAck } from './nats.ts';
export { createEventPublisher } from './domain-events.ts';
export type { DomainEventPublisher } from './domain-events.ts';
export { subscribeDomainEvents } from './event-subscription.ts';
export {
  AUDIT_MAX_ITEMS,
  AUDIT_MAX_JSON_BYTES,
  AUDIT_MAX_STRING,
  AUDIT_REDACTED,
  auditContextOf,
  auditValues,
  changedValues,
  createAuditRecorder,
} from './audit.ts';
export type { AuditChange, AuditContext, AuditRecorder } from './audit.ts';
export { foldText, ReadModel } from './read-model/read-model.ts';
export type {
  ReadModelChangeListener,
  ReadModelEvents,
  ReadModelOptions,
  ReadModelPage,
  ReadModelQuery,
  ReadModelSource,
  ReadRecord,
} from './read-model/read-model.ts';
export { RecordCache } from './read-model/record-cache.ts';
export type { RecordCacheOptions } from './read-model/record-cache.ts';
export { consumeDurable } from './durable-consumer.ts';
export type { DurableConsumerOptions, RunningDurableConsumer } from './durable-consumer.ts';
export type { DomainEvent, SubjectsMatching, SubscribeDomainEventsOptions } from './event-subscription.ts';
export { onShutdown, runService, shutdown } from './shutdown.ts';
export { runServiceMain, startDomainService, startServiceLifecycle } from './service-lifecycle.ts';
export type { Defer, DomainServiceConfig, DomainServiceContext, DomainServiceOptions, RunningServiceHandle } from './service-lifecycle.ts';
export type { RunServiceOptions } from './shutdown.ts';
export { createServiceClient } from './clients/service-client.ts';
export type { ServiceClient, ServiceClientSettings } from './clients/service-client.ts';
export { createVenueDirectory, VENUE_NOT_FOUND, venueDirectoryConfigSchema } from './clients/venue-directory.ts';
export type { VenueDirectory } from './clients/venue-directory.ts';
export { cardsClientConfigSchema, createVenueLinks } from './clients/venue-links.ts';
export type { VenueLinks } from './clients/venue-links.ts';
export { startVenueLifecycle } from './venue-lifecycle.ts';
export type { RunningVenueLifecycle, VenueLifecycleOptions } from './venue-lifecycle.ts';
export {
  backoffDelay,
  JobQueue,
  MAX_RETRY_AFTER_MS,
  parseRetryAfter,
  PermanentJobFailure,
  RetryLater,
  SkippedJob,
  startWorker,
  workerJobModel,
} from './worker/index.ts';
export type {
  BackoffPolicy,
  JobContext,
  JobStatus,
  RunningWorker,
  WorkerJob,
  WorkerJobDocument,
  WorkerOptions,
} from './worker/index.ts';
export { newWebhookSecret, signWebhook, verifyWebhookSignature, WEBHOOK_HEADERS } from './webhook-signature.ts';

import type * as grpc from '@grpc/grpc-js';

/**
 * The largest gRPC message (request or response) a client or a server of Venue Book sends or accepts, by
 * default: grpc-js's own receive default, made explicit and applied to sending too, so that an over-limit
 * message fails at once with RESOURCE_EXHAUSTED ('... larger than max (N vs. LIMIT)') on the side that has
 * it. Services read GRPC_MAX_MESSAGE_BYTES (kit), the gateway's clients the same variable.
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** The channel options that set the limit in both directions. */
export function messageSizeOptions(maxMessageBytes: number = DEFAULT_MAX_MESSAGE_BYTES): grpc.ChannelOptions {
  if (!Number.isInteger(maxMessageBytes) || maxMessageBytes <= 0) throw new RangeError(`maxMessageBytes must be a positive integer, got ${maxMessageBytes}`);
  return { 'grpc.max_receive_message_length': maxMessageBytes, 'grpc.max_send_message_length': maxMessageBytes };
}

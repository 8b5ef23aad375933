import { once } from 'node:events';
import { create } from '@bufbuild/protobuf';
import type { DescMethod, DescService, Message } from '@bufbuild/protobuf';
import * as grpc from '@grpc/grpc-js';
import { GrpcError, writeFieldErrors } from './grpc-error.ts';
import type { HandlerContext, ServiceHandlers, UntypedHandlers } from './types.ts';

export const REQUEST_ID_METADATA_KEY = 'x-request-id';

export interface ImplementOptions {
  /**
   * Called for errors that are not a GrpcError (answered as INTERNAL with a generic message).
   * Log the error here; the request message and metadata are deliberately not passed.
   */
  onInternalError?: (error: unknown, info: { method: string; requestId?: string }) => void;
}

const INTERNAL_MESSAGE = 'Internal server error';

function defaultOnInternalError(error: unknown, info: { method: string; requestId?: string }): void {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(`gRPC ${info.method} failed${info.requestId ? ` (request ${info.requestId})` : ''}: ${detail}`);
}

function toStatus(error: unknown, method: string, requestId: string | undefined, options: ImplementOptions): Partial<grpc.StatusObject> {
  if (error instanceof GrpcError) {
    const metadata = writeFieldErrors(error.fieldErrors);
    return metadata ? { code: error.code, details: error.message, metadata } : { code: error.code, details: error.message };
  }
  (options.onInternalError ?? defaultOnInternalError)(error, requestId ? { method, requestId } : { method });
  return { code: grpc.status.INTERNAL, details: INTERNAL_MESSAGE };
}

/**
 * The handler's view of a call. Its signal aborts when the client cancels before the answer is sent; grpc-js
 * also reports 'cancelled' when the stream closes after an answer (every call), which is ignored: the error
 * (and its stack trace) would cost each call for nothing.
 */
function contextOf(
  call: grpc.ServerUnaryCall<Message, Message> | grpc.ServerReadableStream<Message, Message> | grpc.ServerWritableStream<Message, Message>,
  answered: () => boolean,
): HandlerContext {
  const controller = new AbortController();
  (call as grpc.ServerUnaryCall<Message, Message>).once('cancelled', () => {
    if (!answered()) controller.abort(new GrpcError(grpc.status.CANCELLED, 'Call cancelled'));
  });
  const [rawRequestId] = call.metadata.get(REQUEST_ID_METADATA_KEY);
  const rawDeadline = call.getDeadline();
  const deadline = rawDeadline instanceof Date ? rawDeadline.getTime() : rawDeadline;
  const context: HandlerContext = { metadata: call.metadata, deadline, signal: controller.signal };
  if (typeof rawRequestId === 'string' && rawRequestId.length > 0) context.requestId = rawRequestId;
  return context;
}

/**
 * A call with one answer (unary or client-streaming): runs the handler on what `input` makes of the call and
 * answers once, with the handler's result or its error's status.
 */
function singleAnswerHandler<C extends grpc.ServerUnaryCall<Message, Message> | grpc.ServerReadableStream<Message, Message>>(
  method: DescMethod,
  handler: UntypedHandlers[string],
  options: ImplementOptions,
  input: (call: C) => unknown,
): (call: C, respond: grpc.sendUnaryData<Message>) => void {
  const label = `${method.parent.typeName}/${method.name}`;
  return (call, respond) => {
    let answered = false;
    const callback: typeof respond = (...args) => {
      answered = true;
      respond(...args);
    };
    const context = contextOf(call, () => answered);
    Promise.resolve()
      .then(() => handler(input(call) as Message, context))
      .then(
        (result) => {
          let response: Message;
          try {
            response = create(method.output, result as Parameters<typeof create>[1]);
          } catch (error) {
            callback(toStatus(error, label, context.requestId, options));
            return;
          }
          callback(null, response);
        },
        (error: unknown) => callback(toStatus(error, label, context.requestId, options)),
      );
  };
}

function unaryHandler(method: DescMethod, handler: UntypedHandlers[string], options: ImplementOptions): grpc.handleUnaryCall<Message, Message> {
  return singleAnswerHandler<grpc.ServerUnaryCall<Message, Message>>(method, handler, options, (call) => call.request);
}

/**
 * A client-streaming call: the handler reads the requests as an async iterable (the grpc-js stream itself, so
 * a request is read only when the handler's loop asks for it) and its answer is sent once.
 */
function clientStreamingHandler(
  method: DescMethod,
  handler: UntypedHandlers[string],
  options: ImplementOptions,
): grpc.handleClientStreamingCall<Message, Message> {
  return singleAnswerHandler<grpc.ServerReadableStream<Message, Message>>(method, handler, options, (call) => ({
    async *[Symbol.asyncIterator]() {
      for await (const message of call) yield message as Message;
    },
  }));
}

/**
 * A server-streaming call: every answer the handler yields is sent, waiting for the transport to drain when
 * it is full, so a slow client slows the handler instead of filling memory. A cancelled call stops the loop.
 */
function serverStreamingHandler(
  method: DescMethod,
  handler: UntypedHandlers[string],
  options: ImplementOptions,
): grpc.handleServerStreamingCall<Message, Message> {
  const label = `${method.parent.typeName}/${method.name}`;
  return (call) => {
    let finished = false;
    const context = contextOf(call, () => finished);
    void (async () => {
      try {
        const answers = handler(call.request, context) as AsyncIterable<unknown>;
        for await (const answer of answers) {
          if (context.signal.aborted) return;
          const message = create(method.output, answer as Parameters<typeof create>[1]);
          if (!call.write(message)) {
            // once() with a signal removes its listeners either way (a race of two once() left one behind per drain).
            await once(call, 'drain', { signal: context.signal }).catch(() => undefined);
          }
        }
        finished = true;
        call.end();
      } catch (error) {
        finished = true;
        if (context.signal.aborted) return;
        call.emit('error', toStatus(error, label, context.requestId, options));
      }
    })();
  };
}

/**
 * Turns async handlers (keyed by method localName) into a grpc-js implementation for
 * `server.addService(toServiceDefinition(service), implement(service, handlers))`.
 * A thrown GrpcError becomes its status (field errors in the `venuebook-field-errors` trailer);
 * anything else becomes INTERNAL with a generic message.
 */
export function implement<S extends DescService>(service: S, handlers: ServiceHandlers<S>, options?: ImplementOptions): grpc.UntypedServiceImplementation;
export function implement(service: DescService, handlers: UntypedHandlers, options?: ImplementOptions): grpc.UntypedServiceImplementation;
export function implement(service: DescService, handlers: UntypedHandlers, options: ImplementOptions = {}): grpc.UntypedServiceImplementation {
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const method of service.methods) {
    const handler = handlers[method.localName];
    if (!handler) throw new Error(`No handler for ${service.typeName}/${method.name}`);
    if (method.methodKind === 'unary') implementation[method.localName] = unaryHandler(method, handler, options);
    else if (method.methodKind === 'client_streaming') implementation[method.localName] = clientStreamingHandler(method, handler, options);
    else if (method.methodKind === 'server_streaming') implementation[method.localName] = serverStreamingHandler(method, handler, options);
    else throw new Error(`${service.typeName}/${method.name}: bidirectional streams are not supported`);
  }
  return implementation;
}

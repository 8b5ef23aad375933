import { fromBinary, toBinary } from '@bufbuild/protobuf';
import type { DescMessage, DescMethod, DescService, Message } from '@bufbuild/protobuf';
import type * as grpc from '@grpc/grpc-js';

/** The HTTP/2 path of a method, e.g. `/venuebook.venues.v1.VenuesService/ListVenues`. */
export function methodPath(service: DescService, method: DescMethod): string {
  return `/${service.typeName}/${method.name}`;
}

export function serializer(schema: DescMessage): (value: Message) => Buffer {
  return (value) => {
    const bytes = toBinary(schema, value);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}

export function deserializer(schema: DescMessage): (bytes: Buffer) => Message {
  return (bytes) => fromBinary(schema, bytes);
}

/**
 * Builds the grpc-js service definition from a protobuf-es descriptor. Keys are the methods'
 * `localName` (lower camel case), which is what `implement()` and `createClient()` use as well.
 */
export function toServiceDefinition(service: DescService): grpc.ServiceDefinition {
  const definition: Record<string, grpc.MethodDefinition<Message, Message>> = {};
  for (const method of service.methods) {
    definition[method.localName] = {
      path: methodPath(service, method),
      originalName: method.name,
      requestStream: method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming',
      responseStream: method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming',
      requestSerialize: serializer(method.input),
      requestDeserialize: deserializer(method.input),
      responseSerialize: serializer(method.output),
      responseDeserialize: deserializer(method.output),
    };
  }
  return definition;
}

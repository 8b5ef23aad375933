import { fromBinary, ScalarType, toBinary } from '@bufbuild/protobuf';
import type { DescMessage, DescMethod, DescService, Message } from '@bufbuild/protobuf';
import type * as grpc from '@grpc/grpc-js';

/** The HTTP/2 path of a method, e.g. `/venuebook.venues.v1.VenuesService/ListVenues`. */
export function methodPath(service: DescService, method: DescMethod): string {
  return `/${service.typeName}/${method.name}`;
}

/**
 * The message's serializer. A message that is one oneof with a bytes case (a stream's chunk: UploadDocumentRequest,
 * ReadContentResponse) is written straight into a buffer of its exact size when that case is set: toBinary's writer
 * starts at 128 bytes and doubles, copying at each step and once more at the end, so a 64 KiB chunk would allocate
 * about 320 KiB and be copied several times over (docs/decisions/0004-streaming-uploads.md).
 */
export function serializer(schema: DescMessage): (value: Message) => Buffer {
  const general = (value: Message): Buffer => {
    const bytes = toBinary(schema, value);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  const oneof = schema.oneofs.length === 1 && schema.fields.every((field) => field.oneof === schema.oneofs[0]) ? schema.oneofs[0] : undefined;
  if (!oneof) return general;
  const bytesCases = new Map(
    oneof.fields.filter((field) => field.fieldKind === 'scalar' && field.scalar === ScalarType.BYTES).map((field) => [field.localName, field.number]),
  );
  if (bytesCases.size === 0) return general;
  return (value) => {
    const selected = (value as unknown as Record<string, { case?: string; value?: unknown } | undefined>)[oneof.localName];
    const fieldNumber = selected?.case === undefined ? undefined : bytesCases.get(selected.case);
    const unknown = (value as { $unknown?: unknown[] }).$unknown;
    if (fieldNumber === undefined || !(selected!.value instanceof Uint8Array) || (unknown !== undefined && unknown.length > 0)) return general(value);
    const bytes = selected!.value;
    const tag = ((fieldNumber << 3) | 2) >>> 0;
    const out = Buffer.allocUnsafe(varintSize(tag) + varintSize(bytes.byteLength) + bytes.byteLength);
    const at = writeVarint(out, writeVarint(out, 0, tag), bytes.byteLength);
    out.set(bytes, at);
    return out;
  };
}

function varintSize(value: number): number {
  let size = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 128);
    size += 1;
  }
  return size;
}

function writeVarint(out: Buffer, at: number, value: number): number {
  while (value >= 0x80) {
    out[at++] = (value & 0x7f) | 0x80;
    value = Math.floor(value / 128);
  }
  out[at++] = value;
  return at;
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

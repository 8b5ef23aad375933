import { expect } from 'vitest';
import { GrpcError } from '@venuebook/grpc';

/** Awaits a gRPC call that must fail and returns its GrpcError (the test fails when it succeeds or throws anything else). */
export async function rejection(promise: Promise<unknown>): Promise<GrpcError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GrpcError);
  return error as GrpcError;
}

import { resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigSchema, durationMsSchema, grpcAddressSchema, portSchema } from '@venuebook/service-kit';

/** The repository root: gateway/src → gateway → repo. The default WEB_ROOT. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

export const gatewayConfigSchema = z.object({
  ...baseConfigSchema.shape,
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: portSchema.default(8080),
  VENUES_GRPC_URL: grpcAddressSchema.default('127.0.0.1:50051'),
  GRPC_DEADLINE_MS: durationMsSchema.default(5000),
  /** Holds shell/dist and mfe-<name>/dist. */
  WEB_ROOT: z
    .string()
    .min(1)
    .default(REPO_ROOT)
    .transform((path) => resolve(path)),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

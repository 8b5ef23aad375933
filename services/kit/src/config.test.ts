import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigSchema, ConfigError, grpcServerConfigSchema, loadConfig, mongoConfigSchema, natsConfigSchema } from './config.ts';

const schema = z.object({
  ...baseConfigSchema.shape,
  ...mongoConfigSchema('venuebook_venues').shape,
  ...natsConfigSchema.shape,
  ...grpcServerConfigSchema.shape,
});

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(schema, { MONGODB_URI: 'mongodb://127.0.0.1:27017', NATS_URL: 'nats://127.0.0.1:4222', GRPC_PORT: '0' });
    expect(config).toEqual({
      LOG_LEVEL: 'info',
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB: 'venuebook_venues',
      NATS_URL: 'nats://127.0.0.1:4222',
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: 0,
    });
  });

  it('reports a non-numeric port as invalid, not as missing', () => {
    expect(() => loadConfig(schema, { MONGODB_URI: 'mongodb://h', NATS_URL: 'nats://h:1', GRPC_PORT: 'abc' })).toThrow(
      /GRPC_PORT: Invalid input: expected number, received NaN/,
    );
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig(schema, { MONGODB_URI: 'mongodb://h', NATS_URL: 'nats://h:1', MONGODB_DB: '', GRPC_PORT: '' });
    expect(config.MONGODB_DB).toBe('venuebook_venues');
    expect(config.GRPC_PORT).toBe(50051);
  });

  it('lists every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig(schema, { MONGODB_URI: 'postgres://x', GRPC_PORT: '70000', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual(['GRPC_PORT', 'LOG_LEVEL', 'MONGODB_URI', 'NATS_URL']);
    expect(error.message).toMatch(/Invalid configuration:/);
    expect(error.message).toMatch(/NATS_URL: is required/);
    expect(error.message).toMatch(/MONGODB_URI: must be a mongodb:\/\//);
    expect(error.message).toMatch(/GRPC_PORT: Too big/);
    expect(error.message).not.toContain('postgres://x');
  });
});

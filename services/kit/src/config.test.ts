import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseConfigSchema,
  companyDomainSchema,
  ConfigError,
  configReference,
  grpcAddressListSchema,
  grpcServerConfigSchema,
  loadConfig,
  mongoConfigSchema,
  natsConfigSchema,
  serviceConfigSchema,
} from './config.ts';

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
      GRPC_MAX_MESSAGE_BYTES: 4 * 1024 * 1024,
      GRPC_ALLOW_INSECURE: false,
    });
  });

  it('reads the gRPC message size limit within its bounds', () => {
    const base = { MONGODB_URI: 'mongodb://h', NATS_URL: 'nats://h:1' };
    expect(loadConfig(schema, { ...base, GRPC_MAX_MESSAGE_BYTES: '8388608' }).GRPC_MAX_MESSAGE_BYTES).toBe(8 * 1024 * 1024);
    expect(() => loadConfig(schema, { ...base, GRPC_MAX_MESSAGE_BYTES: '100' })).toThrow(/GRPC_MAX_MESSAGE_BYTES/);
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

describe('serviceConfigSchema', () => {
  const env = { MONGODB_URI: 'mongodb://h', NATS_URL: 'nats://h:1', USER_CONTEXT_KEY: 'k'.repeat(32) };

  it('holds what every domain service reads, with its own default database', () => {
    expect(loadConfig(serviceConfigSchema('venuebook_cards'), env)).toEqual({
      ...env,
      LOG_LEVEL: 'info',
      MONGODB_DB: 'venuebook_cards',
      GRPC_HOST: '127.0.0.1',
      GRPC_PORT: 50051,
      GRPC_MAX_MESSAGE_BYTES: 4 * 1024 * 1024,
      GRPC_ALLOW_INSECURE: false,
    });
  });

  it('requires the user-context key, and a service extends it with its own variables', () => {
    expect(() => loadConfig(serviceConfigSchema('db'), { ...env, USER_CONTEXT_KEY: 'short' })).toThrow(/USER_CONTEXT_KEY: must be at least 32 characters/);
    const extended = serviceConfigSchema('db').extend({ COMPANY_DOMAIN: companyDomainSchema });
    expect(loadConfig(extended, { ...env, COMPANY_DOMAIN: 'example.com' }).COMPANY_DOMAIN).toBe('example.com');
    expect(() => loadConfig(extended, env)).toThrow(/COMPANY_DOMAIN: is required/);
  });
});

describe('companyDomainSchema', () => {
  it('accepts a domain with or without its @, in any case', () => {
    for (const domain of ['example.com', '@example.com', 'Mail.Example.CO.UK', 'my-company.io'])
      expect(companyDomainSchema.safeParse(domain).success, domain).toBe(true);
  });

  it('refuses what is not a bare domain', () => {
    for (const domain of ['example', 'https://example.com', 'jane@example.com', 'exa mple.com', 'example.c', '']) {
      expect(companyDomainSchema.safeParse(domain).success, domain).toBe(false);
    }
    expect(companyDomainSchema.safeParse('example').error?.issues[0]?.message).toBe('must be a domain such as example.com');
  });
});

describe('grpcAddressListSchema (<NAME>_GRPC_URL)', () => {
  const schema = z.object({ VENUES_GRPC_URL: grpcAddressListSchema });
  const load = (value: string) => loadConfig(schema, { VENUES_GRPC_URL: value }).VENUES_GRPC_URL;

  it('takes one host:port, or several replicas separated by commas', () => {
    expect(load('venues:50051')).toBe('venues:50051');
    expect(load('127.0.0.1:50051, 127.0.0.1:50061')).toBe('127.0.0.1:50051,127.0.0.1:50061');
    expect(load('[::1]:50051,[::1]:50061')).toBe('[::1]:50051,[::1]:50061');
  });

  it('names what is wrong with a list', () => {
    const message = (value: string) => (() => load(value)) as () => unknown;
    expect(message('127.0.0.1:1,')).toThrow(/VENUES_GRPC_URL: has an empty entry/);
    expect(message('127.0.0.1:1,127.0.0.1')).toThrow(/VENUES_GRPC_URL: '127.0.0.1' must be host:port/);
    expect(message('venues-1:50051,venues-2:50051')).toThrow(/VENUES_GRPC_URL: .*several addresses must be IP addresses/);
  });
});

describe('configReference', () => {
  it('lists each variable with its default (also behind a transform), whether it is required, what it accepts and its description', () => {
    const reference = configReference(
      z.object({
        ...baseConfigSchema.shape,
        COUNT: z.coerce.number().int().min(1).max(8).default(1).describe('how many'),
        LIMIT: z.coerce.number().int().positive().default(20).describe('per minute'),
        SHARE: z.coerce.number().positive().describe('a share'),
        FLAG: z
          .enum(['true', 'false'])
          .default('false')
          .transform((value) => value === 'true')
          .describe('a flag'),
        TARGET: grpcAddressListSchema.default('127.0.0.1:50051').describe('where'),
        KEY: z.string().min(32).describe('a key'),
        HOME: z.url().optional(),
      }),
    );
    expect(reference).toEqual([
      {
        name: 'LOG_LEVEL',
        default: 'info',
        required: false,
        accepts: 'one of `fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`',
        description: expect.stringContaining('log level'),
      },
      { name: 'COUNT', default: '1', required: false, accepts: 'a whole number from 1 to 8', description: 'how many' },
      { name: 'LIMIT', default: '20', required: false, accepts: 'a whole number of at least 1', description: 'per minute' },
      { name: 'SHARE', required: true, accepts: 'a number above 0', description: 'a share' },
      { name: 'FLAG', default: 'false', required: false, accepts: 'one of `true`, `false`', description: 'a flag' },
      { name: 'TARGET', default: '127.0.0.1:50051', required: false, accepts: 'text', description: 'where' },
      { name: 'KEY', required: true, accepts: 'text of at least 32 characters', description: 'a key' },
      { name: 'HOME', required: false, accepts: 'a URL', description: '' },
    ]);
    expect(() => configReference(z.string())).toThrow(/z.object/);
  });
});

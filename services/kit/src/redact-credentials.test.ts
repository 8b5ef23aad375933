import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';
import { connectNats } from './nats.ts';
import { redactCredentials } from './redact-credentials.ts';

describe('redactCredentials', () => {
  it('strips user:password@ and token@ from every URL in a text', () => {
    expect(redactCredentials('nats://user:secret@127.0.0.1:4222')).toBe('nats://[redacted]@127.0.0.1:4222');
    expect(redactCredentials('nats://s3cr3t-token@nats.internal:4222')).toBe('nats://[redacted]@nats.internal:4222');
    expect(redactCredentials('at mongodb+srv://app:p%40ss@cluster0.example.net/venues?retryWrites=true and tls://a:b@h:1')).toBe(
      'at mongodb+srv://[redacted]@cluster0.example.net/venues?retryWrites=true and tls://[redacted]@h:1',
    );
    // An unencoded '@' in the password does not leave a piece of it behind.
    expect(redactCredentials('nats://user:pa@ss@host:4222')).toBe('nats://[redacted]@host:4222');
    // Lists of servers and the host:port form without a scheme.
    expect(redactCredentials('nats://a:secret@h1:4222,nats://b:secret@h2:4222')).toBe('nats://[redacted]@h1:4222,nats://[redacted]@h2:4222');
    expect(redactCredentials('user:secret@h1:4222')).toBe('[redacted]@h1:4222');
  });

  it('leaves URLs without credentials and e-mail addresses alone', () => {
    for (const text of ['nats://127.0.0.1:4222', 'http://127.0.0.1:8080/auth?x=1', 'mail boss@acme-corp.com about it', 'smtp://127.0.0.1:25']) {
      expect(redactCredentials(text)).toBe(text);
    }
  });
});

describe('connectNats with credentials in the URL', () => {
  it('fails without the password or the token in the error, its cause or the log line', async () => {
    const lines: string[] = [];
    const logger = createLogger('kit-test', { destination: new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) }) });
    for (const url of ['nats://user:secret@127.0.0.1:1', 'nats://secret@127.0.0.1:1']) {
      const error = (await connectNats(url, { timeoutMs: 2000 }).catch((caught: unknown) => caught)) as Error;
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toContain('127.0.0.1:1');
      logger.error({ err: error }, 'start-up failed');
      expect(JSON.stringify({ message: error.message, stack: error.stack, cause: String(error.cause) })).not.toContain('secret');
    }
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toContain('secret');
  });
});

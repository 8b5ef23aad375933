import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('createLogger', () => {
  it('names the component and redacts secrets at any of the first levels', () => {
    const out = capture();
    const logger = createLogger('venues', { level: 'info', destination: out.stream });
    logger.info(
      {
        password: 'hunter2',
        req: { headers: { authorization: 'Bearer abc', cookie: 'refresh=xyz', accept: 'application/json' } },
        user: { token: 'tok', email: 'a@example.com' },
      },
      'hello',
    );
    const [line] = out.lines();
    expect(line).toMatchObject({ name: 'venues', msg: 'hello', password: '[redacted]' });
    expect(line?.req).toEqual({ headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' } });
    expect(line?.user).toEqual({ token: '[redacted]', email: 'a@example.com' });
    expect(JSON.stringify(line)).not.toMatch(/hunter2|Bearer abc|xyz|"tok"/);
  });

  it('respects the level', () => {
    const out = capture();
    const logger = createLogger('quiet', { level: 'warn', destination: out.stream });
    logger.info('not shown');
    logger.warn('shown');
    expect(out.lines().map((line) => line.msg)).toEqual(['shown']);
  });
});

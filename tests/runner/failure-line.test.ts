import { describe, expect, it } from 'vitest';
import { failureLine } from './failure-line.ts';

const ROOT = '/repo';

describe('failureLine', () => {
  it('names what a Playwright call waited for and the test line it failed on', () => {
    const message = [
      'locator.waitFor: Timeout 30000ms exceeded.',
      'Call log:',
      "  - waiting for getByTestId('venue-contacts-dialog').getByTestId('contacts-empty') to be visible",
      '',
      '    at /repo/tests/e2e/browser.ts:120:5',
      '    at /repo/tests/e2e/contacts.e2e.test.ts:71:52',
      '    at file:///repo/node_modules/@vitest/runner/dist/index.js:1:1',
    ].join('\n');
    expect(failureLine(message, ROOT)).toBe(
      "locator.waitFor: Timeout 30000ms exceeded. (waiting for getByTestId('venue-contacts-dialog').getByTestId('contacts-empty') to be visible) at tests/e2e/contacts.e2e.test.ts:71",
    );
  });

  it('keeps an assertion to its first line and its place, and says failed for no message', () => {
    const message =
      "AssertionError: expected [ 'update', 'update' ] to deeply equal [ 'update', 'create' ]\n- Expected\n+ Received\n    at /repo/tests/e2e/audit-logs.e2e.test.ts:149:49";
    expect(failureLine(message, ROOT)).toBe(
      "AssertionError: expected [ 'update', 'update' ] to deeply equal [ 'update', 'create' ] at tests/e2e/audit-logs.e2e.test.ts:149",
    );
    expect(failureLine(undefined, ROOT)).toBe('failed');
    expect(failureLine(`${'x'.repeat(200)}\n`, ROOT)).toHaveLength(160);
  });
});

import { describe, expect, it } from 'vitest';
import type { WebhookTestResult } from './webhook-api.ts';
import { answerText, deliveryStatusText, latencyText, testFailureReason, testRefusal, testSuccessDescription, WEBHOOK_TEXT } from './webhook-rules.ts';

const result = (over: Partial<WebhookTestResult>): WebhookTestResult => ({
  delivered: true,
  statusCode: 200,
  latencyMs: 132,
  error: null,
  deliveryId: 'd1',
  ...over,
});

describe('Send Test (spec §5, §8)', () => {
  it('refuses an empty or blank URL with the spec text', () => {
    expect(testRefusal('')).toBe('Please enter your Zapier webhook URL');
    expect(testRefusal('   ')).toBe(WEBHOOK_TEXT.enterUrl);
    expect(testRefusal('https://hooks.zapier.com/hooks/catch/1/a/')).toBeNull();
  });

  it('names the status code and latency on success, the reason on failure', () => {
    expect(testSuccessDescription(result({}))).toBe("The request was sent to Zapier and answered HTTP 200 in 132 ms. Check your Zap's history.");
    expect(testFailureReason(result({ delivered: false, statusCode: 500, error: 'Internal Server Error', latencyMs: 1234 }))).toBe(
      'HTTP 500: Internal Server Error (after 1.2 s)',
    );
    expect(testFailureReason(result({ delivered: false, statusCode: null, error: 'connect ETIMEDOUT', latencyMs: 5000 }))).toBe(
      'connect ETIMEDOUT (after 5.0 s)',
    );
    expect(answerText({ statusCode: null, error: null })).toBe('No answer');
    expect([latencyText(999.4), latencyText(999.6)]).toEqual(['999 ms', '1.0 s']);
  });
});

describe('deliveries', () => {
  it('shows the status code, else the error, else a dash', () => {
    expect(deliveryStatusText({ statusCode: 204, error: null })).toBe('HTTP 204');
    expect(deliveryStatusText({ statusCode: null, error: 'DNS lookup failed' })).toBe('DNS lookup failed');
    expect(deliveryStatusText({ statusCode: null, error: null })).toBe('—');
  });
});

// The first-login webhook's texts and display rules (spec §2 'Notification Settings', §5 'Webhook', §8 'Webhook
// test'; the deliveries and signing secret beyond the spec). Free of React.
import type { WebhookDelivery, WebhookDeliveryKind, WebhookOutcome, WebhookTestResult } from './webhook-api.ts';

/** The admin setting that holds the URL (spec §3 admin_settings). */
export const WEBHOOK_SETTING_KEY = 'first_login_zapier_webhook_url';

export const WEBHOOK_TEXT = {
  settingsTitle: 'Notification Settings',
  urlLabel: 'Zapier Webhook URL',
  /** Spec §2: the input's placeholder is an automation service's hook URL. */
  placeholder: 'https://hooks.zapier.com/hooks/catch/...',
  noUrl: 'No webhook URL configured',
  /** Spec §5 and §8: Send Test without a URL. */
  enterUrl: 'Please enter your Zapier webhook URL',
  settingUpdated: 'Setting updated successfully',
  settingFailed: 'Failed to update setting',
  /** Spec §8: the test's success title; its description names the receiver's status and the time taken. */
  requestSent: 'Request Sent',
  /** Spec §8: the test's failure; the reason (status or error) follows. */
  testFailed: 'Failed to trigger the Zapier webhook. Please check the URL and try again.',
  explanation:
    'When someone signs in for the first time, Venue Book sends their user id, e-mail, name and first-login time to this webhook as JSON, signed with the signing secret below so that the receiver can check it came from Venue Book. A failed delivery is retried; Send Test sends a test request to the URL in the box, saved or not.',
  secretLabel: 'Signing secret',
  secretMasked: '••••••••••••••••••••••••',
  secretCopied: 'Signing secret copied',
  copyFailed: 'Could not copy the signing secret',
  rotateTitle: 'Rotate signing secret?',
  rotateQuestion:
    'Notifications are signed with the new secret from now on. Every receiver that checks the signature must be given the new secret, or it will refuse them.',
  rotateConfirm: 'Rotate Secret',
  rotated: 'Signing secret rotated',
  rotateFailed: 'Failed to rotate the signing secret',
  revealFailed: 'Failed to load the signing secret',
  deliveriesTitle: 'Webhook Deliveries',
  deliveriesLoadFailed: 'Failed to load webhook deliveries',
  noDeliveries: 'No deliveries yet',
  failedJobsTitle: 'Failed notifications',
  noFailedJobs: 'No failed notifications',
  retried: 'Notification queued again',
  retryFailed: 'Failed to retry the notification',
} as const;

/** Send Test's refusal, or null when there is a URL to test (spec §5: an empty URL is refused). */
export function testRefusal(url: string): string | null {
  return url.trim() === '' ? WEBHOOK_TEXT.enterUrl : null;
}

/** The receiver's answer in a few words: 'HTTP 200', else the error, else that nothing came back. */
export function answerText(result: Pick<WebhookTestResult, 'statusCode' | 'error'>): string {
  if (result.statusCode !== null) return result.error ? `HTTP ${result.statusCode}: ${result.error}` : `HTTP ${result.statusCode}`;
  return result.error || 'No answer';
}

/** '132 ms', '1.2 s'. */
export function latencyText(ms: number): string {
  const rounded = Math.round(ms);
  return rounded < 1000 ? `${rounded} ms` : `${(rounded / 1000).toFixed(1)} s`;
}

/** Spec §8's success toast, with the status code and latency. */
export function testSuccessDescription(result: WebhookTestResult): string {
  return `The request was sent to Zapier and answered ${answerText(result)} in ${latencyText(result.latencyMs)}. Check your Zap's history.`;
}

/** Why a test failed: the status code or error, and the time taken. */
export function testFailureReason(result: WebhookTestResult): string {
  return `${answerText(result)} (after ${latencyText(result.latencyMs)})`;
}

export const KIND_LABELS: Readonly<Record<WebhookDeliveryKind, string>> = { first_login: 'First login', test: 'Test' };

/** The outcome badge's text and colour palette. */
export const OUTCOME_BADGES: Readonly<Record<WebhookOutcome, { label: string; palette: string }>> = {
  delivered: { label: 'Delivered', palette: 'green' },
  retrying: { label: 'Retrying', palette: 'orange' },
  failed: { label: 'Failed', palette: 'red' },
  skipped: { label: 'Skipped', palette: 'gray' },
};

/** A delivery's status column: the receiver's HTTP status, else the error, else a dash. */
export function deliveryStatusText(delivery: Pick<WebhookDelivery, 'statusCode' | 'error'>): string {
  if (delivery.statusCode !== null) return `HTTP ${delivery.statusCode}`;
  return delivery.error || '—';
}

// The bodies the notifier posts (JSON, snake_case as automation services expect).

export interface FirstLoginNotice {
  deliveryId: string;
  userId: string;
  email: string;
  /** The user's first sign-in. */
  at: Date;
  appUrl: string;
}

/** A first login (spec §4): who, when, the app and the delivery's stable id. */
export function firstLoginBody(notice: FirstLoginNotice): string {
  return JSON.stringify({
    type: 'first_login',
    delivery_id: notice.deliveryId,
    user_id: notice.userId,
    email: notice.email,
    // Venue Book keeps no names: the part of the address before '@' stands in for one.
    name: notice.email.split('@')[0] ?? '',
    first_login_at: notice.at.toISOString(),
    app_url: notice.appUrl,
  });
}

/** The test request of spec §7 ('Test webhook'), now answered with the receiver's real result. */
export function testBody(options: { deliveryId: string; appUrl: string; now: Date }): string {
  return JSON.stringify({
    type: 'test_first_login',
    delivery_id: options.deliveryId,
    timestamp: options.now.toISOString(),
    triggered_from: options.appUrl,
    note: 'This is a test request from Venue Book. A real first login sends user_id, email, name, first_login_at and app_url.',
  });
}

/** The job id (and delivery id) of a user's first-login notice: one per user, whatever happens. */
export const firstLoginJobId = (userId: string): string => `first_login:${userId}`;

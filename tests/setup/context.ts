import type { TestInfra } from '@venuebook/service-kit/testing';

declare module 'vitest' {
  interface ProvidedContext {
    /** Integration project: the provisioned servers. */
    infra: TestInfra & { workerNatsUrls?: string[] };
    /** Integration project: GET answers the run's shared gateway services (gateway/src/testing/gateway-backend.global.ts), started on the first call. */
    gatewayBackendUrl: string;
    /** Integration project: GET answers the run's shared stand-ins (tests/setup/stand-ins.global.ts), started on the first call. */
    standInsUrl: string;
    /** Integration project: GET answers the run's shared product (tests/setup/product.global.ts), started on the first call. */
    sharedProductUrl: string;
    /** e2e project: a running product per worker (files running side by side never share data); see E2eStack. */
    e2eStacks: E2eStack[];
    /** e2e project: where screenshots go (gitignored). */
    artifactsDir: string;
  }
}

/** One running product of the e2e project. */
export interface E2eStack {
  /** Where the product answers, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** Every gateway replica (the first is baseUrl). */
  gatewayUrls: string[];
  /** The local mailbox (sign-up confirmations). */
  mailboxUrl: string;
  /** The local webhook receiver (first-login webhook: <url>/hooks/<name>; JSON at <url>/deliveries). */
  webhookReceiverUrl: string;
  /**
   * The port for the embeddable media library's host page; its origins (http://127.0.0.1:<port>, same-site with
   * the stack, and http://localhost:<port>, cross-site) are the stack's EMBED_ALLOWED_ORIGINS.
   */
  embedHostPort: number;
}

export {};

import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers. The CSP allows the shell and its federated remotes (all served from this origin),
 * inline styles (Chakra UI / Emotion inject <style> tags), images from data:/blob: (previews, camera),
 * and service workers. No inline scripts, no plugins, no framing.
 */
export const autoConfig: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  // Sign-in with Google opens a popup that must be able to talk back to the opener.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

export default helmet;

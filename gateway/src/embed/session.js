// Venue Book's session bridge (GET /embed/session; docs/embedding-media-library.md). This page lives
// in a hidden iframe of a host page that EMBED_ALLOWED_ORIGINS lists (its CSP frame-ancestors keeps every other
// page from framing it) and gives the media library embedded there an access token of this browser's Venue Book
// session:
//   frame → parent, once loaded: { type: 'venuebook:bridge-ready' }
//   parent → frame:              { type: 'venuebook:token-request', id, fresh? }  (fresh: true skips the cached token)
//   frame → parent, to the requesting origin only:
//     { type: 'venuebook:token', id, accessToken, expiresAt }   (expiresAt: epoch seconds)
//     { type: 'venuebook:signed-out', id }                      (no Venue Book session in this browser)
//     { type: 'venuebook:token-error', id, message }            (anything else)
// Messages from other origins, or from any window but the parent, are ignored. The token comes from a same-origin
// refresh (the refresh cookie is SameSite=Strict: it only goes along when the host page is same-site with Venue
// Book), one at a time and under the Web Lock the Venue Book tabs refresh under (the server rotates the cookie on
// every refresh), and is reused until 60 s before it expires. The host page never sees the session's access token:
// the frame exchanges it (same-origin POST /api/v1/auth/embed-token) for an embed token, which the API accepts only
// on the routes the media library calls, and which expires with the access token.
/* global window, document, navigator, fetch -- plain browser code, served as written */
(function () {
  'use strict';

  var REFRESH_URL = '/api/v1/auth/token?grant_type=refresh_token';
  var EMBED_TOKEN_URL = '/api/v1/auth/embed-token';
  /** The shell's session store refreshes under the same lock (shell/sdk/src/session/session-store.ts). */
  var LOCK_NAME = 'venuebook-auth-refresh';
  var EXPIRY_MARGIN_MS = 60 * 1000;

  var allowedOrigins = readAllowedOrigins();
  /** The last token, { accessToken, expiresAt }, or null. */
  var cached = null;
  /** The refresh under way, shared by the requests that arrive meanwhile; or null. */
  var refreshing = null;

  function readAllowedOrigins() {
    var meta = document.querySelector('meta[name="venuebook-embed-origins"]');
    try {
      var list = JSON.parse(meta ? meta.content : '[]');
      return Array.isArray(list)
        ? list.filter(function (origin) {
            return typeof origin === 'string';
          })
        : [];
    } catch {
      return [];
    }
  }

  function withRefreshLock(task) {
    // Web Locks exist in secure contexts only (https, localhost), and a browser may deny them to a cross-site frame
    // (SecurityError; there the refresh cookie does not go along anyway): then the refresh runs unguarded.
    if (!navigator.locks) return task();
    var granted = false;
    return navigator.locks
      .request(LOCK_NAME, function () {
        granted = true;
        return task();
      })
      .catch(function (error) {
        if (granted) throw error;
        return task();
      });
  }

  /** A token answer ({ accessToken, expiresAt }), null for 401 (signed out), or a rejection with the API's reason. */
  function tokenOf(response) {
    return response
      .json()
      .catch(function () {
        return null;
      })
      .then(function (body) {
        if (response.status === 401) return null;
        if (response.ok && body && typeof body.accessToken === 'string' && typeof body.expiresAt === 'number') {
          return { accessToken: body.accessToken, expiresAt: body.expiresAt };
        }
        var message = body && body.error && typeof body.error.message === 'string' ? body.error.message : 'HTTP ' + response.status;
        throw new Error(message);
      });
  }

  /** One refresh, then the exchange for an embed token: the embed token, null when signed out (401), or a rejection. */
  function refresh() {
    return withRefreshLock(function () {
      return fetch(REFRESH_URL, { method: 'POST', credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } }).then(tokenOf);
    }).then(function (session) {
      if (!session) return null;
      return fetch(EMBED_TOKEN_URL, {
        method: 'POST',
        credentials: 'omit',
        cache: 'no-store',
        headers: { Accept: 'application/json', Authorization: 'Bearer ' + session.accessToken },
      }).then(tokenOf);
    });
  }

  function getToken(fresh) {
    if (!fresh && cached && cached.expiresAt * 1000 - EXPIRY_MARGIN_MS > Date.now()) return Promise.resolve(cached);
    if (!refreshing) {
      var pending = refresh().then(
        function (session) {
          cached = session;
          return session;
        },
        function (error) {
          cached = null;
          throw error;
        },
      );
      refreshing = pending;
      pending.then(done, done);
    }
    return refreshing;

    function done() {
      refreshing = null;
    }
  }

  window.addEventListener('message', function (event) {
    var parent = window.parent;
    if (parent === window || event.source !== parent || allowedOrigins.indexOf(event.origin) === -1) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'venuebook:token-request' || typeof data.id !== 'string') return;
    var id = data.id;
    var origin = event.origin;
    // Sent to the origin that asked: if the parent has navigated elsewhere meanwhile, the browser drops the reply.
    var reply = function (message) {
      parent.postMessage(message, origin);
    };
    getToken(data.fresh === true).then(
      function (session) {
        reply(
          session
            ? { type: 'venuebook:token', id: id, accessToken: session.accessToken, expiresAt: session.expiresAt }
            : { type: 'venuebook:signed-out', id: id },
        );
      },
      function (error) {
        reply({ type: 'venuebook:token-error', id: id, message: (error && error.message) || 'The session could not be read' });
      },
    );
  });

  if (window.parent !== window) window.parent.postMessage({ type: 'venuebook:bridge-ready' }, '*');
})();

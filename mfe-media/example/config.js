/* global window */
// Served by `npm run example` from its environment (VENUEBOOK_URL); a static copy of this folder may edit it or
// pass ?gateway=https://venuebook.example.com instead.
window.VENUEBOOK_EXAMPLE = { gateway: 'http://127.0.0.1:8080' };

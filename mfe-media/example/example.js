/* global window, document, URLSearchParams */
// A host page of another team mounting Venue Book's media library: plain JavaScript, no build step. It loads the
// library's federation container with a script tag and uses the container protocol (init, get, factory).
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  // The gateway comes from the page's own server (config.js), never from the URL: this origin is allowed to
  // embed Venue Book, so a script loaded from a URL anyone can craft could take the visitor's token.
  var gateway = ((window.VENUEBOOK_EXAMPLE && window.VENUEBOOK_EXAMPLE.gateway) || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  var $ = function (id) {
    return document.getElementById(id);
  };
  var library = null;
  var handle = null;

  $('gateway-url').textContent = gateway + '/remotes/media/library/remoteEntry.js';
  $('venue').value = params.get('venue') || '';
  if (params.get('view')) $('view').value = params.get('view');
  if (params.get('version')) $('version').value = params.get('version');
  if (params.get('colorMode')) $('color-mode').value = params.get('colorMode');

  function log(event) {
    var item = document.createElement('li');
    item.textContent = new Date().toISOString().slice(11, 19) + ' ' + JSON.stringify(event);
    item.setAttribute('data-type', event.type);
    $('events').appendChild(item);
  }

  function showError(message) {
    $('mount-error').textContent = message;
    $('mount-error').hidden = !message;
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = function () {
        reject(new Error('Could not load ' + src));
      };
      document.head.appendChild(script);
    });
  }

  /** The federation container protocol: the global `mfe_media_library`, init with an empty share scope, get, factory. */
  async function loadLibrary() {
    await loadScript(gateway + '/remotes/media/library/remoteEntry.js');
    var container = window.mfe_media_library;
    if (!container) throw new Error('remoteEntry.js defined no mfe_media_library container');
    await container.init({});
    var factory = await container.get('./media-library');
    return factory();
  }

  function props() {
    var token = $('token').value.trim();
    var result = {
      version: Number($('version').value),
      venueId: $('venue').value.trim(),
      view: $('view').value,
      colorMode: $('color-mode').value,
      onEvent: function (event) {
        log(event);
        // Keep the host's view control in step with the library's own switch.
        if (event.type === 'view-changed') $('view').value = event.view;
      },
    };
    if (token)
      result.getAccessToken = function () {
        return Promise.resolve(token);
      };
    return result;
  }

  function mountOrUpdate() {
    if (!library) return;
    showError('');
    try {
      if (handle) handle.update(props());
      else handle = library.mount($('library'), props());
    } catch (error) {
      showError(error instanceof Error ? error.message : String(error));
    }
  }

  $('controls').addEventListener('submit', function (event) {
    event.preventDefault();
    mountOrUpdate();
  });
  $('view').addEventListener('change', function () {
    if (handle) mountOrUpdate();
  });
  $('unmount').addEventListener('click', function () {
    if (handle) handle.unmount();
    handle = null;
  });

  loadLibrary().then(
    function (loaded) {
      library = loaded;
      $('status').textContent = 'Media library props version ' + loaded.MEDIA_LIBRARY_VERSION + ' loaded from ' + gateway + '.';
      document.body.setAttribute('data-library', 'loaded');
      if ($('venue').value) mountOrUpdate();
    },
    function (error) {
      $('status').textContent = '';
      showError(error.message);
      document.body.setAttribute('data-library', 'failed');
    },
  );
})();

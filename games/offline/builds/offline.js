/* Hidden helper the portal frames after a game played from its own origin ({slug}.<games host>)
 * has loaded (never on a cross-origin isolated page, which would refuse it); served there as
 * /__playfree/offline.html. Nothing it does competes with the game's first download: it waits
 * until the game frame beside it has fetched every file of that download, drawn a frame since,
 * and been quiet for a moment (issue #56: a 38 MB wasm fetched by the game and by this origin's
 * worker at once failed with ERR_CACHE_WRITE_FAILURE). It asks /__playfree/offline.json whether
 * the game's live build plays offline. If it does, it installs this origin's worker
 * (/__playfree/offline-sw.js, scope /) and has it keep the build's files; if not, it removes any
 * worker and files kept before. It then tells the portal
 *   { source: 'playfree-offline', type: 'cached', build: { id, version } }
 *   { source: 'playfree-offline', type: 'unavailable' }   (the live build does not play offline)
 *   { source: 'playfree-offline', type: 'error' }
 * The portal knows which game this origin is: the messages carry nothing else. */
(function () {
  'use strict';
  var PREFIX = 'playfree-build-';
  /** How long the game's network must stay quiet, and how often it is looked at. */
  var QUIET_MS = 1000;
  var LOOK_MS = 250;
  /** Browsers keep 250 resource entries unless a page asks for more: past it, quiet alone tells. */
  var RESOURCE_BUFFER = 250;
  /**
   * Files this large are waited for by name; smaller ones only by the quiet. The checks' list holds
   * what a page opened on its own fetches, and a frame fetches less: no favicon (`<link rel=icon>`),
   * so Balloon Party's thumb.png never comes in the game page. A small file fetched twice at once
   * costs nothing; a large one is what failed (ERR_CACHE_WRITE_FAILURE on a 38 MB wasm).
   */
  var LARGE_FILE_BYTES = 256 * 1024;

  function tell(type, build) {
    if (window.parent === window) return;
    var message = { source: 'playfree-offline', type: type };
    if (build) message.build = build;
    // Nothing private travels: any embedding page may read this.
    window.parent.postMessage(message, '*');
  }

  /** The worker and the files it kept, gone: the game's live build no longer plays offline. */
  function forget() {
    return navigator.serviceWorker.getRegistration('/').then(function (registration) {
      return registration ? registration.unregister() : false;
    }).then(function () {
      return caches.keys();
    }).then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf(PREFIX) === 0; }).map(function (name) {
        return caches.delete(name);
      }));
    });
  }

  function save(manifest) {
    return navigator.serviceWorker.register('/__playfree/offline-sw.js', { scope: '/' }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      return new Promise(function (resolve, reject) {
        var channel = new MessageChannel();
        var timer = window.setTimeout(function () { reject(new Error('timed out')); }, 60000);
        channel.port1.addEventListener('message', function (event) {
          window.clearTimeout(timer);
          resolve(event.data || {});
        });
        channel.port1.start();
        registration.active.postMessage({ type: 'save-build', manifest: manifest }, [channel.port2]);
      });
    }).then(function (answer) {
      if (!answer.ok) throw new Error('the worker could not keep the build: ' + answer.error);
      tell('cached', { id: manifest.build, version: manifest.version });
    });
  }

  /** The game's frame beside this helper, on this origin, or null (not there, or not readable). */
  function gameWindow() {
    try {
      for (var i = 0; i < window.parent.frames.length; i++) {
        var frame = window.parent.frames[i];
        if (frame === window) continue;
        try {
          if (frame.location.origin === window.location.origin && frame.performance) return frame;
        } catch {
          // Another origin's frame (an ad): not the game.
        }
      }
    } catch {
      // Opened on its own.
    }
    return null;
  }

  /** The build paths the game has finished fetching, and how many entries there were. */
  function fetchedBy(game) {
    var entries = game.performance.getEntriesByType('resource');
    var fetched = {};
    for (var i = 0; i < entries.length; i++) {
      try {
        var url = new URL(entries[i].name);
        if (url.origin === window.location.origin && entries[i].responseEnd > 0) fetched[decodeURIComponent(url.pathname.slice(1))] = true;
      } catch {
        // Not an address of this origin.
      }
    }
    return { fetched: fetched, count: entries.length };
  }

  /**
   * Resolves once the game has fetched every large file the build's checks saw it load before it
   * started (the manifest's), its network has been quiet for QUIET_MS, and it has drawn two frames
   * since; at once when the game frame cannot be read.
   */
  function afterFirstDownload(manifest) {
    var game = gameWindow();
    if (!game) return Promise.resolve();
    var wanted = manifest.files.filter(function (file) {
      return file.path !== 'index.html' && file.size >= LARGE_FILE_BYTES;
    }).map(function (file) { return file.path; });
    return new Promise(function (resolve) {
      var count = -1;
      var quietSince = 0;
      function look() {
        var seen;
        try {
          seen = fetchedBy(game);
        } catch {
          resolve();
          return;
        }
        if (seen.count !== count) {
          count = seen.count;
          quietSince = Date.now();
        }
        var all = seen.count >= RESOURCE_BUFFER || wanted.every(function (path) { return seen.fetched[path]; });
        if (all && Date.now() - quietSince >= QUIET_MS) {
          game.requestAnimationFrame(function () { game.requestAnimationFrame(function () { resolve(); }); });
          return;
        }
        window.setTimeout(look, LOOK_MS);
      }
      look();
    });
  }

  if (!('serviceWorker' in navigator) || !('caches' in window)) {
    tell('error');
    return;
  }

  fetch('/__playfree/offline.json', { cache: 'no-store' }).then(function (response) {
    if (response.status === 404) return forget().then(function () { tell('unavailable'); });
    if (!response.ok) throw new Error('offline.json answered ' + response.status);
    return response.json().then(function (manifest) {
      return afterFirstDownload(manifest).then(function () { return save(manifest); });
    });
  }).catch(function (error) {
    // Said in the game origin's console, for whoever looks into why a game did not save.
    console.warn('PlayFree offline helper:', error);
    tell('error');
  });
})();

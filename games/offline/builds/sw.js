/* PlayFree: the offline worker of one game's own origin ({slug}.<games host>), served there as
 * /__playfree/offline-sw.js with scope /. A game runs in a frame on its own origin, and a frame's
 * requests only reach that origin's worker: the portal's worker can never answer them.
 *
 * It keeps the files the game's live build loads at start, as /__playfree/offline.json lists them
 * with their content hashes (only for a build that passed the offline check), in a cache named
 * after that list: a new live build fills a new cache (files it shares with the old one are
 * copied, not downloaded again) and the old one is deleted once the new one is whole. Kept files
 * are answered from the cache first; anything else goes to the network. Each time the game is
 * opened online, the list is asked again in the background. Installed by /__playfree/offline.html.
 *
 * The portal's page opens the game as /?v={version}, the version it says is live. When the kept
 * build is another one (the developer rolled back, or a new build was approved since), the kept
 * files are not answered while the network is there: the player gets the live build on this very
 * load, and the list is asked again at once; offline, the kept build still plays. */
'use strict';

var PREFIX = 'playfree-build-';
var MANIFEST_PATH = '/__playfree/offline.json';
/** The list itself is kept last in a cache: a cache holding it is whole. */
var MANIFEST_KEY = '/__playfree/offline-kept.json';
var REFRESH_EVERY_MS = 60000;

var current = null;
/** The cache of a build the portal's page no longer names as live: the network first, it only offline. */
var outdated = null;
var saving = {};
var lastRefresh = 0;

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

function ours(name) {
  return name.indexOf(PREFIX) === 0;
}

function urlOf(path) {
  return self.location.origin + '/' + path.split('/').map(encodeURIComponent).join('/');
}

/** The whole cache of the live build, or null (none kept yet, or only one half filled). */
function currentCache() {
  if (current) return Promise.resolve(current);
  return caches.keys().then(function (names) {
    var candidates = names.filter(ours);
    return candidates.reduce(function (found, name) {
      return found.then(function (whole) {
        if (whole) return whole;
        return caches.open(name).then(function (cache) { return cache.match(MANIFEST_KEY); }).then(function (hit) { return hit ? name : null; });
      });
    }, Promise.resolve(null));
  }).then(function (name) {
    current = name;
    return name;
  });
}

/**
 * Whether `response` holds the file whose content hash the list names: its ETag is the hash, or the
 * hash marked with the representation sent (server/http/build-file-answers.ts): `.br` or `.gz` for
 * the form the portal compressed when the build was stored, `.decoded` for a file stored
 * pre-compressed (game.wasm.br) sent decoded to a browser not taking that encoding. The browser
 * hands the worker the decoded bytes in every case.
 */
var REPRESENTATIONS = ['', '.br', '.gz', '.decoded'];
function holds(response, hash) {
  var etag = response.headers.get('ETag');
  return REPRESENTATIONS.some(function (mark) { return etag === '"' + hash + mark + '"'; });
}

/** A response for `url` holding the file of content hash `hash`, in any of this worker's caches, or null. */
function findKept(url, hash) {
  return caches.keys().then(function (names) {
    return names.filter(ours).reduce(function (found, name) {
      return found.then(function (hit) {
        if (hit) return hit;
        return caches.open(name).then(function (cache) { return cache.match(url); }).then(function (response) {
          return response && holds(response, hash) ? response : null;
        });
      });
    }, Promise.resolve(null));
  });
}

function keep(cache, file) {
  var url = urlOf(file.path);
  return findKept(url, file.hash).then(function (kept) {
    if (kept) return cache.put(url, kept);
    return fetch(url, { cache: 'no-cache' }).then(function (response) {
      if (!response.ok) throw new Error(url + ' answered ' + response.status);
      if (!holds(response, file.hash)) throw new Error(url + ' changed while it was being kept');
      return cache.put(url, response);
    });
  });
}

function deleteOthers(keepName) {
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return ours(name) && name !== keepName; }).map(function (name) {
      return caches.delete(name);
    }));
  });
}

function save(manifest) {
  if (!manifest || typeof manifest.key !== 'string' || !Array.isArray(manifest.files)) return Promise.reject(new Error('not an offline list'));
  if (saving[manifest.key]) return saving[manifest.key];
  var name = PREFIX + manifest.key;
  var files = manifest.files.concat(manifest.sdk ? [manifest.sdk] : []);
  var done = caches.open(name).then(function (cache) {
    return cache.match(MANIFEST_KEY).then(function (whole) {
      if (whole) return null;
      return Promise.all(files.map(function (file) { return keep(cache, file); })).then(function () {
        return cache.put(MANIFEST_KEY, new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/json' } }));
      });
    });
  }).then(function () {
    current = name;
    return deleteOthers(name);
  }).then(function () {
    return manifest;
  }, function (error) {
    // A half-filled cache is never answered from; the next save starts it again.
    return caches.delete(name).then(function () { throw error; });
  });
  saving[manifest.key] = done;
  var clear = function () { delete saving[manifest.key]; };
  done.then(clear, clear);
  return done;
}

/** The live build no longer plays offline (or the game is gone): its files and this worker go. */
function forget() {
  current = null;
  return caches.keys().then(function (names) {
    return Promise.all(names.filter(ours).map(function (name) { return caches.delete(name); }));
  }).then(function () {
    return self.registration.unregister();
  });
}

/** The version of the build a cache keeps (from its list), or null. */
function keptVersion(name) {
  return caches.open(name).then(function (cache) {
    return cache.match(MANIFEST_KEY);
  }).then(function (kept) {
    return kept ? kept.json() : null;
  }).then(function (manifest) {
    return manifest && typeof manifest.version === 'number' ? String(manifest.version) : null;
  });
}

/**
 * Asks for the live build's list again (when the game is opened online), at most once a minute,
 * or at once when the page asked for `asked`, a version other than the one kept.
 */
function refresh(asked) {
  var now = Date.now();
  if (!asked && now - lastRefresh < REFRESH_EVERY_MS) return Promise.resolve();
  lastRefresh = now;
  return fetch(MANIFEST_PATH + (asked ? '?v=' + encodeURIComponent(asked) : ''), { cache: 'no-store' }).then(function (response) {
    if (response.status === 404) return forget();
    if (!response.ok) return null;
    return response.json().then(function (manifest) {
      return currentCache().then(function (name) {
        return name === PREFIX + manifest.key ? null : save(manifest);
      });
    });
  }).catch(function () {
    return null;
  });
}

self.addEventListener('message', function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  if (data.type !== 'save-build' || !port) return;
  event.waitUntil(save(data.manifest).then(function () {
    port.postMessage({ ok: true });
  }, function (error) {
    port.postMessage({ ok: false, error: String((error && error.message) || error) });
  }));
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf('/__playfree/offline') === 0) return;
  var path = url.pathname.slice(-1) === '/' ? url.pathname + 'index.html' : url.pathname;
  var opening = request.mode === 'navigate' && url.pathname === '/';
  // The version the portal's page says is live, when it opens the game.
  var asked = opening ? url.searchParams.get('v') : null;
  var kept = currentCache().then(function (name) {
    if (!name || !asked) return { name: name, old: name !== null && name === outdated };
    return keptVersion(name).then(function (version) {
      outdated = version === asked ? null : name;
      return { name: name, old: name === outdated };
    });
  }).catch(function () {
    return { name: null, old: false };
  });
  if (opening) {
    event.waitUntil(kept.then(function (state) {
      return refresh(state.old ? asked : null);
    }));
  }
  event.respondWith(kept.then(function (state) {
    if (!state.name) return fetch(request);
    var fromCache = function () {
      return caches.open(state.name).then(function (cache) {
        return cache.match(url.origin + path, { ignoreSearch: true, ignoreVary: true });
      });
    };
    if (state.old) {
      return fetch(request).catch(function (error) {
        return fromCache().then(function (hit) {
          if (hit) return hit;
          throw error;
        });
      });
    }
    return fromCache().catch(function () {
      return null;
    }).then(function (hit) {
      return hit || fetch(request);
    });
  }));
});

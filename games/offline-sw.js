/* PlayFree games origin: service worker that keeps the built-in games a player has opened, so they
 * can be played again offline. The portal's own worker cannot do this: a game runs in a frame on
 * this origin, and a frame's requests only ever reach its own origin's worker.
 * Installed by offline/index.html, which the portal loads hidden after a game has loaded.
 * Cache-first for saved games; each online play refreshes the game's files for next time. */
'use strict';

var CACHE = 'playfree-games-v1';
var LIST_KEY = '/__offline-games__.json';
var MAX_GAMES = 12;
var GAME_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*\/$/;

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

function readList(cache) {
  return cache.match(LIST_KEY).then(function (hit) {
    return hit ? hit.json() : [];
  }).catch(function () {
    return [];
  });
}

function writeList(cache, list) {
  return cache.put(LIST_KEY, new Response(JSON.stringify(list), { headers: { 'Content-Type': 'application/json' } }));
}

/** The same-origin files a game's index.html loads (scripts, styles, icon), plus the page itself. */
function filesOf(gameUrl, html) {
  var files = [gameUrl];
  var pattern = /\b(?:src|href)\s*=\s*["']([^"'#?]+)["']/gi;
  var match;
  while ((match = pattern.exec(html))) {
    var url = new URL(match[1], gameUrl);
    if (url.origin === self.location.origin && files.indexOf(url.href) < 0) files.push(url.href);
  }
  return files;
}

function evict(cache, path) {
  return cache.keys().then(function (requests) {
    return Promise.all(requests.filter(function (request) {
      return new URL(request.url).pathname.indexOf(path) === 0;
    }).map(function (request) {
      return cache.delete(request);
    }));
  });
}

function saveGame(path) {
  if (!GAME_PATH.test(path)) return Promise.reject(new Error('not a game path: ' + path));
  var gameUrl = new URL(path, self.location.origin).href;
  return caches.open(CACHE).then(function (cache) {
    return fetch(gameUrl, { cache: 'no-cache' }).then(function (page) {
      if (!page.ok) throw new Error('game page answered ' + page.status);
      return page.clone().text().then(function (html) {
        var others = filesOf(gameUrl, html).slice(1);
        return Promise.all(others.map(function (file) {
          return fetch(file, { cache: 'no-cache' }).then(function (response) {
            if (!response.ok) throw new Error(file + ' answered ' + response.status);
            return cache.put(file, response);
          });
        })).then(function () {
          return Promise.all([cache.put(gameUrl, page.clone()), cache.put(gameUrl + 'index.html', page)]);
        });
      });
    }).then(function () {
      return readList(cache);
    }).then(function (list) {
      list = list.filter(function (item) { return item !== path; });
      list.push(path);
      var evicted = list.length > MAX_GAMES ? list.splice(0, list.length - MAX_GAMES) : [];
      return Promise.all(evicted.map(function (old) { return evict(cache, old); })).then(function () {
        return writeList(cache, list).then(function () { return list; });
      });
    });
  });
}

self.addEventListener('message', function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  if (data.type !== 'save-game' || !port) return;
  event.waitUntil(saveGame(String(data.path)).then(function (list) {
    port.postMessage({ ok: true, games: list });
  }, function (error) {
    return caches.open(CACHE).then(readList).then(function (list) {
      port.postMessage({ ok: false, games: list, error: String(error && error.message || error) });
    });
  }));
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === LIST_KEY || url.pathname.indexOf('/offline') === 0) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || fetch(request);
    });
  }));
});

/* Hidden helper the portal frames after a game played from its own origin ({slug}.<games host>)
 * has loaded; served there as /__playfree/offline.html. It asks /__playfree/offline.json whether
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
      tell(answer.ok ? 'cached' : 'error', answer.ok ? { id: manifest.build, version: manifest.version } : null);
    });
  }

  if (!('serviceWorker' in navigator) || !('caches' in window)) {
    tell('error');
    return;
  }

  fetch('/__playfree/offline.json', { cache: 'no-store' }).then(function (response) {
    if (response.status === 404) return forget().then(function () { tell('unavailable'); });
    if (!response.ok) throw new Error('offline.json answered ' + response.status);
    return response.json().then(save);
  }).catch(function () {
    tell('error');
  });
})();

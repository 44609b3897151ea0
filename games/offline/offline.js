/* Hidden helper the portal frames after a built-in game has loaded: installs the games origin's
 * worker (../offline-sw.js), asks it to save the game named in ?game=/<slug>/, and tells the portal
 * which games are saved: { source: 'playfree-offline', type: 'cached' | 'error', games }. */
(function () {
  'use strict';
  var game = new URLSearchParams(window.location.search).get('game') || '';

  function tell(type, games) {
    if (window.parent === window) return;
    // Only game paths travel, nothing private: any embedding portal may read them.
    window.parent.postMessage({ source: 'playfree-offline', type: type, games: games || [] }, '*');
  }

  if (!('serviceWorker' in navigator)) {
    tell('error');
    return;
  }

  navigator.serviceWorker.register('/offline-sw.js', { scope: '/' }).then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    return new Promise(function (resolve, reject) {
      var channel = new MessageChannel();
      var timer = window.setTimeout(function () { reject(new Error('timed out')); }, 30000);
      channel.port1.addEventListener('message', function (event) {
        window.clearTimeout(timer);
        resolve(event.data);
      });
      channel.port1.start();
      registration.active.postMessage({ type: 'save-game', path: game }, [channel.port2]);
    });
  }).then(function (answer) {
    tell(answer.ok ? 'cached' : 'error', answer.games);
  }).catch(function () {
    tell('error');
  });
})();

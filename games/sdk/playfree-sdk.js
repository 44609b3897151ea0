/* PlayFree SDK v1 - tiny bridge between an embedded game and the PlayFree portal.
 * Game -> portal: { source: 'playfree-sdk', version: 1, type, value? }
 * Portal -> game: { source: 'playfree-portal', type: 'pause'|'resume'|'mute'|'unmute' }
 * MIT licensed. No dependencies. */
(function (w) {
  'use strict';
  if (w.PlayFree && w.PlayFree.version) return;
  var embedded = false;
  try { embedded = w.parent && w.parent !== w; } catch { embedded = true; }
  var muted = false;
  var subs = { pause: [], resume: [], mute: [] };

  function post(type, value) {
    if (!embedded) return;
    var msg = { source: 'playfree-sdk', version: 1, type: type };
    if (typeof value === 'number' && isFinite(value)) msg.value = value;
    try { w.parent.postMessage(msg, '*'); } catch { /* ignore */ }
  }

  function fire(list, arg) {
    for (var i = 0; i < list.length; i++) {
      try { list[i](arg); } catch (e) { if (w.console) w.console.error(e); }
    }
  }

  function on(list, cb) {
    if (typeof cb === 'function') list.push(cb);
  }

  w.addEventListener('message', function (event) {
    if (!embedded || event.source !== w.parent) return;
    var d = event.data;
    if (!d || typeof d !== 'object' || d.source !== 'playfree-portal' || typeof d.type !== 'string') return;
    switch (d.type) {
      case 'pause': fire(subs.pause); break;
      case 'resume': fire(subs.resume); break;
      case 'mute': muted = true; fire(subs.mute, true); break;
      case 'unmute': muted = false; fire(subs.mute, false); break;
      default: break;
    }
  });

  var lastScore = null;
  var scoreTimer = 0;
  var pendingScore = null;
  function score(n) {
    if (typeof n !== 'number' || !isFinite(n) || n === lastScore) return;
    pendingScore = n;
    if (scoreTimer) return;
    lastScore = n;
    post('score', n);
    pendingScore = null;
    scoreTimer = w.setTimeout(function () {
      scoreTimer = 0;
      if (pendingScore !== null && pendingScore !== lastScore) score(pendingScore);
    }, 250);
  }

  w.PlayFree = {
    version: 1,
    loaded: function () { post('loaded'); },
    gameplayStart: function () { lastScore = null; post('gameplayStart'); },
    gameplayStop: function () { post('gameplayStop'); },
    score: score,
    level: function (n) { post('level', n); },
    happyMoment: function () { post('happyMoment'); },
    gameOver: function (finalScore) {
      if (scoreTimer) { w.clearTimeout(scoreTimer); scoreTimer = 0; }
      pendingScore = null;
      post('gameOver', finalScore);
    },
    onPause: function (cb) { on(subs.pause, cb); },
    onResume: function (cb) { on(subs.resume, cb); },
    onMute: function (cb) { on(subs.mute, cb); },
    isMuted: function () { return muted; },
    isEmbedded: function () { return embedded; }
  };
})(window);

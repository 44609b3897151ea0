/* PlayFree SDK v1 - tiny bridge between an embedded game and the PlayFree portal.
 * Game -> portal: { source: 'playfree-sdk', version: 1, type, value? }
 *                 { source: 'playfree-sdk', version: 1, type: 'saveLoad'|'saveWrite', requestId, data?, baseVersion? }
 * Portal -> game: { source: 'playfree-portal', type: 'pause'|'resume'|'mute'|'unmute' }
 *                 { source: 'playfree-portal', type: 'saveResult', requestId, status, save? }
 * MIT licensed. No dependencies. */
(function (w) {
  'use strict';
  if (w.PlayFree && w.PlayFree.version) return;
  var embedded = false;
  try { embedded = w.parent && w.parent !== w; } catch { embedded = true; }
  var muted = false;
  var subs = { pause: [], resume: [], mute: [], saveChange: [] };

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
      case 'saveResult': answerSave(d); break;
      case 'saveSync': syncFromAccount(); break;
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

  /* ---------- cloud saves: the device copy, kept in sync with the player's account ---------- */
  var SAVE_MAX_BYTES = 65536;
  var SAVE_TIMEOUT_MS = 8000;
  var saveKey = 'playfree-save:' + w.location.pathname;
  var pendingRequests = {};
  var nextRequest = 1;
  var syncing = null;

  /* The device copy: { data, version (the account's version it is based on; 0 for none),
     savedAt (ms), pending (true until the account has it) }, or null. */
  function readLocal() {
    try {
      var raw = w.localStorage.getItem(saveKey);
      var rec = raw ? JSON.parse(raw) : null;
      return rec && typeof rec === 'object' && rec.data && typeof rec.data === 'object' ? rec : null;
    } catch { return null; }
  }
  function writeLocal(rec) {
    try {
      if (rec) w.localStorage.setItem(saveKey, JSON.stringify(rec));
      else w.localStorage.removeItem(saveKey);
    } catch { /* storage unavailable: the account copy still counts */ }
  }
  function utf8Bytes(text) {
    try { return new w.TextEncoder().encode(text).length; } catch { return text.length * 3; }
  }
  function fromAccount(stored) {
    return { data: stored.data, version: stored.version, savedAt: Date.parse(stored.updatedAt) || 0, pending: false };
  }

  /* Asks the portal; resolves with its answer, or { status: 'offline' } when none comes. */
  function askPortal(type, extra) {
    return new Promise(function (resolve) {
      if (!embedded) { resolve({ status: 'offline' }); return; }
      var id = 'pf' + (nextRequest++);
      var timer = w.setTimeout(function () { delete pendingRequests[id]; resolve({ status: 'offline' }); }, SAVE_TIMEOUT_MS);
      pendingRequests[id] = function (answer) { w.clearTimeout(timer); resolve(answer); };
      var msg = { source: 'playfree-sdk', version: 1, type: type, requestId: id };
      for (var k in extra) if (Object.prototype.hasOwnProperty.call(extra, k)) msg[k] = extra[k];
      try { w.parent.postMessage(msg, '*'); } catch { delete pendingRequests[id]; w.clearTimeout(timer); resolve({ status: 'offline' }); }
    });
  }
  function answerSave(d) {
    var done = typeof d.requestId === 'string' && pendingRequests[d.requestId];
    if (!done || typeof d.status !== 'string') return;
    var stored = d.save;
    if (stored !== undefined && stored !== null && !(typeof stored === 'object' && stored.data && typeof stored.data === 'object' && typeof stored.version === 'number' && typeof stored.updatedAt === 'string')) return;
    delete pendingRequests[d.requestId];
    done({ status: d.status, save: stored || null });
  }

  /* Sends the device copy to the account while it is pending. The rule on a conflict (another
     device saved since this copy's version): the later save wins, by when each was saved. */
  function pushLocal(attempt) {
    var rec = readLocal();
    if (!rec || !rec.pending) return Promise.resolve({ stored: rec ? 'account' : 'device', data: rec ? rec.data : null });
    return askPortal('saveWrite', { data: rec.data, baseVersion: rec.version || 0 }).then(function (answer) {
      var now = readLocal();
      var changed = !now || now.savedAt !== rec.savedAt;
      if (answer.status === 'saved' && answer.save) {
        if (changed) { if (now) { now.version = answer.save.version; writeLocal(now); } return attempt < 3 ? pushLocal(attempt + 1) : { stored: 'device', data: rec.data }; }
        writeLocal({ data: rec.data, version: answer.save.version, savedAt: rec.savedAt, pending: false });
        return { stored: 'account', data: rec.data };
      }
      if (answer.status === 'conflict' && answer.save) {
        var theirs = fromAccount(answer.save);
        var current = now || rec;
        if (current.savedAt > theirs.savedAt && attempt < 3) {
          current.version = theirs.version;
          writeLocal(current);
          return pushLocal(attempt + 1);
        }
        writeLocal(theirs);
        return { stored: 'account', data: theirs.data };
      }
      return { stored: 'device', data: rec.data, reason: answer.status };
    });
  }
  /* One sync at a time; a save made meanwhile goes out with the next one. */
  function pushFromStart() { return pushLocal(0); }
  function sync() {
    syncing = syncing ? syncing.then(pushFromStart, pushFromStart) : pushFromStart();
    return syncing;
  }
  w.addEventListener('online', function () { if (embedded) sync(); });
  /* The player signed in while the game runs: their device progress goes to the account, and
     the game hears of a save that differs from what it has. */
  function syncFromAccount() {
    var before = JSON.stringify(readLocal() && readLocal().data);
    load().then(function (data) { if (JSON.stringify(data) !== before) fire(subs.saveChange, data); });
  }

  function save(data) {
    var text;
    try { text = JSON.stringify(data); } catch { text = undefined; }
    if (!data || typeof data !== 'object' || Array.isArray(data) || text === undefined) {
      return Promise.reject(new TypeError('PlayFree.save: data must be a JSON object'));
    }
    if (utf8Bytes(text) > SAVE_MAX_BYTES) return Promise.reject(new RangeError('PlayFree.save: data is over 64 KB as JSON'));
    var prev = readLocal();
    writeLocal({ data: JSON.parse(text), version: prev ? prev.version || 0 : 0, savedAt: Math.max(Date.now(), prev ? prev.savedAt + 1 : 0), pending: true });
    if (!embedded) return Promise.resolve({ stored: 'device', data: JSON.parse(text) });
    return sync();
  }

  function load() {
    var local = readLocal();
    if (!embedded) return Promise.resolve(local ? local.data : null);
    return askPortal('saveLoad', {}).then(function (answer) {
      local = readLocal();
      if (answer.status !== 'ok') return local ? local.data : null;
      var theirs = answer.save ? fromAccount(answer.save) : null;
      if (local && local.pending) {
        if (theirs && theirs.version !== (local.version || 0)) {
          if (theirs.savedAt >= local.savedAt) { writeLocal(theirs); return theirs.data; }
          local.version = theirs.version;
          writeLocal(local);
        }
        return sync().then(function (result) { return result.data; });
      }
      /* Nothing waits on this device: the account's save is the one (none: the device copy
         belonged to another account or was removed). */
      writeLocal(theirs);
      return theirs ? theirs.data : null;
    });
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
    save: save,
    load: load,
    onSaveChange: function (cb) { on(subs.saveChange, cb); },
    /* The device copy, at once (no round trip): what to show before load() answers. */
    localSave: function () { var rec = readLocal(); return rec ? rec.data : null; },
    isEmbedded: function () { return embedded; }
  };
})(window);

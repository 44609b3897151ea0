/* PlayFree SDK v1 - tiny bridge between an embedded game and the PlayFree portal.
 * Game -> portal: { source: 'playfree-sdk', version: 1, type, value? }
 *                 { source: 'playfree-sdk', version: 1, type: 'unlockMedal', medal }
 *                 { source: 'playfree-sdk', version: 1, type: 'saveLoad'|'saveWrite', requestId, data?, baseVersion? }
 *                 { source: 'playfree-sdk', version: 1, type: 'adBreak', requestId, kind: 'midgame'|'rewarded', gesture }
 * Portal -> game: the frame's name, `playfree-lang-<locale>`: the player's language (PlayFree.language)
 *                 { source: 'playfree-portal', type: 'pause'|'resume'|'mute'|'unmute' }
 *                 { source: 'playfree-portal', type: 'saveResult', requestId, status, save? }
 *                 { source: 'playfree-portal', type: 'adBreakResult', requestId, shown, rewarded, reason }
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
      case 'adBreakResult': answerBreak(d); break;
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

  /* Medals: each id is sent once per page (the portal keeps the player's unlocks). */
  var MEDAL_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  var medalsSent = {};
  function unlockMedal(id) {
    if (typeof id !== 'string' || id.length > 40 || !MEDAL_ID.test(id)) {
      if (w.console) w.console.warn('PlayFree.unlockMedal: not a medal id', id);
      return;
    }
    if (!embedded || medalsSent[id]) return;
    medalsSent[id] = true;
    try { w.parent.postMessage({ source: 'playfree-sdk', version: 1, type: 'unlockMedal', medal: id }, '*'); } catch { /* ignore */ }
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
  /* Where storage is blocked (a browser refusing it to embedded sites) the copy lives in memory for the page's life. */
  var memoryCopy = null;
  function readLocal() {
    var raw = memoryCopy;
    try { raw = w.localStorage.getItem(saveKey); } catch { /* blocked: the memory copy */ }
    try {
      var rec = raw ? JSON.parse(raw) : null;
      return rec && typeof rec === 'object' && rec.data && typeof rec.data === 'object' ? rec : null;
    } catch { return null; }
  }
  function writeLocal(rec) {
    memoryCopy = rec ? JSON.stringify(rec) : null;
    try {
      if (rec) w.localStorage.setItem(saveKey, memoryCopy);
      else w.localStorage.removeItem(saveKey);
    } catch { /* blocked or full: the memory copy */ }
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

  /* This device saved while another device's save reached the account (both from the same
     version). The game's own merge decides when it gave one (onSaveConflict); otherwise the later
     save wins, by when each was made. Answers the data to keep. */
  var mergeSaves = null;
  function settle(mine, theirs) {
    if (mergeSaves) {
      try {
        var merged = mergeSaves(JSON.parse(JSON.stringify(mine.data)), JSON.parse(JSON.stringify(theirs.data)));
        if (merged && typeof merged === 'object' && !Array.isArray(merged)) return merged;
      } catch (e) { if (w.console) w.console.error(e); }
    }
    return mine.savedAt > theirs.savedAt ? mine.data : theirs.data;
  }
  /* Keeps the settled data: the account's save as it is, or this device's (to send again, over the account's version). */
  function keepSettled(mine, theirs) {
    var data = settle(mine, theirs);
    if (JSON.stringify(data) === JSON.stringify(theirs.data)) { writeLocal(theirs); return false; }
    writeLocal({ data: data, version: theirs.version, savedAt: Math.max(Date.now(), mine.savedAt), pending: true });
    return true;
  }

  /* Sends the device copy to the account while it is pending; settles a conflict as above. */
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
        if (keepSettled(now || rec, theirs) && attempt < 3) return pushLocal(attempt + 1);
        var kept = readLocal();
        return { stored: kept.pending ? 'device' : 'account', data: kept.data };
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
        if (theirs && theirs.version !== (local.version || 0) && !keepSettled(local, theirs)) return theirs.data;
        return sync().then(function (result) { return result.data; });
      }
      /* Nothing waits on this device: the account's save is the one (none: the device copy
         belonged to another account or was removed). */
      writeLocal(theirs);
      return theirs ? theirs.data : null;
    });
  }

  /* ---------- ad breaks: the portal decides, shows and answers (games/sdk/README.md, Ads) ---------- */
  var BREAK_TIMEOUT_MS = 120000;
  var GESTURE_MS = 5000;
  var pendingBreaks = {};
  var lastGestureAt = -Infinity;
  function noteGesture() { lastGestureAt = Date.now(); }
  w.addEventListener('pointerdown', noteGesture, true);
  w.addEventListener('keydown', noteGesture, true);
  w.addEventListener('touchstart', noteGesture, true);
  function hadGesture() {
    var activation = w.navigator && w.navigator.userActivation;
    if (activation) return activation.isActive === true;
    return Date.now() - lastGestureAt < GESTURE_MS;
  }
  function requestBreak(kind) {
    return new Promise(function (resolve) {
      var none = { shown: false, rewarded: false, reason: 'unfilled' };
      if (!embedded) { resolve(none); return; }
      var id = 'ad' + (nextRequest++);
      var timer = w.setTimeout(function () { delete pendingBreaks[id]; resolve(none); }, BREAK_TIMEOUT_MS);
      pendingBreaks[id] = function (result) { w.clearTimeout(timer); resolve(result); };
      try {
        w.parent.postMessage({ source: 'playfree-sdk', version: 1, type: 'adBreak', requestId: id, kind: kind, gesture: hadGesture() }, '*');
      } catch { delete pendingBreaks[id]; w.clearTimeout(timer); resolve(none); }
    });
  }
  var BREAK_REASONS = { unfilled: 1, capped: 1, kids: 1, 'no-gesture': 1 };
  function answerBreak(d) {
    var done = typeof d.requestId === 'string' && pendingBreaks[d.requestId];
    if (!done) return;
    delete pendingBreaks[d.requestId];
    done({ shown: d.shown === true, rewarded: d.rewarded === true, reason: BREAK_REASONS[d.reason] ? d.reason : null });
  }

  /* ---------- multiplayer: rooms the portal holds; the game never touches the network ----------
   * Game -> portal: { source: 'playfree-rooms', version: 1, type: 'hello'|'send'|'lock'|'leave'|'create'|'join'|'entry'|'inviteParams'|'invitable', requestId?, ... }
   * Portal -> game: { source: 'playfree-portal-rooms', type: 'status'|'answer'|'entry'|'room'|'message'|'playerJoin'|
   *                   'playerDrop'|'playerReturn'|'playerLeave'|'hostChange'|'locked'|'connection'|'closed', ... } */
  var ROOM_TIMEOUT_MS = 15000;
  /* A page without rooms (the Kids Zone, a game opened on its own) never answers 'entry'. */
  var ENTRY_TIMEOUT_MS = 2000;
  var NO_ENTRY = { instant: false, code: null, params: {}, link: null };
  var mp = { available: false, room: null, pending: {}, waiting: [], entry: null, subs: { message: [], playerJoin: [], playerDrop: [], playerReturn: [], playerLeave: [], hostChange: [], room: [], connection: [], closed: [], available: [] } };
  function roomPost(type, extra) {
    if (!embedded) return;
    var msg = { source: 'playfree-rooms', version: 1, type: type };
    for (var k in extra) if (Object.prototype.hasOwnProperty.call(extra, k)) msg[k] = extra[k];
    try { w.parent.postMessage(msg, '*'); } catch (e) { if (w.console) w.console.warn('PlayFree.multiplayer:', e); }
  }
  function roomAsk(type, extra) {
    return new Promise(function (resolve, reject) {
      if (!embedded) { reject(new Error('unavailable')); return; }
      var id = 'mp' + (nextRequest++);
      var timer = w.setTimeout(function () { delete mp.pending[id]; reject(new Error('unavailable')); }, ROOM_TIMEOUT_MS);
      mp.pending[id] = function (d) {
        w.clearTimeout(timer);
        /* The room itself (its welcome) may come just after the answer. */
        if (d.ok) { if (mp.room) resolve(mp.room); else mp.waiting.push(resolve); } else reject(new Error(typeof d.reason === 'string' ? d.reason : 'unavailable'));
      };
      extra.requestId = id;
      roomPost(type, extra);
    });
  }
  function findPlayer(id) {
    var list = mp.room ? mp.room.players : [];
    for (var i = 0; i < list.length; i++) if (list[i].id === id) return list[i];
    return null;
  }
  w.addEventListener('message', function (event) {
    if (!embedded || event.source !== w.parent) return;
    var d = event.data;
    if (!d || typeof d !== 'object' || d.source !== 'playfree-portal-rooms' || typeof d.type !== 'string') return;
    var player;
    switch (d.type) {
      case 'status': mp.available = d.available === true; fire(mp.subs.available, mp.available); break;
      case 'answer': case 'entry': if (typeof d.requestId === 'string' && mp.pending[d.requestId]) { var done = mp.pending[d.requestId]; delete mp.pending[d.requestId]; done(d); } break;
      case 'room': mp.room = d.room; fire(mp.waiting.splice(0), mp.room); fire(mp.subs.room, mp.room); break;
      case 'message': fire2(mp.subs.message, d.data, d.from); break;
      case 'playerJoin': if (mp.room) { mp.room.players.push(d.player); fire(mp.subs.playerJoin, d.player); } break;
      case 'playerDrop': player = findPlayer(d.id); if (player) { player.connected = false; fire(mp.subs.playerDrop, player); } break;
      case 'playerReturn': player = findPlayer(d.id); if (player) { player.connected = true; fire(mp.subs.playerReturn, player); } break;
      case 'playerLeave':
        player = findPlayer(d.id);
        if (player) { mp.room.players.splice(mp.room.players.indexOf(player), 1); fire(mp.subs.playerLeave, player); }
        break;
      case 'hostChange': if (mp.room) { mp.room.host = d.id; fire(mp.subs.hostChange, d.id); } break;
      case 'locked': if (mp.room) mp.room.locked = true; break;
      case 'connection': fire(mp.subs.connection, d.state); break;
      case 'closed': mp.room = null; fire(mp.subs.closed, typeof d.reason === 'string' ? d.reason : 'closed'); break;
      default: break;
    }
  });
  /* How the player came: { instant, code, params, link }, asked once and kept. */
  function askEntry() {
    if (mp.entry) return mp.entry;
    mp.entry = new Promise(function (resolve) {
      if (!embedded) { resolve(NO_ENTRY); return; }
      var id = 'mp' + (nextRequest++);
      var timer = w.setTimeout(function () { delete mp.pending[id]; resolve(NO_ENTRY); }, ENTRY_TIMEOUT_MS);
      mp.pending[id] = function (d) {
        w.clearTimeout(timer);
        var e = d.entry && typeof d.entry === 'object' ? d.entry : {};
        var params = {};
        if (e.params && typeof e.params === 'object') for (var k in e.params) if (typeof e.params[k] === 'string') params[k] = e.params[k];
        resolve({ instant: e.instant === true, code: typeof e.code === 'string' ? e.code : null, params: params, link: typeof e.link === 'string' ? e.link : null });
      };
      roomPost('entry', { requestId: id });
    });
    return mp.entry;
  }
  /* A link with the game's own values added as invite.{name}={value} (names of letters, digits, _ and -; up to 10, 200 characters each). */
  var PARAM_NAME = /^[A-Za-z0-9_-]{1,40}$/;
  function linkWithParams(link, params) {
    var out = link, n = 0;
    if (!params || typeof params !== 'object') return out;
    for (var k in params) {
      if (!Object.prototype.hasOwnProperty.call(params, k) || !PARAM_NAME.test(k) || n >= 10) continue;
      var v = params[k];
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue;
      v = String(v);
      if (v.length > 200) continue;
      out += (out.indexOf('?') < 0 ? '?' : '&') + 'invite.' + k + '=' + encodeURIComponent(v);
      n++;
    }
    return out;
  }
  function fire2(list, a, b) {
    for (var i = 0; i < list.length; i++) {
      try { list[i](a, b); } catch (e) { if (w.console) w.console.error(e); }
    }
  }
  var multiplayer = {
    /* Says the game plays online: the portal shows "Invite a friend" and joins an invite link's room. */
    enable: function (options) {
      var max = options && typeof options.maxPlayers === 'number' ? options.maxPlayers : 2;
      roomPost('hello', { maxPlayers: max });
    },
    isAvailable: function () { return mp.available; },
    onAvailable: function (cb) { on(mp.subs.available, cb); },
    /* Resolve to the room: { code, inviteLink, me, host, locked, maxPlayers, players: [{ id, seat, name, connected }] }. */
    createRoom: function (options) {
      var o = options || {};
      return roomAsk('create', { maxPlayers: typeof o.maxPlayers === 'number' ? o.maxPlayers : 2, access: o.public === true ? 'public' : 'invite' });
    },
    joinByInvite: function (code) { return roomAsk('join', { code: String(code) }); },
    room: function () { return mp.room; },
    /* The room's invite link, with the game's own values when given ({ name: value }); null outside a room. */
    inviteLink: function (params) { return mp.room ? linkWithParams(mp.room.inviteLink, params) : null; },
    /* Resolves to how the player came: { instant, code, params, link }. instant: the page was opened to play
     * online at once (an invite link, or "Join Game"; the portal joins that room after enable()); params: the
     * values the invite link carried; link: the game's page on the portal (null outside it). */
    entry: askEntry,
    /* The portal's own invite link (the panel under the game: copy, share, QR) carries these values from now on. */
    setInviteParams: function (params) { roomPost('inviteParams', { params: params && typeof params === 'object' ? params : {} }); },
    /* Whether the player may invite now: false hides the panel's "Invite a friend" and the link (who is in the room stays). */
    setInvitable: function (show) { roomPost('invitable', { on: show !== false }); },
    linkWithParams: linkWithParams,
    me: function () { return mp.room ? mp.room.me : null; },
    host: function () { return mp.room ? mp.room.host : null; },
    isHost: function () { return !!mp.room && mp.room.host === mp.room.me; },
    players: function () { return mp.room ? mp.room.players.slice() : []; },
    /* Any JSON-like value, up to about 3 KB, at most 30 a second: the others get it in order. */
    send: function (data) { if (mp.room) roomPost('send', { data: data }); },
    lock: function () { if (mp.room) roomPost('lock', {}); },
    leave: function () { if (mp.room) { roomPost('leave', {}); mp.room = null; } },
    onRoom: function (cb) { on(mp.subs.room, cb); },
    onMessage: function (cb) { on(mp.subs.message, cb); },
    onPlayerJoin: function (cb) { on(mp.subs.playerJoin, cb); },
    onPlayerDrop: function (cb) { on(mp.subs.playerDrop, cb); },
    onPlayerReturn: function (cb) { on(mp.subs.playerReturn, cb); },
    onPlayerLeave: function (cb) { on(mp.subs.playerLeave, cb); },
    onHostChange: function (cb) { on(mp.subs.hostChange, cb); },
    /* 'reconnecting' | 'connected': this device's own connection. */
    onConnection: function (cb) { on(mp.subs.connection, cb); },
    /* The room is over for this player: 'lost' (connection), 'gone', 'left'. */
    onClose: function (cb) { on(mp.subs.closed, cb); }
  };

  /* The player's language, as the portal's page speaks it (a locale such as 'fr' or 'pt-BR'): the
   * portal names its game frame `playfree-lang-<locale>`, so the game knows it from its first frame,
   * with no round trip. 'en' outside the portal. */
  var language = 'en';
  try {
    var named = /^playfree-lang-([a-z]{2,3}(?:-[A-Z]{2})?)$/.exec(w.name || '');
    if (named) language = named[1];
  } catch { /* keep English */ }

  w.PlayFree = {
    version: 1,
    language: language,
    loaded: function () { post('loaded'); },
    gameplayStart: function () { lastScore = null; post('gameplayStart'); },
    gameplayStop: function () { post('gameplayStop'); },
    score: score,
    level: function (n) { post('level', n); },
    happyMoment: function () { post('happyMoment'); },
    unlockMedal: unlockMedal,
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
    onSaveConflict: function (merge) { mergeSaves = typeof merge === 'function' ? merge : null; },
    /* The device copy, at once (no round trip): what to show before load() answers. */
    localSave: function () { var rec = readLocal(); return rec ? rec.data : null; },
    isEmbedded: function () { return embedded; },
    /* Each resolves to { shown, rewarded, reason }; the game is paused and muted meanwhile. */
    ads: {
      midgame: function () { return requestBreak('midgame'); },
      rewarded: function () { return requestBreak('rewarded'); }
    },
    multiplayer: multiplayer
  };
})(window);

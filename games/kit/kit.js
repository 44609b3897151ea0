/* kit.js - tiny shared game toolkit (canvas, input, audio, fx, overlays, SDK glue).
 * One copy, shared by every built-in game (served beside them as ../kit/kit.js). */
(function (w) {
  'use strict';
  var doc = w.document;
  var noop = Function.prototype;
  var PF = w.PlayFree || {
    loaded: noop, gameplayStart: noop, gameplayStop: noop, score: noop, level: noop,
    happyMoment: noop, gameOver: noop, onPause: noop, onResume: noop, onMute: noop,
    isMuted: function () { return false; },
    save: function () { return Promise.resolve(null); },
    load: function () { return Promise.resolve(null); },
    localSave: function () { return null; },
    onSaveChange: noop, onSaveConflict: noop
  };

  var K = {
    w: 800, h: 600, scale: 1, dpr: 1, time: 0, paused: false, muted: false,
    state: 'title', score: 0, level: 1, id: 'game', keys: {}, pointers: {}
  };
  var opts = {};
  var cv = null;
  var ctx = null;

  /* ---------- storage ---------- */
  /* Device preferences (mute) stay in this browser: K.load / K.save. Progress (the best score) is
     the game's save, which the SDK keeps in the player's account and on the device. */
  K.load = function (key, def) {
    try {
      var v = w.localStorage.getItem('pf.' + K.id + '.' + key);
      return v === null ? def : JSON.parse(v);
    } catch { return def; }
  };
  K.save = function (key, v) {
    try { w.localStorage.setItem('pf.' + K.id + '.' + key, JSON.stringify(v)); } catch { /* storage unavailable */ }
  };
  var progress = {};
  K.best = function () { return typeof progress.best === 'number' ? progress.best : 0; };
  /* The best score as markup that updates in place when the account's save arrives. */
  K.bestHtml = function () { return '<span class="pf-best">' + K.best() + '</span>'; };
  function showBest() {
    var els = doc.querySelectorAll('.pf-best');
    for (var i = 0; i < els.length; i++) els[i].textContent = String(K.best());
  }
  /* Takes a save (from the account or this device), keeping the higher best: a best never goes
     down, even when another device's later save (last write wins) holds a lower one. */
  function takeSave(data) {
    var mine = K.best();
    var next = {};
    if (data && typeof data === 'object') for (var k in data) if (Object.prototype.hasOwnProperty.call(data, k)) next[k] = data[k];
    if (typeof next.best !== 'number') next.best = 0;
    var higher = mine > next.best;
    if (higher) next.best = mine;
    progress = next;
    showBest();
    if (higher) storeProgress();
  }
  function storeProgress() {
    PF.save(progress).then(function (result) { if (result && result.data) takeSave(result.data); }, noop);
  }
  function loadProgress() {
    takeSave(PF.localSave());
    /* A best kept by the kit before cloud saves moves into the save once. */
    var legacy = K.load('best', 0);
    if (typeof legacy === 'number' && legacy > K.best()) { progress.best = legacy; showBest(); storeProgress(); }
    try { w.localStorage.removeItem('pf.' + K.id + '.best'); } catch { /* storage unavailable */ }
    /* Two devices saved from the same version: keep the higher best of the two. */
    PF.onSaveConflict(function (mine, theirs) {
      var a = typeof mine.best === 'number' ? mine.best : 0, b = typeof theirs.best === 'number' ? theirs.best : 0;
      theirs.best = Math.max(a, b);
      return theirs;
    });
    PF.load().then(takeSave, noop);
    PF.onSaveChange(takeSave);
  }

  /* ---------- helpers ---------- */
  K.rand = function (a, b) { return a + Math.random() * (b - a); };
  K.randi = function (a, b) { return Math.floor(a + Math.random() * (b - a + 1)); };
  K.pick = function (arr) { return arr[Math.floor(Math.random() * arr.length)]; };
  K.clamp = function (v, a, b) { return v < a ? a : v > b ? b : v; };
  K.lerp = function (a, b, t) { return a + (b - a) * t; };
  K.dist = function (ax, ay, bx, by) { var dx = ax - bx, dy = ay - by; return Math.sqrt(dx * dx + dy * dy); };
  K.ease = {
    outBack: function (t) { var c1 = 1.70158, c3 = c1 + 1; return 1 + c3 * Math.pow(t - 1, 3) + c1 * Math.pow(t - 1, 2); },
    outCubic: function (t) { return 1 - Math.pow(1 - t, 3); },
    inOut: function (t) { return t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2; }
  };
  K.roundRect = function (c, x, y, wd, ht, r) {
    r = Math.min(r, wd / 2, ht / 2);
    c.beginPath();
    c.moveTo(x + r, y);
    c.arcTo(x + wd, y, x + wd, y + ht, r);
    c.arcTo(x + wd, y + ht, x, y + ht, r);
    c.arcTo(x, y + ht, x, y, r);
    c.arcTo(x, y, x + wd, y, r);
    c.closePath();
  };
  K.font = function (size, weight) {
    return (weight || '800') + ' ' + Math.round(size) + 'px "Trebuchet MS", "Segoe UI", system-ui, sans-serif';
  };
  K.text = function (c, str, x, y, size, color, align, weight, shadow) {
    c.font = K.font(size, weight);
    c.textAlign = align || 'center';
    c.textBaseline = 'middle';
    if (shadow !== false) {
      c.fillStyle = 'rgba(0,0,0,0.35)';
      c.fillText(str, x, y + Math.max(2, size * 0.08));
    }
    c.fillStyle = color || '#fff';
    c.fillText(str, x, y);
  };

  /* ---------- audio ---------- */
  var ac = null, master = null, noiseBuf = null;
  function ensureAudio() {
    if (!ac) {
      var AC = w.AudioContext || w.webkitAudioContext;
      if (!AC) return null;
      try { ac = new AC(); } catch { return null; }
      master = ac.createGain();
      master.gain.value = K.muted ? 0 : 0.6;
      master.connect(ac.destination);
      noiseBuf = ac.createBuffer(1, ac.sampleRate, ac.sampleRate);
      var d = noiseBuf.getChannelData(0);
      for (var i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
    }
    if (ac.state === 'suspended' && !K.paused) { ac.resume().catch(noop); }
    return ac;
  }
  K.audio = function () { return ac; };
  K.tone = function (freq, dur, o) {
    o = o || {};
    if (K.muted || K.paused || !ac || ac.state !== 'running') return;
    var t0 = ac.currentTime + (o.delay || 0);
    dur = dur || 0.1;
    var osc = ac.createOscillator();
    var g = ac.createGain();
    osc.type = o.type || 'square';
    osc.frequency.setValueAtTime(freq, t0);
    if (o.slide) osc.frequency.exponentialRampToValueAtTime(Math.max(20, o.slide), t0 + dur);
    var vol = o.vol === undefined ? 0.15 : o.vol;
    g.gain.setValueAtTime(0.0001, t0);
    g.gain.exponentialRampToValueAtTime(vol, t0 + (o.attack || 0.006));
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    osc.connect(g);
    g.connect(master);
    osc.start(t0);
    osc.stop(t0 + dur + 0.02);
  };
  K.noise = function (dur, o) {
    o = o || {};
    if (K.muted || K.paused || !ac || ac.state !== 'running') return;
    var t0 = ac.currentTime + (o.delay || 0);
    var src = ac.createBufferSource();
    src.buffer = noiseBuf;
    var f = ac.createBiquadFilter();
    f.type = o.filter || 'lowpass';
    f.frequency.setValueAtTime(o.freq || 2000, t0);
    if (o.slide) f.frequency.exponentialRampToValueAtTime(o.slide, t0 + dur);
    var g = ac.createGain();
    g.gain.setValueAtTime(o.vol === undefined ? 0.3 : o.vol, t0);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    src.connect(f); f.connect(g); g.connect(master);
    src.start(t0);
    src.stop(t0 + dur + 0.02);
  };
  K.notes = function (freqs, step, o) {
    o = o || {};
    for (var i = 0; i < freqs.length; i++) {
      if (freqs[i]) K.tone(freqs[i], o.dur || step * 1.4, { type: o.type || 'triangle', vol: o.vol || 0.14, delay: (o.delay || 0) + i * step });
    }
  };
  K.sfx = {
    click: function () { K.tone(660, 0.06, { type: 'square', vol: 0.08 }); },
    pop: function (p) { p = p || 1; K.tone(500 * p, 0.12, { type: 'sine', vol: 0.25, slide: 1400 * p }); K.noise(0.06, { vol: 0.12, freq: 5000, filter: 'highpass' }); },
    coin: function () { K.tone(988, 0.07, { type: 'square', vol: 0.09 }); K.tone(1319, 0.16, { type: 'square', vol: 0.09, delay: 0.07 }); },
    hit: function () { K.tone(220, 0.12, { type: 'square', vol: 0.14, slide: 80 }); K.noise(0.08, { vol: 0.15, freq: 1500 }); },
    boom: function () { K.noise(0.5, { vol: 0.45, freq: 1200, slide: 60 }); K.tone(120, 0.4, { type: 'sine', vol: 0.3, slide: 30 }); },
    jump: function () { K.tone(300, 0.14, { type: 'square', vol: 0.09, slide: 700 }); },
    shoot: function () { K.tone(880, 0.09, { type: 'sawtooth', vol: 0.06, slide: 220 }); },
    power: function () { K.notes([523, 659, 784, 1047], 0.06, { type: 'square', vol: 0.08 }); },
    lose: function () { K.notes([392, 330, 262, 196], 0.14, { type: 'triangle', vol: 0.16 }); },
    win: function () { K.notes([523, 659, 784, 1047, 784, 1047], 0.09, { type: 'triangle', vol: 0.16 }); },
    tick: function () { K.tone(1200, 0.03, { type: 'square', vol: 0.05 }); },
    bounce: function (p) { K.tone(440 * (p || 1), 0.07, { type: 'square', vol: 0.1 }); }
  };

  /* ---------- DOM UI ---------- */
  var muteBtn, pauseBtn, overlay, card;
  var SPK_ON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 9v6h4l5 4V5L7 9H3z" fill="currentColor"/><path d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/></svg>';
  var SPK_OFF = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 9v6h4l5 4V5L7 9H3z" fill="currentColor"/><path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
  var PAUSE_ICO = '<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor"/><rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor"/></svg>';

  function buildUI() {
    var bar = doc.createElement('div');
    bar.className = 'pf-bar';
    pauseBtn = doc.createElement('button');
    pauseBtn.className = 'pf-btn pf-pause';
    pauseBtn.type = 'button';
    pauseBtn.setAttribute('aria-label', 'Pause');
    pauseBtn.innerHTML = PAUSE_ICO;
    pauseBtn.addEventListener('click', function (e) { e.stopPropagation(); if (K.state === 'play') K.pause(true); });
    muteBtn = doc.createElement('button');
    muteBtn.className = 'pf-btn pf-mute';
    muteBtn.type = 'button';
    muteBtn.addEventListener('click', function (e) { e.stopPropagation(); ensureAudio(); K.setMuted(!K.muted); K.save('muted', K.muted); });
    bar.appendChild(pauseBtn);
    bar.appendChild(muteBtn);
    doc.body.appendChild(bar);
    overlay = doc.createElement('div');
    overlay.className = 'pf-overlay';
    card = doc.createElement('div');
    card.className = 'pf-card';
    overlay.appendChild(card);
    doc.body.appendChild(overlay);
    updateButtons();
  }
  function updateButtons() {
    if (muteBtn) {
      muteBtn.innerHTML = K.muted ? SPK_OFF : SPK_ON;
      muteBtn.setAttribute('aria-label', K.muted ? 'Unmute' : 'Mute');
      muteBtn.classList.toggle('is-muted', K.muted);
    }
    if (pauseBtn) pauseBtn.style.display = K.state === 'play' && !opts.noPause ? '' : 'none';
  }
  K.setMuted = function (m) {
    K.muted = !!m;
    if (master && ac) master.gain.setTargetAtTime(K.muted ? 0 : 0.6, ac.currentTime, 0.02);
    updateButtons();
  };

  var primaryAction = null;
  var shownAt = 0;
  /* show({ title, text, html, buttons:[{label, action, primary, cls}], cls }) */
  K.show = function (o) {
    card.innerHTML = '';
    card.className = 'pf-card' + (o.cls ? ' ' + o.cls : '');
    if (o.icon) { var ic = doc.createElement('div'); ic.className = 'pf-icon'; ic.textContent = o.icon; card.appendChild(ic); }
    if (o.title) { var h = doc.createElement('h1'); h.textContent = o.title; card.appendChild(h); }
    if (o.text) { var p = doc.createElement('p'); p.className = 'pf-text'; p.textContent = o.text; card.appendChild(p); }
    if (o.html) { var dv = doc.createElement('div'); dv.className = 'pf-html'; dv.innerHTML = o.html; card.appendChild(dv); }
    primaryAction = null;
    var row = doc.createElement('div');
    row.className = 'pf-buttons';
    (o.buttons || []).forEach(function (b, i) {
      var el = doc.createElement('button');
      el.type = 'button';
      el.className = 'pf-action' + (b.primary || i === 0 ? ' primary' : '') + (b.cls ? ' ' + b.cls : '');
      el.textContent = b.label;
      if (b.aria) el.setAttribute('aria-label', b.aria);
      var fn = function () { ensureAudio(); K.sfx.click(); b.action(); };
      el.addEventListener('click', function (e) { e.stopPropagation(); fn(); });
      if (!primaryAction && (b.primary || i === 0)) primaryAction = fn;
      row.appendChild(el);
    });
    card.appendChild(row);
    overlay.classList.add('show');
    K.overlayOpen = true;
    shownAt = Date.now();
    updateButtons();
  };
  K.hide = function () {
    overlay.classList.remove('show');
    K.overlayOpen = false;
    primaryAction = null;
    updateButtons();
  };

  /* ---------- input ---------- */
  var downFns = [], moveFns = [], upFns = [], keyFns = [];
  K.onDown = function (f) { downFns.push(f); };
  K.onMove = function (f) { moveFns.push(f); };
  K.onUp = function (f) { upFns.push(f); };
  K.onKey = function (f) { keyFns.push(f); };
  function toLocal(e) {
    var r = cv.getBoundingClientRect();
    return { id: e.pointerId, x: (e.clientX - r.left) / K.scale, y: (e.clientY - r.top) / K.scale, type: e.pointerType, e: e };
  }
  function pointerUp(e) {
    var p = toLocal(e);
    var q = K.pointers[e.pointerId];
    if (q) { p.sx = q.sx; p.sy = q.sy; p.dt = K.time - q.t; }
    delete K.pointers[e.pointerId];
    if (K.paused || K.overlayOpen) return;
    upFns.forEach(function (f) { f(p); });
  }
  function bindInput() {
    cv.addEventListener('pointerdown', function (e) {
      ensureAudio();
      try { cv.setPointerCapture(e.pointerId); } catch { /* ignore */ }
      var p = toLocal(e);
      K.pointers[e.pointerId] = { x: p.x, y: p.y, sx: p.x, sy: p.y, t: K.time };
      if (K.paused || K.overlayOpen) return;
      e.preventDefault();
      downFns.forEach(function (f) { f(p); });
    });
    cv.addEventListener('pointermove', function (e) {
      var p = toLocal(e);
      var q = K.pointers[e.pointerId];
      if (q) { q.x = p.x; q.y = p.y; }
      p.down = !!q;
      if (K.paused || K.overlayOpen) return;
      moveFns.forEach(function (f) { f(p); });
    });
    cv.addEventListener('pointerup', pointerUp);
    cv.addEventListener('pointercancel', pointerUp);
    cv.addEventListener('contextmenu', function (e) { e.preventDefault(); });
    w.addEventListener('keydown', function (e) {
      ensureAudio();
      var code = e.code || e.key;
      if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space'].indexOf(code) >= 0) e.preventDefault();
      if (e.repeat && K.keys[code]) { return; }
      K.keys[code] = true;
      if (K.overlayOpen) {
        if ((code === 'Enter' || code === 'Space' || code === 'NumpadEnter') && primaryAction && Date.now() - shownAt > 450) { e.preventDefault(); primaryAction(); }
        return;
      }
      if ((code === 'KeyP' || code === 'Escape') && K.state === 'play' && !opts.noPause) { K.pause(true); return; }
      if (K.paused) return;
      keyFns.forEach(function (f) { f(code, e); });
    });
    w.addEventListener('keyup', function (e) { K.keys[e.code || e.key] = false; });
    w.addEventListener('blur', function () { K.keys = {}; if (K.state === 'play' && !K.paused && !opts.noPause) K.pause(true); });
    doc.addEventListener('visibilitychange', function () {
      if (doc.hidden && K.state === 'play' && !K.paused && !opts.noPause) K.pause(true);
    });
  }
  K.key = function () { for (var i = 0; i < arguments.length; i++) if (K.keys[arguments[i]]) return true; return false; };

  /* ---------- fx ---------- */
  var parts = [], texts = [], shakeMag = 0, flashA = 0, flashC = '#fff';
  K.burst = function (x, y, o) {
    o = o || {};
    var n = o.n || 14;
    for (var i = 0; i < n; i++) {
      var a = o.angle !== undefined ? o.angle + K.rand(-(o.spread || 0.5), o.spread || 0.5) : Math.random() * Math.PI * 2;
      var s = (o.speed || 200) * K.rand(0.3, 1);
      var life = (o.life || 0.7) * K.rand(0.6, 1.2);
      parts.push({
        x: x, y: y, vx: Math.cos(a) * s, vy: Math.sin(a) * s, life: life, max: life,
        size: (o.size || 4) * K.rand(0.6, 1.3), color: Array.isArray(o.color) ? K.pick(o.color) : (o.color || '#fff'),
        g: o.gravity || 0, drag: o.drag || 0.96, shape: o.shape || 'circle', rot: Math.random() * 6, vr: K.rand(-8, 8)
      });
    }
    if (parts.length > 900) parts.splice(0, parts.length - 900);
  };
  K.floatText = function (x, y, str, o) {
    o = o || {};
    texts.push({ x: x, y: y, str: str, color: o.color || '#fff', size: o.size || 22, life: o.life || 0.9, max: o.life || 0.9, vy: o.vy || -60 });
  };
  K.shake = function (m) { shakeMag = Math.max(shakeMag, m); };
  K.flash = function (color, a) { flashC = color || '#fff'; flashA = a || 0.4; };
  K.clearFx = function () { parts.length = 0; texts.length = 0; shakeMag = 0; flashA = 0; };
  function updateFx(dt) {
    for (var i = parts.length - 1; i >= 0; i--) {
      var p = parts[i];
      p.life -= dt;
      if (p.life <= 0) { parts.splice(i, 1); continue; }
      var dk = Math.pow(p.drag, dt * 60);
      p.vx *= dk; p.vy *= dk; p.vy += p.g * dt;
      p.x += p.vx * dt; p.y += p.vy * dt; p.rot += p.vr * dt;
    }
    for (var j = texts.length - 1; j >= 0; j--) {
      var t = texts[j];
      t.life -= dt; t.y += t.vy * dt; t.vy *= Math.pow(0.95, dt * 60);
      if (t.life <= 0) texts.splice(j, 1);
    }
    shakeMag *= Math.pow(0.86, dt * 60);
    if (shakeMag < 0.3) shakeMag = 0;
    flashA = Math.max(0, flashA - dt * 2.2);
  }
  K.drawFx = function (c) {
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i];
      var a = p.life / p.max;
      c.globalAlpha = Math.min(1, a * 1.5);
      c.fillStyle = p.color;
      var s = p.size * (0.4 + 0.6 * a);
      if (p.shape === 'square') {
        c.save(); c.translate(p.x, p.y); c.rotate(p.rot); c.fillRect(-s, -s, s * 2, s * 2); c.restore();
      } else if (p.shape === 'star') {
        c.save(); c.translate(p.x, p.y); c.rotate(p.rot); c.beginPath();
        for (var k = 0; k < 10; k++) { var r = k % 2 ? s * 0.45 : s * 1.3; var an = k * Math.PI / 5; c.lineTo(Math.cos(an) * r, Math.sin(an) * r); }
        c.closePath(); c.fill(); c.restore();
      } else {
        c.beginPath(); c.arc(p.x, p.y, s, 0, Math.PI * 2); c.fill();
      }
    }
    c.globalAlpha = 1;
    for (var j = 0; j < texts.length; j++) {
      var t = texts[j];
      var ta = t.life / t.max;
      c.globalAlpha = Math.min(1, ta * 2);
      var sc = 1 + Math.max(0, (ta - 0.8)) * 2;
      K.text(c, t.str, t.x, t.y, t.size * sc, t.color);
    }
    c.globalAlpha = 1;
  };

  /* ---------- lifecycle ---------- */
  K.setScore = function (n) { K.score = n; PF.score(n); };
  K.addScore = function (n) { K.setScore(K.score + n); };
  K.setLevel = function (n) { K.level = n; if (K.state === 'play') PF.level(n); };
  var lastHappy = -99;
  K.happy = function () { if (K.time - lastHappy > 3) { lastHappy = K.time; PF.happyMoment(); } };
  K.begin = function () {
    K.hide();
    K.state = 'play';
    K.paused = false;
    K.score = 0;
    K.level = 1;
    PF.gameplayStart();
    PF.score(0);
    PF.level(1);
    updateButtons();
  };
  /* end(score) -> { best, isNew } */
  K.end = function (finalScore) {
    if (finalScore === undefined) finalScore = K.score;
    K.state = 'over';
    PF.gameplayStop();
    PF.gameOver(finalScore);
    var best = K.best();
    var isNew = finalScore > best;
    if (isNew) { best = finalScore; progress.best = best; storeProgress(); }
    updateButtons();
    return { best: best, isNew: isNew };
  };
  var portalPaused = false;
  K.pause = function (showMenu) {
    if (K.paused) return;
    K.paused = true;
    K.keys = {};
    if (ac && ac.state === 'running') ac.suspend().catch(noop);
    if (K.state === 'play') PF.gameplayStop();
    if (opts.onPause) opts.onPause();
    if (showMenu) {
      K.show({ title: opts.kids ? '' : 'Paused', buttons: [{ label: opts.kids ? '▶' : 'Resume', aria: 'Resume', cls: opts.kids ? 'big' : '', action: function () { K.resume(); } }] });
    }
  };
  K.resume = function () {
    if (!K.paused) return;
    K.paused = false;
    portalPaused = false;
    K.hide();
    if (ac) ac.resume().catch(noop);
    if (K.state === 'play') PF.gameplayStart();
    if (opts.onResume) opts.onResume();
    last = 0;
  };

  /* ---------- canvas + loop ---------- */
  function resize() {
    var cw = w.innerWidth || 800, ch = w.innerHeight || 600;
    K.dpr = Math.min(w.devicePixelRatio || 1, 2.5);
    cv.width = Math.round(cw * K.dpr);
    cv.height = Math.round(ch * K.dpr);
    cv.style.width = cw + 'px';
    cv.style.height = ch + 'px';
    var mw = opts.minW, mh = opts.minH;
    if (opts.portrait && ch > cw) { mw = opts.portrait[0]; mh = opts.portrait[1]; }
    K.portrait = ch > cw;
    K.scale = Math.min(cw / mw, ch / mh);
    if (opts.maxScale) K.scale = Math.min(K.scale, opts.maxScale);
    K.w = cw / K.scale;
    K.h = ch / K.scale;
    K.cssW = cw; K.cssH = ch;
    if (opts.onResize) opts.onResize(K.w, K.h);
  }
  var last = 0;
  function frame(ts) {
    w.requestAnimationFrame(frame);
    var dt = last ? Math.min(0.05, (ts - last) / 1000) : 0.016;
    last = ts;
    if (!K.paused) {
      K.time += dt;
      if (opts.update) opts.update(dt);
      updateFx(dt);
    }
    var s = K.scale * K.dpr;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, cv.width, cv.height);
    var sx = shakeMag ? K.rand(-shakeMag, shakeMag) : 0, sy = shakeMag ? K.rand(-shakeMag, shakeMag) : 0;
    ctx.setTransform(s, 0, 0, s, sx * s, sy * s);
    if (opts.draw) opts.draw(ctx);
    K.drawFx(ctx);
    ctx.setTransform(s, 0, 0, s, 0, 0);
    if (flashA > 0) { ctx.globalAlpha = flashA; ctx.fillStyle = flashC; ctx.fillRect(0, 0, K.w, K.h); ctx.globalAlpha = 1; }
    if (opts.hud) opts.hud(ctx);
    if (K.thumb && opts.title) drawBanner();
  }
  function drawBanner() {
    var size = Math.min(K.w / (opts.title.length * 0.62), K.h * 0.16);
    var y = opts.bannerY !== undefined ? opts.bannerY * K.h : K.h * 0.5;
    ctx.save();
    ctx.font = K.font(size, '900');
    var tw = ctx.measureText(opts.title).width;
    if (tw > K.w * 0.88) { size *= K.w * 0.88 / tw; ctx.font = K.font(size, '900'); }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    ctx.lineWidth = size * 0.22;
    ctx.strokeStyle = opts.bannerStroke || 'rgba(10,6,30,0.92)';
    ctx.strokeText(opts.title, K.w / 2, y);
    ctx.shadowColor = opts.accent || '#ffd23f';
    ctx.shadowBlur = size * 0.35;
    ctx.fillStyle = opts.accent || '#ffd23f';
    ctx.fillText(opts.title, K.w / 2, y);
    ctx.restore();
  }

  /* init({ id, minW, minH, portrait: [minW, minH], update, draw, hud, onResize, kids, noPause }) */
  K.init = function (o) {
    opts = o;
    K.id = o.id || 'game';
    cv = doc.createElement('canvas');
    cv.className = 'pf-canvas';
    doc.body.insertBefore(cv, doc.body.firstChild);
    ctx = cv.getContext('2d');
    K.canvas = cv;
    K.ctx = ctx;
    K.muted = !!K.load('muted', false) || !!PF.isMuted();
    loadProgress();
    K.thumb = /thumb/.test(w.location.hash);
    if (K.thumb) doc.body.classList.add('pf-thumb');
    buildUI();
    bindInput();
    w.addEventListener('resize', resize);
    resize();
    PF.onMute(function (m) { K.setMuted(m); });
    PF.onPause(function () { portalPaused = true; K.pause(false); });
    PF.onResume(function () { if (portalPaused) K.resume(); });
    w.requestAnimationFrame(frame);
    PF.loaded();
  };

  w.Kit = K;
})(window);

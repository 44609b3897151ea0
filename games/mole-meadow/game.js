/* Mole Meadow - bonk the cheeky moles! For little players: big holes, happy sounds, no way to lose. */
(function () {
  'use strict';
  var K = window.Kit;
  var ROUND = 45;
  var holes = [], timeLeft = ROUND, spawnT = 0, cursor = 4, showCursor = false, hammer = { x: -100, y: -100, t: 0 };
  var FUR = ['#9c6b43', '#b07d52', '#8a5a3b'];

  function layout() {
    var cols = 3, rows = 3;
    var top = 90, pad = 10;
    var cw = (K.w - pad * 2) / cols, ch = (K.h - top - pad) / rows;
    var s = Math.min(cw, ch * 1.1, 220);
    var gw = s * cols, gh = (s / 1.1) * rows;
    var x0 = (K.w - gw) / 2, y0 = top + (K.h - top - gh) / 2;
    var old = holes;
    holes = [];
    for (var i = 0; i < 9; i++) {
      var r = Math.floor(i / 3), c = i % 3;
      var h = old[i] || { up: 0, state: 'down', t: 0, kind: 'mole', dizzy: 0, fur: K.pick(FUR) };
      h.x = x0 + c * s + s / 2; h.y = y0 + r * (s / 1.1) + s / 1.1 * 0.62; h.s = s * 0.42;
      holes.push(h);
    }
  }

  function start() {
    timeLeft = ROUND; spawnT = 0.5;
    holes.forEach(function (h) { h.state = 'down'; h.up = 0; });
    K.begin();
    K.clearFx();
  }

  function pop() {
    var free = holes.filter(function (h) { return h.state === 'down' && h.up <= 0.01; });
    if (!free.length) return;
    var h = K.pick(free);
    h.state = 'rising';
    h.kind = Math.random() < 0.12 ? 'gold' : 'mole';
    h.stay = Math.max(0.9, 2.0 - K.level * 0.18) * (h.kind === 'gold' ? 0.8 : 1);
    h.fur = K.pick(FUR);
    h.dizzy = 0;
  }

  function bonk(h) {
    hammer.x = h.x; hammer.y = h.y - h.s * 0.6; hammer.t = 0.25;
    if (h.state !== 'up' && h.state !== 'rising') {
      K.tone(180, 0.08, { type: 'sine', vol: 0.12 });
      K.burst(h.x, h.y, { n: 8, color: ['#6b4226', '#8a5a3b'], speed: 150, life: 0.4, size: 4, gravity: 500 });
      return;
    }
    h.state = 'bonked'; h.dizzy = 1;
    var pts = h.kind === 'gold' ? 3 : 1;
    K.addScore(pts);
    K.shake(5);
    K.burst(h.x, h.y - h.s * 0.5, { n: 16, color: h.kind === 'gold' ? ['#ffd23f', '#fff'] : ['#ffd23f', '#ff9f1c', '#fff'], speed: 300, life: 0.7, size: 7, shape: 'star', gravity: 300 });
    K.floatText(h.x, h.y - h.s * 1.3, '+' + pts, { color: h.kind === 'gold' ? '#ffd23f' : '#fff', size: 36 });
    K.tone(h.kind === 'gold' ? 1046 : 740, 0.12, { type: 'square', vol: 0.08, slide: h.kind === 'gold' ? 2093 : 370 });
    K.noise(0.06, { vol: 0.2, freq: 900 });
    if (h.kind === 'gold') { K.sfx.coin(); K.happy(); }
    if (K.score >= K.level * 12) { K.setLevel(K.level + 1); K.sfx.power(); K.flash('#fff', 0.25); }
  }

  function update(dt) {
    hammer.t = Math.max(0, hammer.t - dt);
    var playing = K.state === 'play';
    if (playing) {
      timeLeft -= dt;
      if (timeLeft <= 0) { timeLeft = 0; finish(); }
      spawnT -= dt;
      var maxUp = Math.min(4, 2 + Math.floor(K.level / 3));
      var upCount = holes.filter(function (h) { return h.state !== 'down'; }).length;
      if (spawnT <= 0 && upCount < maxUp) { pop(); spawnT = Math.max(0.35, 1.0 - K.level * 0.08) * K.rand(0.7, 1.3); }
    } else if (K.state === 'title') {
      spawnT -= dt;
      if (spawnT <= 0) { pop(); spawnT = 1.2; }
    }
    holes.forEach(function (h) {
      if (h.state === 'rising') { h.up = Math.min(1, h.up + dt * 6); if (h.up >= 1) { h.state = 'up'; h.t = h.stay || 1.5; } }
      else if (h.state === 'up') { h.t -= dt; if (h.t <= 0) { h.state = 'hiding'; } }
      else if (h.state === 'hiding') { h.up -= dt * 4; if (h.up <= 0) { h.up = 0; h.state = 'down'; } }
      else if (h.state === 'bonked') { h.dizzy -= dt * 1.4; if (h.dizzy <= 0) { h.state = 'hiding'; } }
    });
  }

  function finish() {
    var res = K.end(K.score);
    K.sfx.win(); K.happy();
    for (var i = 0; i < 8; i++) K.burst(K.rand(0, K.w), K.rand(0, K.h * 0.6), { n: 20, color: ['#ffd23f', '#ff9f1c', '#ff5e7e', '#4cc9f0'], speed: 380, life: 1.6, size: 7, gravity: 300, shape: 'star' });
    setTimeout(function () {
      K.show({
        cls: 'clear',
        html: '<div class="stars"><svg class="star" viewBox="0 0 24 24"><path d="M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z" fill="#ffd60a" stroke="#f5a623" stroke-width="1.2"/></svg>' + K.score + '</div>' + (res.isNew ? '<div class="stars" style="font-size:28px">NEW BEST!</div>' : ''),
        buttons: [{ label: '▶', aria: 'Play again', cls: 'big', action: start }]
      });
    }, 1000);
  }

  function drawMole(c, h) {
    var s = h.s, rise = K.ease.outBack(Math.max(0, Math.min(1, h.up)));
    c.save();
    // clip to above the hole front
    c.beginPath(); c.rect(h.x - s * 1.5, h.y - s * 3, s * 3, s * 3 + s * 0.05); c.clip();
    var y = h.y + s * 1.3 - rise * s * 1.85;
    var gold = h.kind === 'gold';
    c.fillStyle = gold ? '#f4c430' : h.fur;
    c.beginPath(); c.ellipse(h.x, y + s * 0.4, s * 0.72, s * 0.95, 0, 0, Math.PI * 2); c.fill();
    c.fillStyle = gold ? '#fff1a8' : '#e8c39e';
    c.beginPath(); c.ellipse(h.x, y + s * 0.55, s * 0.45, s * 0.55, 0, 0, Math.PI * 2); c.fill();
    // ears
    c.fillStyle = gold ? '#e0a800' : '#6b4226';
    c.beginPath(); c.arc(h.x - s * 0.55, y - s * 0.35, s * 0.15, 0, Math.PI * 2); c.arc(h.x + s * 0.55, y - s * 0.35, s * 0.15, 0, Math.PI * 2); c.fill();
    // eyes
    if (h.state === 'bonked') {
      c.strokeStyle = '#2b1a10'; c.lineWidth = s * 0.06; c.lineCap = 'round';
      [-1, 1].forEach(function (d) {
        var ex = h.x + d * s * 0.25, ey = y - s * 0.05;
        c.beginPath(); c.moveTo(ex - s * 0.08, ey - s * 0.08); c.lineTo(ex + s * 0.08, ey + s * 0.08); c.moveTo(ex + s * 0.08, ey - s * 0.08); c.lineTo(ex - s * 0.08, ey + s * 0.08); c.stroke();
      });
      // dizzy stars
      for (var k = 0; k < 3; k++) {
        var an = K.time * 5 + k * 2.1;
        var sx = h.x + Math.cos(an) * s * 0.6, sy = y - s * 0.7 + Math.sin(an) * s * 0.18;
        c.fillStyle = '#ffd23f';
        c.beginPath(); for (var q = 0; q < 10; q++) { var rr = q % 2 ? s * 0.05 : s * 0.12; var aa = q * Math.PI / 5; c.lineTo(sx + Math.cos(aa) * rr, sy + Math.sin(aa) * rr); } c.closePath(); c.fill();
      }
    } else {
      c.fillStyle = '#2b1a10';
      c.beginPath(); c.arc(h.x - s * 0.25, y - s * 0.05, s * 0.09, 0, Math.PI * 2); c.arc(h.x + s * 0.25, y - s * 0.05, s * 0.09, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#fff';
      c.beginPath(); c.arc(h.x - s * 0.22, y - s * 0.09, s * 0.03, 0, Math.PI * 2); c.arc(h.x + s * 0.28, y - s * 0.09, s * 0.03, 0, Math.PI * 2); c.fill();
    }
    // nose + teeth
    c.fillStyle = '#ff7aa2';
    c.beginPath(); c.ellipse(h.x, y + s * 0.14, s * 0.16, s * 0.11, 0, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#fff';
    c.fillRect(h.x - s * 0.09, y + s * 0.26, s * 0.08, s * 0.12); c.fillRect(h.x + s * 0.01, y + s * 0.26, s * 0.08, s * 0.12);
    c.fillStyle = 'rgba(255,120,150,0.45)';
    c.beginPath(); c.arc(h.x - s * 0.45, y + s * 0.15, s * 0.1, 0, Math.PI * 2); c.arc(h.x + s * 0.45, y + s * 0.15, s * 0.1, 0, Math.PI * 2); c.fill();
    if (gold) {
      c.fillStyle = '#ffd23f'; c.strokeStyle = '#c49000'; c.lineWidth = 2;
      c.beginPath(); c.moveTo(h.x - s * 0.35, y - s * 0.5); c.lineTo(h.x - s * 0.35, y - s * 0.85); c.lineTo(h.x - s * 0.18, y - s * 0.65); c.lineTo(h.x, y - s * 0.95); c.lineTo(h.x + s * 0.18, y - s * 0.65); c.lineTo(h.x + s * 0.35, y - s * 0.85); c.lineTo(h.x + s * 0.35, y - s * 0.5); c.closePath(); c.fill(); c.stroke();
    }
    c.restore();
  }

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#9ee37d'); grd.addColorStop(1, '#5fb84a');
    c.fillStyle = grd;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    // grass tufts & flowers
    for (var i = 0; i < 40; i++) {
      var x = (i * 97.3) % K.w, y = 70 + (i * 61.7) % (K.h - 70);
      c.strokeStyle = 'rgba(40,110,40,0.5)'; c.lineWidth = 2;
      c.beginPath(); c.moveTo(x, y); c.lineTo(x - 4, y - 10); c.moveTo(x, y); c.lineTo(x + 1, y - 12); c.moveTo(x, y); c.lineTo(x + 5, y - 9); c.stroke();
      if (i % 5 === 0) { c.fillStyle = i % 10 ? '#fff' : '#ffd23f'; c.beginPath(); c.arc(x + 10, y - 4, 4, 0, Math.PI * 2); c.fill(); }
    }
    holes.forEach(function (h, idx) {
      var s = h.s;
      // hole back
      c.fillStyle = '#5a3a22';
      c.beginPath(); c.ellipse(h.x, h.y, s * 1.05, s * 0.42, 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#2e1c10';
      c.beginPath(); c.ellipse(h.x, h.y + 2, s * 0.9, s * 0.32, 0, 0, Math.PI * 2); c.fill();
      if (h.up > 0) drawMole(c, h);
      // dirt front lip
      c.fillStyle = '#8b5a2b';
      c.beginPath(); c.ellipse(h.x, h.y + s * 0.08, s * 1.1, s * 0.3, 0, 0, Math.PI); c.fill();
      c.fillStyle = '#a86f3a';
      c.beginPath(); c.ellipse(h.x, h.y + s * 0.12, s * 1.0, s * 0.18, 0, 0, Math.PI); c.fill();
      if (showCursor && idx === cursor && K.state === 'play') {
        c.strokeStyle = '#fff'; c.lineWidth = 5;
        c.beginPath(); c.ellipse(h.x, h.y - s * 0.3, s * 1.25, s * 1.1, 0, 0, Math.PI * 2); c.stroke();
      }
    });
    if (hammer.t > 0) {
      var a = (hammer.t / 0.25) * 0.9;
      c.save(); c.translate(hammer.x + 40, hammer.y + 10); c.rotate(-a);
      c.fillStyle = '#c68642'; c.fillRect(-5, -10, 10, 70);
      c.fillStyle = '#ff5e7e'; K.roundRect(c, -32, -34, 64, 32, 10); c.fill();
      c.fillStyle = '#ffd23f'; c.fillRect(-32, -22, 64, 8);
      c.restore();
    }
  }

  function hud(c) {
    if (K.state !== 'play') return;
    c.fillStyle = 'rgba(255,255,255,0.8)';
    K.roundRect(c, 12, 12, 130, 56, 28); c.fill();
    c.fillStyle = '#ffd23f';
    c.beginPath(); for (var k = 0; k < 10; k++) { var rr = k % 2 ? 8 : 18; var an = -Math.PI / 2 + k * Math.PI / 5; c.lineTo(42 + Math.cos(an) * rr, 40 + Math.sin(an) * rr); } c.closePath(); c.fill();
    K.text(c, String(K.score), 98, 41, 34, '#8b5a2b', 'center', '900', false);
    var cx = K.w / 2, cy = 40, r = 22, f = timeLeft / ROUND;
    c.fillStyle = 'rgba(255,255,255,0.8)';
    c.beginPath(); c.arc(cx, cy, r + 8, 0, Math.PI * 2); c.fill();
    c.fillStyle = f < 0.2 ? '#ff5e7e' : '#ff9f1c';
    c.beginPath(); c.moveTo(cx, cy); c.arc(cx, cy, r, -Math.PI / 2, -Math.PI / 2 + f * Math.PI * 2); c.closePath(); c.fill();
  }

  function holeAt(x, y) {
    var best = null, bd = 1e9;
    holes.forEach(function (h) {
      var d = K.dist(x, y, h.x, h.y - h.s * 0.5);
      if (d < h.s * 1.5 && d < bd) { bd = d; best = h; }
    });
    return best;
  }
  K.onDown(function (p) {
    if (K.state !== 'play') return;
    var h = holeAt(p.x, p.y);
    if (h) bonk(h);
    else { hammer.x = p.x; hammer.y = p.y; hammer.t = 0.25; K.tone(200, 0.05, { type: 'sine', vol: 0.08 }); }
  });
  var KEYMAP = { Digit7: 0, Digit8: 1, Digit9: 2, Digit4: 3, Digit5: 4, Digit6: 5, Digit1: 6, Digit2: 7, Digit3: 8,
    Numpad7: 0, Numpad8: 1, Numpad9: 2, Numpad4: 3, Numpad5: 4, Numpad6: 5, Numpad1: 6, Numpad2: 7, Numpad3: 8,
    KeyQ: 0, KeyW: 1, KeyE: 2, KeyA: 3, KeyS: 4, KeyD: 5, KeyZ: 6, KeyX: 7, KeyC: 8 };
  K.onKey(function (code) {
    if (K.state !== 'play') return;
    if (code in KEYMAP) { cursor = KEYMAP[code]; bonk(holes[cursor]); return; }
    var r = Math.floor(cursor / 3), cl = cursor % 3;
    if (code === 'ArrowLeft') cl = (cl + 2) % 3;
    else if (code === 'ArrowRight') cl = (cl + 1) % 3;
    else if (code === 'ArrowUp') r = (r + 2) % 3;
    else if (code === 'ArrowDown') r = (r + 1) % 3;
    else if (code === 'Space' || code === 'Enter') { bonk(holes[cursor]); return; }
    else return;
    showCursor = true;
    cursor = r * 3 + cl;
  });

  K.init({ id: 'mole-meadow', minW: 420, minH: 520, update: update, draw: draw, hud: hud, kids: true, onResize: layout,
    title: 'MOLE MEADOW', accent: '#ff9f1c', bannerStroke: '#5a3a22', bannerY: 0.13 });
  layout();
  if (K.thumb) {
    [0, 4, 5, 7].forEach(function (i, n) { var h = holes[i]; h.state = 'up'; h.up = 1; h.t = 99; h.kind = n === 1 ? 'gold' : 'mole'; });
    holes[5].state = 'bonked'; holes[5].dizzy = 99;
  } else {
    K.show({ title: 'Mole Meadow', cls: 'clear', buttons: [{ label: '▶', aria: 'Play', cls: 'big', action: start }] });
  }
})();

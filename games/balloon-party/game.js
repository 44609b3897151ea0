/* Balloon Party - pop colourful balloons. Made for little players: big targets, no way to fail. */
(function () {
  'use strict';
  var K = window.Kit;
  var ROUND = 60;
  var COLORS = [
    { c: '#ff4d6d', d: '#c9184a', n: 523 }, { c: '#ffb703', d: '#e08e0b', n: 587 },
    { c: '#4cc9f0', d: '#1d8fc4', n: 659 }, { c: '#80ed99', d: '#38b000', n: 698 },
    { c: '#c77dff', d: '#7b2cbf', n: 784 }, { c: '#ff8fab', d: '#f15b8c', n: 880 },
    { c: '#ff7b00', d: '#d35400', n: 988 }
  ];
  var balloons = [], clouds = [], timeLeft = ROUND, spawnT = 0, pops = 0, cursor = { x: 0, y: 0, show: false };
  var demo = true;

  function makeClouds() {
    clouds = [];
    for (var i = 0; i < 6; i++) clouds.push({ x: Math.random() * K.w, y: K.rand(0.05, 0.6) * K.h, s: K.rand(0.6, 1.3), v: K.rand(8, 22) });
  }

  function spawn(y) {
    var r = K.rand(46, 60);
    var kind = Math.random() < 0.08 + K.level * 0.01 ? 'star' : 'plain';
    balloons.push({
      x: K.rand(r + 10, K.w - r - 10), y: y === undefined ? K.h + r + 40 : y, r: r,
      col: K.pick(COLORS), vy: -K.rand(55, 85) * (1 + (K.level - 1) * 0.1), ph: Math.random() * 6,
      face: Math.random() < 0.5, kind: kind, pop: 0, sq: 0
    });
  }

  function start() {
    balloons = [];
    pops = 0;
    timeLeft = ROUND;
    spawnT = 0;
    demo = false;
    K.begin();
    K.clearFx();
    for (var i = 0; i < 4; i++) spawn(K.h * K.rand(0.5, 1));
  }

  function popBalloon(b) {
    if (b.pop) return;
    b.pop = 1;
    pops++;
    var pts = b.kind === 'star' ? 5 : 1;
    if (!demo) K.addScore(pts);
    K.burst(b.x, b.y, { n: 26, color: [b.col.c, b.col.d, '#fff'], speed: 420, life: 0.8, size: 6, gravity: 500, shape: 'square' });
    K.burst(b.x, b.y, { n: 10, color: '#fff', speed: 200, life: 0.4, size: 4 });
    K.shake(4);
    K.sfx.pop(b.col.n / 600);
    if (b.kind === 'star') {
      K.burst(b.x, b.y, { n: 30, color: ['#ffd60a', '#fff3b0', '#ff5c8a'], speed: 500, life: 1.2, size: 9, shape: 'star', gravity: 200 });
      K.notes([b.col.n, b.col.n * 1.25, b.col.n * 1.5, b.col.n * 2], 0.07, { type: 'triangle', vol: 0.12 });
      K.floatText(b.x, b.y, '+5', { color: '#ffd60a', size: 40 });
      K.happy();
    } else {
      K.floatText(b.x, b.y - 10, '+1', { color: '#fff', size: 30 });
    }
    if (!demo && pops % 15 === 0) levelUp();
  }

  function levelUp() {
    K.setLevel(K.level + 1);
    K.flash('#fff', 0.35);
    for (var i = 0; i < 5; i++) K.burst(K.rand(0, K.w), K.rand(0, K.h * 0.5), { n: 24, color: COLORS.map(function (c) { return c.c; }), speed: 380, life: 1.4, size: 7, gravity: 300, shape: 'star' });
    K.sfx.win();
    K.happy();
    for (var j = 0; j < 4; j++) spawn(K.h + 60 + j * 70);
  }

  function hitTest(x, y) {
    for (var i = balloons.length - 1; i >= 0; i--) {
      var b = balloons[i];
      if (b.pop) continue;
      var dx = x - b.x, dy = (y - b.y) / 1.15;
      if (dx * dx + dy * dy < (b.r + 16) * (b.r + 16)) return b;
    }
    return null;
  }

  function update(dt) {
    for (var c = 0; c < clouds.length; c++) {
      clouds[c].x += clouds[c].v * dt;
      if (clouds[c].x > K.w + 120) clouds[c].x = -120;
    }
    var playing = K.state === 'play';
    if (playing) {
      timeLeft -= dt;
      if (timeLeft <= 0) { timeLeft = 0; finish(); }
    }
    spawnT -= dt;
    var want = playing ? 5 + Math.min(5, K.level) : 6;
    var live = balloons.filter(function (b) { return !b.pop; }).length;
    if (spawnT <= 0 && live < want) { spawn(); spawnT = playing ? Math.max(0.25, 0.9 - K.level * 0.08) : 0.9; }
    for (var i = balloons.length - 1; i >= 0; i--) {
      var b = balloons[i];
      if (b.pop) { b.pop += dt * 6; if (b.pop > 2) balloons.splice(i, 1); continue; }
      b.ph += dt * 2;
      b.y += b.vy * dt;
      b.x += Math.sin(b.ph) * 18 * dt;
      b.sq = Math.max(0, b.sq - dt * 4);
      if (b.y < -b.r * 3) balloons.splice(i, 1);
    }
    // keyboard cursor
    var kx = (K.key('ArrowRight', 'KeyD') ? 1 : 0) - (K.key('ArrowLeft', 'KeyA') ? 1 : 0);
    var ky = (K.key('ArrowDown', 'KeyS') ? 1 : 0) - (K.key('ArrowUp', 'KeyW') ? 1 : 0);
    if (kx || ky) {
      if (!cursor.show) { cursor.show = true; cursor.x = K.w / 2; cursor.y = K.h / 2; }
      cursor.x = K.clamp(cursor.x + kx * 420 * dt, 0, K.w);
      cursor.y = K.clamp(cursor.y + ky * 420 * dt, 0, K.h);
    }
  }

  function finish() {
    var res = K.end(K.score);
    K.sfx.win();
    K.happy();
    for (var i = 0; i < 8; i++) K.burst(K.rand(0, K.w), K.rand(0, K.h * 0.6), { n: 20, color: COLORS.map(function (c) { return c.c; }), speed: 380, life: 1.6, size: 7, gravity: 300, shape: 'star' });
    demo = true;
    setTimeout(function () {
      K.show({
        cls: 'clear',
        html: '<div class="stars"><svg class="star" viewBox="0 0 24 24"><path d="M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z" fill="#ffd60a" stroke="#f5a623" stroke-width="1.2"/></svg>' + K.score + '</div>' +
          (res.isNew ? '<div class="stars" style="font-size:28px">NEW BEST!</div>' : ''),
        buttons: [{ label: '▶', aria: 'Play again', cls: 'big', action: start }]
      });
    }, 1200);
  }

  function drawBalloon(c, b) {
    var wob = Math.sin(b.ph * 1.3) * 0.06;
    c.save();
    c.translate(b.x, b.y);
    c.rotate(wob);
    // string
    c.strokeStyle = 'rgba(255,255,255,0.8)';
    c.lineWidth = 2;
    c.beginPath();
    c.moveTo(0, b.r * 1.15);
    for (var s = 1; s <= 6; s++) c.lineTo(Math.sin(b.ph * 2 + s) * 6, b.r * 1.15 + s * 14);
    c.stroke();
    // knot
    c.fillStyle = b.col.d;
    c.beginPath(); c.moveTo(-7, b.r * 1.2); c.lineTo(7, b.r * 1.2); c.lineTo(0, b.r * 1.05); c.fill();
    // body
    var grd = c.createRadialGradient(-b.r * 0.35, -b.r * 0.45, b.r * 0.1, 0, 0, b.r * 1.2);
    grd.addColorStop(0, '#fff');
    grd.addColorStop(0.18, b.col.c);
    grd.addColorStop(1, b.col.d);
    c.fillStyle = grd;
    c.beginPath();
    c.ellipse(0, 0, b.r, b.r * 1.15, 0, 0, Math.PI * 2);
    c.fill();
    c.fillStyle = 'rgba(255,255,255,0.55)';
    c.beginPath(); c.ellipse(-b.r * 0.4, -b.r * 0.5, b.r * 0.16, b.r * 0.3, -0.5, 0, Math.PI * 2); c.fill();
    if (b.kind === 'star') {
      c.fillStyle = '#fff7c2';
      c.beginPath();
      for (var k = 0; k < 10; k++) { var rr = k % 2 ? b.r * 0.22 : b.r * 0.5; var an = -Math.PI / 2 + k * Math.PI / 5; c.lineTo(Math.cos(an) * rr, Math.sin(an) * rr + 4); }
      c.closePath(); c.fill();
    } else if (b.face) {
      c.fillStyle = 'rgba(40,20,60,0.75)';
      c.beginPath(); c.arc(-b.r * 0.3, -b.r * 0.05, b.r * 0.09, 0, Math.PI * 2); c.arc(b.r * 0.3, -b.r * 0.05, b.r * 0.09, 0, Math.PI * 2); c.fill();
      c.strokeStyle = 'rgba(40,20,60,0.75)'; c.lineWidth = 3; c.lineCap = 'round';
      c.beginPath(); c.arc(0, b.r * 0.15, b.r * 0.28, 0.2, Math.PI - 0.2); c.stroke();
      c.fillStyle = 'rgba(255,120,150,0.5)';
      c.beginPath(); c.arc(-b.r * 0.5, b.r * 0.18, b.r * 0.1, 0, Math.PI * 2); c.arc(b.r * 0.5, b.r * 0.18, b.r * 0.1, 0, Math.PI * 2); c.fill();
    }
    c.restore();
  }

  function drawCloud(c, cl) {
    c.fillStyle = 'rgba(255,255,255,0.85)';
    c.beginPath();
    var s = cl.s * 40;
    c.arc(cl.x, cl.y, s, 0, Math.PI * 2);
    c.arc(cl.x + s, cl.y - s * 0.4, s * 1.2, 0, Math.PI * 2);
    c.arc(cl.x + s * 2.1, cl.y, s * 0.9, 0, Math.PI * 2);
    c.rect(cl.x, cl.y, s * 2.1, s * 0.9);
    c.fill();
  }

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#5ec8ff');
    grd.addColorStop(0.7, '#bde9ff');
    grd.addColorStop(1, '#ffe7f3');
    c.fillStyle = grd;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    // sun
    c.fillStyle = 'rgba(255,230,120,0.35)';
    c.beginPath(); c.arc(K.w - 70, 90, 70 + Math.sin(K.time * 2) * 5, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#ffd93d';
    c.beginPath(); c.arc(K.w - 70, 90, 46, 0, Math.PI * 2); c.fill();
    for (var i = 0; i < clouds.length; i++) drawCloud(c, clouds[i]);
    // hills
    c.fillStyle = '#7ed957';
    c.beginPath(); c.moveTo(0, K.h);
    for (var x = 0; x <= K.w; x += 20) c.lineTo(x, K.h - 40 - Math.sin(x / 90) * 18 - 10);
    c.lineTo(K.w, K.h); c.fill();
    c.fillStyle = '#5cc93a';
    c.beginPath(); c.moveTo(0, K.h);
    for (var x2 = 0; x2 <= K.w; x2 += 20) c.lineTo(x2, K.h - 18 - Math.sin(x2 / 60 + 2) * 10);
    c.lineTo(K.w, K.h); c.fill();
    for (var j = 0; j < balloons.length; j++) {
      var b = balloons[j];
      if (!b.pop) drawBalloon(c, b);
    }
    if (cursor.show) {
      c.strokeStyle = '#fff'; c.lineWidth = 5;
      c.beginPath(); c.arc(cursor.x, cursor.y, 30 + Math.sin(K.time * 8) * 3, 0, Math.PI * 2); c.stroke();
      c.fillStyle = 'rgba(255,92,138,0.5)';
      c.beginPath(); c.arc(cursor.x, cursor.y, 12, 0, Math.PI * 2); c.fill();
    }
  }

  function hud(c) {
    if (K.state !== 'play') return;
    // score pill with a balloon icon
    c.fillStyle = 'rgba(255,255,255,0.75)';
    K.roundRect(c, 12, 12, 130, 56, 28); c.fill();
    c.fillStyle = '#ff4d6d';
    c.beginPath(); c.ellipse(42, 38, 16, 19, 0, 0, Math.PI * 2); c.fill();
    K.text(c, String(K.score), 98, 41, 34, '#ff4d6d', 'center', '900', false);
    // timer ring
    var cx = K.w / 2, cy = 40, r = 22, f = timeLeft / ROUND;
    c.fillStyle = 'rgba(255,255,255,0.75)';
    c.beginPath(); c.arc(cx, cy, r + 8, 0, Math.PI * 2); c.fill();
    c.fillStyle = f < 0.2 ? '#ff4d6d' : '#4cc9f0';
    c.beginPath(); c.moveTo(cx, cy); c.arc(cx, cy, r, -Math.PI / 2, -Math.PI / 2 + f * Math.PI * 2); c.closePath(); c.fill();
  }

  function tapAt(x, y) {
    var b = hitTest(x, y);
    if (b) popBalloon(b);
    else {
      K.burst(x, y, { n: 6, color: '#fff', speed: 120, life: 0.35, size: 3 });
      K.tone(900, 0.05, { type: 'sine', vol: 0.06 });
    }
  }
  K.onDown(function (p) { if (K.state === 'play') tapAt(p.x, p.y); });
  K.onKey(function (code) {
    if (K.state !== 'play') return;
    if (code === 'Space' || code === 'Enter') {
      if (cursor.show) tapAt(cursor.x, cursor.y);
      else popLowest();
    } else if (/^(Key|Digit)/.test(code) && !/^Key[WASD]$/.test(code)) {
      popLowest();
    }
  });
  function popLowest() {
    var best = null;
    for (var i = 0; i < balloons.length; i++) {
      var b = balloons[i];
      if (!b.pop && b.y < K.h - 20 && (!best || b.y < best.y)) best = b;
    }
    if (best) popBalloon(best);
  }

  K.init({ id: 'balloon-party', minW: 420, minH: 560, update: update, draw: draw, hud: hud, kids: true,
    title: 'BALLOON PARTY', accent: '#ff4d6d', bannerStroke: '#ffffff', bannerY: 0.5,
    onResize: function () { if (!clouds.length) makeClouds(); } });
  makeClouds();
  for (var i = 0; i < 6; i++) spawn(K.h * K.rand(0.2, 1));
  if (K.thumb) {
    balloons = [];
    [[0.18, 0.3], [0.4, 0.72], [0.62, 0.25], [0.85, 0.6], [0.3, 0.95], [0.75, 1.0]].forEach(function (p) { spawn(p[1] * K.h); balloons[balloons.length - 1].x = p[0] * K.w; balloons[balloons.length - 1].face = true; balloons[balloons.length - 1].col = COLORS[balloons.length % COLORS.length]; });
  } else {
    K.show({ title: 'Balloon Party', cls: 'clear', buttons: [{ label: '▶', aria: 'Play', cls: 'big', action: start }] });
  }
})();

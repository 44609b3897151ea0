/* Color Splash - tap a colour, tap the picture, watch the paint splash in. No wrong answers! */
(function () {
  'use strict';
  var K = window.Kit;
  var PALETTE = ['#ff4d6d', '#ff9f1c', '#ffd23f', '#7bd64a', '#4cc9f0', '#5e60ce', '#c77dff', '#8d5524'];
  function P(fn) { var p = new Path2D(); fn(p); return p; }
  function circ(x, y, r) { return P(function (p) { p.arc(x, y, r, 0, Math.PI * 2); }); }
  function ell(x, y, rx, ry, rot) { return P(function (p) { p.ellipse(x, y, rx, ry, rot || 0, 0, Math.PI * 2); }); }
  function rect(x, y, w, h) { return P(function (p) { p.rect(x, y, w, h); }); }
  function poly(pts) { return P(function (p) { pts.forEach(function (q, i) { if (i) p.lineTo(q[0], q[1]); else p.moveTo(q[0], q[1]); }); p.closePath(); }); }
  var PICTURES = [
    function () { // house
      return [rect(0, 0, 400, 330), rect(0, 330, 400, 70), circ(330, 70, 40), rect(250, 70, 36, 80), rect(80, 180, 240, 150), poly([[60, 190], [200, 70], [340, 190]]), rect(170, 240, 60, 90), rect(100, 210, 50, 45), rect(250, 210, 50, 45), P(function (p) { p.arc(60, 90, 22, 0, Math.PI * 2); p.moveTo(108, 84); p.arc(86, 84, 22, 0, Math.PI * 2); p.moveTo(134, 92); p.arc(112, 92, 22, 0, Math.PI * 2); })];
    },
    function () { // fish
      return [rect(0, 0, 400, 400), ell(200, 200, 120, 80), poly([[300, 200], [380, 130], [380, 270]]), poly([[150, 125], [230, 70], [250, 130]]), poly([[170, 270], [220, 320], [230, 270]]), circ(130, 180, 18), circ(70, 90, 14), circ(50, 50, 9), circ(300, 330, 20)];
    },
    function () { // flower
      var r = [rect(0, 300, 400, 100), rect(190, 200, 20, 140), ell(150, 270, 40, 16, -0.5), ell(250, 270, 40, 16, 0.5)];
      for (var i = 0; i < 6; i++) { var a = i * Math.PI / 3; r.push(ell(200 + Math.cos(a) * 58, 140 + Math.sin(a) * 58, 42, 26, a)); }
      r.push(circ(200, 140, 40));
      r.push(poly([[140, 330], [260, 330], [240, 390], [160, 390]]));
      return r;
    },
    function () { // rocket
      return [rect(0, 0, 400, 400), circ(70, 80, 30), circ(330, 320, 22), poly([[160, 300], [240, 300], [200, 380]]), rect(160, 120, 80, 190), poly([[160, 120], [200, 40], [240, 120]]), poly([[160, 230], [110, 320], [160, 300]]), poly([[240, 230], [290, 320], [240, 300]]), circ(200, 180, 24)];
    },
    function () { // butterfly
      return [rect(0, 0, 400, 400), ell(130, 150, 70, 60, -0.4), ell(270, 150, 70, 60, 0.4), ell(145, 260, 50, 45, 0.4), ell(255, 260, 50, 45, -0.4), circ(120, 145, 20), circ(280, 145, 20), ell(200, 210, 14, 90), circ(200, 110, 20)];
    }
  ];
  var regions = [], pic = 0, sel = 0, cursor = -1, done = false, hitCtx = null, bob = 0;

  function loadPic(i) {
    pic = i;
    regions = PICTURES[i % PICTURES.length]().map(function (path) { return { path: path, col: '#ffffff', prev: '#ffffff', anim: 1, ax: 0, ay: 0 }; });
    done = false; cursor = -1;
    K.setLevel(i + 1);
  }

  function layout() {
    var port = K.h > K.w * 1.05;
    var palH = port ? 150 : 0, palW = port ? 0 : 130;
    var availW = K.w - palW - 20, availH = K.h - palH - 70;
    var s = Math.min(availW, availH) / 400;
    var ox = 10 + (availW - 400 * s) / 2, oy = 60 + (availH - 400 * s) / 2;
    var pal = [];
    for (var i = 0; i < PALETTE.length; i++) {
      if (port) { var cols = 4, pw = K.w / cols; pal.push({ x: pw * (i % cols) + pw / 2, y: K.h - palH + 38 + Math.floor(i / cols) * 70, r: Math.min(30, pw * 0.36) }); }
      else { pal.push({ x: K.w - palW / 2 - (i % 2 ? -28 : 28), y: 90 + Math.floor(i / 2) * ((K.h - 130) / 4), r: Math.min(26, (K.h - 130) / 10) }); }
    }
    return { s: s, ox: ox, oy: oy, pal: pal };
  }

  function start() { K.begin(); K.clearFx(); loadPic(0); }

  function fill(idx, dx, dy) {
    var r = regions[idx];
    if (!r || done) return;
    if (r.col === PALETTE[sel] && r.anim >= 1) { K.tone(700, 0.06, { type: 'sine', vol: 0.08 }); return; }
    var fresh = r.col === '#ffffff';
    r.prev = r.col; r.col = PALETTE[sel]; r.anim = 0; r.ax = dx; r.ay = dy;
    var L = layout();
    K.burst(L.ox + dx * L.s, L.oy + dy * L.s, { n: 18, color: [PALETTE[sel], '#fff'], speed: 260, life: 0.6, size: 6, gravity: 300 });
    K.tone(300 + sel * 70, 0.15, { type: 'sine', vol: 0.2, slide: 600 + sel * 90 });
    K.noise(0.12, { vol: 0.12, freq: 3000, filter: 'bandpass' });
    if (fresh) K.addScore(1);
    if (regions.every(function (q) { return q.col !== '#ffffff'; })) finishPic();
  }

  function starSvg() { return '<svg class="star" viewBox="0 0 24 24"><path d="M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z" fill="#ffd60a" stroke="#f5a623" stroke-width="1.2"/></svg>'; }

  function finishPic() {
    done = true;
    K.sfx.win(); K.happy();
    setTimeout(function () {
      for (var i = 0; i < 8; i++) K.burst(K.rand(0, K.w), K.rand(0, K.h * 0.6), { n: 20, color: PALETTE, speed: 380, life: 1.6, size: 7, gravity: 300, shape: 'star' });
      var last = pic === PICTURES.length - 1;
      if (last) K.end(K.score);
      K.show({ cls: 'clear', html: '<div class="stars">' + starSvg() + starSvg() + starSvg() + '</div>', buttons: [{ label: '▶', aria: last ? 'Play again' : 'Next picture', cls: 'big', action: function () { if (last) start(); else { K.hide(); loadPic(pic + 1); } } }] });
    }, 900);
  }

  function update(dt) {
    bob += dt;
    regions.forEach(function (r) { r.anim = Math.min(1, r.anim + dt * 2.2); });
  }

  function draw(c) {
    c.fillStyle = '#fff4e0';
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    c.fillStyle = 'rgba(255,160,180,0.18)';
    for (var bi = 0; bi < 12; bi++) { c.beginPath(); c.arc((bi * 173) % K.w, (bi * 97) % K.h, 30 + (bi % 3) * 20, 0, Math.PI * 2); c.fill(); }
    if (!regions.length) return;
    var L = layout();
    c.save();
    c.translate(L.ox, L.oy);
    c.scale(L.s, L.s);
    c.fillStyle = 'rgba(0,0,0,0.08)';
    K.roundRect(c, 6, 10, 400, 400, 24); c.fill();
    c.save();
    K.roundRect(c, 0, 0, 400, 400, 24); c.clip();
    c.fillStyle = '#fff'; c.fillRect(0, 0, 400, 400);
    regions.forEach(function (r, idx) {
      c.save();
      c.clip(r.path);
      c.fillStyle = r.prev; c.fillRect(0, 0, 400, 400);
      c.fillStyle = r.col;
      c.beginPath(); c.arc(r.ax, r.ay, 30 + K.ease.outCubic(r.anim) * 600, 0, Math.PI * 2); c.fill();
      c.restore();
      c.lineWidth = 5 / Math.max(0.6, L.s); c.strokeStyle = '#3a2e4f'; c.lineJoin = 'round';
      c.stroke(r.path);
      if (idx === cursor) { c.lineWidth = 10; c.strokeStyle = 'rgba(255,94,126,' + (0.5 + Math.sin(bob * 8) * 0.3) + ')'; c.stroke(r.path); }
    });
    c.restore();
    c.lineWidth = 6; c.strokeStyle = '#3a2e4f';
    K.roundRect(c, 0, 0, 400, 400, 24); c.stroke();
    c.restore();
    // palette
    L.pal.forEach(function (p, i) {
      var on = i === sel;
      var r = p.r * (on ? 1.2 + Math.sin(bob * 6) * 0.05 : 1);
      c.fillStyle = 'rgba(0,0,0,0.15)'; c.beginPath(); c.arc(p.x + 2, p.y + 5, r, 0, Math.PI * 2); c.fill();
      c.fillStyle = PALETTE[i]; c.beginPath(); c.arc(p.x, p.y, r, 0, Math.PI * 2); c.fill();
      c.fillStyle = 'rgba(255,255,255,0.4)'; c.beginPath(); c.arc(p.x - r * 0.3, p.y - r * 0.3, r * 0.3, 0, Math.PI * 2); c.fill();
      if (on) { c.strokeStyle = '#3a2e4f'; c.lineWidth = 5; c.beginPath(); c.arc(p.x, p.y, r + 7, 0, Math.PI * 2); c.stroke(); }
    });
  }

  function hud(c) {
    if (K.state !== 'play') return;
    for (var i = 0; i < PICTURES.length; i++) {
      c.fillStyle = i < pic ? '#7bd64a' : i === pic ? '#ff5e7e' : 'rgba(58,46,79,0.2)';
      c.beginPath(); c.arc(24 + i * 26, 30, i === pic ? 10 : 8, 0, Math.PI * 2); c.fill();
    }
  }

  function toDesign(x, y) { var L = layout(); return { x: (x - L.ox) / L.s, y: (y - L.oy) / L.s }; }
  function regionAt(dx, dy) {
    if (!hitCtx) hitCtx = document.createElement('canvas').getContext('2d');
    if (dx < 0 || dy < 0 || dx > 400 || dy > 400) return -1;
    for (var i = regions.length - 1; i >= 0; i--) if (hitCtx.isPointInPath(regions[i].path, dx, dy)) return i;
    return -1;
  }
  K.onDown(function (p) {
    if (K.state !== 'play') return;
    var L = layout();
    for (var i = 0; i < L.pal.length; i++) {
      if (K.dist(p.x, p.y, L.pal[i].x, L.pal[i].y) < L.pal[i].r + 12) { sel = i; K.tone(400 + i * 80, 0.08, { type: 'triangle', vol: 0.14 }); K.burst(L.pal[i].x, L.pal[i].y, { n: 8, color: PALETTE[i], speed: 140, life: 0.4, size: 4 }); return; }
    }
    var d = toDesign(p.x, p.y);
    var idx = regionAt(d.x, d.y);
    if (idx >= 0) fill(idx, d.x, d.y);
  });
  K.onKey(function (code) {
    if (K.state !== 'play') return;
    var m = /^(Digit|Numpad)([1-8])$/.exec(code);
    if (m) { sel = +m[2] - 1; K.sfx.tick(); return; }
    if (code === 'ArrowRight' || code === 'ArrowDown') { cursor = (cursor + 1) % regions.length; K.sfx.tick(); }
    else if (code === 'ArrowLeft' || code === 'ArrowUp') { cursor = (cursor + regions.length - 1) % regions.length; K.sfx.tick(); }
    else if (code === 'KeyC' || code === 'Tab') { sel = (sel + 1) % PALETTE.length; K.sfx.tick(); }
    else if ((code === 'Space' || code === 'Enter') && cursor >= 0) fill(cursor, 200, 200);
  });

  K.init({ id: 'color-splash', minW: 460, minH: 520, update: update, draw: draw, hud: hud, kids: true,
    title: 'COLOR SPLASH', accent: '#ff5e7e', bannerStroke: '#ffffff', bannerY: 0.1 });
  loadPic(0);
  if (K.thumb) {
    K.state = 'play';
    ['#4cc9f0', '#7bd64a', '#ffd23f', '#8d5524', '#ff9f1c', '#ff4d6d', '#5e60ce', '#ffd23f', '#ffd23f', '#ffffff'].forEach(function (col, i) { regions[i].col = col; regions[i].anim = 1; });
    sel = 4;
  } else {
    K.show({ title: 'Color Splash', cls: 'clear', buttons: [{ label: '▶', aria: 'Play', cls: 'big', action: start }] });
  }
})();

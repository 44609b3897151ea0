/* Memory Zoo - flip cards and find the animal pairs. For little players: no timer, no losing. */
(function () {
  'use strict';
  var K = window.Kit;
  var ANIMALS = [
    { n: 'cat', c: '#ffb26b', e: 'pointy', ec: '#ff9a3c', tune: [784, 659] },
    { n: 'frog', c: '#7bd64a', e: 'eyes', ec: '#5cb82c', tune: [196, 247] },
    { n: 'pig', c: '#ffadc6', e: 'flop', ec: '#ff8fb0', tune: [330, 294] },
    { n: 'panda', c: '#ffffff', e: 'round', ec: '#2d2d2d', tune: [523, 659] },
    { n: 'lion', c: '#ffc93c', e: 'mane', ec: '#e07a1f', tune: [131, 165] },
    { n: 'chick', c: '#ffe45e', e: 'tuft', ec: '#ffb703', tune: [1047, 1175] },
    { n: 'bunny', c: '#f1f1f1', e: 'long', ec: '#ffc2d4', tune: [880, 988] },
    { n: 'bear', c: '#a9744f', e: 'round', ec: '#7f5539', tune: [147, 175] },
    { n: 'mouse', c: '#b8c0cc', e: 'big', ec: '#ffb3c6', tune: [1319, 1568] },
    { n: 'fox', c: '#ff8c42', e: 'pointy', ec: '#d9652b', tune: [587, 740] }
  ];
  var LEVELS = [[2, 3], [2, 4], [3, 4], [4, 4], [4, 5]];
  var cards = [], open = [], lockT = 0, lvl = 0, tries = 0, found = 0, totalStars = 0, sel = -1, grid = null;

  function deal(li) {
    lvl = li;
    var g = LEVELS[li];
    var rc = K.portrait ? g : [g[0], g[1]];
    var rows = Math.min(rc[0], rc[1]), cols = Math.max(rc[0], rc[1]);
    if (K.portrait) { var t = rows; rows = cols; cols = t; }
    var pairs = rows * cols / 2;
    var pool = ANIMALS.slice().sort(function () { return Math.random() - 0.5; }).slice(0, pairs);
    var list = pool.concat(pool).sort(function () { return Math.random() - 0.5; });
    cards = list.map(function (a, i) { return { a: a, i: i, flip: 0, up: false, done: false, pop: 0, deal: i * 0.05 }; });
    grid = { rows: rows, cols: cols };
    open = []; tries = 0; found = 0; sel = -1;
    K.setLevel(li + 1);
  }

  function layout(i) {
    var pad = 14, top = 70;
    var cw = (K.w - pad * (grid.cols + 1)) / grid.cols;
    var ch = (K.h - top - pad * (grid.rows + 1)) / grid.rows;
    var s = Math.min(cw, ch / 1.15, 170);
    var totalW = grid.cols * s + (grid.cols - 1) * pad, totalH = grid.rows * s * 1.15 + (grid.rows - 1) * pad;
    var x0 = (K.w - totalW) / 2, y0 = top + (K.h - top - totalH) / 2;
    var r = Math.floor(i / grid.cols), c = i % grid.cols;
    return { x: x0 + c * (s + pad), y: y0 + r * (s * 1.15 + pad), w: s, h: s * 1.15 };
  }

  function start() {
    totalStars = 0;
    K.begin();
    K.clearFx();
    deal(0);
  }

  function flip(card) {
    if (!card || card.up || card.done || lockT > 0 || open.length >= 2) return;
    card.up = true;
    open.push(card);
    K.tone(520 + open.length * 120, 0.08, { type: 'sine', vol: 0.16 });
    if (open.length === 2) {
      tries++;
      var a = open[0], b = open[1];
      if (a.a === b.a) {
        lockT = 0.35;
        setTimeout(function () { match(a, b); }, 350);
      } else {
        lockT = 1.0;
        setTimeout(function () { a.up = false; b.up = false; open = []; K.tone(300, 0.12, { type: 'sine', vol: 0.1, slide: 260 }); }, 1000);
      }
    }
  }

  function match(a, b) {
    a.done = b.done = true;
    a.pop = b.pop = 1;
    open = [];
    found++;
    K.addScore(10);
    [a, b].forEach(function (cd) {
      var l = layout(cd.i);
      K.burst(l.x + l.w / 2, l.y + l.h / 2, { n: 24, color: [cd.a.c, cd.a.ec, '#ffd23f', '#fff'], speed: 320, life: 0.8, size: 6, shape: 'star', gravity: 200 });
    });
    K.shake(4);
    K.notes(a.a.tune.concat([a.a.tune[0] * 2]), 0.1, { type: 'triangle', vol: 0.16 });
    if (found === cards.length / 2) setTimeout(levelDone, 700);
  }

  function starsFor() {
    var pairs = cards.length / 2;
    var extra = tries - pairs;
    return extra <= pairs * 0.5 ? 3 : extra <= pairs * 1.2 ? 2 : 1;
  }
  function starSvg(on) {
    return '<svg class="star" viewBox="0 0 24 24"><path d="M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z" fill="' + (on ? '#ffd60a' : 'rgba(255,255,255,0.35)') + '" stroke="' + (on ? '#f5a623' : 'rgba(255,255,255,0.5)') + '" stroke-width="1.2"/></svg>';
  }

  function levelDone() {
    var st = starsFor();
    totalStars += st;
    K.addScore(st * 10);
    K.sfx.win();
    K.happy();
    for (var i = 0; i < 6; i++) K.burst(K.rand(0, K.w), K.rand(0, K.h * 0.5), { n: 20, color: ['#ff7b54', '#ffd23f', '#7bd64a', '#4cc9f0', '#c77dff'], speed: 360, life: 1.5, size: 7, shape: 'star', gravity: 250 });
    var last = lvl === LEVELS.length - 1;
    var html = '<div class="stars">' + starSvg(st >= 1) + starSvg(st >= 2) + starSvg(st >= 3) + '</div>';
    if (last) {
      K.end(K.score);
      html += '<div class="stars" style="font-size:40px">' + K.score + '</div>';
    }
    K.show({
      cls: 'clear', html: html,
      buttons: [{ label: '▶', aria: last ? 'Play again' : 'Next level', cls: 'big', action: function () {
        if (last) start(); else { K.hide(); deal(lvl + 1); }
      } }]
    });
  }

  function update(dt) {
    lockT = Math.max(0, lockT - dt);
    cards.forEach(function (cd) {
      var tgt = cd.up || cd.done ? 1 : 0;
      cd.flip += (tgt - cd.flip) * Math.min(1, dt * 12);
      cd.pop = Math.max(0, cd.pop - dt * 2);
      cd.deal = Math.max(-1, cd.deal - dt);
    });
  }

  function face(c, a, x, y, s) {
    // ears / decorations behind the head
    c.fillStyle = a.ec;
    if (a.e === 'mane') {
      for (var i = 0; i < 12; i++) { var an = i * Math.PI / 6; c.beginPath(); c.arc(x + Math.cos(an) * s * 0.42, y + Math.sin(an) * s * 0.42, s * 0.17, 0, Math.PI * 2); c.fill(); }
    } else if (a.e === 'pointy') {
      c.beginPath(); c.moveTo(x - s * 0.38, y - s * 0.1); c.lineTo(x - s * 0.3, y - s * 0.5); c.lineTo(x - s * 0.05, y - s * 0.3); c.fill();
      c.beginPath(); c.moveTo(x + s * 0.38, y - s * 0.1); c.lineTo(x + s * 0.3, y - s * 0.5); c.lineTo(x + s * 0.05, y - s * 0.3); c.fill();
    } else if (a.e === 'round' || a.e === 'big') {
      var er = a.e === 'big' ? 0.2 : 0.13;
      c.beginPath(); c.arc(x - s * 0.26, y - s * 0.27, s * er, 0, Math.PI * 2); c.arc(x + s * 0.26, y - s * 0.27, s * er, 0, Math.PI * 2); c.fill();
    } else if (a.e === 'long') {
      c.fillStyle = a.c;
      c.beginPath(); c.ellipse(x - s * 0.13, y - s * 0.42, s * 0.08, s * 0.24, -0.15, 0, Math.PI * 2); c.ellipse(x + s * 0.13, y - s * 0.42, s * 0.08, s * 0.24, 0.15, 0, Math.PI * 2); c.fill();
      c.fillStyle = a.ec;
      c.beginPath(); c.ellipse(x - s * 0.13, y - s * 0.42, s * 0.04, s * 0.17, -0.15, 0, Math.PI * 2); c.ellipse(x + s * 0.13, y - s * 0.42, s * 0.04, s * 0.17, 0.15, 0, Math.PI * 2); c.fill();
    } else if (a.e === 'flop') {
      c.beginPath(); c.ellipse(x - s * 0.28, y - s * 0.22, s * 0.1, s * 0.14, 0.6, 0, Math.PI * 2); c.ellipse(x + s * 0.28, y - s * 0.22, s * 0.1, s * 0.14, -0.6, 0, Math.PI * 2); c.fill();
    } else if (a.e === 'tuft') {
      c.beginPath(); c.ellipse(x, y - s * 0.36, s * 0.04, s * 0.1, 0, 0, Math.PI * 2); c.ellipse(x + s * 0.06, y - s * 0.34, s * 0.04, s * 0.09, 0.5, 0, Math.PI * 2); c.fill();
    }
    // head
    c.fillStyle = a.c;
    c.beginPath();
    if (a.n === 'frog') c.ellipse(x, y + s * 0.04, s * 0.36, s * 0.27, 0, 0, Math.PI * 2);
    else c.arc(x, y, s * 0.32, 0, Math.PI * 2);
    c.fill();
    c.strokeStyle = 'rgba(0,0,0,0.12)'; c.lineWidth = 2; c.stroke();
    if (a.n === 'frog') {
      c.fillStyle = a.c;
      c.beginPath(); c.arc(x - s * 0.17, y - s * 0.2, s * 0.11, 0, Math.PI * 2); c.arc(x + s * 0.17, y - s * 0.2, s * 0.11, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#fff';
      c.beginPath(); c.arc(x - s * 0.17, y - s * 0.2, s * 0.075, 0, Math.PI * 2); c.arc(x + s * 0.17, y - s * 0.2, s * 0.075, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#222';
      c.beginPath(); c.arc(x - s * 0.17, y - s * 0.19, s * 0.04, 0, Math.PI * 2); c.arc(x + s * 0.17, y - s * 0.19, s * 0.04, 0, Math.PI * 2); c.fill();
      c.strokeStyle = '#2d6a1e'; c.lineWidth = s * 0.03; c.lineCap = 'round';
      c.beginPath(); c.arc(x, y + s * 0.02, s * 0.17, 0.3, Math.PI - 0.3); c.stroke();
      return;
    }
    if (a.n === 'panda') {
      c.fillStyle = '#2d2d2d';
      c.beginPath(); c.ellipse(x - s * 0.12, y - s * 0.03, s * 0.08, s * 0.1, 0.5, 0, Math.PI * 2); c.ellipse(x + s * 0.12, y - s * 0.03, s * 0.08, s * 0.1, -0.5, 0, Math.PI * 2); c.fill();
    }
    if (a.n === 'fox') {
      c.fillStyle = '#fff';
      c.beginPath(); c.moveTo(x - s * 0.32, y + s * 0.02); c.quadraticCurveTo(x, y + s * 0.45, x + s * 0.32, y + s * 0.02); c.quadraticCurveTo(x, y + s * 0.12, x - s * 0.32, y + s * 0.02); c.fill();
    }
    // eyes
    c.fillStyle = a.n === 'panda' ? '#fff' : '#2b2b2b';
    c.beginPath(); c.arc(x - s * 0.12, y - s * 0.04, s * 0.045, 0, Math.PI * 2); c.arc(x + s * 0.12, y - s * 0.04, s * 0.045, 0, Math.PI * 2); c.fill();
    if (a.n === 'panda') { c.fillStyle = '#222'; c.beginPath(); c.arc(x - s * 0.12, y - s * 0.03, s * 0.025, 0, Math.PI * 2); c.arc(x + s * 0.12, y - s * 0.03, s * 0.025, 0, Math.PI * 2); c.fill(); }
    c.fillStyle = '#fff';
    c.beginPath(); c.arc(x - s * 0.105, y - s * 0.06, s * 0.015, 0, Math.PI * 2); c.arc(x + s * 0.135, y - s * 0.06, s * 0.015, 0, Math.PI * 2); c.fill();
    // cheeks
    c.fillStyle = 'rgba(255,110,140,0.35)';
    c.beginPath(); c.arc(x - s * 0.2, y + s * 0.08, s * 0.05, 0, Math.PI * 2); c.arc(x + s * 0.2, y + s * 0.08, s * 0.05, 0, Math.PI * 2); c.fill();
    // nose / snout / beak
    if (a.n === 'pig') {
      c.fillStyle = '#ff8fb0'; c.beginPath(); c.ellipse(x, y + s * 0.09, s * 0.11, s * 0.08, 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#c9506f'; c.beginPath(); c.arc(x - s * 0.04, y + s * 0.09, s * 0.02, 0, Math.PI * 2); c.arc(x + s * 0.04, y + s * 0.09, s * 0.02, 0, Math.PI * 2); c.fill();
    } else if (a.n === 'chick') {
      c.fillStyle = '#ff8c1a'; c.beginPath(); c.moveTo(x - s * 0.06, y + s * 0.05); c.lineTo(x + s * 0.06, y + s * 0.05); c.lineTo(x, y + s * 0.13); c.fill();
    } else {
      if (a.n === 'bear' || a.n === 'lion') { c.fillStyle = 'rgba(255,255,255,0.45)'; c.beginPath(); c.ellipse(x, y + s * 0.1, s * 0.12, s * 0.09, 0, 0, Math.PI * 2); c.fill(); }
      c.fillStyle = a.n === 'mouse' || a.n === 'bunny' ? '#ff7aa2' : '#3a2a20';
      c.beginPath(); c.ellipse(x, y + s * 0.06, s * 0.04, s * 0.03, 0, 0, Math.PI * 2); c.fill();
      c.strokeStyle = '#3a2a20'; c.lineWidth = s * 0.018; c.lineCap = 'round';
      c.beginPath(); c.moveTo(x, y + s * 0.09); c.quadraticCurveTo(x - s * 0.05, y + s * 0.15, x - s * 0.08, y + s * 0.11); c.moveTo(x, y + s * 0.09); c.quadraticCurveTo(x + s * 0.05, y + s * 0.15, x + s * 0.08, y + s * 0.11); c.stroke();
      if (a.n === 'cat' || a.n === 'mouse') {
        c.strokeStyle = 'rgba(60,40,30,0.5)'; c.lineWidth = s * 0.01;
        c.beginPath(); c.moveTo(x - s * 0.12, y + s * 0.08); c.lineTo(x - s * 0.3, y + s * 0.05); c.moveTo(x - s * 0.12, y + s * 0.1); c.lineTo(x - s * 0.3, y + s * 0.12);
        c.moveTo(x + s * 0.12, y + s * 0.08); c.lineTo(x + s * 0.3, y + s * 0.05); c.moveTo(x + s * 0.12, y + s * 0.1); c.lineTo(x + s * 0.3, y + s * 0.12); c.stroke();
      }
    }
  }

  function drawCard(c, cd, idx) {
    var l = layout(cd.i);
    var appear = cd.deal > 0 ? 0 : K.ease.outBack(Math.min(1, -cd.deal * 3 + 0.001));
    if (appear <= 0) return;
    var sx = Math.abs(Math.cos(cd.flip * Math.PI));
    var showFace = cd.flip > 0.5;
    var sc = appear * (1 + Math.sin(cd.pop * Math.PI) * 0.12);
    c.save();
    c.translate(l.x + l.w / 2, l.y + l.h / 2);
    c.scale(Math.max(0.02, sx) * sc, sc);
    c.fillStyle = 'rgba(0,0,0,0.15)';
    K.roundRect(c, -l.w / 2 + 3, -l.h / 2 + 6, l.w, l.h, 16); c.fill();
    if (showFace) {
      c.fillStyle = cd.done ? '#fff8e1' : '#ffffff';
      K.roundRect(c, -l.w / 2, -l.h / 2, l.w, l.h, 16); c.fill();
      c.strokeStyle = cd.done ? '#7bd64a' : '#ffd23f'; c.lineWidth = 5;
      K.roundRect(c, -l.w / 2 + 2.5, -l.h / 2 + 2.5, l.w - 5, l.h - 5, 14); c.stroke();
      face(c, cd.a, 0, 4, l.w * 0.95);
    } else {
      var grd = c.createLinearGradient(0, -l.h / 2, 0, l.h / 2);
      grd.addColorStop(0, '#ff9a76'); grd.addColorStop(1, '#ff6b6b');
      c.fillStyle = grd;
      K.roundRect(c, -l.w / 2, -l.h / 2, l.w, l.h, 16); c.fill();
      c.fillStyle = 'rgba(255,255,255,0.25)';
      var ps = l.w * 0.12;
      c.beginPath(); c.arc(0, ps * 0.6, ps, 0, Math.PI * 2);
      c.arc(-ps * 1.1, -ps * 0.6, ps * 0.5, 0, Math.PI * 2); c.arc(-ps * 0.4, -ps * 1.3, ps * 0.5, 0, Math.PI * 2);
      c.arc(ps * 0.4, -ps * 1.3, ps * 0.5, 0, Math.PI * 2); c.arc(ps * 1.1, -ps * 0.6, ps * 0.5, 0, Math.PI * 2); c.fill();
    }
    c.restore();
    if (idx === sel && K.state === 'play') {
      c.strokeStyle = '#fff'; c.lineWidth = 5;
      K.roundRect(c, l.x - 6, l.y - 6, l.w + 12, l.h + 12, 20); c.stroke();
    }
  }

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#ffe8b3'); grd.addColorStop(1, '#ffc98b');
    c.fillStyle = grd;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    c.fillStyle = 'rgba(255,255,255,0.25)';
    for (var i = 0; i < 14; i++) {
      var x = (i * 137) % K.w, y = (i * 211) % K.h;
      c.beginPath(); c.arc(x, y, 20 + (i % 4) * 10, 0, Math.PI * 2); c.fill();
    }
    if (!grid) return;
    cards.forEach(function (cd, idx) { drawCard(c, cd, idx); });
  }

  function hud(c) {
    if (K.state !== 'play' || !grid) return;
    // level dots (no reading needed)
    for (var i = 0; i < LEVELS.length; i++) {
      c.fillStyle = i < lvl ? '#7bd64a' : i === lvl ? '#ff7b54' : 'rgba(255,255,255,0.6)';
      c.beginPath(); c.arc(24 + i * 26, 34, i === lvl ? 10 : 8, 0, Math.PI * 2); c.fill();
    }
    c.fillStyle = 'rgba(255,255,255,0.7)';
    K.roundRect(c, K.w / 2 - 55, 12, 110, 44, 22); c.fill();
    c.fillStyle = '#ffd60a';
    c.beginPath(); for (var k = 0; k < 10; k++) { var rr = k % 2 ? 6 : 14; var an = -Math.PI / 2 + k * Math.PI / 5; c.lineTo(K.w / 2 - 28 + Math.cos(an) * rr, 34 + Math.sin(an) * rr); } c.closePath(); c.fill();
    K.text(c, String(K.score), K.w / 2 + 14, 35, 26, '#ff7b54', 'center', '900', false);
  }

  K.onDown(function (p) {
    if (K.state !== 'play' || !grid) return;
    for (var i = 0; i < cards.length; i++) {
      var l = layout(i);
      if (p.x > l.x && p.x < l.x + l.w && p.y > l.y && p.y < l.y + l.h) { flip(cards[i]); return; }
    }
  });
  K.onKey(function (code) {
    if (K.state !== 'play' || !grid) return;
    if (sel < 0) sel = 0;
    var r = Math.floor(sel / grid.cols), cl = sel % grid.cols;
    if (code === 'ArrowLeft' || code === 'KeyA') cl = (cl + grid.cols - 1) % grid.cols;
    else if (code === 'ArrowRight' || code === 'KeyD') cl = (cl + 1) % grid.cols;
    else if (code === 'ArrowUp' || code === 'KeyW') r = (r + grid.rows - 1) % grid.rows;
    else if (code === 'ArrowDown' || code === 'KeyS') r = (r + 1) % grid.rows;
    else if (code === 'Space' || code === 'Enter') flip(cards[sel]);
    sel = r * grid.cols + cl;
    K.sfx.tick();
  });

  K.init({ id: 'memory-zoo', minW: 420, minH: 520, update: update, draw: draw, hud: hud, kids: true,
    title: 'MEMORY ZOO', accent: '#ff7b54', bannerStroke: '#ffffff', bannerY: 0.5 });
  if (K.thumb) {
    K.state = 'play'; deal(1);
    cards.forEach(function (cd, i) { if (i % 3 !== 2) { cd.up = true; cd.flip = 1; } cd.deal = -1; });
  } else {
    K.show({ title: 'Memory Zoo', cls: 'clear', buttons: [{ label: '▶', aria: 'Play', cls: 'big', action: start }] });
  }
})();

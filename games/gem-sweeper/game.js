/* Gem Sweeper - dig the mine for gems; numbers warn how many bombs hide next door. */
(function () {
  'use strict';
  var K = window.Kit;
  var LEVELS = [[8, 8, 9], [9, 9, 13], [10, 10, 18], [11, 11, 24], [12, 12, 32]];
  var NUMC = ['', '#1d5fd6', '#2e7d1e', '#d6331d', '#6a2fb8', '#a0143c', '#0e7a70', '#333', '#555'];
  var GEMS = ['#4cc9f0', '#ff4d6d', '#7bd64a', '#c77dff', '#ffd23f'];
  var cells, W, H, bombs, first, over, flagMode, cur, lvl, safeLeft, t0, pressT = {};

  function geo() {
    var top = 78;
    var s = Math.min((K.w - 20) / W, (K.h - top - 14) / H, 58);
    return { s: s, x: (K.w - s * W) / 2, y: top + (K.h - top - 14 - s * H) / 2 };
  }

  function loadLevel(i) {
    lvl = i;
    var L = LEVELS[Math.min(i, LEVELS.length - 1)];
    W = L[0]; H = L[1]; bombs = L[2] + Math.max(0, i - LEVELS.length + 1) * 4;
    cells = [];
    for (var k = 0; k < W * H; k++) cells.push({ bomb: false, open: false, flag: false, n: 0, gem: -1, anim: 0, delay: 0 });
    first = true; over = false; cur = { x: Math.floor(W / 2), y: Math.floor(H / 2) };
    safeLeft = W * H - bombs;
    t0 = K.time;
    K.setLevel(i + 1);
  }

  function idx(x, y) { return y * W + x; }
  function nbrs(x, y, fn) { for (var dy = -1; dy <= 1; dy++) for (var dx = -1; dx <= 1; dx++) { if (!dx && !dy) continue; var nx = x + dx, ny = y + dy; if (nx >= 0 && ny >= 0 && nx < W && ny < H) fn(nx, ny); } }

  function plant(sx, sy) {
    var placed = 0;
    while (placed < bombs) {
      var x = K.randi(0, W - 1), y = K.randi(0, H - 1);
      if (Math.abs(x - sx) <= 1 && Math.abs(y - sy) <= 1) continue;
      var c = cells[idx(x, y)];
      if (c.bomb) continue;
      c.bomb = true; placed++;
    }
    for (var yy = 0; yy < H; yy++) for (var xx = 0; xx < W; xx++) {
      var cc = cells[idx(xx, yy)], n = 0;
      nbrs(xx, yy, function (a, b) { if (cells[idx(a, b)].bomb) n++; });
      cc.n = n;
      if (!cc.bomb && Math.random() < 0.12) cc.gem = K.randi(0, GEMS.length - 1);
    }
  }

  function start() { K.begin(); K.clearFx(); loadLevel(0); }

  function dig(x, y) {
    if (over || K.state !== 'play') return;
    var c = cells[idx(x, y)];
    if (c.flag) return;
    if (c.open) { chord(x, y); return; }
    if (first) { first = false; plant(x, y); }
    if (c.bomb) { boom(x, y); return; }
    var queue = [[x, y, 0]], opened = 0, gems = 0;
    while (queue.length) {
      var q = queue.shift(), cell = cells[idx(q[0], q[1])];
      if (cell.open || cell.flag) continue;
      cell.open = true; cell.anim = 0; cell.delay = q[2] * 0.025;
      opened++; safeLeft--;
      if (cell.gem >= 0) gems++;
      if (cell.n === 0) nbrs(q[0], q[1], function (a, b) { if (!cells[idx(a, b)].open) queue.push([a, b, q[2] + 1]); });
    }
    K.addScore(opened * (lvl + 1) + gems * 25);
    var g = geo();
    K.burst(g.x + (x + 0.5) * g.s, g.y + (y + 0.5) * g.s, { n: 8 + Math.min(opened, 20), color: ['#8b5a2b', '#a0522d', '#d2a679'], speed: 200, life: 0.5, size: 3, gravity: 400, shape: 'square' });
    K.tone(opened > 5 ? 500 : 380, 0.06, { type: 'triangle', vol: 0.12, slide: opened > 5 ? 900 : 500 });
    if (gems) setTimeout(K.sfx.coin, 120);
    if (safeLeft <= 0) win();
  }

  function chord(x, y) {
    var c = cells[idx(x, y)], f = 0;
    nbrs(x, y, function (a, b) { if (cells[idx(a, b)].flag) f++; });
    if (f !== c.n) return;
    nbrs(x, y, function (a, b) { var o = cells[idx(a, b)]; if (!o.open && !o.flag && !over) dig(a, b); });
  }

  function flag(x, y) {
    if (over || K.state !== 'play') return;
    var c = cells[idx(x, y)];
    if (c.open) return;
    c.flag = !c.flag;
    c.anim = 0;
    K.tone(c.flag ? 900 : 600, 0.05, { type: 'square', vol: 0.08 });
  }

  function boom(x, y) {
    over = true;
    var g = geo();
    cells.forEach(function (c, i) { if (c.bomb) { c.open = true; c.anim = 0; c.delay = K.dist(i % W, Math.floor(i / W), x, y) * 0.06; } });
    K.burst(g.x + (x + 0.5) * g.s, g.y + (y + 0.5) * g.s, { n: 80, color: ['#ff4d6d', '#ff9f1c', '#ffd23f', '#333'], speed: 500, life: 1, size: 5 });
    K.shake(20); K.flash('#ff4d6d', 0.45); K.sfx.boom();
    var res = K.end(K.score);
    setTimeout(function () {
      K.show({ title: 'Kaboom!', html: '<div class="big">' + K.score + '</div><p>Reached mine <b>' + (lvl + 1) + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>', buttons: [{ label: 'Dig again', action: start }] });
    }, 1400);
  }

  function win() {
    over = true;
    var secs = K.time - t0;
    var bonus = Math.max(0, Math.round((120 + lvl * 60 - secs) * 2)) + 100 * (lvl + 1);
    K.addScore(bonus);
    K.sfx.win(); K.happy();
    cells.forEach(function (c) { if (c.bomb) c.flag = true; });
    for (var i = 0; i < 6; i++) K.burst(K.rand(0, K.w), K.rand(K.h * 0.2, K.h * 0.6), { n: 18, color: GEMS, speed: 320, life: 1.2, size: 6, shape: 'star', gravity: 200 });
    setTimeout(function () {
      K.show({ title: 'Mine cleared!', html: '<p>Speed bonus <b>+' + bonus + '</b></p><div class="big">' + K.score + '</div>', buttons: [{ label: 'Next mine', action: function () { K.hide(); loadLevel(lvl + 1); } }] });
    }, 900);
  }

  function update(dt) {
    if (!cells) return;
    cells.forEach(function (c) { if (c.delay > 0) c.delay -= dt; else c.anim = Math.min(1, c.anim + dt * 5); });
    var now = K.time;
    Object.keys(pressT).forEach(function (id) {
      var p = pressT[id];
      if (!p.done && now - p.t > 0.42 && K.pointers[id]) { p.done = true; flag(p.cx, p.cy); if (navigator.vibrate) navigator.vibrate(20); }
    });
  }

  function drawGem(c, x, y, s, col) {
    c.fillStyle = col;
    c.beginPath(); c.moveTo(x, y - s); c.lineTo(x + s * 0.8, y - s * 0.3); c.lineTo(x, y + s); c.lineTo(x - s * 0.8, y - s * 0.3); c.closePath(); c.fill();
    c.fillStyle = 'rgba(255,255,255,0.5)';
    c.beginPath(); c.moveTo(x, y - s); c.lineTo(x + s * 0.3, y - s * 0.3); c.lineTo(x, y + s * 0.2); c.lineTo(x - s * 0.3, y - s * 0.3); c.fill();
  }

  function draw(c) {
    var bg = c.createLinearGradient(0, 0, 0, K.h);
    bg.addColorStop(0, '#3a2618'); bg.addColorStop(1, '#1e130c');
    c.fillStyle = bg; c.fillRect(-20, -20, K.w + 40, K.h + 40);
    if (!cells) return;
    var g = geo(), s = g.s;
    c.fillStyle = 'rgba(0,0,0,0.35)';
    K.roundRect(c, g.x - 8, g.y - 8, s * W + 16, s * H + 16, 12); c.fill();
    for (var y = 0; y < H; y++) for (var x = 0; x < W; x++) {
      var cell = cells[idx(x, y)], px = g.x + x * s, py = g.y + y * s;
      if (cell.open && cell.delay <= 0) {
        c.fillStyle = (x + y) % 2 ? '#d9b38c' : '#cfa67c';
        c.fillRect(px, py, s, s);
        var a = K.ease.outBack(cell.anim);
        if (cell.bomb) {
          c.fillStyle = '#ff4d6d'; c.fillRect(px, py, s, s);
          c.fillStyle = '#222'; c.beginPath(); c.arc(px + s / 2, py + s / 2 + 2, s * 0.28 * a, 0, Math.PI * 2); c.fill();
          c.strokeStyle = '#ffd23f'; c.lineWidth = 2; c.beginPath(); c.moveTo(px + s * 0.6, py + s * 0.3); c.lineTo(px + s * 0.72, py + s * 0.16); c.stroke();
        } else {
          if (cell.gem >= 0) drawGem(c, px + s / 2, py + s / 2, s * 0.3 * a, GEMS[cell.gem]);
          if (cell.n) K.text(c, String(cell.n), px + s / 2 + (cell.gem >= 0 ? s * 0.25 : 0), py + s / 2 + (cell.gem >= 0 ? s * 0.22 : 1), s * (cell.gem >= 0 ? 0.38 : 0.56) * a, NUMC[cell.n], 'center', '900', false);
        }
      } else {
        c.fillStyle = (x + y) % 2 ? '#7a5233' : '#6e4a2e';
        c.fillRect(px, py, s, s);
        c.fillStyle = 'rgba(255,255,255,0.12)'; c.fillRect(px, py, s, s * 0.14);
        c.fillStyle = 'rgba(0,0,0,0.18)'; c.fillRect(px, py + s * 0.86, s, s * 0.14);
        c.fillStyle = 'rgba(0,0,0,0.12)';
        c.beginPath(); c.arc(px + s * 0.3, py + s * 0.4, s * 0.06, 0, Math.PI * 2); c.arc(px + s * 0.68, py + s * 0.62, s * 0.05, 0, Math.PI * 2); c.fill();
        if (cell.flag) {
          var fa = K.ease.outBack(Math.min(1, cell.anim));
          c.fillStyle = '#eee'; c.fillRect(px + s * 0.35, py + s * 0.2, s * 0.07, s * 0.6 * fa);
          c.fillStyle = '#ff4d6d';
          c.beginPath(); c.moveTo(px + s * 0.42, py + s * 0.2); c.lineTo(px + s * 0.75, py + s * 0.33); c.lineTo(px + s * 0.42, py + s * 0.47); c.fill();
        }
      }
    }
    if (K.state === 'play' && cur && !over) {
      c.strokeStyle = flagMode ? '#ff4d6d' : '#4cc9f0'; c.lineWidth = 3;
      K.roundRect(c, g.x + cur.x * s + 1.5, g.y + cur.y * s + 1.5, s - 3, s - 3, 6); c.stroke();
    }
  }

  function flagBtn() { return { x: K.w / 2 - 60, y: 14, w: 120, h: 44 }; }

  function hud(c) {
    if (K.state !== 'play' || !cells) return;
    K.text(c, String(K.score), 16, 30, 24, '#fff', 'left');
    var flags = cells.filter(function (q) { return q.flag; }).length;
    K.text(c, 'MINE ' + (lvl + 1) + ' · BOMBS ' + (bombs - flags), 16, 58, 14, '#d9b38c', 'left', '800');
    var b = flagBtn();
    c.fillStyle = flagMode ? '#ff4d6d' : 'rgba(255,255,255,0.15)';
    K.roundRect(c, b.x, b.y, b.w, b.h, 22); c.fill();
    K.text(c, flagMode ? 'FLAG MODE' : 'DIG MODE', b.x + b.w / 2, b.y + b.h / 2 + 1, 15, '#fff', 'center', '900', false);
  }

  function cellAt(x, y) {
    var g = geo();
    var cx = Math.floor((x - g.x) / g.s), cy = Math.floor((y - g.y) / g.s);
    if (cx < 0 || cy < 0 || cx >= W || cy >= H) return null;
    return { x: cx, y: cy };
  }
  K.onDown(function (p) {
    if (K.state !== 'play' || !cells) return;
    var b = flagBtn();
    if (p.x > b.x && p.x < b.x + b.w && p.y > b.y && p.y < b.y + b.h) { flagMode = !flagMode; K.sfx.click(); return; }
    var cc = cellAt(p.x, p.y);
    if (!cc) return;
    cur = cc;
    if (p.e.button === 2) { flag(cc.x, cc.y); return; }
    pressT[p.id] = { t: K.time, cx: cc.x, cy: cc.y, done: false };
  });
  K.onUp(function (p) {
    var pr = pressT[p.id];
    delete pressT[p.id];
    if (!pr || pr.done) return;
    if (flagMode) flag(pr.cx, pr.cy); else dig(pr.cx, pr.cy);
  });
  K.onKey(function (code) {
    if (K.state !== 'play' || !cells) return;
    if (code === 'ArrowLeft' || code === 'KeyA') cur.x = Math.max(0, cur.x - 1);
    else if (code === 'ArrowRight' || code === 'KeyD') cur.x = Math.min(W - 1, cur.x + 1);
    else if (code === 'ArrowUp' || code === 'KeyW') cur.y = Math.max(0, cur.y - 1);
    else if (code === 'ArrowDown' || code === 'KeyS') cur.y = Math.min(H - 1, cur.y + 1);
    else if (code === 'Space' || code === 'Enter') { if (flagMode) flag(cur.x, cur.y); else dig(cur.x, cur.y); }
    else if (code === 'KeyF') flag(cur.x, cur.y);
    else if (code === 'KeyM') flagMode = !flagMode;
  });

  K.init({ id: 'gem-sweeper', minW: 420, minH: 540, update: update, draw: draw, hud: hud, title: 'GEM SWEEPER', accent: '#4cc9f0', bannerY: 0.5 });
  loadLevel(0);
  if (K.thumb) {
    K.state = 'play'; plant(4, 4); first = false;
    var sx = 4, sy = 4; dig(sx, sy);
    cells.forEach(function (q) { q.anim = 1; q.delay = 0; });
    cells.forEach(function (q, i) { if (q.bomb && i % 3 === 0) q.flag = true; });
  } else {
    K.show({
      title: 'Gem Sweeper',
      text: 'Dig every safe square to clear the mine. Numbers tell how many bombs touch that square. Find gems for bonus points!',
      html: 'Click / tap to dig · right-click or long-press to flag<br>Keys: <kbd>←</kbd><kbd>↑</kbd><kbd>↓</kbd><kbd>→</kbd> move, <kbd>Space</kbd> dig, <kbd>F</kbd> flag<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Start digging', action: start }]
    });
  }
})();

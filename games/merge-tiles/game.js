/* Merge Tiles - slide the board, merge equal tiles, chase the biggest number. */
(function () {
  'use strict';
  var K = window.Kit;
  var N = 4;

  /* Medals the catalog declares for this game (games/catalog.json); the SDK sends each once a page. */
  function medal(id) {
    if (window.PlayFree && window.PlayFree.unlockMedal) window.PlayFree.unlockMedal(id);
  }
  function tileCol(v) {
    var k = Math.log2(v);
    var hue = (190 - k * 31 + 720) % 360;
    return ['hsl(' + hue + ',80%,' + (62 - Math.min(k, 11) * 1.5) + '%)', '#fff'];
  }
  var tiles = [], grid, moving = 0, bestTile = 2, over = false, nextId = 1;

  function geo() {
    var size = Math.min(K.w - 24, K.h - 130, 520);
    return { x: (K.w - size) / 2, y: 100 + (K.h - 110 - size) / 2, s: size, gap: size * 0.03, cell: (size - size * 0.03 * (N + 1)) / N };
  }
  function cellPos(r, c) { var g = geo(); return { x: g.x + g.gap + c * (g.cell + g.gap), y: g.y + g.gap + r * (g.cell + g.gap) }; }

  function empty() {
    var out = [];
    for (var r = 0; r < N; r++) for (var c = 0; c < N; c++) if (!grid[r][c]) out.push([r, c]);
    return out;
  }
  function addTile() {
    var e = empty();
    if (!e.length) return;
    var p = K.pick(e);
    var t = { id: nextId++, v: Math.random() < 0.9 ? 2 : 4, r: p[0], c: p[1], pr: p[0], pc: p[1], born: 0, pop: 0 };
    grid[p[0]][p[1]] = t;
    tiles.push(t);
  }

  function start() {
    grid = []; for (var r = 0; r < N; r++) grid.push([null, null, null, null]);
    tiles = []; over = false; bestTile = 2; moving = 0;
    K.begin(); K.clearFx();
    addTile(); addTile();
  }

  function move(dr, dc) {
    if (over || K.state !== 'play') return;
    if (moving > 0) finishMove();
    var moved = false, gained = 0, merges = [];
    tiles.forEach(function (t) { t.pr = t.r; t.pc = t.c; t.merged = false; });
    var order = [];
    for (var i = 0; i < N; i++) order.push(i);
    var rev = [3, 2, 1, 0];
    var rows = dr > 0 ? rev : order;
    var cols = dc > 0 ? rev : order;
    rows.forEach(function (r) {
      cols.forEach(function (c) {
        var t = grid[r][c];
        if (!t) return;
        var nr = r, nc = c;
        while (true) {
          var tr = nr + dr, tc = nc + dc;
          if (tr < 0 || tr >= N || tc < 0 || tc >= N) break;
          var o = grid[tr][tc];
          if (!o) { nr = tr; nc = tc; continue; }
          if (o.v === t.v && !o.merged && !o.dying) {
            grid[r][c] = null;
            o.merged = true;
            t.dying = o;
            t.r = tr; t.c = tc;
            merges.push(o);
            moved = true;
            return;
          }
          break;
        }
        if (nr !== r || nc !== c) {
          grid[r][c] = null; grid[nr][nc] = t; t.r = nr; t.c = nc; moved = true;
        }
      });
    });
    if (!moved) { K.tone(160, 0.06, { type: 'sine', vol: 0.08 }); K.shake(2); return; }
    merges.forEach(function (o) { o.v *= 2; o.pop = 1; o.pendingPop = true; gained += o.v; });
    moving = 1;
    K.tone(330, 0.05, { type: 'triangle', vol: 0.06 });
    if (gained) {
      K.addScore(gained);
      var top = Math.max.apply(null, merges.map(function (m) { return m.v; }));
      medal('first-merge');
      if (top >= 128) medal('tile-128');
      if (top >= 512) medal('tile-512');
      if (top >= 2048) medal('tile-2048');
      K.tone(300 + Math.log2(top) * 70, 0.12, { type: 'triangle', vol: 0.14, delay: 0.08 });
      if (top > bestTile) {
        bestTile = top;
        if (top >= 64) { K.setLevel(Math.log2(top) - 5); K.happy(); K.sfx.win(); K.floatText(K.w / 2, geo().y - 30, top + '!', { color: tileCol(top)[0], size: 40, life: 1.4 }); }
      }
    }
    addPendingSpawn = true;
  }
  var addPendingSpawn = false;

  function finishMove() {
    moving = 0;
    tiles = tiles.filter(function (t) { return !t.dying; });
    tiles.forEach(function (t) {
      t.pr = t.r; t.pc = t.c;
      if (t.pendingPop) {
        t.pendingPop = false;
        var p = cellPos(t.r, t.c), g = geo();
        K.burst(p.x + g.cell / 2, p.y + g.cell / 2, { n: 10 + Math.log2(t.v) * 2, color: [tileCol(t.v)[0], '#fff'], speed: 200 + t.v, life: 0.5, size: 4 });
        if (t.v >= 128) K.shake(4);
      }
    });
    if (addPendingSpawn) { addPendingSpawn = false; addTile(); }
    if (!canMove()) gameOver();
  }

  function canMove() {
    if (empty().length) return true;
    for (var r = 0; r < N; r++) for (var c = 0; c < N; c++) {
      var v = grid[r][c].v;
      if (c + 1 < N && grid[r][c + 1].v === v) return true;
      if (r + 1 < N && grid[r + 1][c].v === v) return true;
    }
    return false;
  }

  function gameOver() {
    over = true;
    var res = K.end(K.score);
    K.sfx.lose();
    setTimeout(function () {
      K.show({
        title: 'No more moves',
        html: '<div class="big">' + K.score + '</div><p>Biggest tile <b>' + bestTile + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>',
        buttons: [{ label: 'Play again', action: start }]
      });
    }, 800);
  }

  function update(dt) {
    if (moving > 0) { moving -= dt * 9; if (moving <= 0) finishMove(); }
    tiles.forEach(function (t) { t.born = Math.min(1, t.born + dt * 6); if (!t.pendingPop) t.pop = Math.max(0, t.pop - dt * 5); });
  }

  function draw(c) {
    var bg = c.createLinearGradient(0, 0, 0, K.h);
    bg.addColorStop(0, '#1d1b3a'); bg.addColorStop(1, '#2d1b4e');
    c.fillStyle = bg;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    var g = geo();
    c.fillStyle = 'rgba(0,0,0,0.3)';
    K.roundRect(c, g.x, g.y + 8, g.s, g.s, 16); c.fill();
    c.fillStyle = '#34306a';
    K.roundRect(c, g.x, g.y, g.s, g.s, 16); c.fill();
    for (var r = 0; r < N; r++) for (var cc = 0; cc < N; cc++) {
      var p = cellPos(r, cc);
      c.fillStyle = 'rgba(255,255,255,0.07)';
      K.roundRect(c, p.x, p.y, g.cell, g.cell, 10); c.fill();
    }
    var t01 = moving > 0 ? K.ease.outCubic(1 - moving) : 1;
    var sorted = tiles.slice().sort(function (a, b) { return (a.dying ? 0 : 1) - (b.dying ? 0 : 1); });
    sorted.forEach(function (t) {
      var a = cellPos(t.pr, t.pc), b = cellPos(t.r, t.c);
      var x = K.lerp(a.x, b.x, t01), y = K.lerp(a.y, b.y, t01);
      var s = K.ease.outBack(t.born) * (1 + (t.pendingPop ? 0 : Math.sin(t.pop * Math.PI) * 0.15));
      var col = tileCol(t.v);
      c.save();
      c.translate(x + g.cell / 2, y + g.cell / 2);
      c.scale(s, s);
      if (t.v >= 128) { c.shadowColor = col[0]; c.shadowBlur = 20; }
      c.fillStyle = col[0];
      K.roundRect(c, -g.cell / 2, -g.cell / 2, g.cell, g.cell, 10); c.fill();
      c.shadowBlur = 0;
      c.fillStyle = 'rgba(255,255,255,0.18)';
      K.roundRect(c, -g.cell / 2, -g.cell / 2, g.cell, g.cell * 0.45, 10); c.fill();
      var v = t.pendingPop ? t.v / 2 : t.v;
      var digits = String(v).length;
      K.text(c, String(v), 0, 2, g.cell * (digits < 3 ? 0.45 : digits === 3 ? 0.36 : 0.28), col[1], 'center', '900', true);
      c.restore();
    });
  }

  function hud(c) {
    if (!grid || K.thumb) return;
    var g = geo();
    var w = Math.min(130, g.s / 3.3);
    var right = Math.min(g.x + g.s, K.w - 110 / K.scale);
    [['SCORE', K.score], ['BEST', Math.max(K.best(), K.score)]].forEach(function (it, i) {
      var x = right - (2 - i) * (w + 8) + 8;
      c.fillStyle = '#34306a';
      K.roundRect(c, x, 14, w, 56, 10); c.fill();
      K.text(c, it[0], x + w / 2, 30, 13, '#a9a3ff', 'center', '800', false);
      K.text(c, String(it[1]), x + w / 2, 53, 22, '#fff', 'center', '900', false);
    });
    if (right - 2 * (w + 8) > g.x + 150) K.text(c, 'MERGE', g.x, 44, 32, '#f9c74f', 'left', '900', false);
  }

  K.onKey(function (code) {
    if (code === 'ArrowUp' || code === 'KeyW') move(-1, 0);
    else if (code === 'ArrowDown' || code === 'KeyS') move(1, 0);
    else if (code === 'ArrowLeft' || code === 'KeyA') move(0, -1);
    else if (code === 'ArrowRight' || code === 'KeyD') move(0, 1);
  });
  K.onUp(function (p) {
    var dx = p.x - p.sx, dy = p.y - p.sy;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
    if (Math.abs(dx) > Math.abs(dy)) move(0, dx > 0 ? 1 : -1); else move(dy > 0 ? 1 : -1, 0);
  });

  K.init({ id: 'merge-tiles', minW: 400, minH: 560, update: update, draw: draw, hud: hud, title: 'MERGE TILES', accent: '#f2745f', bannerY: 0.5 });
  if (K.thumb) {
    grid = []; for (var r = 0; r < N; r++) grid.push([null, null, null, null]);
    var vals = [[2, 4, 8, 16], [256, 128, 64, 32], [512, 1024, 2048, 4], [2, 8, null, 2]];
    vals.forEach(function (row, ri) { row.forEach(function (v, ci) { if (v) { var t = { id: nextId++, v: v, r: ri, c: ci, pr: ri, pc: ci, born: 1, pop: 0 }; grid[ri][ci] = t; tiles.push(t); } }); });
    K.state = 'play';
  } else {
    grid = []; for (var q = 0; q < N; q++) grid.push([null, null, null, null]);
    K.show({
      title: 'Merge Tiles',
      text: 'Slide all tiles at once. Two equal tiles merge into their sum — keep merging to build the biggest number you can!',
      html: 'Swipe, or use <kbd>←</kbd><kbd>↑</kbd><kbd>↓</kbd><kbd>→</kbd> / <kbd>WASD</kbd><br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Play', action: start }]
    });
  }
})();

/* Tower Guard - build towers along the winding road and stop the slime invasion. */
(function () {
  'use strict';
  var K = window.Kit;
  var PATH_L = [[-1, 1], [3, 1], [3, 5], [7, 5], [7, 2], [10, 2], [10, 6], [12, 6]];
  var TYPES = [
    { name: 'Arrow', cost: 40, range: 2.6, rate: 0.45, dmg: 1, col: '#ffd23f' },
    { name: 'Cannon', cost: 70, range: 2.2, rate: 1.3, dmg: 3, splash: 0.9, col: '#ff6b4a' },
    { name: 'Frost', cost: 60, range: 2.2, rate: 0.8, dmg: 0.4, slow: 1.5, col: '#4cc9f0' }
  ];
  var COLS, ROWS, port, pathCells, pathPts, towers, enemies, shots, gold, lives, wave, spawnQ, between, betweenT, sel, cur;

  function setup() {
    port = K.h > K.w * 1.1;
    COLS = port ? 8 : 12; ROWS = port ? 12 : 8;
    var pts = PATH_L.map(function (p) { return port ? [p[1], p[0]] : p; });
    pathCells = {};
    for (var i = 0; i < pts.length - 1; i++) {
      var a = pts[i], b = pts[i + 1];
      var dx = Math.sign(b[0] - a[0]), dy = Math.sign(b[1] - a[1]);
      var x = a[0], y = a[1];
      while (true) { pathCells[x + ',' + y] = true; if (x === b[0] && y === b[1]) break; x += dx; y += dy; }
    }
    pathPts = pts;
  }
  function geo() {
    var top = 64, bottom = 86;
    var s = Math.min((K.w - 12) / COLS, (K.h - top - bottom) / ROWS);
    return { s: s, x: (K.w - s * COLS) / 2, y: top + (K.h - top - bottom - s * ROWS) / 2 };
  }
  function cellCenter(cx, cy) { var g = geo(); return { x: g.x + (cx + 0.5) * g.s, y: g.y + (cy + 0.5) * g.s }; }
  function pathLen() { var L = 0; for (var i = 0; i < pathPts.length - 1; i++) L += Math.abs(pathPts[i + 1][0] - pathPts[i][0]) + Math.abs(pathPts[i + 1][1] - pathPts[i][1]); return L; }
  function posAt(d) {
    for (var i = 0; i < pathPts.length - 1; i++) {
      var a = pathPts[i], b = pathPts[i + 1], l = Math.abs(b[0] - a[0]) + Math.abs(b[1] - a[1]);
      if (d <= l) { var t = d / l; return cellCenter(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t); }
      d -= l;
    }
    var e = pathPts[pathPts.length - 1];
    return cellCenter(e[0], e[1]);
  }

  function start() {
    setup();
    towers = []; enemies = []; shots = []; gold = 120; lives = 10; wave = 0; spawnQ = []; between = true; betweenT = 10; sel = 0;
    cur = { x: 1, y: 3 };
    K.begin(); K.clearFx();
  }

  function nextWave() {
    if (!between) return;
    between = false;
    wave++;
    K.setLevel(wave);
    var n = 6 + wave * 2, hp = 3 * Math.pow(1.22, wave - 1);
    for (var i = 0; i < n; i++) spawnQ.push({ t: i * Math.max(0.45, 0.9 - wave * 0.03), hp: hp, sp: 1.1 + wave * 0.03, boss: false });
    if (wave % 5 === 0) spawnQ.push({ t: n * 0.8 + 1, hp: hp * 12, sp: 0.7, boss: true });
    K.floatText(K.w / 2, K.h * 0.4, 'WAVE ' + wave, { color: '#ffd23f', size: 40, life: 1.4 });
    K.sfx.power();
  }

  function place(cx, cy) {
    if (K.state !== 'play') return;
    if (pathCells[cx + ',' + cy]) { K.tone(150, 0.08, { type: 'square', vol: 0.08 }); return; }
    var t = towers.filter(function (q) { return q.cx === cx && q.cy === cy; })[0];
    var p = cellCenter(cx, cy);
    if (t) {
      var cost = Math.round(TYPES[t.type].cost * 0.8 * t.lvl);
      if (t.lvl >= 3) { K.floatText(p.x, p.y - 20, 'MAX', { color: '#fff', size: 18 }); return; }
      if (gold < cost) { K.floatText(p.x, p.y - 20, 'Need ' + cost, { color: '#ff6b4a', size: 18 }); K.tone(150, 0.08, { type: 'square', vol: 0.08 }); return; }
      gold -= cost; t.lvl++;
      K.sfx.power();
      K.burst(p.x, p.y, { n: 20, color: [TYPES[t.type].col, '#fff'], speed: 200, life: 0.5, size: 4, shape: 'star' });
      return;
    }
    var ty = TYPES[sel];
    if (gold < ty.cost) { K.floatText(p.x, p.y - 20, 'Need ' + ty.cost, { color: '#ff6b4a', size: 18 }); K.tone(150, 0.08, { type: 'square', vol: 0.08 }); return; }
    gold -= ty.cost;
    towers.push({ cx: cx, cy: cy, type: sel, lvl: 1, cd: 0, ang: 0, pop: 0 });
    K.tone(440, 0.1, { type: 'triangle', vol: 0.15, slide: 660 });
    K.burst(p.x, p.y, { n: 14, color: ['#8b5a2b', '#d2a679'], speed: 160, life: 0.4, size: 3, gravity: 300 });
  }

  function update(dt) {
    if (K.state !== 'play' || !towers) return;
    var g = geo(), L = pathLen();
    if (between) { betweenT -= dt; if (betweenT <= 0) nextWave(); }
    for (var q = spawnQ.length - 1; q >= 0; q--) {
      spawnQ[q].t -= dt;
      if (spawnQ[q].t <= 0) { var s = spawnQ[q]; enemies.push({ d: 0, hp: s.hp, max: s.hp, sp: s.sp, boss: s.boss, slowT: 0, hit: 0, ph: Math.random() * 6 }); spawnQ.splice(q, 1); }
    }
    for (var i = enemies.length - 1; i >= 0; i--) {
      var en = enemies[i];
      en.slowT = Math.max(0, en.slowT - dt); en.hit = Math.max(0, en.hit - dt); en.ph += dt * 8;
      en.d += en.sp * (en.slowT > 0 ? 0.5 : 1) * dt;
      if (en.d >= L) {
        enemies.splice(i, 1);
        lives -= en.boss ? 5 : 1;
        K.shake(8); K.flash('#ff4d6d', 0.25); K.sfx.hit();
        if (lives <= 0) { lives = 0; lose(); return; }
      }
    }
    towers.forEach(function (t) {
      t.pop = Math.max(0, t.pop - dt * 4);
      t.cd -= dt;
      var ty = TYPES[t.type], c = cellCenter(t.cx, t.cy), range = (ty.range + (t.lvl - 1) * 0.3) * g.s;
      var target = null, best = -1;
      enemies.forEach(function (e) { var p = posAt(e.d); if (K.dist(p.x, p.y, c.x, c.y) < range && e.d > best) { best = e.d; target = e; } });
      if (target) {
        var tp = posAt(target.d);
        t.ang = Math.atan2(tp.y - c.y, tp.x - c.x);
        if (t.cd <= 0) {
          t.cd = ty.rate / (1 + (t.lvl - 1) * 0.25);
          t.pop = 1;
          shots.push({ x: c.x, y: c.y, target: target, type: t.type, dmg: ty.dmg * (1 + (t.lvl - 1) * 0.6), sp: t.type === 1 ? 340 : 520 });
          if (t.type === 0) K.tone(1200, 0.03, { type: 'square', vol: 0.03 });
          else if (t.type === 1) K.tone(120, 0.12, { type: 'sine', vol: 0.15, slide: 60 });
          else K.tone(1800, 0.06, { type: 'sine', vol: 0.04, slide: 900 });
        }
      }
    });
    for (var k = shots.length - 1; k >= 0; k--) {
      var sh = shots[k];
      if (enemies.indexOf(sh.target) < 0) { shots.splice(k, 1); continue; }
      var tp2 = posAt(sh.target.d);
      var dx = tp2.x - sh.x, dy = tp2.y - sh.y, dl = Math.sqrt(dx * dx + dy * dy);
      if (dl < 10) { hit(sh, tp2, g); shots.splice(k, 1); continue; }
      sh.x += dx / dl * sh.sp * dt; sh.y += dy / dl * sh.sp * dt;
    }
    if (!between && !spawnQ.length && !enemies.length) {
      between = true; betweenT = 8;
      var bonus = 20 + wave * 5;
      gold += bonus;
      K.addScore(wave * 50);
      K.floatText(K.w / 2, K.h * 0.4, 'WAVE CLEAR  +' + bonus + ' gold', { color: '#7bd64a', size: 26, life: 1.6 });
      K.sfx.win();
      if (wave % 5 === 0) K.happy();
    }
  }

  function hit(sh, p, g) {
    var ty = TYPES[sh.type];
    var victims = ty.splash ? enemies.filter(function (e) { var q = posAt(e.d); return K.dist(q.x, q.y, p.x, p.y) < ty.splash * g.s; }) : [sh.target];
    if (ty.splash) { K.burst(p.x, p.y, { n: 14, color: ['#ff6b4a', '#ffd23f', '#555'], speed: 200, life: 0.4, size: 4 }); K.shake(2); }
    victims.forEach(function (e) {
      e.hp -= sh.dmg; e.hit = 0.08;
      if (ty.slow) e.slowT = ty.slow;
      if (e.hp <= 0 && enemies.indexOf(e) >= 0) {
        enemies.splice(enemies.indexOf(e), 1);
        var q = posAt(e.d), reward = e.boss ? 60 : 5 + Math.floor(wave / 2);
        gold += reward;
        K.addScore(e.boss ? 500 : 10);
        K.floatText(q.x, q.y - 14, '+' + reward, { color: '#ffd23f', size: 16, life: 0.7 });
        K.burst(q.x, q.y, { n: e.boss ? 50 : 12, color: ['#9b5de5', '#c77dff', '#fff'], speed: e.boss ? 340 : 180, life: 0.5, size: 4 });
        K.tone(600, 0.05, { type: 'triangle', vol: 0.08, slide: 300 });
        if (e.boss) { K.sfx.boom(); K.happy(); }
      }
    });
  }

  function lose() {
    var res = K.end(K.score);
    K.sfx.lose();
    setTimeout(function () {
      K.show({ title: 'The gate has fallen', html: '<div class="big">' + K.score + '</div><p>Survived <b>' + (wave - 1) + '</b> waves<br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>', buttons: [{ label: 'Defend again', action: start }] });
    }, 700);
  }

  function drawTower(c, t, x, y, s) {
    var ty = TYPES[t.type], sc = 1 + t.pop * 0.1;
    c.fillStyle = 'rgba(0,0,0,0.25)'; c.beginPath(); c.ellipse(x, y + s * 0.3, s * 0.36, s * 0.14, 0, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#8d99ae';
    K.roundRect(c, x - s * 0.32, y - s * 0.2, s * 0.64, s * 0.5, 6); c.fill();
    c.fillStyle = '#5c677d';
    for (var i = 0; i < t.lvl; i++) c.fillRect(x - s * 0.24 + i * s * 0.18, y + s * 0.16, s * 0.12, s * 0.08);
    c.save(); c.translate(x, y - s * 0.12); c.rotate(t.ang); c.scale(sc, sc);
    c.fillStyle = ty.col;
    if (t.type === 0) { c.fillRect(0, -s * 0.06, s * 0.36, s * 0.12); c.beginPath(); c.arc(0, 0, s * 0.18, 0, Math.PI * 2); c.fill(); }
    else if (t.type === 1) { c.fillStyle = '#333'; c.fillRect(0, -s * 0.1, s * 0.36, s * 0.2); c.fillStyle = ty.col; c.beginPath(); c.arc(0, 0, s * 0.22, 0, Math.PI * 2); c.fill(); }
    else { c.beginPath(); for (var k = 0; k < 6; k++) { var a = k * Math.PI / 3; c.lineTo(Math.cos(a) * s * 0.24, Math.sin(a) * s * 0.24); } c.fill(); c.fillStyle = '#fff'; c.beginPath(); c.arc(0, 0, s * 0.08, 0, Math.PI * 2); c.fill(); }
    c.restore();
  }

  function draw(c) {
    c.fillStyle = '#3d7a3a'; c.fillRect(-20, -20, K.w + 40, K.h + 40);
    if (!pathPts) return;
    var g = geo(), s = g.s;
    for (var y = 0; y < ROWS; y++) for (var x = 0; x < COLS; x++) {
      var px = g.x + x * s, py = g.y + y * s;
      if (pathCells[x + ',' + y]) { c.fillStyle = '#d9b38c'; c.fillRect(px, py, s + 0.5, s + 0.5); c.fillStyle = 'rgba(0,0,0,0.06)'; c.fillRect(px + s * 0.2, py + s * 0.3, s * 0.1, s * 0.1); }
      else {
        c.fillStyle = (x + y) % 2 ? '#5fb84a' : '#58ad44'; c.fillRect(px, py, s + 0.5, s + 0.5);
        if (((x * 7 + y * 13) % 9) === 0) { c.fillStyle = '#2d6a2d'; c.beginPath(); c.arc(px + s * 0.5, py + s * 0.5, s * 0.22, 0, Math.PI * 2); c.fill(); }
      }
    }
    // gate at the end
    var end = pathPts[pathPts.length - 1], gp = cellCenter(Math.min(end[0], COLS - 1), Math.min(end[1], ROWS - 1));
    c.fillStyle = '#7a4a1f'; K.roundRect(c, gp.x - s * 0.4, gp.y - s * 0.5, s * 0.8, s, 8); c.fill();
    c.fillStyle = '#ffd23f'; c.beginPath(); c.arc(gp.x, gp.y, s * 0.12, 0, Math.PI * 2); c.fill();
    if (!towers) return;
    if (K.state === 'play' && cur) {
      var cp = cellCenter(cur.x, cur.y);
      var onT = towers.filter(function (q) { return q.cx === cur.x && q.cy === cur.y; })[0];
      var rr = onT ? TYPES[onT.type].range + (onT.lvl - 1) * 0.3 : TYPES[sel].range;
      c.fillStyle = 'rgba(255,255,255,0.12)'; c.beginPath(); c.arc(cp.x, cp.y, rr * s, 0, Math.PI * 2); c.fill();
      c.strokeStyle = pathCells[cur.x + ',' + cur.y] ? '#ff6b4a' : '#fff'; c.lineWidth = 3;
      K.roundRect(c, cp.x - s / 2 + 2, cp.y - s / 2 + 2, s - 4, s - 4, 6); c.stroke();
    }
    enemies.forEach(function (e) {
      var p = posAt(e.d), r = s * (e.boss ? 0.4 : 0.24), wob = 1 + Math.sin(e.ph) * 0.08;
      c.fillStyle = e.hit > 0 ? '#fff' : e.slowT > 0 ? '#7fd3f5' : (e.boss ? '#6a2fb8' : '#9b5de5');
      c.beginPath(); c.ellipse(p.x, p.y, r * wob, r / wob, 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#fff'; c.beginPath(); c.arc(p.x - r * 0.3, p.y - r * 0.2, r * 0.22, 0, Math.PI * 2); c.arc(p.x + r * 0.3, p.y - r * 0.2, r * 0.22, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#111'; c.beginPath(); c.arc(p.x - r * 0.28, p.y - r * 0.18, r * 0.1, 0, Math.PI * 2); c.arc(p.x + r * 0.32, p.y - r * 0.18, r * 0.1, 0, Math.PI * 2); c.fill();
      if (e.hp < e.max) { c.fillStyle = 'rgba(0,0,0,0.5)'; c.fillRect(p.x - r, p.y - r - 8, r * 2, 4); c.fillStyle = '#7bd64a'; c.fillRect(p.x - r, p.y - r - 8, r * 2 * e.hp / e.max, 4); }
    });
    towers.forEach(function (t) { var p = cellCenter(t.cx, t.cy); drawTower(c, t, p.x, p.y, s); });
    shots.forEach(function (sh) { c.fillStyle = TYPES[sh.type].col; c.beginPath(); c.arc(sh.x, sh.y, sh.type === 1 ? 5 : 3.5, 0, Math.PI * 2); c.fill(); });
  }

  function bar() {
    var bw = Math.min(120, (K.w - 40) / 4), y = K.h - 78;
    var items = TYPES.map(function (t, i) { return { x: 10 + i * (bw + 6), y: y, w: bw, h: 68, i: i }; });
    items.push({ x: K.w - bw - 10, y: y, w: bw, h: 68, i: 'wave' });
    return items;
  }

  function hud(c) {
    if (K.state !== 'play' || !towers) return;
    c.fillStyle = 'rgba(0,0,0,0.35)'; K.roundRect(c, 8, 8, 270, 46, 14); c.fill();
    K.text(c, '● ' + gold, 20, 31, 20, '#ffd23f', 'left', '900');
    K.text(c, '♥ ' + lives, 110, 31, 20, '#ff6b81', 'left', '900');
    K.text(c, 'W' + wave + '  ' + K.score, 180, 31, 16, '#fff', 'left', '800');
    bar().forEach(function (b) {
      var isWave = b.i === 'wave', on = !isWave && b.i === sel;
      c.fillStyle = isWave ? (between ? '#7bd64a' : 'rgba(0,0,0,0.3)') : on ? 'rgba(255,255,255,0.35)' : 'rgba(0,0,0,0.35)';
      K.roundRect(c, b.x, b.y, b.w, b.h, 14); c.fill();
      if (on) { c.strokeStyle = '#fff'; c.lineWidth = 3; K.roundRect(c, b.x, b.y, b.w, b.h, 14); c.stroke(); }
      if (isWave) {
        K.text(c, between ? 'WAVE ▶' : 'WAVE ' + wave, b.x + b.w / 2, b.y + 26, 16, '#fff', 'center', '900', false);
        if (between) K.text(c, Math.ceil(betweenT) + 's', b.x + b.w / 2, b.y + 48, 14, '#fff', 'center', '700', false);
      } else {
        var ty = TYPES[b.i];
        drawTower(c, { type: b.i, lvl: 1, pop: 0, ang: -Math.PI / 4 }, b.x + 26, b.y + 36, 40);
        K.text(c, ty.name, b.x + 50, b.y + 24, 13, '#fff', 'left', '800', false);
        K.text(c, '● ' + ty.cost, b.x + 50, b.y + 46, 14, gold >= ty.cost ? '#ffd23f' : '#ff6b81', 'left', '900', false);
      }
    });
  }

  K.onDown(function (p) {
    if (K.state !== 'play' || !towers) return;
    var items = bar();
    for (var i = 0; i < items.length; i++) {
      var b = items[i];
      if (p.x > b.x && p.x < b.x + b.w && p.y > b.y && p.y < b.y + b.h) { if (b.i === 'wave') nextWave(); else { sel = b.i; K.sfx.click(); } return; }
    }
    var g = geo(), cx = Math.floor((p.x - g.x) / g.s), cy = Math.floor((p.y - g.y) / g.s);
    if (cx >= 0 && cy >= 0 && cx < COLS && cy < ROWS) { cur = { x: cx, y: cy }; place(cx, cy); }
  });
  K.onMove(function (p) {
    if (K.state !== 'play' || !towers || p.type !== 'mouse') return;
    var g = geo(), cx = Math.floor((p.x - g.x) / g.s), cy = Math.floor((p.y - g.y) / g.s);
    if (cx >= 0 && cy >= 0 && cx < COLS && cy < ROWS) cur = { x: cx, y: cy };
  });
  K.onKey(function (code) {
    if (K.state !== 'play' || !towers) return;
    if (code === 'Digit1' || code === 'Digit2' || code === 'Digit3') { sel = +code.slice(5) - 1; K.sfx.click(); }
    else if (code === 'ArrowLeft' || code === 'KeyA') cur.x = Math.max(0, cur.x - 1);
    else if (code === 'ArrowRight' || code === 'KeyD') cur.x = Math.min(COLS - 1, cur.x + 1);
    else if (code === 'ArrowUp' || code === 'KeyW') cur.y = Math.max(0, cur.y - 1);
    else if (code === 'ArrowDown' || code === 'KeyS') cur.y = Math.min(ROWS - 1, cur.y + 1);
    else if (code === 'Space' || code === 'Enter') place(cur.x, cur.y);
    else if (code === 'KeyN') nextWave();
  });

  K.init({ id: 'tower-guard', minW: 480, minH: 520, update: update, draw: draw, hud: hud, title: 'TOWER GUARD', accent: '#ffd23f', bannerStroke: '#3b2410', bannerY: 0.5,
    onResize: function () { if (K.state !== 'play') setup(); } });
  setup();
  if (K.thumb) {
    start(); gold = 999;
    [[2, 3, 0], [4, 3, 1], [6, 4, 2], [8, 3, 0], [5, 6, 1], [9, 4, 0]].forEach(function (t) { sel = t[2]; if (port) place(t[1], t[0]); else place(t[0], t[1]); });
    nextWave();
    for (var i = 0; i < 10; i++) enemies.push({ d: 1 + i * 1.3, hp: 3, max: 3, sp: 1.1, boss: i === 4, slowT: i % 3 ? 0 : 1, hit: 0, ph: i });
  } else {
    K.show({
      title: 'Tower Guard',
      text: 'Slimes are marching on the castle gate! Build arrow, cannon and frost towers beside the road, upgrade them with gold, and survive as many waves as you can.',
      html: 'Pick a tower below, then click / tap a grass square to build. Tap a tower to upgrade it.<br>Keys: <kbd>1</kbd><kbd>2</kbd><kbd>3</kbd> tower, arrows move, <kbd>Space</kbd> build, <kbd>N</kbd> next wave<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Defend!', action: start }]
    });
  }
})();

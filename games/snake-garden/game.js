/* Snake Garden - smooth grid snake with fruit, golden bonuses and growing rock gardens. */
(function () {
  'use strict';
  var K = window.Kit;
  var CELL = 34;
  var cols, rows, ox, oy;
  var snake, dir, queue, stepT, stepDur, fruit, gold, rocks, eaten, alive;
  var FRUITS = [{ c: '#ff4d6d', l: '#ff8fa3' }, { c: '#ff9f1c', l: '#ffd166' }, { c: '#c77dff', l: '#e0aaff' }];

  /* Medals the catalog declares for this game (games/catalog.json); the SDK sends each once a page. */
  function medal(id) {
    if (window.PlayFree && window.PlayFree.unlockMedal) window.PlayFree.unlockMedal(id);
  }

  function layout() {
    cols = Math.max(10, Math.floor((K.w - 16) / CELL));
    rows = Math.max(10, Math.floor((K.h - 70) / CELL));
    ox = (K.w - cols * CELL) / 2;
    oy = 56 + (K.h - 56 - rows * CELL) / 2;
  }

  function free(x, y) {
    if (x < 0 || y < 0 || x >= cols || y >= rows) return false;
    for (var i = 0; i < snake.length; i++) if (snake[i].x === x && snake[i].y === y) return false;
    for (var j = 0; j < rocks.length; j++) if (rocks[j].x === x && rocks[j].y === y) return false;
    if (fruit && fruit.x === x && fruit.y === y) return false;
    if (gold && gold.x === x && gold.y === y) return false;
    return true;
  }
  function randFree() {
    for (var n = 0; n < 500; n++) {
      var x = K.randi(0, cols - 1), y = K.randi(0, rows - 1);
      if (free(x, y) && Math.abs(x - snake[0].x) + Math.abs(y - snake[0].y) > 2) return { x: x, y: y };
    }
    return { x: 0, y: 0 };
  }

  function reset() {
    layout();
    var cx = Math.floor(cols / 2) - 2, cy = Math.floor(rows / 2);
    snake = [];
    for (var i = 0; i < 4; i++) snake.push({ x: cx - i, y: cy, px: cx - i, py: cy });
    dir = { x: 1, y: 0 };
    queue = [];
    rocks = [];
    stepT = 0;
    stepDur = 0.16;
    eaten = 0;
    gold = null;
    fruit = null;
    fruit = randFree(); fruit.k = K.pick(FRUITS); fruit.t = 0;
    alive = true;
  }

  function start() { reset(); K.begin(); K.clearFx(); }

  function turn(dx, dy) {
    var last = queue.length ? queue[queue.length - 1] : dir;
    if (last.x === dx && last.y === dy) return;
    if (last.x === -dx && last.y === -dy) return;
    if (queue.length < 3) queue.push({ x: dx, y: dy });
  }

  function cellC(x, y) { return { x: ox + x * CELL + CELL / 2, y: oy + y * CELL + CELL / 2 }; }

  function step() {
    if (queue.length) dir = queue.shift();
    var h = snake[0];
    var nx = h.x + dir.x, ny = h.y + dir.y;
    var hitSelf = false;
    for (var i = 0; i < snake.length - 1; i++) if (snake[i].x === nx && snake[i].y === ny) hitSelf = true;
    var hitRock = rocks.some(function (r) { return r.x === nx && r.y === ny; });
    if (nx < 0 || ny < 0 || nx >= cols || ny >= rows || hitSelf || hitRock) { crash(); return; }
    for (var j = 0; j < snake.length; j++) { snake[j].px = snake[j].x; snake[j].py = snake[j].y; }
    var tail = snake[snake.length - 1];
    var grow = false;
    if (fruit && nx === fruit.x && ny === fruit.y) { grow = true; eat(fruit, false); fruit = null; }
    if (gold && nx === gold.x && ny === gold.y) { grow = true; eat(gold, true); gold = null; }
    for (var k = snake.length - 1; k > 0; k--) { snake[k].x = snake[k - 1].x; snake[k].y = snake[k - 1].y; }
    h.x = nx; h.y = ny;
    if (grow) snake.push({ x: tail.px, y: tail.py, px: tail.px, py: tail.py });
    if (snake.length >= 30) medal('garden-giant');
    if (!fruit) { fruit = randFree(); fruit.k = K.pick(FRUITS); fruit.t = 0; }
  }

  function eat(f, isGold) {
    var c = cellC(f.x, f.y);
    eaten++;
    medal('first-bite');
    if (isGold) medal('golden-snack');
    var pts = isGold ? 50 : 10 * K.level;
    K.addScore(pts);
    K.floatText(c.x, c.y - 10, '+' + pts, { color: isGold ? '#ffd23f' : '#fff', size: isGold ? 30 : 22 });
    K.burst(c.x, c.y, { n: isGold ? 40 : 16, color: isGold ? ['#ffd23f', '#fff'] : [f.k.c, f.k.l, '#b5f26b'], speed: isGold ? 380 : 220, life: 0.6, size: 4, shape: isGold ? 'star' : 'circle' });
    K.shake(isGold ? 8 : 3);
    if (isGold) { K.sfx.coin(); K.happy(); } else K.tone(440 + (eaten % 8) * 60, 0.09, { type: 'triangle', vol: 0.16, slide: 900 + (eaten % 8) * 60 });
    if (!gold && !isGold && Math.random() < 0.18) { gold = randFree(); gold.t = 8; }
    if (eaten % 6 === 0) levelUp();
  }

  function levelUp() {
    K.setLevel(K.level + 1);
    if (K.level >= 8) medal('rock-garden');
    stepDur = Math.max(0.065, stepDur * 0.88);
    var n = Math.min(3, 1 + Math.floor(K.level / 3));
    for (var i = 0; i < n; i++) { var r = randFree(); rocks.push({ x: r.x, y: r.y, t: 0 }); }
    K.floatText(K.w / 2, K.h / 2, 'LEVEL ' + K.level, { color: '#b5f26b', size: 44, life: 1.4, vy: -30 });
    K.sfx.power();
  }

  function crash() {
    alive = false;
    var h = cellC(snake[0].x, snake[0].y);
    K.burst(h.x, h.y, { n: 50, color: ['#7bd64a', '#b5f26b', '#fff'], speed: 400, life: 0.9, size: 5 });
    K.shake(14);
    K.flash('#ff4d6d', 0.3);
    K.sfx.hit();
    K.sfx.lose();
    var res = K.end(K.score);
    setTimeout(function () {
      K.show({
        title: 'Bonk!',
        html: '<div class="big">' + K.score + '</div><p>Length <b>' + snake.length + '</b> · Level <b>' + K.level + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>',
        buttons: [{ label: 'Play again', action: start }]
      });
    }, 900);
  }

  function update(dt) {
    if (!snake) return;
    if (fruit) fruit.t += dt;
    if (gold) { gold.t -= dt; if (gold.t <= 0) gold = null; }
    rocks.forEach(function (r) { r.t = Math.min(1, r.t + dt * 3); });
    if (K.state !== 'play' || !alive) return;
    stepT += dt;
    while (stepT >= stepDur) { stepT -= stepDur; step(); if (!alive) break; }
  }

  function draw(c) {
    c.fillStyle = '#1f3b1f';
    c.fillRect(-30, -30, K.w + 60, K.h + 60);
    if (!snake) return;
    // checker lawn
    for (var y = 0; y < rows; y++) for (var x = 0; x < cols; x++) {
      c.fillStyle = (x + y) % 2 ? '#7cc45a' : '#86cf62';
      c.fillRect(ox + x * CELL, oy + y * CELL, CELL, CELL);
    }
    for (var fy = 0; fy < rows; fy++) for (var fx = 0; fx < cols; fx++) {
      var hsh = (fx * 73856093) ^ (fy * 19349663);
      if ((hsh & 15) !== 3) continue;
      var fp = cellC(fx, fy), fc = ['#fff', '#ffd23f', '#ff8fa3'][hsh >>> 4 & 1 ? 1 : (hsh >>> 5 & 1 ? 2 : 0)];
      c.fillStyle = fc;
      for (var pe = 0; pe < 5; pe++) { c.beginPath(); c.arc(fp.x + Math.cos(pe * 1.256) * 4, fp.y + Math.sin(pe * 1.256) * 4, 2.6, 0, Math.PI * 2); c.fill(); }
      c.fillStyle = '#ff9f1c'; c.beginPath(); c.arc(fp.x, fp.y, 2, 0, Math.PI * 2); c.fill();
    }
    c.strokeStyle = '#2e5a22'; c.lineWidth = 6;
    K.roundRect(c, ox - 3, oy - 3, cols * CELL + 6, rows * CELL + 6, 8); c.stroke();
    // rocks
    rocks.forEach(function (r) {
      var p = cellC(r.x, r.y), s = K.ease.outBack(r.t) * CELL * 0.42;
      c.fillStyle = '#6b705c';
      c.beginPath(); c.ellipse(p.x, p.y + 3, s, s * 0.85, 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#a5a58d';
      c.beginPath(); c.ellipse(p.x - 2, p.y - 1, s * 0.8, s * 0.65, 0, 0, Math.PI * 2); c.fill();
    });
    // fruit
    if (fruit) {
      var f = cellC(fruit.x, fruit.y), bob = Math.sin(fruit.t * 5) * 2, sc = Math.min(1, fruit.t * 4);
      c.fillStyle = 'rgba(0,0,0,0.15)'; c.beginPath(); c.ellipse(f.x, f.y + 12, 10, 4, 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = fruit.k.c; c.beginPath(); c.arc(f.x, f.y + bob, 12 * sc, 0, Math.PI * 2); c.fill();
      c.fillStyle = fruit.k.l; c.beginPath(); c.arc(f.x - 4, f.y - 4 + bob, 4 * sc, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#3a7d1e'; c.beginPath(); c.ellipse(f.x + 4, f.y - 12 + bob, 6 * sc, 3 * sc, -0.5, 0, Math.PI * 2); c.fill();
    }
    if (gold) {
      var gp = cellC(gold.x, gold.y);
      c.save(); c.translate(gp.x, gp.y); c.rotate(K.time * 2);
      c.shadowColor = '#ffd23f'; c.shadowBlur = 16; c.fillStyle = gold.t < 2 && Math.floor(K.time * 8) % 2 ? '#fff6c2' : '#ffd23f';
      c.beginPath(); for (var k = 0; k < 10; k++) { var rr = k % 2 ? 6 : 15; var an = k * Math.PI / 5; c.lineTo(Math.cos(an) * rr, Math.sin(an) * rr); } c.closePath(); c.fill();
      c.restore();
    }
    // snake (interpolated)
    var t = K.state === 'play' && alive ? Math.min(1, stepT / stepDur) : 1;
    var pts = snake.map(function (s) { return cellC(K.lerp(s.px, s.x, t), K.lerp(s.py, s.y, t)); });
    c.lineCap = 'round'; c.lineJoin = 'round';
    c.strokeStyle = '#2f7a1f'; c.lineWidth = CELL * 0.8;
    c.beginPath(); pts.forEach(function (p, i) { if (i) c.lineTo(p.x, p.y); else c.moveTo(p.x, p.y); }); c.stroke();
    c.strokeStyle = '#5fc93c'; c.lineWidth = CELL * 0.62;
    c.stroke();
    for (var i = 2; i < pts.length; i += 2) {
      c.fillStyle = 'rgba(181,242,107,0.8)';
      c.beginPath(); c.arc(pts[i].x, pts[i].y, CELL * 0.13, 0, Math.PI * 2); c.fill();
    }
    var h = pts[0], ang = Math.atan2(dir.y, dir.x);
    c.save(); c.translate(h.x, h.y); c.rotate(ang);
    c.fillStyle = '#4fb52f'; c.beginPath(); c.ellipse(2, 0, CELL * 0.5, CELL * 0.42, 0, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#fff';
    c.beginPath(); c.arc(6, -8, 6, 0, Math.PI * 2); c.arc(6, 8, 6, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#1b1b1b';
    c.beginPath(); c.arc(8, -8, alive ? 3 : 1.5, 0, Math.PI * 2); c.arc(8, 8, alive ? 3 : 1.5, 0, Math.PI * 2); c.fill();
    if (alive && Math.sin(K.time * 6) > 0.6) { c.strokeStyle = '#ff4d6d'; c.lineWidth = 2.5; c.beginPath(); c.moveTo(16, 0); c.lineTo(25, 0); c.lineTo(29, -3); c.moveTo(25, 0); c.lineTo(29, 3); c.stroke(); }
    c.restore();
  }

  function hud(c) {
    if (!snake) return;
    c.fillStyle = 'rgba(0,0,0,0.25)';
    K.roundRect(c, 10, 8, 150, 40, 20); c.fill();
    K.text(c, String(K.score), 26, 29, 26, '#fff', 'left');
    K.text(c, 'LV ' + K.level, 148, 29, 16, '#b5f26b', 'right', '800');
  }

  K.onKey(function (code) {
    if (K.state !== 'play') return;
    if (code === 'ArrowUp' || code === 'KeyW') turn(0, -1);
    else if (code === 'ArrowDown' || code === 'KeyS') turn(0, 1);
    else if (code === 'ArrowLeft' || code === 'KeyA') turn(-1, 0);
    else if (code === 'ArrowRight' || code === 'KeyD') turn(1, 0);
  });
  // swipe, or tap on a side of the head
  K.onMove(function (p) {
    if (!p.down || K.state !== 'play') return;
    var q = K.pointers[p.id];
    if (!q) return;
    var dx = p.x - q.sx, dy = p.y - q.sy;
    if (Math.abs(dx) > 24 || Math.abs(dy) > 24) {
      if (Math.abs(dx) > Math.abs(dy)) turn(dx > 0 ? 1 : -1, 0); else turn(0, dy > 0 ? 1 : -1);
      q.sx = p.x; q.sy = p.y; q.swiped = true;
    }
  });
  K.onUp(function (p) {
    if (K.state !== 'play' || !snake) return;
    if (Math.abs(p.x - p.sx) > 24 || Math.abs(p.y - p.sy) > 24) return;
    var h = cellC(snake[0].x, snake[0].y);
    var dx = p.x - h.x, dy = p.y - h.y;
    if (dir.x !== 0) turn(0, dy > 0 ? 1 : -1); else turn(dx > 0 ? 1 : -1, 0);
  });

  K.init({ id: 'snake-garden', minW: 440, minH: 500, update: update, draw: draw, hud: hud, title: 'SNAKE GARDEN', accent: '#ffd23f', bannerY: 0.5,
    onResize: function () { if (K.state !== 'play') reset(); } });
  reset();
  if (K.thumb) {
    K.state = 'play';
    for (var i = 0; i < 9; i++) { var tl = snake[snake.length - 1]; snake.push({ x: tl.x, y: tl.y, px: tl.x, py: tl.y }); }
    gold = randFree(); gold.t = 8;
    for (var r = 0; r < 4; r++) { var rk = randFree(); rocks.push({ x: rk.x, y: rk.y, t: 1 }); }
    queue = [{ x: 0, y: -1 }];
    setTimeout(function () { queue = [{ x: -1, y: 0 }]; }, 500);
    setTimeout(function () { queue = [{ x: 0, y: 1 }]; }, 1000);
  } else {
    K.show({
      title: 'Snake Garden',
      text: 'Munch fruit to grow longer. Golden stars are worth big points — but watch out for rocks and your own tail!',
      html: 'Steer with <kbd>←</kbd><kbd>↑</kbd><kbd>↓</kbd><kbd>→</kbd> / <kbd>WASD</kbd>, swipe, or tap beside the head.<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Play', action: start }]
    });
  }
})();

/* Prism Breaker - rainbow brick breaker with power-ups and hand-made level patterns. */
(function () {
  'use strict';
  var K = window.Kit;
  var HUES = ['#ff5e7e', '#ff9f43', '#ffd23f', '#6bff95', '#4cc9f0', '#7c83ff', '#d17bff'];
  var PATTERNS = [
    ['.........', 'AAAAAAAAA', 'BBBBBBBBB', 'CCCCCCCCC', 'DDDDDDDDD', 'EEEEEEEEE'],
    ['....A....', '...BBB...', '..CCCCC..', '.DDDDDDD.', 'EEEEEEEEE', '.FFFFFFF.', '..GGGGG..'],
    ['A.B.C.D.E', '.B.C.D.E.', 'A.B.C.D.E', '.B.C.D.E.', 'A.B.C.D.E', '#########'],
    ['.AA...AA.', 'ABBA.ABBA', 'ABBBABBBA', '.ABBBBBA.', '..ABBBA..', '...ABA...', '....A....'],
    ['222222222', '2.......2', '2.11111.2', '2.1###1.2', '2.11111.2', '2.......2', '222222222'],
    ['#.3.3.3.#', '.3.3.3.3.', '333333333', 'GGGGGGGGG', 'FFFFFFFFF', 'EEEEEEEEE', '#.......#']
  ];
  var F, paddle, balls, bricks, drops, lives, levelIdx, stuck, wideT, slowT, combo;

  function field() {
    var w = Math.min(K.w - 16, 620);
    return { x: (K.w - w) / 2, y: 64, w: w, h: K.h - 64 };
  }

  function loadLevel(i) {
    levelIdx = i;
    F = field();
    var pat = PATTERNS[i % PATTERNS.length];
    var cols = 9, gap = 5;
    var bw = (F.w - gap * (cols + 1)) / cols, bh = Math.min(26, bw * 0.45);
    bricks = [];
    var hpBoost = Math.floor(i / PATTERNS.length);
    pat.forEach(function (row, r) {
      for (var c = 0; c < cols; c++) {
        var ch = row[c];
        if (!ch || ch === '.') continue;
        var hp = 1, col = HUES[r % HUES.length], unb = false;
        if (ch === '#') { unb = true; col = '#5a5f7a'; }
        else if (ch === '2' || ch === '3') { hp = +ch; }
        else col = HUES[(ch.charCodeAt(0) - 65) % HUES.length];
        hp += hpBoost;
        bricks.push({ x: F.x + gap + c * (bw + gap), y: F.y + 30 + r * (bh + gap), w: bw, h: bh, hp: hp, max: hp, col: col, unb: unb, hit: 0, appear: -(r * 0.06 + c * 0.02) });
      }
    });
    resetBall();
    K.setLevel(i + 1);
  }

  function resetBall() {
    paddle.x = K.w / 2;
    balls = [{ x: paddle.x, y: paddle.y - 14, vx: 0, vy: 0, r: 8, trail: [] }];
    stuck = true;
    drops = [];
  }

  function start() {
    F = field();
    paddle = { x: K.w / 2, y: K.h - 48, w: 110, tx: null };
    lives = 3; wideT = 0; slowT = 0; combo = 0;
    K.begin();
    K.clearFx();
    loadLevel(0);
  }

  function baseSpeed() { return Math.min(760, 400 + levelIdx * 40) * (slowT > 0 ? 0.7 : 1); }

  function launch() {
    if (!stuck) return;
    stuck = false;
    var a = -Math.PI / 2 + K.rand(-0.35, 0.35);
    balls[0].vx = Math.cos(a) * baseSpeed();
    balls[0].vy = Math.sin(a) * baseSpeed();
    K.sfx.jump();
  }

  function hitBrick(b, ball) {
    b.hit = 0.15;
    if (b.unb) { K.tone(180, 0.05, { type: 'square', vol: 0.08 }); return; }
    b.hp--;
    combo++;
    K.tone(300 + Math.min(combo, 20) * 40, 0.07, { type: 'square', vol: 0.1 });
    if (b.hp <= 0) {
      K.addScore(10 * Math.min(combo, 10));
      K.burst(b.x + b.w / 2, b.y + b.h / 2, { n: 18, color: [b.col, '#fff'], speed: 260, life: 0.6, size: 4, shape: 'square', gravity: 400 });
      K.shake(3);
      if (Math.random() < 0.14) drops.push({ x: b.x + b.w / 2, y: b.y, kind: K.pick(['wide', 'multi', 'slow', 'life']), t: 0 });
      if (combo > 1 && combo % 8 === 0) { K.floatText(ball.x, ball.y, combo + ' COMBO!', { color: '#ffd23f', size: 26 }); K.happy(); }
    } else K.addScore(5);
  }

  function collideBricks(ball) {
    for (var i = 0; i < bricks.length; i++) {
      var b = bricks[i];
      if (b.hp <= 0) continue;
      var cx = K.clamp(ball.x, b.x, b.x + b.w), cy = K.clamp(ball.y, b.y, b.y + b.h);
      var dx = ball.x - cx, dy = ball.y - cy;
      if (dx * dx + dy * dy < ball.r * ball.r) {
        var ox = Math.min(Math.abs(ball.x - b.x), Math.abs(ball.x - b.x - b.w));
        var oy = Math.min(Math.abs(ball.y - b.y), Math.abs(ball.y - b.y - b.h));
        if (ox < oy && (ball.x < b.x || ball.x > b.x + b.w)) { ball.vx = -ball.vx; ball.x += ball.vx > 0 ? 2 : -2; }
        else { ball.vy = -ball.vy; ball.y += ball.vy > 0 ? 2 : -2; }
        hitBrick(b, ball);
        return;
      }
    }
  }

  function update(dt) {
    if (K.state !== 'play' || !paddle) return;
    F = field();
    paddle.y = K.h - 48;
    var pw = wideT > 0 ? 170 : 110;
    paddle.w += (pw - paddle.w) * Math.min(1, dt * 8);
    wideT = Math.max(0, wideT - dt); slowT = Math.max(0, slowT - dt);
    var mv = (K.key('ArrowRight', 'KeyD') ? 1 : 0) - (K.key('ArrowLeft', 'KeyA') ? 1 : 0);
    if (mv) { paddle.tx = null; paddle.x += mv * 620 * dt; }
    else if (paddle.tx !== null) paddle.x += (paddle.tx - paddle.x) * Math.min(1, dt * 20);
    paddle.x = K.clamp(paddle.x, F.x + paddle.w / 2, F.x + F.w - paddle.w / 2);
    bricks.forEach(function (b) { b.hit = Math.max(0, b.hit - dt); b.appear = Math.min(1, b.appear + dt * 3); });
    if (stuck) { balls[0].x = paddle.x; balls[0].y = paddle.y - 14; return; }
    for (var i = balls.length - 1; i >= 0; i--) {
      var ball = balls[i];
      var sp = Math.sqrt(ball.vx * ball.vx + ball.vy * ball.vy), want = baseSpeed();
      ball.vx *= want / sp; ball.vy *= want / sp;
      var steps = 4;
      for (var s = 0; s < steps; s++) {
        ball.x += ball.vx * dt / steps; ball.y += ball.vy * dt / steps;
        if (ball.x < F.x + ball.r) { ball.x = F.x + ball.r; ball.vx = Math.abs(ball.vx); K.sfx.tick(); }
        if (ball.x > F.x + F.w - ball.r) { ball.x = F.x + F.w - ball.r; ball.vx = -Math.abs(ball.vx); K.sfx.tick(); }
        if (ball.y < F.y + ball.r) { ball.y = F.y + ball.r; ball.vy = Math.abs(ball.vy); K.sfx.tick(); }
        if (ball.vy > 0 && ball.y + ball.r > paddle.y - 7 && ball.y < paddle.y + 8 && Math.abs(ball.x - paddle.x) < paddle.w / 2 + ball.r) {
          var off = (ball.x - paddle.x) / (paddle.w / 2);
          var a = -Math.PI / 2 + K.clamp(off, -1, 1) * 1.1;
          ball.vx = Math.cos(a) * want; ball.vy = Math.sin(a) * want;
          ball.y = paddle.y - 8 - ball.r;
          combo = 0;
          K.tone(520, 0.06, { type: 'triangle', vol: 0.14 });
          K.burst(ball.x, ball.y + ball.r, { n: 6, color: '#ff6bd6', speed: 140, angle: -Math.PI / 2, spread: 1, life: 0.3, size: 3 });
        }
        collideBricks(ball);
      }
      ball.trail.push({ x: ball.x, y: ball.y });
      if (ball.trail.length > 10) ball.trail.shift();
      if (ball.y > K.h + 20) balls.splice(i, 1);
    }
    if (!balls.length) loseLife();
    for (var d = drops.length - 1; d >= 0; d--) {
      var dr = drops[d];
      dr.y += 160 * dt; dr.t += dt;
      if (dr.y > K.h) { drops.splice(d, 1); continue; }
      if (Math.abs(dr.x - paddle.x) < paddle.w / 2 + 12 && Math.abs(dr.y - paddle.y) < 16) {
        drops.splice(d, 1);
        K.sfx.power();
        if (dr.kind === 'wide') wideT = 12;
        else if (dr.kind === 'slow') slowT = 10;
        else if (dr.kind === 'life') lives = Math.min(6, lives + 1);
        else if (dr.kind === 'multi' && balls.length) {
          var b0 = balls[0];
          for (var m = 0; m < 2; m++) { var an = Math.atan2(b0.vy, b0.vx) + (m ? 0.5 : -0.5); balls.push({ x: b0.x, y: b0.y, vx: Math.cos(an) * baseSpeed(), vy: Math.sin(an) * baseSpeed(), r: 8, trail: [] }); }
        }
        K.floatText(paddle.x, paddle.y - 30, { wide: 'WIDE', slow: 'SLOW', life: '+1 LIFE', multi: 'MULTI BALL' }[dr.kind], { color: '#ffd23f' });
      }
    }
    if (!bricks.some(function (b) { return b.hp > 0 && !b.unb; })) levelClear();
  }

  function loseLife() {
    lives--;
    K.shake(12); K.flash('#ff5e7e', 0.3); K.sfx.hit();
    if (lives <= 0) {
      var res = K.end(K.score);
      K.sfx.lose();
      setTimeout(function () {
        K.show({ title: 'Game Over', html: '<div class="big">' + K.score + '</div><p>Reached level <b>' + (levelIdx + 1) + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>', buttons: [{ label: 'Play again', action: start }] });
      }, 700);
    } else resetBall();
  }

  function levelClear() {
    K.addScore(250 + levelIdx * 50);
    K.sfx.win(); K.happy(); K.flash('#fff', 0.3);
    for (var i = 0; i < 6; i++) K.burst(K.rand(F.x, F.x + F.w), K.rand(F.y, K.h / 2), { n: 20, color: HUES, speed: 320, life: 1.2, size: 5, shape: 'star', gravity: 200 });
    K.floatText(K.w / 2, K.h / 2, 'LEVEL CLEAR!', { color: '#ffd23f', size: 40, life: 1.5, vy: -20 });
    loadLevel(levelIdx + 1);
  }

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#0d0b26'); grd.addColorStop(1, '#24104a');
    c.fillStyle = grd;
    c.fillRect(-30, -30, K.w + 60, K.h + 60);
    var f = F || field();
    c.fillStyle = 'rgba(255,255,255,0.03)';
    c.fillRect(f.x, f.y, f.w, K.h - f.y);
    c.strokeStyle = 'rgba(255,107,214,0.35)'; c.lineWidth = 3;
    c.beginPath(); c.moveTo(f.x, K.h); c.lineTo(f.x, f.y); c.lineTo(f.x + f.w, f.y); c.lineTo(f.x + f.w, K.h); c.stroke();
    if (!bricks) return;
    bricks.forEach(function (b) {
      if (b.hp <= 0 || b.appear <= 0) return;
      var s = K.ease.outBack(Math.min(1, b.appear));
      c.save();
      c.translate(b.x + b.w / 2, b.y + b.h / 2);
      c.scale(s, s);
      c.fillStyle = b.hit > 0 ? '#fff' : b.col;
      c.globalAlpha = b.unb ? 1 : 0.55 + 0.45 * (b.hp / b.max);
      K.roundRect(c, -b.w / 2, -b.h / 2, b.w, b.h, 6); c.fill();
      c.globalAlpha = 1;
      c.fillStyle = 'rgba(255,255,255,0.3)';
      K.roundRect(c, -b.w / 2 + 3, -b.h / 2 + 3, b.w - 6, b.h * 0.3, 3); c.fill();
      if (b.max > 1 && !b.unb) K.text(c, String(b.hp), 0, 1, b.h * 0.6, 'rgba(0,0,0,0.55)', 'center', '900', false);
      c.restore();
    });
    drops.forEach(function (d) {
      var col = { wide: '#4cc9f0', multi: '#ffd23f', slow: '#6bff95', life: '#ff5e7e' }[d.kind];
      c.fillStyle = col; c.shadowColor = col; c.shadowBlur = 12;
      K.roundRect(c, d.x - 18, d.y - 9, 36, 18, 9); c.fill();
      c.shadowBlur = 0;
      K.text(c, { wide: 'W', multi: 'M', slow: 'S', life: '♥' }[d.kind], d.x, d.y + 1, 13, '#1a0b33', 'center', '900', false);
    });
    if (!paddle) return;
    balls.forEach(function (b) {
      b.trail.forEach(function (t, i) {
        c.globalAlpha = i / b.trail.length * 0.4;
        c.fillStyle = '#ff6bd6';
        c.beginPath(); c.arc(t.x, t.y, b.r * i / b.trail.length, 0, Math.PI * 2); c.fill();
      });
      c.globalAlpha = 1;
      c.fillStyle = '#fff'; c.shadowColor = '#ff6bd6'; c.shadowBlur = 16;
      c.beginPath(); c.arc(b.x, b.y, b.r, 0, Math.PI * 2); c.fill();
      c.shadowBlur = 0;
    });
    var pg = c.createLinearGradient(paddle.x - paddle.w / 2, 0, paddle.x + paddle.w / 2, 0);
    pg.addColorStop(0, '#ff6bd6'); pg.addColorStop(0.5, '#ffd23f'); pg.addColorStop(1, '#4cc9f0');
    c.fillStyle = pg; c.shadowColor = '#ff6bd6'; c.shadowBlur = 18;
    K.roundRect(c, paddle.x - paddle.w / 2, paddle.y - 7, paddle.w, 14, 7); c.fill();
    c.shadowBlur = 0;
    if (stuck && K.state === 'play') K.text(c, 'Tap / Space to launch', K.w / 2, K.h * 0.62, 18, 'rgba(255,255,255,0.75)', 'center', '700');
  }

  function hud(c) {
    if (!paddle || K.state !== 'play') return;
    K.text(c, String(K.score), F.x + 6, 30, 26, '#fff', 'left');
    K.text(c, 'LEVEL ' + (levelIdx + 1), K.w / 2, 30, 16, '#ff6bd6', 'center', '800');
    for (var i = 0; i < lives; i++) {
      c.fillStyle = '#ff5e7e';
      c.beginPath(); c.arc(F.x + 10 + i * 20, 54, 6, 0, Math.PI * 2); c.fill();
    }
  }

  K.onDown(function (p) { if (K.state !== 'play') return; paddle.tx = p.x; if (stuck) launch(); });
  K.onMove(function (p) { if (K.state === 'play' && (p.down || p.type === 'mouse')) paddle.tx = p.x; });
  K.onKey(function (code) { if (K.state === 'play' && (code === 'Space' || code === 'ArrowUp' || code === 'KeyW')) launch(); });

  K.init({ id: 'prism-breaker', minW: 440, minH: 620, update: update, draw: draw, hud: hud, title: 'PRISM BREAKER', accent: '#ff6bd6', bannerY: 0.6 });
  paddle = { x: K.w / 2, y: K.h - 48, w: 110, tx: null };
  lives = 3; wideT = 0; slowT = 0; combo = 0;
  loadLevel(K.thumb ? 1 : 0);
  bricks.forEach(function (b) { b.appear = 1; });
  if (K.thumb) {
    K.state = 'play'; stuck = false;
    balls[0].x = K.w * 0.4; balls[0].y = K.h * 0.75; balls[0].vx = 200; balls[0].vy = -300;
  } else {
    K.show({
      title: 'Prism Breaker',
      text: 'Smash every rainbow brick! Numbered bricks take several hits, grey ones never break. Catch falling capsules for power-ups.',
      html: 'Move: mouse, drag, or <kbd>←</kbd><kbd>→</kbd> · Launch: click, tap or <kbd>Space</kbd><br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Play', action: start }]
    });
  }
})();

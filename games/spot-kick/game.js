/* Spot Kick - penalty shootout: pick your spot, beat the keeper, hit the bonus targets. */
(function () {
  'use strict';
  var K = window.Kit;
  var aim, ball, keeper, shot, lives, streak, goals, targets, result, resultT, crowd;

  function G() {
    var gw = Math.min(K.w * 0.86, 600), gh = gw * 0.4;
    return { x: (K.w - gw) / 2, y: K.h * 0.3, w: gw, h: gh, bx: K.w / 2, by: K.h * 0.82 };
  }

  function reset() {
    var g = G();
    aim = { x: g.x + g.w * 0.5, y: g.y + g.h * 0.5 };
    ball = { x: g.bx, y: g.by, s: 1, spin: 0 };
    keeper = { x: g.x + g.w / 2, y: g.y + g.h, tx: g.x + g.w / 2, ty: g.y + g.h, lean: 0, sway: 0 };
    shot = null; result = null; resultT = 0;
    newTargets();
    if (!crowd) { crowd = []; for (var i = 0; i < 220; i++) crowd.push({ x: Math.random(), y: Math.random(), c: K.pick(['#ff4d6d', '#ffd23f', '#4cc9f0', '#fff', '#c77dff', '#ff9f1c']), ph: Math.random() * 6 }); }
  }

  function newTargets() {
    var g = G();
    targets = [];
    var n = goals >= 3 ? 2 : 1;
    var spots = [[0.1, 0.2], [0.9, 0.2], [0.1, 0.8], [0.9, 0.8], [0.5, 0.15]];
    spots.sort(function () { return Math.random() - 0.5; });
    for (var i = 0; i < n; i++) targets.push({ x: g.x + g.w * spots[i][0], y: g.y + g.h * spots[i][1], r: Math.max(18, g.w * 0.06), hit: false });
  }

  function start() { lives = 3; streak = 0; goals = 0; K.begin(); K.clearFx(); reset(); }

  function shoot() {
    if (shot || result || K.state !== 'play') return;
    var g = G();
    // slight inaccuracy
    var tx = aim.x + K.rand(-8, 8), ty = aim.y + K.rand(-8, 8);
    var dur = Math.max(0.42, 0.7 - K.level * 0.03);
    shot = { sx: ball.x, sy: ball.y, tx: tx, ty: ty, t: 0, dur: dur, curve: K.rand(-30, 30) };
    // keeper guesses
    var smart = Math.min(0.8, 0.3 + K.level * 0.08);
    var gx, gy;
    if (Math.random() < smart) { gx = tx; gy = ty; }
    else { gx = g.x + g.w * K.pick([0.15, 0.35, 0.5, 0.65, 0.85]); gy = g.y + g.h * K.rand(0.3, 0.9); }
    var maxReach = g.w * (0.3 + Math.min(0.15, K.level * 0.02));
    var cx = g.x + g.w / 2;
    keeper.tx = K.clamp(gx, cx - maxReach, cx + maxReach);
    keeper.ty = K.clamp(gy + 80 * g.h / 200, g.y + 100 * g.h / 200, g.y + g.h);
    K.noise(0.08, { vol: 0.3, freq: 900 });
    K.tone(140, 0.12, { type: 'sine', vol: 0.3, slide: 60 });
  }

  function resolve() {
    var g = G();
    var b = shot;
    var inGoal = b.tx > g.x + 8 && b.tx < g.x + g.w - 8 && b.ty > g.y + 8 && b.ty < g.y + g.h;
    var ks = g.h / 200;
    var kdx = Math.abs(b.tx - keeper.x), kdy = b.ty - (keeper.y - 80 * ks);
    var saved = inGoal && kdx < 58 * ks + 12 && Math.abs(kdy) < 80 * ks;
    if (!inGoal) return finishShot('miss');
    if (saved) return finishShot('save');
    var mult = 1, hitT = null;
    targets.forEach(function (t) { if (K.dist(b.tx, b.ty, t.x, t.y) < t.r + 6) { hitT = t; } });
    if (hitT) { mult = 3; hitT.hit = true; }
    streak++; goals++;
    var pts = 100 * mult * Math.min(5, streak);
    K.addScore(pts);
    finishShot('goal', pts, !!hitT);
  }

  function finishShot(kind, pts, bonus) {
    result = kind; resultT = 1.6;
    var g = G();
    if (kind === 'goal') {
      K.sfx.win();
      K.noise(1.2, { vol: 0.25, freq: 1400, filter: 'bandpass' });
      K.shake(8);
      K.burst(shot.tx, shot.ty, { n: 40, color: ['#fff', '#ffd23f', '#4cc9f0', '#ff4d6d'], speed: 380, life: 1, size: 5, shape: 'star', gravity: 300 });
      K.floatText(K.w / 2, g.y - 30, (bonus ? 'TOP BINS! ' : 'GOAL! ') + '+' + pts, { color: '#ffd23f', size: 36, life: 1.4 });
      if (bonus || streak % 5 === 0) K.happy();
      if (goals % 5 === 0) { K.setLevel(K.level + 1); K.floatText(K.w / 2, g.y + g.h + 40, 'KEEPER LEVEL ' + K.level, { color: '#fff', size: 22, life: 1.6 }); }
    } else {
      streak = 0; lives--;
      K.sfx.hit();
      K.shake(kind === 'save' ? 10 : 4);
      K.floatText(K.w / 2, g.y - 30, kind === 'save' ? 'SAVED!' : 'WIDE!', { color: '#ff4d6d', size: 36, life: 1.4 });
      if (kind === 'save') K.burst(shot.tx, shot.ty, { n: 16, color: ['#fff', '#4cc9f0'], speed: 250, life: 0.5, size: 4 });
    }
  }

  function afterResult() {
    if (lives <= 0) {
      var res = K.end(K.score);
      K.sfx.lose();
      K.show({ title: 'Full time!', html: '<div class="big">' + K.score + '</div><p>Goals scored: <b>' + goals + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>', buttons: [{ label: 'Play again', action: start }] });
      K.state = 'over';
      return;
    }
    var g = G();
    ball = { x: g.bx, y: g.by, s: 1, spin: 0 };
    keeper.tx = g.x + g.w / 2; keeper.ty = g.y + g.h;
    shot = null; result = null;
    newTargets();
  }

  function update(dt) {
    if (!keeper) return;
    var g = G();
    keeper.sway += dt;
    if (!shot) { keeper.x = g.x + g.w / 2 + Math.sin(keeper.sway * 2.2) * g.w * 0.12; keeper.y = g.y + g.h; }
    if (K.state !== 'play') return;
    var mx = (K.key('ArrowRight', 'KeyD') ? 1 : 0) - (K.key('ArrowLeft', 'KeyA') ? 1 : 0);
    var my = (K.key('ArrowDown', 'KeyS') ? 1 : 0) - (K.key('ArrowUp', 'KeyW') ? 1 : 0);
    aim.x = K.clamp(aim.x + mx * 380 * dt, g.x - 40, g.x + g.w + 40);
    aim.y = K.clamp(aim.y + my * 300 * dt, g.y - 40, g.y + g.h - 4);
    if (shot && !result) {
      shot.t += dt;
      var t = Math.min(1, shot.t / shot.dur);
      var e = K.ease.outCubic(t);
      ball.x = K.lerp(shot.sx, shot.tx, e) + Math.sin(t * Math.PI) * shot.curve;
      ball.y = K.lerp(shot.sy, shot.ty, e) - Math.sin(t * Math.PI) * 40;
      ball.s = K.lerp(1, 0.45, e);
      ball.spin += dt * 20;
      var kt = Math.min(1, shot.t / (shot.dur * 0.85));
      keeper.x += (keeper.tx - keeper.x) * Math.min(1, dt * 9) * (kt > 0.15 ? 1 : 0);
      keeper.y += (keeper.ty - keeper.y) * Math.min(1, dt * 9) * (kt > 0.15 ? 1 : 0);
      keeper.lean = K.clamp((keeper.tx - (g.x + g.w / 2)) / (g.w * 0.3), -1, 1);
      if (t >= 1) resolve();
    } else if (result) {
      resultT -= dt;
      if (result === 'goal') ball.y = Math.min(ball.y + dt * 40, g.y + g.h - 10);
      else if (result === 'save') { ball.y += dt * 300; ball.x += (ball.x < keeper.x ? -1 : 1) * dt * 200; }
      if (resultT <= 0) afterResult();
    } else keeper.lean *= Math.pow(0.01, dt);
  }

  function draw(c) {
    var g = G();
    // sky/stands
    var sky = c.createLinearGradient(0, 0, 0, g.y);
    sky.addColorStop(0, '#0d1b3d'); sky.addColorStop(1, '#26375f');
    c.fillStyle = sky; c.fillRect(-30, -30, K.w + 60, g.y + 40);
    if (crowd) crowd.forEach(function (p) {
      var y = 20 + p.y * (g.y - 40) + Math.sin(K.time * 6 + p.ph) * (result === 'goal' ? 4 : 1);
      c.fillStyle = p.c; c.globalAlpha = 0.7;
      c.beginPath(); c.arc(p.x * K.w, y, 4, 0, Math.PI * 2); c.fill();
    });
    c.globalAlpha = 1;
    // floodlight glow
    c.fillStyle = 'rgba(255,255,255,0.06)';
    c.beginPath(); c.arc(K.w * 0.15, 0, 120, 0, Math.PI * 2); c.arc(K.w * 0.85, 0, 120, 0, Math.PI * 2); c.fill();
    // pitch
    var py = g.y + g.h;
    for (var i = 0; i < 10; i++) {
      c.fillStyle = i % 2 ? '#2f9e4f' : '#37ad59';
      var y0 = g.y - 10 + i * (K.h - g.y) / 10;
      c.fillRect(-30, y0, K.w + 60, (K.h - g.y) / 10 + 1);
    }
    c.strokeStyle = 'rgba(255,255,255,0.8)'; c.lineWidth = 3;
    c.beginPath(); c.moveTo(-30, py); c.lineTo(K.w + 30, py); c.stroke();
    c.beginPath(); c.moveTo(g.x - g.w * 0.25, py); c.lineTo(g.x - g.w * 0.35, py + (K.h - py) * 0.55); c.lineTo(g.x + g.w * 1.35, py + (K.h - py) * 0.55); c.lineTo(g.x + g.w * 1.25, py); c.stroke();
    c.fillStyle = '#fff'; c.beginPath(); c.ellipse(g.bx, g.by + 8, 6, 3, 0, 0, Math.PI * 2); c.fill();
    // net
    c.fillStyle = 'rgba(255,255,255,0.08)'; c.fillRect(g.x, g.y, g.w, g.h);
    c.strokeStyle = 'rgba(255,255,255,0.3)'; c.lineWidth = 1;
    var ripple = result === 'goal' ? Math.sin(K.time * 30) * 3 * resultT : 0;
    for (var nx = g.x; nx <= g.x + g.w; nx += 16) { c.beginPath(); c.moveTo(nx, g.y); c.lineTo(nx + ripple, g.y + g.h); c.stroke(); }
    for (var ny = g.y; ny <= g.y + g.h; ny += 16) { c.beginPath(); c.moveTo(g.x, ny + ripple); c.lineTo(g.x + g.w, ny + ripple); c.stroke(); }
    // targets
    if (targets) targets.forEach(function (t) {
      if (t.hit) return;
      var pulse = 1 + Math.sin(K.time * 5) * 0.08;
      c.strokeStyle = '#ffd23f'; c.lineWidth = 4;
      c.beginPath(); c.arc(t.x, t.y, t.r * pulse, 0, Math.PI * 2); c.stroke();
      c.fillStyle = 'rgba(255,210,63,0.25)'; c.fill();
      K.text(c, 'x3', t.x, t.y + 1, t.r * 0.8, '#ffd23f', 'center', '900', false);
    });
    // posts
    c.fillStyle = '#fff';
    c.fillRect(g.x - 8, g.y - 8, 8, g.h + 8); c.fillRect(g.x + g.w, g.y - 8, 8, g.h + 8); c.fillRect(g.x - 8, g.y - 8, g.w + 16, 8);
    if (keeper) drawKeeper(c, g);
    if (ball) {
      var bs = 16 * ball.s;
      c.fillStyle = 'rgba(0,0,0,0.25)';
      c.beginPath(); c.ellipse(ball.x, shot ? K.lerp(g.by + 10, g.y + g.h, Math.min(1, shot.t / shot.dur)) : ball.y + bs, bs, bs * 0.35, 0, 0, Math.PI * 2); c.fill();
      c.save(); c.translate(ball.x, ball.y); c.rotate(ball.spin);
      c.fillStyle = '#fff'; c.beginPath(); c.arc(0, 0, bs, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#222';
      c.beginPath(); for (var k = 0; k < 5; k++) { var an = k * Math.PI * 2 / 5; c.lineTo(Math.cos(an) * bs * 0.4, Math.sin(an) * bs * 0.4); } c.fill();
      for (var m = 0; m < 5; m++) { var a2 = m * Math.PI * 2 / 5 + 0.6; c.beginPath(); c.arc(Math.cos(a2) * bs * 0.85, Math.sin(a2) * bs * 0.85, bs * 0.2, 0, Math.PI * 2); c.fill(); }
      c.restore();
    }
    // reticle
    if (K.state === 'play' && !shot && aim) {
      c.strokeStyle = '#fff'; c.lineWidth = 3;
      c.beginPath(); c.arc(aim.x, aim.y, 16, 0, Math.PI * 2); c.stroke();
      c.beginPath(); c.moveTo(aim.x - 24, aim.y); c.lineTo(aim.x - 8, aim.y); c.moveTo(aim.x + 8, aim.y); c.lineTo(aim.x + 24, aim.y); c.moveTo(aim.x, aim.y - 24); c.lineTo(aim.x, aim.y - 8); c.moveTo(aim.x, aim.y + 8); c.lineTo(aim.x, aim.y + 24); c.stroke();
      c.setLineDash([6, 8]); c.strokeStyle = 'rgba(255,255,255,0.35)';
      c.beginPath(); c.moveTo(g.bx, g.by); c.quadraticCurveTo((g.bx + aim.x) / 2, (g.by + aim.y) / 2 - 40, aim.x, aim.y); c.stroke();
      c.setLineDash([]);
    }
  }

  function drawKeeper(c, g) {
    var s = g.h / 200;
    c.save();
    c.translate(keeper.x, keeper.y);
    c.rotate(keeper.lean * 0.9);
    c.scale(s, s);
    c.fillStyle = '#222';
    c.fillRect(-16, -40, 12, 40); c.fillRect(4, -40, 12, 40);
    c.fillStyle = '#ff9f1c';
    K.roundRect(c, -22, -95, 44, 60, 10); c.fill();
    c.fillStyle = '#fff'; K.text(c, '1', 0, -66, 26, '#fff', 'center', '900', false);
    c.strokeStyle = '#ff9f1c'; c.lineWidth = 12; c.lineCap = 'round';
    var armUp = shot ? -1 : 0.2;
    c.beginPath(); c.moveTo(-20, -88); c.lineTo(-48, -88 + armUp * 40); c.moveTo(20, -88); c.lineTo(48, -88 + armUp * 40); c.stroke();
    c.fillStyle = '#4cc9f0';
    c.beginPath(); c.arc(-50, -88 + armUp * 42, 11, 0, Math.PI * 2); c.arc(50, -88 + armUp * 42, 11, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#ffd6a5';
    c.beginPath(); c.arc(0, -112, 16, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#5a3825'; c.beginPath(); c.arc(0, -117, 16, Math.PI, 0); c.fill();
    c.fillStyle = '#111'; c.beginPath(); c.arc(-5, -111, 2, 0, Math.PI * 2); c.arc(5, -111, 2, 0, Math.PI * 2); c.fill();
    c.restore();
  }

  function hud(c) {
    if (K.state !== 'play' || lives === undefined) return;
    c.fillStyle = 'rgba(0,0,0,0.4)';
    K.roundRect(c, 10, 10, 170, 60, 14); c.fill();
    K.text(c, String(K.score), 22, 32, 24, '#fff', 'left');
    for (var i = 0; i < 3; i++) {
      c.fillStyle = i < lives ? '#fff' : 'rgba(255,255,255,0.2)';
      c.beginPath(); c.arc(28 + i * 22, 54, 8, 0, Math.PI * 2); c.fill();
    }
    if (streak > 1) K.text(c, 'x' + Math.min(5, streak), 168, 54, 16, '#ffd23f', 'right', '900');
  }

  K.onMove(function (p) { if (K.state === 'play' && !shot && aim) { aim.x = p.x; aim.y = p.y; } });
  K.onDown(function (p) {
    if (K.state !== 'play' || shot) return;
    var g = G();
    if (p.y < g.y + g.h + 60) { aim.x = p.x; aim.y = Math.min(p.y, g.y + g.h - 4); shoot(); }
  });
  K.onKey(function (code) { if (code === 'Space' || code === 'Enter') shoot(); });

  K.init({ id: 'spot-kick', minW: 420, minH: 560, update: update, draw: draw, hud: hud, title: 'SPOT KICK', accent: '#ffd23f', bannerY: 0.86,
    onResize: function () { if (K.state !== 'play' || !shot) { var g = G(); if (ball && !shot) { ball.x = g.bx; ball.y = g.by; } if (aim && !shot) { aim.x = K.clamp(aim.x, g.x - 40, g.x + g.w + 40); aim.y = K.clamp(aim.y, g.y - 40, g.y + g.h); } } } });
  goals = 0; lives = undefined;
  reset();
  if (K.thumb) {
    K.state = 'play'; lives = 3; goals = 3; streak = 1; newTargets();
    var gg = G(); aim.x = gg.x + gg.w * 0.88; aim.y = gg.y + gg.h * 0.22;
    shoot(); keeper.tx = gg.x + gg.w * 0.3;
  } else {
    K.show({
      title: 'Spot Kick',
      text: 'Pick your spot and beat the keeper! Hit the golden x3 targets for big points. Three misses and it is full time.',
      html: 'Click or tap in the goal to shoot there.<br>Keyboard: aim with <kbd>←</kbd><kbd>↑</kbd><kbd>↓</kbd><kbd>→</kbd>, shoot with <kbd>Space</kbd><br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Kick off', action: start }]
    });
  }
})();

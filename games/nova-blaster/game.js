/* Nova Blaster - vertical space shooter with waves, power-ups and bosses. */
(function () {
  'use strict';
  var K = window.Kit;
  var stars = [], bullets = [], ebullets = [], enemies = [], pickups = [];
  var ship, wave, waveT, spawnQ, combo, comboT;
  var target = null;

  function makeStars() {
    stars = [];
    for (var i = 0; i < 140; i++) stars.push({ x: Math.random() * K.w, y: Math.random() * K.h, z: K.rand(0.2, 1) });
  }

  function reset() {
    ship = { x: K.w / 2, y: K.h - 90, r: 16, lives: 3, inv: 2, fireT: 0, gun: 1, gunT: 0, shield: 0, tilt: 0 };
    bullets = []; ebullets = []; enemies = []; pickups = [];
    wave = 0; waveT = 1; spawnQ = []; combo = 1; comboT = 0;
    target = null;
  }

  function start() { reset(); K.begin(); K.clearFx(); }

  function nextWave() {
    wave++;
    K.setLevel(wave);
    K.floatText(K.w / 2, K.h * 0.4, wave % 5 === 0 ? 'WARNING: BOSS' : 'WAVE ' + wave, { color: wave % 5 === 0 ? '#ff4d6d' : '#ffcf3f', size: 40, life: 1.6, vy: -20 });
    K.tone(330, 0.3, { type: 'triangle', vol: 0.12, slide: 660 });
    if (wave % 5 === 0) { spawnQ.push({ t: 1.5, type: 'boss' }); return; }
    var n = 6 + wave * 2;
    var t = 1;
    var types = ['drone'];
    if (wave >= 2) types.push('zig');
    if (wave >= 3) types.push('gunner');
    if (wave >= 4) types.push('rock');
    if (wave >= 6) types.push('gunner', 'zig');
    for (var i = 0; i < n; i++) {
      t += Math.max(0.22, 0.75 - wave * 0.04);
      spawnQ.push({ t: t, type: K.pick(types), x: K.rand(0.1, 0.9) });
    }
  }

  function spawnEnemy(s) {
    var sp = 1 + wave * 0.06;
    var e = { type: s.type, x: s.x * K.w, y: -40, t: 0, hit: 0, ph: Math.random() * 6 };
    if (s.type === 'drone') { e.r = 18; e.hp = 1; e.vy = 120 * sp; e.pts = 10; e.col = '#4cc9f0'; }
    else if (s.type === 'zig') { e.r = 17; e.hp = 2; e.vy = 100 * sp; e.pts = 20; e.col = '#80ed99'; }
    else if (s.type === 'gunner') { e.r = 22; e.hp = 4; e.vy = 70 * sp; e.pts = 40; e.col = '#c77dff'; e.fire = K.rand(0.5, 1.5); }
    else if (s.type === 'rock') { e.r = K.rand(22, 34); e.hp = 5; e.vy = 80 * sp; e.vx = K.rand(-40, 40); e.pts = 30; e.col = '#a68a64'; e.rot = 0; }
    else if (s.type === 'boss') {
      e.x = K.w / 2; e.r = 60; e.hp = e.maxHp = 60 + wave * 12; e.vy = 60; e.pts = 500 + wave * 50; e.col = '#ff4d6d'; e.fire = 1.5;
    }
    enemies.push(e);
  }

  function fire() {
    var s = ship;
    var spd = -760;
    var add = function (dx, vx) { bullets.push({ x: s.x + dx, y: s.y - 18, vx: vx, vy: spd }); };
    if (s.gun === 1) add(0, 0);
    else if (s.gun === 2) { add(-9, 0); add(9, 0); }
    else { add(0, 0); add(-12, -150); add(12, 150); }
    K.tone(1200, 0.05, { type: 'square', vol: 0.025, slide: 500 });
  }

  function hurt() {
    if (ship.inv > 0) return;
    if (ship.shield > 0) { ship.shield = 0; ship.inv = 1; K.sfx.hit(); K.shake(6); return; }
    ship.lives--;
    ship.inv = 2.2;
    ship.gun = Math.max(1, ship.gun - 1);
    combo = 1;
    K.shake(16);
    K.flash('#ff4d6d', 0.35);
    K.sfx.boom();
    K.burst(ship.x, ship.y, { n: 40, color: ['#ffcf3f', '#ff7b00', '#fff'], speed: 400, life: 0.8, size: 4 });
    if (ship.lives <= 0) die();
  }

  function die() {
    K.burst(ship.x, ship.y, { n: 120, color: ['#ffcf3f', '#ff7b00', '#ff4d6d', '#fff'], speed: 600, life: 1.4, size: 5 });
    var res = K.end(K.score);
    K.sfx.lose();
    setTimeout(function () {
      K.show({
        title: 'Game Over',
        html: '<div class="big">' + K.score + '</div><p>Reached wave <b>' + wave + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>',
        buttons: [{ label: 'Play again', action: start }]
      });
    }, 1100);
  }

  function killEnemy(e) {
    var pts = Math.round(e.pts * combo);
    K.addScore(pts);
    combo = Math.min(8, combo + 0.25);
    comboT = 2;
    K.floatText(e.x, e.y, '+' + Math.round(pts), { color: '#fff', size: e.type === 'boss' ? 40 : 18 });
    var big = e.type === 'boss';
    K.burst(e.x, e.y, { n: big ? 120 : 24, color: [e.col, '#fff', '#ffcf3f'], speed: big ? 700 : 320, life: big ? 1.4 : 0.6, size: big ? 6 : 3.5 });
    K.shake(big ? 24 : 4);
    if (big) { K.sfx.boom(); K.sfx.win(); K.flash("#fff", 0.5); K.happy(); }
    else K.noise(0.18, { vol: 0.2, freq: 1800, slide: 200 });
    var drop = big ? 1 : (e.type === 'gunner' ? 0.25 : 0.07);
    if (Math.random() < drop) pickups.push({ x: e.x, y: e.y, kind: Math.random() < 0.65 ? 'gun' : 'shield', t: 0 });
    if (big) pickups.push({ x: e.x + 40, y: e.y, kind: 'life', t: 0 });
  }

  function update(dt) {
    for (var i = 0; i < stars.length; i++) {
      var st = stars[i];
      st.y += (40 + st.z * 260) * dt * (K.state === 'play' ? 1 : 0.4);
      if (st.y > K.h) { st.y = -2; st.x = Math.random() * K.w; }
    }
    if (K.state !== 'play') return;
    var s = ship;
    // movement
    var mx = (K.key('ArrowRight', 'KeyD') ? 1 : 0) - (K.key('ArrowLeft', 'KeyA') ? 1 : 0);
    var my = (K.key('ArrowDown', 'KeyS') ? 1 : 0) - (K.key('ArrowUp', 'KeyW') ? 1 : 0);
    var ox = s.x;
    if (mx || my) { target = null; s.x += mx * 430 * dt; s.y += my * 430 * dt; }
    else if (target) { s.x += (target.x - s.x) * Math.min(1, dt * 14); s.y += (target.y - s.y) * Math.min(1, dt * 14); }
    s.x = K.clamp(s.x, 20, K.w - 20);
    s.y = K.clamp(s.y, K.h * 0.3, K.h - 30);
    s.tilt = K.lerp(s.tilt, K.clamp((s.x - ox) / dt / 600, -1, 1), Math.min(1, dt * 10));
    s.inv = Math.max(0, s.inv - dt);
    s.fireT -= dt;
    if (s.fireT <= 0) { fire(); s.fireT = 0.13; }
    if (s.gunT > 0) { s.gunT -= dt; if (s.gunT <= 0 && s.gun > 1) s.gun--; if (s.gun > 1 && s.gunT <= 0) s.gunT = 10; }
    comboT -= dt;
    if (comboT <= 0) combo = Math.max(1, combo - dt * 2);
    // waves
    if (!spawnQ.length && !enemies.length) {
      waveT -= dt;
      if (waveT <= 0) { nextWave(); waveT = 1.8; }
    }
    for (var q = spawnQ.length - 1; q >= 0; q--) {
      spawnQ[q].t -= dt;
      if (spawnQ[q].t <= 0) { spawnEnemy(spawnQ[q]); spawnQ.splice(q, 1); }
    }
    // bullets
    for (var b = bullets.length - 1; b >= 0; b--) {
      var bu = bullets[b];
      bu.x += bu.vx * dt; bu.y += bu.vy * dt;
      if (bu.y < -20) { bullets.splice(b, 1); continue; }
      for (var j = 0; j < enemies.length; j++) {
        var e = enemies[j];
        if (K.dist(bu.x, bu.y, e.x, e.y) < e.r + 4) {
          e.hp--; e.hit = 0.08;
          bullets.splice(b, 1);
          K.burst(bu.x, bu.y, { n: 4, color: '#fff', speed: 160, life: 0.2, size: 2 });
          if (e.hp <= 0) { killEnemy(e); enemies.splice(j, 1); }
          else K.tone(300, 0.03, { type: 'square', vol: 0.04 });
          break;
        }
      }
    }
    // enemies
    for (var k = enemies.length - 1; k >= 0; k--) {
      var en = enemies[k];
      en.t += dt; en.hit = Math.max(0, en.hit - dt);
      if (en.type === 'boss') {
        if (en.y < 130) en.y += en.vy * dt;
        en.x = K.w / 2 + Math.sin(en.t * 0.8) * (K.w / 2 - 90);
        en.fire -= dt;
        if (en.fire <= 0) {
          en.fire = Math.max(0.5, 1.3 - wave * 0.03);
          var n = 7 + Math.floor(wave / 5) * 2;
          for (var a = 0; a < n; a++) {
            var ang = Math.PI / 2 + (a - (n - 1) / 2) * 0.22 + Math.sin(en.t) * 0.2;
            ebullets.push({ x: en.x, y: en.y + 40, vx: Math.cos(ang) * 200, vy: Math.sin(ang) * 200 });
          }
          K.tone(180, 0.15, { type: 'sawtooth', vol: 0.06, slide: 90 });
        }
      } else {
        en.y += en.vy * dt;
        if (en.type === 'zig') en.x += Math.sin(en.t * 3 + en.ph) * 160 * dt;
        if (en.type === 'rock') { en.x += en.vx * dt; en.rot += dt; }
        if (en.type === 'gunner') {
          en.fire -= dt;
          if (en.fire <= 0 && en.y > 0) {
            en.fire = Math.max(0.9, 2.2 - wave * 0.08);
            var dx = s.x - en.x, dy = s.y - en.y, l = Math.sqrt(dx * dx + dy * dy) || 1;
            ebullets.push({ x: en.x, y: en.y + 14, vx: dx / l * 230, vy: dy / l * 230 });
          }
        }
        if (en.y > K.h + 50) { enemies.splice(k, 1); continue; }
      }
      if (K.dist(en.x, en.y, s.x, s.y) < en.r + s.r - 4) {
        hurt();
        if (en.type !== 'boss') { en.hp = 0; killEnemy(en); enemies.splice(k, 1); }
        if (K.state !== 'play') return;
      }
    }
    for (var m = ebullets.length - 1; m >= 0; m--) {
      var eb = ebullets[m];
      eb.x += eb.vx * dt; eb.y += eb.vy * dt;
      if (eb.y > K.h + 10 || eb.y < -10 || eb.x < -10 || eb.x > K.w + 10) { ebullets.splice(m, 1); continue; }
      if (K.dist(eb.x, eb.y, s.x, s.y) < s.r - 2) { ebullets.splice(m, 1); hurt(); if (K.state !== 'play') return; }
    }
    for (var p = pickups.length - 1; p >= 0; p--) {
      var pk = pickups[p];
      pk.t += dt; pk.y += 90 * dt;
      if (pk.y > K.h + 20) { pickups.splice(p, 1); continue; }
      if (K.dist(pk.x, pk.y, s.x, s.y) < 32) {
        pickups.splice(p, 1);
        K.sfx.power();
        if (pk.kind === 'gun') { s.gun = Math.min(3, s.gun + 1); s.gunT = 12; K.floatText(s.x, s.y - 30, 'POWER UP', { color: '#ffcf3f' }); }
        else if (pk.kind === 'shield') { s.shield = 1; K.floatText(s.x, s.y - 30, 'SHIELD', { color: '#4cc9f0' }); }
        else { s.lives = Math.min(5, s.lives + 1); K.floatText(s.x, s.y - 30, '+1 LIFE', { color: '#ff4d6d' }); }
        K.burst(s.x, s.y, { n: 20, color: '#ffcf3f', speed: 250, life: 0.5, size: 3, shape: 'star' });
      }
    }
  }

  function drawShip(c, x, y, tilt, flameT) {
    c.save();
    c.translate(x, y);
    c.scale(1 - Math.abs(tilt) * 0.25, 1);
    // flame
    var fl = 14 + Math.sin(flameT * 40) * 5;
    var fg = c.createLinearGradient(0, 10, 0, 10 + fl + 8);
    fg.addColorStop(0, '#fff'); fg.addColorStop(0.3, '#ffcf3f'); fg.addColorStop(1, 'rgba(255,80,0,0)');
    c.fillStyle = fg;
    c.beginPath(); c.moveTo(-7, 12); c.lineTo(0, 18 + fl); c.lineTo(7, 12); c.fill();
    // wings
    c.fillStyle = '#3a86ff';
    c.beginPath(); c.moveTo(0, -8); c.lineTo(22, 14); c.lineTo(14, 18); c.lineTo(0, 10); c.lineTo(-14, 18); c.lineTo(-22, 14); c.closePath(); c.fill();
    // body
    var bg = c.createLinearGradient(-8, 0, 8, 0);
    bg.addColorStop(0, '#cfd8ff'); bg.addColorStop(0.5, '#fff'); bg.addColorStop(1, '#9aa8d8');
    c.fillStyle = bg;
    c.beginPath(); c.moveTo(0, -24); c.quadraticCurveTo(10, -4, 8, 14); c.lineTo(-8, 14); c.quadraticCurveTo(-10, -4, 0, -24); c.fill();
    c.fillStyle = '#ff4d6d';
    c.beginPath(); c.ellipse(0, -6, 4, 7, 0, 0, Math.PI * 2); c.fill();
    c.restore();
  }

  function drawEnemy(c, e) {
    c.save();
    c.translate(e.x, e.y);
    var col = e.hit > 0 ? '#fff' : e.col;
    c.fillStyle = col;
    c.shadowColor = e.col; c.shadowBlur = 14;
    if (e.type === 'drone') {
      c.beginPath(); c.moveTo(0, 18); c.lineTo(18, -6); c.lineTo(8, -14); c.lineTo(-8, -14); c.lineTo(-18, -6); c.closePath(); c.fill();
      c.shadowBlur = 0; c.fillStyle = '#0b0a1f'; c.beginPath(); c.arc(0, -2, 5, 0, Math.PI * 2); c.fill();
    } else if (e.type === 'zig') {
      c.rotate(e.t * 4);
      c.beginPath(); for (var i = 0; i < 8; i++) { var r = i % 2 ? 8 : 18; var a = i * Math.PI / 4; c.lineTo(Math.cos(a) * r, Math.sin(a) * r); } c.closePath(); c.fill();
    } else if (e.type === 'gunner') {
      c.beginPath(); c.arc(0, 0, 20, 0, Math.PI * 2); c.fill();
      c.shadowBlur = 0; c.fillStyle = '#2b0f4c'; c.fillRect(-5, 6, 10, 18);
      c.fillStyle = '#ffcf3f'; c.beginPath(); c.arc(0, -4, 6, 0, Math.PI * 2); c.fill();
    } else if (e.type === 'rock') {
      c.shadowBlur = 0;
      c.rotate(e.rot);
      c.beginPath(); for (var j = 0; j < 9; j++) { var rr = e.r * (0.8 + ((j * 37) % 5) * 0.06); var aa = j * Math.PI * 2 / 9; c.lineTo(Math.cos(aa) * rr, Math.sin(aa) * rr); } c.closePath(); c.fill();
      c.fillStyle = 'rgba(0,0,0,0.2)'; c.beginPath(); c.arc(-e.r * 0.3, -e.r * 0.2, e.r * 0.2, 0, Math.PI * 2); c.arc(e.r * 0.3, e.r * 0.3, e.r * 0.15, 0, Math.PI * 2); c.fill();
    } else if (e.type === 'boss') {
      c.beginPath(); c.moveTo(-70, -20); c.lineTo(70, -20); c.lineTo(50, 30); c.lineTo(20, 45); c.lineTo(-20, 45); c.lineTo(-50, 30); c.closePath(); c.fill();
      c.shadowBlur = 0;
      c.fillStyle = '#2b0f1c'; c.fillRect(-40, -10, 80, 22);
      c.fillStyle = '#ffcf3f';
      var eye = Math.sin(e.t * 3) * 25;
      c.beginPath(); c.arc(eye, 1, 8, 0, Math.PI * 2); c.fill();
    }
    c.restore();
  }

  function nebula(c, x, y, r, col) {
    var g = c.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, col); g.addColorStop(1, 'rgba(0,0,0,0)');
    c.fillStyle = g;
    c.fillRect(x - r, y - r, r * 2, r * 2);
  }

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#07051a'); grd.addColorStop(1, '#1a0b33');
    c.fillStyle = grd;
    c.fillRect(-30, -30, K.w + 60, K.h + 60);
    // nebula
    nebula(c, K.w * 0.2, K.h * 0.3, Math.max(K.w, K.h) * 0.45, 'rgba(199,125,255,0.16)');
    nebula(c, K.w * 0.85, K.h * 0.7, Math.max(K.w, K.h) * 0.4, 'rgba(76,201,240,0.12)');
    for (var i = 0; i < stars.length; i++) {
      var s = stars[i];
      c.fillStyle = 'rgba(255,255,255,' + (0.3 + s.z * 0.7) + ')';
      c.fillRect(s.x, s.y, s.z * 2.2, s.z * 2.2 + (K.state === 'play' ? s.z * 6 : 0));
    }
    if (!ship) return;
    for (var p = 0; p < pickups.length; p++) {
      var pk = pickups[p];
      var col = pk.kind === 'gun' ? '#ffcf3f' : pk.kind === 'shield' ? '#4cc9f0' : '#ff4d6d';
      c.save(); c.translate(pk.x, pk.y); c.rotate(pk.t * 2);
      c.shadowColor = col; c.shadowBlur = 16; c.fillStyle = col;
      K.roundRect(c, -12, -12, 24, 24, 6); c.fill();
      c.restore();
      K.text(c, pk.kind === 'gun' ? 'P' : pk.kind === 'shield' ? 'S' : '+', pk.x, pk.y + 1, 16, '#1a0b33', 'center', '900', false);
    }
    for (var e = 0; e < enemies.length; e++) drawEnemy(c, enemies[e]);
    c.fillStyle = '#ffe66d';
    c.shadowColor = '#ffcf3f'; c.shadowBlur = 10;
    for (var b = 0; b < bullets.length; b++) { var bu = bullets[b]; K.roundRect(c, bu.x - 2.5, bu.y - 10, 5, 18, 2.5); c.fill(); }
    c.fillStyle = '#ff4d6d'; c.shadowColor = '#ff4d6d';
    for (var m = 0; m < ebullets.length; m++) { c.beginPath(); c.arc(ebullets[m].x, ebullets[m].y, 6, 0, Math.PI * 2); c.fill(); }
    c.shadowBlur = 0;
    if (K.state === 'play' && (ship.inv <= 0 || Math.floor(K.time * 12) % 2)) {
      drawShip(c, ship.x, ship.y, ship.tilt, K.time);
      if (ship.shield) {
        c.strokeStyle = 'rgba(76,201,240,' + (0.6 + Math.sin(K.time * 8) * 0.3) + ')'; c.lineWidth = 3;
        c.beginPath(); c.arc(ship.x, ship.y, 30, 0, Math.PI * 2); c.stroke();
      }
    }
  }

  function hud(c) {
    if (K.state !== 'play' || !ship) return;
    K.text(c, String(K.score), 16, 30, 28, '#fff', 'left');
    K.text(c, 'WAVE ' + wave + (combo >= 1.5 ? '   x' + combo.toFixed(1) : ''), 16, 58, 15, '#ffcf3f', 'left', '700');
    for (var i = 0; i < ship.lives; i++) {
      var x = 22 + i * 26, y = K.h - 24;
      c.fillStyle = '#ff4d6d';
      c.beginPath(); c.moveTo(x, y + 7); c.bezierCurveTo(x - 14, y - 3, x - 6, y - 13, x, y - 5); c.bezierCurveTo(x + 6, y - 13, x + 14, y - 3, x, y + 7); c.fill();
    }
    var boss = enemies.filter(function (e) { return e.type === 'boss'; })[0];
    if (boss) {
      var w = Math.min(K.w - 140, 360);
      c.fillStyle = 'rgba(255,255,255,0.15)'; K.roundRect(c, K.w / 2 - w / 2, 80, w, 10, 5); c.fill();
      c.fillStyle = '#ff4d6d'; K.roundRect(c, K.w / 2 - w / 2, 80, w * boss.hp / boss.maxHp, 10, 5); c.fill();
    }
  }

  K.onDown(function (p) { if (K.state === 'play') target = { x: p.x, y: p.y - (p.type === 'touch' ? 70 : 0) }; });
  K.onMove(function (p) {
    if (K.state !== 'play') return;
    if (p.down || p.type === 'mouse') target = { x: p.x, y: p.y - (p.type === 'touch' ? 70 : 0) };
  });

  K.init({ id: 'nova-blaster', minW: 460, minH: 620, update: update, draw: draw, hud: hud, title: 'NOVA BLASTER', accent: '#ffcf3f', bannerY: 0.42,
    onResize: function () { if (!stars.length) makeStars(); } });
  makeStars();
  if (K.thumb) {
    reset(); K.state = 'play'; ship.gun = 3; wave = 4; ship.inv = 0; ship.y = K.h - 60;
    for (var q = 0; q < 9; q++) spawnEnemy({ type: ["drone", "zig", "gunner"][q % 3], x: 0.1 + q * 0.1 });
    enemies.forEach(function (e, i) { e.y = 60 + (i % 3) * 50; e.vy = 0; });
  } else {
    K.show({
      title: 'Nova Blaster',
      text: 'Blast through waves of invaders, grab power-ups and take down the boss every fifth wave.',
      html: 'Move: <kbd>←</kbd><kbd>↑</kbd><kbd>↓</kbd><kbd>→</kbd> / <kbd>WASD</kbd>, mouse or drag with a finger.<br>Your ship fires automatically.<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Launch', action: start }]
    });
  }
})();

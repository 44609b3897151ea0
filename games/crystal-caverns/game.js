/* Crystal Caverns - a little explorer runs and jumps through glowing caves collecting crystals. */
(function () {
  'use strict';
  var K = window.Kit;
  var T = 40;
  var LEVELS = [
    [
      '',
      '',
      '',
      '',
      '                               c c c',
      '                 ccc          #######',
      '                #####                          c c',
      '        c c                                   #####',
      '       #####            e             e                  D',
      '  P                 ########     ^^    #######        #######',
      '###########   ##########################   ##########################',
      '###########   ##########################   ##########################'
    ],
    [
      '',
      '',
      '                                   c',
      '                      c c         ###          c c c',
      '                     #####                    #######',
      '             c                 e                           c',
      '            ###         ##############                   ####       D',
      '      c                                     c                    #####',
      '     ###         e                         ###      e',
      '  P          #########    ^^^          ^^        ########   ^^',
      '##########   #########################################   ############',
      '##########   #########################################   ############'
    ],
    [
      '',
      '                                                            c c c',
      '                                        c                  #######',
      '                         c c c         ###        c',
      '                        #######                  ###                  D',
      '              c                    e                     ^^         #####',
      '             ###     ^^      ############     #####    ######',
      '        c                                                        c',
      '       ###     e           c        e                 e         ###',
      '  P         #######       ###     ######   ^^^    ########',
      '#######   ###########   #######  ################   ########   ########',
      '#######   ###########   #######  ################   ########   ########'
    ],
    [
      '',
      '                                 c c c c',
      '                                #########                         c c',
      '                  c c                                            #####',
      '                 #####        e                  c                          D',
      '          c                ########             ###        e              ####',
      '         ###    e                      ^^               ########',
      '               ######            c           ^^^                   ^^',
      '    c                   e       ###      ##########        c    #######',
      '  P###    ^^      ###########         e                   ###',
      '#######  ####  ####################  #######   ######   #######   ####',
      '#######  ####  ####################  #######   ######   #######   ####'
    ]
  ];
  var map, cols, rows, player, enemies, crystals, door, cam, levelIdx, hearts, total, got, won, startPos, hurtT, doorT;
  var input = { l: false, r: false, j: false, jPressed: false };
  var bgCrystals = [];

  function loadLevel(i) {
    levelIdx = i;
    var src = LEVELS[i % LEVELS.length];
    rows = src.length;
    cols = Math.max.apply(null, src.map(function (r) { return r.length; })) + 2;
    map = []; enemies = []; crystals = []; door = null;
    for (var r = 0; r < rows; r++) {
      var row = [];
      for (var c = 0; c < cols; c++) {
        var ch = src[r][c] || ' ';
        var x = c * T, y = r * T;
        if (ch === '#') row.push(1);
        else if (ch === '^') row.push(2);
        else row.push(0);
        if (ch === 'c') crystals.push({ x: x + T / 2, y: y + T / 2, got: false, ph: Math.random() * 6, hue: K.pick(['#5ef2e0', '#c77dff', '#ff6bd6', '#ffd23f']) });
        if (ch === 'e') enemies.push({ x: x + T / 2, y: y + T - 14, vx: 60 + Math.floor(i / LEVELS.length) * 20 + i * 6, vy: 0, w: 30, h: 24, alive: true, squash: 0 });
        if (ch === 'P') startPos = { x: x + T / 2, y: y + T - 20 };
        if (ch === 'D') door = { x: x + T / 2, y: y + T };
      }
      map.push(row);
    }
    total = crystals.length; got = 0; won = false; doorT = 0;
    player = { x: startPos.x, y: startPos.y, vx: 0, vy: 0, w: 24, h: 34, onGround: false, coyote: 0, buffer: 0, face: 1, run: 0 };
    cam = { x: 0, y: 0 };
    hurtT = 0;
    K.setLevel(i + 1);
    bgCrystals = [];
    for (var b = 0; b < 30; b++) bgCrystals.push({ x: Math.random() * cols * T, y: Math.random() * rows * T, s: K.rand(6, 16), hue: K.pick(['#5ef2e0', '#c77dff', '#ff6bd6']) });
  }

  function tileAt(px, py) {
    var c = Math.floor(px / T), r = Math.floor(py / T);
    if (c < 0 || c >= cols) return 1;
    if (r < 0 || r >= rows) return 0;
    return map[r][c];
  }
  function solid(px, py) { return tileAt(px, py) === 1; }

  function moveBody(b, dt) {
    // horizontal
    b.x += b.vx * dt;
    var hw = b.w / 2;
    var top = b.y - b.h + 2, bot = b.y - 2;
    if (b.vx > 0 && (solid(b.x + hw, top) || solid(b.x + hw, bot) || solid(b.x + hw, b.y - b.h / 2))) { b.x = Math.floor((b.x + hw) / T) * T - hw - 0.01; b.vx = 0; b.hitWall = true; }
    else if (b.vx < 0 && (solid(b.x - hw, top) || solid(b.x - hw, bot) || solid(b.x - hw, b.y - b.h / 2))) { b.x = Math.floor((b.x - hw) / T + 1) * T + hw + 0.01; b.vx = 0; b.hitWall = true; }
    // vertical
    b.vy = Math.min(b.vy + 1800 * dt, 900);
    b.y += b.vy * dt;
    b.onGround = false;
    if (b.vy >= 0 && (solid(b.x - hw + 2, b.y) || solid(b.x + hw - 2, b.y))) { b.y = Math.floor(b.y / T) * T; b.vy = 0; b.onGround = true; }
    else if (b.vy < 0 && (solid(b.x - hw + 2, b.y - b.h) || solid(b.x + hw - 2, b.y - b.h))) { b.y = Math.floor((b.y - b.h) / T + 1) * T + b.h; b.vy = 0; }
  }

  function start() { hearts = 3; K.begin(); K.clearFx(); loadLevel(0); }

  function hurt() {
    if (hurtT > 0 || won) return;
    hearts--;
    hurtT = 1.5;
    K.shake(12); K.flash('#ff4d6d', 0.35); K.sfx.hit();
    K.burst(player.x, player.y - 17, { n: 24, color: ['#ff4d6d', '#fff'], speed: 300, life: 0.6, size: 4 });
    if (hearts <= 0) { gameOver(); return; }
    player.x = startPos.x; player.y = startPos.y; player.vx = 0; player.vy = 0;
  }

  function gameOver() {
    var res = K.end(K.score);
    K.sfx.lose();
    setTimeout(function () {
      K.show({ title: 'Lost in the dark', html: '<div class="big">' + K.score + '</div><p>Reached cave <b>' + (levelIdx + 1) + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>', buttons: [{ label: 'Try again', action: start }] });
    }, 800);
  }

  function update(dt) {
    if (!map) return;
    crystals.forEach(function (cr) { cr.ph += dt * 3; });
    if (K.state !== 'play') return;
    hurtT = Math.max(0, hurtT - dt);
    var p = player;
    readTouch();
    var l = input.l || K.key('ArrowLeft', 'KeyA'), r = input.r || K.key('ArrowRight', 'KeyD');
    var jumpHeld = input.j || K.key('Space', 'ArrowUp', 'KeyW');
    if (won) { doorT += dt; if (doorT > 1.2) nextLevel(); return; }
    var target = (r ? 1 : 0) - (l ? 1 : 0);
    var accel = p.onGround ? 2400 : 1500;
    if (target) { p.vx += target * accel * dt; p.face = target; }
    else { var f = (p.onGround ? 2600 : 600) * dt; p.vx = Math.abs(p.vx) < f ? 0 : p.vx - Math.sign(p.vx) * f; }
    p.vx = K.clamp(p.vx, -270, 270);
    p.coyote = p.onGround ? 0.1 : p.coyote - dt;
    p.buffer -= dt;
    if (input.jPressed) { p.buffer = 0.12; input.jPressed = false; }
    if (p.buffer > 0 && p.coyote > 0) {
      p.vy = -640; p.coyote = 0; p.buffer = 0;
      K.sfx.jump();
      K.burst(p.x, p.y, { n: 6, color: '#8b7fb8', speed: 100, angle: -Math.PI / 2, spread: 1.4, life: 0.3, size: 3 });
    }
    if (!jumpHeld && p.vy < -250) p.vy = -250;
    var wasAir = !p.onGround;
    moveBody(p, dt);
    if (wasAir && p.onGround) K.burst(p.x, p.y, { n: 5, color: '#8b7fb8', speed: 80, angle: -Math.PI / 2, spread: 1.5, life: 0.25, size: 2.5 });
    p.run += Math.abs(p.vx) * dt * 0.05;
    // hazards
    if (tileAt(p.x, p.y - 4) === 2 || tileAt(p.x - 8, p.y - 4) === 2 || tileAt(p.x + 8, p.y - 4) === 2) hurt();
    if (p.y > rows * T + 200) hurt();
    // crystals
    crystals.forEach(function (cr) {
      if (cr.got) return;
      if (Math.abs(cr.x - p.x) < 24 && Math.abs(cr.y - (p.y - 17)) < 30) {
        cr.got = true; got++;
        K.addScore(10);
        K.tone(880 + (got % 6) * 110, 0.1, { type: 'triangle', vol: 0.13 });
        K.burst(cr.x, cr.y, { n: 14, color: [cr.hue, '#fff'], speed: 200, life: 0.5, size: 3.5, shape: 'star' });
        if (got === total) { K.floatText(p.x, p.y - 60, 'ALL CRYSTALS!', { color: '#ffd23f', size: 24 }); K.sfx.power(); K.happy(); }
      }
    });
    // enemies
    enemies.forEach(function (e) {
      if (!e.alive) { e.squash += dt; return; }
      e.hitWall = false;
      var ahead = e.x + Math.sign(e.vx) * (e.w / 2 + 2);
      if (e.onGround && !solid(ahead, e.y + 4)) e.vx = -e.vx;
      moveBody(e, dt);
      if (e.hitWall) e.vx = -(Math.sign(e.vx) || 1) * (60 + levelIdx * 6);
      if (!e.vx) e.vx = 60;
      if (Math.abs(e.x - p.x) < (e.w + p.w) / 2 - 2 && p.y > e.y - e.h - 4 && p.y - p.h < e.y) {
        if (p.vy > 50 && p.y < e.y - e.h / 2) {
          e.alive = false; p.vy = -480;
          K.addScore(25);
          K.sfx.pop(0.8); K.shake(5);
          K.burst(e.x, e.y - 10, { n: 18, color: ['#7bd64a', '#b5f26b'], speed: 250, life: 0.5, size: 4 });
          K.floatText(e.x, e.y - 30, '+25', { color: '#b5f26b' });
        } else hurt();
      }
    });
    // door
    if (door && Math.abs(p.x - door.x) < 26 && Math.abs(p.y - door.y) < 40) {
      won = true; doorT = 0;
      var bonus = 100 + (got === total ? 150 : 0);
      K.addScore(bonus);
      K.sfx.win(); K.happy(); K.flash('#5ef2e0', 0.3);
      K.burst(door.x, door.y - 30, { n: 60, color: ['#5ef2e0', '#fff', '#c77dff'], speed: 380, life: 1, size: 5, shape: 'star' });
      K.floatText(door.x, door.y - 90, 'CAVE CLEAR +' + bonus, { color: '#5ef2e0', size: 26, life: 1.4 });
    }
    // camera
    var lw = cols * T, lh = rows * T;
    var tx = K.clamp(p.x - K.w * 0.42, 0, Math.max(0, lw - K.w));
    cam.x += (tx - cam.x) * Math.min(1, dt * 6);
    cam.y = lh < K.h ? -(K.h - lh) * 0.55 : K.clamp(p.y - K.h * 0.6, 0, lh - K.h);
  }

  function nextLevel() { hurtT = 0; loadLevel(levelIdx + 1); }

  /* touch buttons */
  function buttons() {
    var s = 62, y = K.h - s - 14;
    return { l: { x: 14, y: y, s: s }, r: { x: 14 + s + 12, y: y, s: s }, j: { x: K.w - s - 18, y: y, s: s } };
  }
  var touchUsed = false, prevJ = false;
  function readTouch() {
    var b = buttons(), l = false, r = false, j = false;
    Object.keys(K.pointers).forEach(function (id) {
      var q = K.pointers[id];
      var inB = function (bb) { return q.x > bb.x - 10 && q.x < bb.x + bb.s + 10 && q.y > bb.y - 20 && q.y < bb.y + bb.s + 10; };
      if (inB(b.l)) l = true; else if (inB(b.r)) r = true; else if (inB(b.j) || q.x > K.w * 0.55) j = true;
    });
    input.l = l; input.r = r;
    if (j && !prevJ) input.jPressed = true;
    input.j = j; prevJ = j;
  }
  K.onDown(function (p) { if (p.type !== 'mouse') touchUsed = true; });
  K.onKey(function (code) { if (code === 'Space' || code === 'ArrowUp' || code === 'KeyW') input.jPressed = true; });

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#1a1033'); grd.addColorStop(1, '#0b0a1c');
    c.fillStyle = grd;
    c.fillRect(-30, -30, K.w + 60, K.h + 60);
    if (!map) return;
    // parallax glow crystals
    bgCrystals.forEach(function (b) {
      var bx = b.x - cam.x * 0.4, by = b.y - cam.y * 0.4;
      bx = ((bx % (cols * T)) + cols * T) % (cols * T);
      if (bx > K.w + 20) return;
      c.globalAlpha = 0.25 + Math.sin(K.time * 2 + b.x) * 0.1;
      c.fillStyle = b.hue;
      c.beginPath(); c.moveTo(bx, by - b.s); c.lineTo(bx + b.s * 0.5, by); c.lineTo(bx, by + b.s * 0.6); c.lineTo(bx - b.s * 0.5, by); c.fill();
    });
    c.globalAlpha = 1;
    c.save();
    c.translate(-Math.round(cam.x), -Math.round(cam.y));
    var c0 = Math.max(0, Math.floor(cam.x / T) - 1), c1 = Math.min(cols, Math.ceil((cam.x + K.w) / T) + 1);
    // rocky ceiling with stalactites
    c.fillStyle = '#2a1f4a';
    c.fillRect(cam.x - 10, cam.y - 20, K.w + 20, -cam.y + 20);
    for (var sc = c0; sc < c1; sc++) {
      var hsh = (sc * 2654435761) >>> 0;
      var len = 8 + (hsh % 5) * 7;
      c.fillStyle = '#2a1f4a';
      c.beginPath(); c.moveTo(sc * T, 0); c.lineTo(sc * T + T / 2, len); c.lineTo(sc * T + T, 0); c.fill();
      if (hsh % 7 === 0) { c.fillStyle = 'rgba(94,242,224,0.5)'; c.beginPath(); c.arc(sc * T + T / 2, len + 4, 2.5, 0, Math.PI * 2); c.fill(); }
    }
    for (var r = 0; r < rows; r++) for (var cc = c0; cc < c1; cc++) {
      var t = map[r][cc], x = cc * T, y = r * T;
      if (t === 1) {
        var above = r > 0 && map[r - 1][cc] === 1;
        c.fillStyle = '#3b2d63';
        c.fillRect(x, y, T + 0.5, T + 0.5);
        c.fillStyle = '#4a3a7a';
        c.fillRect(x + 4, y + 6, T - 10, T - 12);
        if (!above) {
          c.fillStyle = '#5ef2e0';
          c.fillRect(x, y, T + 0.5, 5);
          c.fillStyle = 'rgba(94,242,224,0.35)';
          c.fillRect(x, y + 5, T + 0.5, 3);
        }
      } else if (t === 2) {
        c.fillStyle = '#ff4d6d';
        for (var k = 0; k < 4; k++) { c.beginPath(); c.moveTo(x + k * 10, y + T); c.lineTo(x + k * 10 + 5, y + T - 18); c.lineTo(x + k * 10 + 10, y + T); c.fill(); }
      }
    }
    if (door) {
      var dg = c.createRadialGradient(door.x, door.y - 34, 4, door.x, door.y - 34, 50);
      dg.addColorStop(0, 'rgba(94,242,224,0.9)'); dg.addColorStop(1, 'rgba(94,242,224,0)');
      c.fillStyle = dg; c.fillRect(door.x - 50, door.y - 90, 100, 100);
      c.strokeStyle = '#5ef2e0'; c.lineWidth = 4;
      c.beginPath(); c.ellipse(door.x, door.y - 34, 20 + Math.sin(K.time * 4) * 2, 32, 0, 0, Math.PI * 2); c.stroke();
      c.fillStyle = 'rgba(20,10,40,0.7)'; c.beginPath(); c.ellipse(door.x, door.y - 34, 16, 28, 0, 0, Math.PI * 2); c.fill();
    }
    crystals.forEach(function (cr) {
      if (cr.got) return;
      c.save(); c.translate(cr.x, cr.y + Math.sin(cr.ph) * 4);
      c.shadowColor = cr.hue; c.shadowBlur = 14; c.fillStyle = cr.hue;
      c.beginPath(); c.moveTo(0, -13); c.lineTo(8, -2); c.lineTo(0, 12); c.lineTo(-8, -2); c.closePath(); c.fill();
      c.shadowBlur = 0; c.fillStyle = 'rgba(255,255,255,0.6)';
      c.beginPath(); c.moveTo(0, -13); c.lineTo(3, -2); c.lineTo(0, 4); c.lineTo(-3, -2); c.fill();
      c.restore();
    });
    enemies.forEach(function (e) {
      if (!e.alive && e.squash > 0.4) return;
      var sq = e.alive ? 1 + Math.sin(K.time * 10 + e.x) * 0.08 : 0.3;
      c.save(); c.translate(e.x, e.y); c.scale(1 / sq, sq);
      c.fillStyle = '#7bd64a';
      c.beginPath(); c.moveTo(-16, 0); c.quadraticCurveTo(-16, -26, 0, -26); c.quadraticCurveTo(16, -26, 16, 0); c.closePath(); c.fill();
      c.fillStyle = '#fff';
      var d = e.vx > 0 ? 3 : -3;
      c.beginPath(); c.arc(-5 + d, -14, 4, 0, Math.PI * 2); c.arc(6 + d, -14, 4, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#111';
      c.beginPath(); c.arc(-5 + d * 1.5, -14, 2, 0, Math.PI * 2); c.arc(6 + d * 1.5, -14, 2, 0, Math.PI * 2); c.fill();
      c.restore();
    });
    if (player && (hurtT <= 0 || Math.floor(K.time * 14) % 2)) drawPlayer(c, player);
    c.restore();
  }

  function drawPlayer(c, p) {
    c.save();
    c.translate(p.x, p.y);
    c.scale(p.face, 1);
    var legs = p.onGround && Math.abs(p.vx) > 20 ? Math.sin(p.run * 2) * 6 : 0;
    c.fillStyle = '#2b2d42';
    c.fillRect(-8 + legs * 0.5, -10, 6, 10); c.fillRect(2 - legs * 0.5, -10, 6, 10);
    c.fillStyle = '#ff9f1c';
    K.roundRect(c, -11, -28, 22, 20, 6); c.fill();
    c.fillStyle = '#ffd6a5';
    c.beginPath(); c.arc(0, -32, 9, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#8d5524';
    c.beginPath(); c.ellipse(0, -39, 12, 4, 0, 0, Math.PI * 2); c.fill();
    c.fillRect(-7, -46, 14, 8);
    c.fillStyle = '#ffd23f'; c.shadowColor = '#ffd23f'; c.shadowBlur = 10;
    c.beginPath(); c.arc(6, -43, 3, 0, Math.PI * 2); c.fill();
    c.shadowBlur = 0;
    c.fillStyle = '#111';
    c.beginPath(); c.arc(4, -33, 1.6, 0, Math.PI * 2); c.fill();
    c.restore();
  }

  function hud(c) {
    if (K.state !== 'play' || !player) return;
    for (var i = 0; i < 3; i++) {
      var x = 24 + i * 28, y = 26;
      c.fillStyle = i < hearts ? '#ff4d6d' : 'rgba(255,255,255,0.2)';
      c.beginPath(); c.moveTo(x, y + 8); c.bezierCurveTo(x - 15, y - 3, x - 7, y - 14, x, y - 5); c.bezierCurveTo(x + 7, y - 14, x + 15, y - 3, x, y + 8); c.fill();
    }
    K.text(c, String(K.score), 110, 26, 24, '#fff', 'left');
    c.fillStyle = '#5ef2e0';
    c.beginPath(); c.moveTo(24, 46); c.lineTo(30, 54); c.lineTo(24, 64); c.lineTo(18, 54); c.fill();
    K.text(c, got + '/' + total + '   CAVE ' + (levelIdx + 1), 38, 56, 15, '#5ef2e0', 'left', '800');
    if (touchUsed || K.h > K.w) {
      var b = buttons();
      [['l', '◀'], ['r', '▶'], ['j', '▲']].forEach(function (it) {
        var bb = b[it[0]], on = input[it[0]];
        c.fillStyle = on ? 'rgba(94,242,224,0.45)' : 'rgba(255,255,255,0.14)';
        K.roundRect(c, bb.x, bb.y, bb.s, bb.s, 18); c.fill();
        K.text(c, it[1], bb.x + bb.s / 2, bb.y + bb.s / 2 + 1, 26, 'rgba(255,255,255,0.8)', 'center', '900', false);
      });
    }
  }

  K.init({ id: 'crystal-caverns', minW: 480, minH: 520, update: update, draw: draw, hud: hud, title: 'CRYSTAL CAVERNS', accent: '#5ef2e0', bannerY: 0.22 });
  loadLevel(0);
  if (K.thumb) {
    K.state = 'play'; hearts = 3;
    player.x = 15 * T; player.y = 6 * T; player.vy = -200;
    cam.x = 6 * T;
  } else {
    K.show({
      title: 'Crystal Caverns',
      text: 'Guide the explorer through glowing caves: grab every crystal, bounce on slimes, dodge the spikes and dive into the portal.',
      html: 'Move <kbd>←</kbd><kbd>→</kbd> / <kbd>A</kbd><kbd>D</kbd> · Jump <kbd>Space</kbd> / <kbd>↑</kbd> (hold for higher)<br>Touch: on-screen arrows, tap the right side to jump<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Explore', action: start }]
    });
  }
})();

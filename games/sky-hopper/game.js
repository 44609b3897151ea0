/* Sky Hopper - tap to flap a round little bird through floating garden gates. */
(function () {
  'use strict';
  var K = window.Kit;
  var bird, gates, coins, clouds, hills, speed, gap, spawnX, passed, alive, groundY, flapT;

  /* Medals the catalog declares for this game (games/catalog.json); the SDK sends each once a page. */
  function medal(id) {
    if (window.PlayFree && window.PlayFree.unlockMedal) window.PlayFree.unlockMedal(id);
  }

  function reset() {
    groundY = K.h - 70;
    bird = { x: K.w * 0.3, y: K.h * 0.45, vy: 0, r: 17, rot: 0 };
    gates = []; coins = []; passed = 0; alive = true; flapT = 0;
    speed = 190; gap = 190;
    spawnX = K.w + 100;
    if (!clouds) {
      clouds = []; hills = [];
      for (var i = 0; i < 7; i++) clouds.push({ x: Math.random() * K.w, y: K.rand(20, K.h * 0.5), s: K.rand(0.6, 1.4) });
      for (var j = 0; j < 8; j++) hills.push({ x: j * 160, r: K.rand(90, 150) });
    }
  }

  function start() { reset(); K.begin(); K.clearFx(); flap(); }

  function flap() {
    if (K.state !== 'play' || !alive) return;
    bird.vy = -330;
    flapT = 0.2;
    K.tone(520, 0.09, { type: 'triangle', vol: 0.12, slide: 880 });
    K.burst(bird.x - 10, bird.y + 8, { n: 4, color: '#fff', speed: 80, angle: Math.PI * 0.75, spread: 0.5, life: 0.3, size: 3 });
  }

  function addGate() {
    var margin = 70;
    var gy = K.rand(margin + gap / 2, groundY - margin - gap / 2);
    var moving = K.level >= 3 && Math.random() < 0.35;
    gates.push({ x: spawnX, y: gy, baseY: gy, w: 70, gap: gap, done: false, moving: moving, ph: Math.random() * 6 });
    if (Math.random() < 0.6) coins.push({ x: spawnX + 35, y: gy, t: 0 });
  }

  function die() {
    if (!alive || K.thumb) return;
    alive = false;
    K.shake(14); K.flash('#fff', 0.5); K.sfx.hit();
    K.burst(bird.x, bird.y, { n: 30, color: ['#ffd23f', '#ff9f1c', '#fff'], speed: 300, life: 0.8, size: 5, shape: 'star' });
    var res = K.end(K.score);
    setTimeout(K.sfx.lose, 300);
    setTimeout(function () {
      K.show({
        title: 'Bump!',
        html: '<div class="big">' + K.score + '</div><p>Gates passed: <b>' + passed + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>',
        buttons: [{ label: 'Fly again', action: start }]
      });
    }, 1000);
  }

  function update(dt) {
    if (!bird) return;
    var sp = K.state === 'play' && alive ? speed : (K.state === 'title' ? 120 : 0);
    clouds.forEach(function (c) { c.x -= sp * 0.2 * c.s * dt; if (c.x < -150) { c.x = K.w + 100; c.y = K.rand(20, K.h * 0.5); } });
    hills.forEach(function (h) { h.x -= sp * 0.45 * dt; if (h.x < -200) h.x += 8 * 160; });
    if (K.state === 'title') { bird.y = K.h * 0.45 + Math.sin(K.time * 3) * 14; return; }
    if (K.state !== 'play' && alive) return;
    flapT = Math.max(0, flapT - dt);
    if (K.thumb && bird.y > K.h * 0.42 && bird.vy > 0) flap();
    bird.vy = Math.min(bird.vy + 980 * dt, 620);
    bird.y += bird.vy * dt;
    bird.rot = K.clamp(bird.vy / 600, -0.5, 1.2);
    if (bird.y > groundY - bird.r) { bird.y = groundY - bird.r; if (alive) die(); bird.vy = 0; }
    if (bird.y < bird.r) { bird.y = bird.r; bird.vy = 0; }
    if (!alive) return;
    speed = Math.min(330, 190 + passed * 3.5);
    gap = Math.max(135, 190 - passed * 2);
    spawnX -= sp * dt;
    if (spawnX < K.w + 80) { addGate(); spawnX += Math.max(220, 300 - passed * 2); }
    for (var i = gates.length - 1; i >= 0; i--) {
      var g = gates[i];
      g.x -= sp * dt;
      if (g.moving) { g.ph += dt * 1.6; g.y = g.baseY + Math.sin(g.ph) * 45; g.y = K.clamp(g.y, 60 + g.gap / 2, groundY - 60 - g.gap / 2); }
      if (g.x < -100) { gates.splice(i, 1); continue; }
      // collision with the two pillars
      var inX = bird.x + bird.r - 4 > g.x && bird.x - bird.r + 4 < g.x + g.w;
      if (inX && (bird.y - bird.r + 4 < g.y - g.gap / 2 || bird.y + bird.r - 4 > g.y + g.gap / 2)) { die(); return; }
      if (!g.done && g.x + g.w < bird.x) {
        g.done = true; passed++;
        K.addScore(1);
        if (passed === 1) medal('lift-off');
        if (passed === 10) medal('frequent-flyer');
        if (passed === 50) medal('cloud-nine');
        K.tone(880, 0.08, { type: 'square', vol: 0.07 });
        if (passed % 10 === 0) { K.setLevel(K.level + 1); K.sfx.power(); K.happy(); K.floatText(K.w / 2, K.h * 0.3, 'LEVEL ' + K.level, { color: '#ffd23f', size: 40, life: 1.4 }); }
      }
    }
    for (var j = coins.length - 1; j >= 0; j--) {
      var cn = coins[j];
      cn.x -= sp * dt; cn.t += dt;
      var gg = gates.filter(function (q) { return Math.abs(q.x + 35 - cn.x) < 2; })[0];
      if (gg) cn.y = gg.y;
      if (cn.x < -30) { coins.splice(j, 1); continue; }
      if (K.dist(cn.x, cn.y, bird.x, bird.y) < bird.r + 14) {
        coins.splice(j, 1);
        K.addScore(3);
        medal('shiny');
        K.sfx.coin();
        K.floatText(cn.x, cn.y - 20, '+3', { color: '#ffd23f' });
        K.burst(cn.x, cn.y, { n: 12, color: ['#ffd23f', '#fff'], speed: 180, life: 0.5, size: 3, shape: 'star' });
      }
    }
  }

  function drawCloud(c, x, y, s) {
    c.fillStyle = 'rgba(255,255,255,0.9)';
    c.beginPath();
    c.arc(x, y, 26 * s, 0, Math.PI * 2); c.arc(x + 28 * s, y - 12 * s, 32 * s, 0, Math.PI * 2); c.arc(x + 60 * s, y, 24 * s, 0, Math.PI * 2);
    c.fill();
  }

  function drawGate(c, g) {
    var top = g.y - g.gap / 2, bot = g.y + g.gap / 2;
    var grd = c.createLinearGradient(g.x, 0, g.x + g.w, 0);
    grd.addColorStop(0, '#e76f51'); grd.addColorStop(0.4, '#f4a261'); grd.addColorStop(1, '#d1495b');
    c.fillStyle = grd;
    K.roundRect(c, g.x, -20, g.w, top + 20, 10); c.fill();
    K.roundRect(c, g.x, bot, g.w, groundY - bot + 10, 10); c.fill();
    c.fillStyle = '#2a9d8f';
    K.roundRect(c, g.x - 8, top - 26, g.w + 16, 26, 10); c.fill();
    K.roundRect(c, g.x - 8, bot, g.w + 16, 26, 10); c.fill();
    c.fillStyle = 'rgba(255,255,255,0.25)';
    c.fillRect(g.x + 8, -20, 8, top - 6); c.fillRect(g.x + 8, bot + 26, 8, groundY - bot - 26);
    // flowers on the caps
    c.fillStyle = '#ffd23f';
    c.beginPath(); c.arc(g.x + 14, top - 28, 5, 0, Math.PI * 2); c.arc(g.x + g.w - 14, bot + 2, 5, 0, Math.PI * 2); c.fill();
  }

  function drawBird(c) {
    c.save();
    c.translate(bird.x, bird.y);
    c.rotate(bird.rot);
    c.fillStyle = '#ffb703';
    c.beginPath(); c.arc(0, 0, bird.r, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#ffe08a';
    c.beginPath(); c.ellipse(-2, 6, bird.r * 0.7, bird.r * 0.5, 0, 0, Math.PI * 2); c.fill();
    // wing
    var wing = flapT > 0 ? -0.9 : Math.sin(K.time * 16) * 0.3;
    c.save(); c.translate(-6, 2); c.rotate(wing);
    c.fillStyle = '#fb8500';
    c.beginPath(); c.ellipse(-6, 0, 11, 7, 0, 0, Math.PI * 2); c.fill();
    c.restore();
    c.fillStyle = '#fff';
    c.beginPath(); c.arc(7, -6, 7, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#1b1b1b';
    c.beginPath(); c.arc(9, -6, alive ? 3.5 : 1.5, 0, Math.PI * 2); c.fill();
    c.fillStyle = '#e63946';
    c.beginPath(); c.moveTo(13, 0); c.lineTo(25, 3); c.lineTo(13, 8); c.closePath(); c.fill();
    c.fillStyle = 'rgba(255,100,120,0.4)';
    c.beginPath(); c.arc(4, 4, 4, 0, Math.PI * 2); c.fill();
    c.restore();
  }

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#5eb8f2'); grd.addColorStop(0.75, '#bfe6ff'); grd.addColorStop(1, '#fff1d6');
    c.fillStyle = grd;
    c.fillRect(-30, -30, K.w + 60, K.h + 60);
    if (!bird) return;
    clouds.forEach(function (cl) { drawCloud(c, cl.x, cl.y, cl.s); });
    c.fillStyle = '#9bd58a';
    hills.forEach(function (h) { c.beginPath(); c.arc(h.x, groundY + 20, h.r, Math.PI, 0); c.fill(); });
    gates.forEach(function (g) { drawGate(c, g); });
    coins.forEach(function (cn) {
      var sx = Math.abs(Math.cos(cn.t * 4));
      c.save(); c.translate(cn.x, cn.y); c.scale(Math.max(0.15, sx), 1);
      c.fillStyle = '#ffd23f'; c.beginPath(); c.arc(0, 0, 12, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#f4a100'; c.beginPath(); c.arc(0, 0, 7, 0, Math.PI * 2); c.fill();
      c.restore();
    });
    // ground
    c.fillStyle = '#6abf4b';
    c.fillRect(-30, groundY, K.w + 60, K.h - groundY + 30);
    c.fillStyle = '#4f9a35';
    var off = (K.time * (K.state === 'play' && alive ? speed : 60)) % 40;
    for (var x = -off; x < K.w + 40; x += 40) { c.beginPath(); c.moveTo(x, groundY); c.lineTo(x + 20, groundY); c.lineTo(x + 10, groundY + 12); c.fill(); }
    c.fillStyle = '#d9a066';
    c.fillRect(-30, groundY + 22, K.w + 60, K.h);
    drawBird(c);
  }

  function hud(c) {
    if (K.state !== 'play' || !bird) return;
    K.text(c, String(K.score), K.w / 2, 60, 56, '#fff');
  }

  K.onDown(function () { flap(); });
  K.onKey(function (code) { if (code === 'Space' || code === 'ArrowUp' || code === 'KeyW' || code === 'Enter') flap(); });

  K.init({ id: 'sky-hopper', minW: 420, minH: 600, update: update, draw: draw, hud: hud, title: 'SKY HOPPER', accent: '#ffd23f', bannerStroke: '#e76f51', bannerY: 0.2,
    onResize: function () { if (K.state !== 'play') reset(); else groundY = K.h - 70; } });
  reset();
  if (K.thumb) {
    K.state = 'play';
    spawnX = K.w * 0.5; addGate(); spawnX = K.w * 0.9; addGate();
    gates[0].y = bird.y + 30;
    coins = [{ x: K.w * 0.5 + 35, y: gates[0].y, t: 0 }];
    bird.vy = -300;
  } else {
    K.show({
      title: 'Sky Hopper',
      text: 'Flap through the garden gates, collect shiny coins and see how far you can fly!',
      html: 'Tap, click, or press <kbd>Space</kbd> / <kbd>↑</kbd> to flap.<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Fly!', action: start }]
    });
  }
})();

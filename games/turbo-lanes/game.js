/* Turbo Lanes - top-down highway racer: weave through traffic, grab fuel cans, chain near misses. */
(function () {
  'use strict';
  var K = window.Kit;
  var LANES = 4;
  var CAR_COLS = ['#4cc9f0', '#80ed99', '#c77dff', '#ffd23f', '#f1f1f1', '#ff8fab', '#90a4ae'];
  var bonus = 0;
  var road, car, traffic, items, scroll, speed, dist, spawnT, itemT, nearT, fuel, trees, steerX = null, nitro;

  function roadGeo() {
    var w = Math.min(K.w - 40, 440);
    return { x: (K.w - w) / 2, w: w, lane: w / LANES };
  }

  function reset() {
    road = roadGeo();
    car = { x: road.x + road.lane * 1.5, vx: 0, y: K.h - 120, w: 40, h: 74, tilt: 0, crashed: false };
    traffic = []; items = [];
    scroll = 0; speed = 380; dist = 0; bonus = 0; spawnT = 1; itemT = 3; nearT = 0; fuel = 1; nitro = 0;
    trees = [];
    for (var i = 0; i < 24; i++) trees.push({ side: i % 2, y: Math.random() * K.h, s: K.rand(0.7, 1.3), off: K.rand(10, 60), k: Math.random() < 0.3 ? 'bush' : 'tree' });
  }

  function start() { reset(); K.begin(); K.clearFx(); }

  function laneX(l) { return road.x + road.lane * (l + 0.5); }

  function spawnCar() {
    var lane = K.randi(0, LANES - 1);
    var blocked = traffic.some(function (t) { return t.lane === lane && t.y < 120; });
    if (blocked) return;
    // always leave one lane open in the spawn band
    var band = traffic.filter(function (t) { return t.y < 60; }).map(function (t) { return t.lane; });
    if (band.length >= LANES - 1) return;
    var truck = Math.random() < 0.18;
    traffic.push({ lane: lane, x: laneX(lane), y: -120, w: truck ? 48 : 40, h: truck ? 120 : 72, v: K.rand(120, 220) * (truck ? 0.7 : 1), col: truck ? '#e76f51' : K.pick(CAR_COLS), truck: truck, passed: false, change: Math.random() < 0.15 + K.level * 0.02 ? K.rand(0.5, 2) : -1 });
  }

  function crash() {
    if (K.thumb) return;
    car.crashed = true;
    K.shake(22);
    K.flash('#ff4d6d', 0.4);
    K.sfx.boom();
    K.burst(car.x, car.y, { n: 70, color: ['#ff4d6d', '#ffd23f', '#fff', '#555'], speed: 500, life: 1, size: 5, shape: 'square' });
    var score = Math.floor(K.score);
    var res = K.end(score);
    setTimeout(function () {
      K.show({
        title: fuel <= 0 ? 'Out of fuel!' : 'Crash!',
        html: '<div class="big">' + score + '</div><p>Distance <b>' + (dist / 1000).toFixed(2) + ' km</b> · Top speed <b>' + Math.round(speed / 3) + ' km/h</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>',
        buttons: [{ label: 'Race again', action: start }]
      });
    }, 1000);
  }

  function update(dt) {
    if (!road) return;
    var running = K.state === 'play' && !car.crashed;
    var spd = running ? speed * (nitro > 0 ? 1.5 : 1) : (K.state === 'title' ? 300 : 0);
    scroll = (scroll + spd * dt) % 80;
    trees.forEach(function (t) { t.y += spd * dt; if (t.y > K.h + 60) { t.y = -60; t.off = K.rand(10, 60); } });
    if (!running) return;
    // difficulty
    speed = Math.min(1150, speed + dt * 9);
    var lvl = 1 + Math.floor(dist / 800);
    if (lvl !== K.level) { K.setLevel(lvl); K.floatText(K.w / 2, K.h * 0.35, 'STAGE ' + lvl, { color: '#ff9f1c', size: 36, life: 1.4 }); K.sfx.power(); }
    dist += spd * dt * 0.05;
    K.setScore(Math.floor(dist / 2) + bonus);
    nitro = Math.max(0, nitro - dt);
    fuel -= dt * (0.028 + K.level * 0.003);
    if (fuel <= 0) { fuel = 0; crash(); return; }
    // steering
    var dir = (K.key('ArrowRight', 'KeyD') ? 1 : 0) - (K.key('ArrowLeft', 'KeyA') ? 1 : 0);
    var ax;
    if (dir) { steerX = null; ax = dir * 3200; }
    else if (steerX !== null) ax = K.clamp((steerX - car.x) * 40 - car.vx * 8, -3600, 3600);
    else ax = -car.vx * 10;
    car.vx = K.clamp(car.vx + ax * dt, -560, 560);
    if (dir === 0 && steerX === null) car.vx *= Math.pow(0.0005, dt);
    car.x += car.vx * dt;
    var minX = road.x + car.w / 2 + 4, maxX = road.x + road.w - car.w / 2 - 4;
    if (car.x < minX || car.x > maxX) {
      car.x = K.clamp(car.x, minX, maxX); car.vx *= -0.3;
      K.shake(4); K.noise(0.1, { vol: 0.15, freq: 600 });
      speed = Math.max(300, speed - 40);
    }
    car.tilt = K.lerp(car.tilt, car.vx / 1400, Math.min(1, dt * 10));
    // traffic
    spawnT -= dt;
    if (spawnT <= 0) { spawnCar(); spawnT = Math.max(0.28, 1.0 - K.level * 0.08) * (380 / speed) * 1.6; }
    for (var i = traffic.length - 1; i >= 0; i--) {
      var t = traffic[i];
      t.y += (spd - t.v) * dt;
      if (t.change > 0) {
        t.change -= dt;
        if (t.change <= 0) { t.lane = K.clamp(t.lane + (Math.random() < 0.5 ? -1 : 1), 0, LANES - 1); }
      }
      t.x += (laneX(t.lane) - t.x) * Math.min(1, dt * 3);
      if (t.y > K.h + 150) { traffic.splice(i, 1); continue; }
      var dx = Math.abs(t.x - car.x), dy = Math.abs(t.y - car.y);
      if (dx < (t.w + car.w) / 2 - 6 && dy < (t.h + car.h) / 2 - 8) { crash(); return; }
      if (!t.passed && t.y > car.y + car.h / 2) {
        t.passed = true;
        if (dx < (t.w + car.w) / 2 + 22) {
          nearT++;
          var nb = 25 * Math.min(5, nearT);
          bonus += nb;
          K.floatText(car.x, car.y - 60, 'NEAR MISS +' + nb, { color: '#ffd23f', size: 20 });
          K.tone(880 + nearT * 60, 0.08, { type: 'square', vol: 0.08 });
          if (nearT % 5 === 0) K.happy();
        }
      }
    }
    // items
    itemT -= dt;
    if (itemT <= 0) {
      itemT = K.rand(2.5, 5);
      items.push({ lane: K.randi(0, LANES - 1), y: -40, kind: Math.random() < 0.7 ? 'fuel' : 'nitro' });
    }
    for (var j = items.length - 1; j >= 0; j--) {
      var it = items[j];
      it.y += spd * dt;
      if (it.y > K.h + 40) { items.splice(j, 1); continue; }
      if (Math.abs(laneX(it.lane) - car.x) < 36 && Math.abs(it.y - car.y) < 50) {
        items.splice(j, 1);
        if (it.kind === 'fuel') { fuel = Math.min(1, fuel + 0.35); K.floatText(car.x, car.y - 50, 'FUEL', { color: '#80ed99' }); K.sfx.coin(); }
        else { nitro = 2.5; K.floatText(car.x, car.y - 50, 'NITRO!', { color: '#4cc9f0', size: 28 }); K.sfx.power(); K.shake(6); }
        K.burst(car.x, car.y - 30, { n: 18, color: it.kind === 'fuel' ? '#80ed99' : '#4cc9f0', speed: 250, life: 0.5, size: 4, shape: 'star' });
      }
    }
    if (nitro > 0) K.burst(car.x + K.rand(-10, 10), car.y + car.h / 2, { n: 2, color: ['#4cc9f0', '#fff'], speed: 120, angle: Math.PI / 2, spread: 0.4, life: 0.3, size: 4 });
    else if (Math.random() < 0.3) K.burst(car.x + K.rand(-12, 12), car.y + car.h / 2, { n: 1, color: 'rgba(200,200,200,0.5)', speed: 60, angle: Math.PI / 2, spread: 0.5, life: 0.4, size: 3 });
  }

  function drawCar(c, x, y, w, h, col, tilt, player, truck) {
    c.save();
    c.translate(x, y);
    c.rotate(tilt || 0);
    c.fillStyle = 'rgba(0,0,0,0.3)';
    K.roundRect(c, -w / 2 + 4, -h / 2 + 6, w, h, 10); c.fill();
    c.fillStyle = col;
    K.roundRect(c, -w / 2, -h / 2, w, h, truck ? 6 : 12); c.fill();
    if (truck) {
      c.fillStyle = '#f4f1de'; K.roundRect(c, -w / 2 + 3, -h / 2 + 34, w - 6, h - 38, 4); c.fill();
      c.fillStyle = '#264653'; K.roundRect(c, -w / 2 + 6, -h / 2 + 6, w - 12, 14, 3); c.fill();
    } else {
      c.fillStyle = 'rgba(20,30,50,0.85)';
      K.roundRect(c, -w / 2 + 6, -h * 0.22, w - 12, h * 0.2, 4); c.fill();
      K.roundRect(c, -w / 2 + 7, h * 0.18, w - 14, h * 0.14, 4); c.fill();
      c.fillStyle = 'rgba(255,255,255,0.25)';
      K.roundRect(c, -w / 2 + 8, -h / 2 + 6, 6, h - 12, 3); c.fill();
    }
    if (player) {
      c.fillStyle = '#fff';
      c.fillRect(-4, -h / 2, 8, h);
      c.fillStyle = '#fff7b0';
      c.beginPath(); c.arc(-w / 2 + 8, -h / 2 + 4, 4, 0, Math.PI * 2); c.arc(w / 2 - 8, -h / 2 + 4, 4, 0, Math.PI * 2); c.fill();
    }
    c.fillStyle = '#ff3b3b';
    c.fillRect(-w / 2 + 4, h / 2 - 4, 8, 3); c.fillRect(w / 2 - 12, h / 2 - 4, 8, 3);
    c.restore();
  }

  function draw(c) {
    c.fillStyle = '#3f8f3a';
    c.fillRect(-30, -30, K.w + 60, K.h + 60);
    if (!road) return;
    // grass stripes
    c.fillStyle = '#47a141';
    for (var gy = -80 + scroll * 2 % 160; gy < K.h; gy += 160) c.fillRect(0, gy, K.w, 80);
    trees.forEach(function (t) {
      var x = t.side ? road.x + road.w + 24 + t.off : road.x - 24 - t.off;
      if (x < -40 || x > K.w + 40) return;
      c.fillStyle = 'rgba(0,0,0,0.2)'; c.beginPath(); c.arc(x + 6, t.y + 8, 22 * t.s, 0, Math.PI * 2); c.fill();
      c.fillStyle = t.k === 'bush' ? '#2d6a2d' : '#1f5c2a';
      c.beginPath(); c.arc(x, t.y, 22 * t.s, 0, Math.PI * 2); c.fill();
      c.fillStyle = t.k === 'bush' ? '#3c8d3c' : '#2f7d3a';
      c.beginPath(); c.arc(x - 5 * t.s, t.y - 5 * t.s, 13 * t.s, 0, Math.PI * 2); c.fill();
    });
    // road
    c.fillStyle = '#3b3b46';
    c.fillRect(road.x, -10, road.w, K.h + 20);
    // rumble strips
    for (var ry = -40 + scroll % 40; ry < K.h + 40; ry += 40) {
      c.fillStyle = Math.floor((ry - scroll % 40) / 40) % 2 ? '#fff' : '#ff4d6d';
      c.fillRect(road.x - 10, ry, 10, 20); c.fillRect(road.x + road.w, ry, 10, 20);
      c.fillStyle = Math.floor((ry - scroll % 40) / 40) % 2 ? '#ff4d6d' : '#fff';
      c.fillRect(road.x - 10, ry + 20, 10, 20); c.fillRect(road.x + road.w, ry + 20, 10, 20);
    }
    c.fillStyle = 'rgba(255,255,255,0.7)';
    for (var l = 1; l < LANES; l++) {
      var lx = road.x + road.lane * l - 3;
      for (var y = -80 + scroll; y < K.h + 80; y += 80) c.fillRect(lx, y, 6, 40);
    }
    // items
    items.forEach(function (it) {
      var x = laneX(it.lane);
      c.save(); c.translate(x, it.y);
      var bob = Math.sin(K.time * 6) * 3;
      if (it.kind === 'fuel') {
        c.fillStyle = '#2a9d8f'; K.roundRect(c, -14, -18 + bob, 28, 34, 6); c.fill();
        c.fillStyle = '#80ed99'; K.roundRect(c, -8, -24 + bob, 12, 8, 3); c.fill();
        K.text(c, 'F', 0, 0 + bob, 18, '#fff', 'center', '900', false);
      } else {
        c.fillStyle = '#4cc9f0'; c.shadowColor = '#4cc9f0'; c.shadowBlur = 14;
        c.beginPath(); c.moveTo(-6, -20 + bob); c.lineTo(10, -4 + bob); c.lineTo(0, -2 + bob); c.lineTo(6, 18 + bob); c.lineTo(-10, 0 + bob); c.lineTo(0, -2 + bob); c.closePath(); c.fill();
      }
      c.restore();
    });
    traffic.forEach(function (t) { drawCar(c, t.x, t.y, t.w, t.h, t.col, (laneX(t.lane) - t.x) * -0.004, false, t.truck); });
    if (car && !car.crashed) {
      if (nitro > 0) { c.fillStyle = 'rgba(76,201,240,0.25)'; c.beginPath(); c.ellipse(car.x, car.y, 36, 56, 0, 0, Math.PI * 2); c.fill(); }
      drawCar(c, car.x, car.y, car.w, car.h, '#ff3b5c', car.tilt, true, false);
    }
    // speed lines
    if (K.state === 'play' && (speed > 700 || nitro > 0)) {
      c.strokeStyle = 'rgba(255,255,255,0.25)'; c.lineWidth = 2;
      for (var s = 0; s < 8; s++) { var sx = (s * 97 + K.time * 50) % K.w, sy = (K.time * 1600 + s * 131) % K.h; c.beginPath(); c.moveTo(sx, sy); c.lineTo(sx, sy + 60); c.stroke(); }
    }
  }

  function hud(c) {
    if (K.state !== 'play' || !car) return;
    c.fillStyle = 'rgba(0,0,0,0.4)';
    K.roundRect(c, 10, 10, 150, 74, 14); c.fill();
    K.text(c, String(Math.floor(K.score)), 22, 32, 24, '#fff', 'left');
    K.text(c, Math.round(speed * (nitro > 0 ? 1.5 : 1) / 3) + ' km/h', 22, 58, 15, '#ff9f1c', 'left', '700');
    // fuel gauge
    c.fillStyle = 'rgba(255,255,255,0.2)'; K.roundRect(c, 20, 70, 130, 8, 4); c.fill();
    c.fillStyle = fuel < 0.25 && Math.floor(K.time * 4) % 2 ? '#ff4d6d' : '#80ed99';
    K.roundRect(c, 20, 70, 130 * fuel, 8, 4); c.fill();
  }

  K.onDown(function (p) { steerX = p.x; });
  K.onMove(function (p) { if (p.down || p.type === 'mouse') steerX = p.x; });

  K.init({ id: 'turbo-lanes', minW: 420, minH: 600, update: update, draw: draw, hud: hud, title: 'TURBO LANES', accent: '#ff9f1c', bannerY: 0.3,
    onResize: function () { if (K.state !== 'play') reset(); else { var o = road; road = roadGeo(); car.x += road.x - o.x; traffic.forEach(function (t) { t.x += road.x - o.x; }); } } });
  reset();
  if (K.thumb) {
    K.state = 'play'; speed = 700;
    [[0, 40], [2, -30], [3, 120], [1, 300]].forEach(function (a) { traffic.push({ lane: a[0], x: laneX(a[0]), y: a[1], w: 40, h: 72, v: 150, col: K.pick(CAR_COLS), truck: false, passed: false, change: -1 }); });
    items.push({ lane: 2, y: 190, kind: 'nitro' });
    car.x = laneX(2); car.y = K.h - 70; nitro = 1;
  } else {
    K.show({
      title: 'Turbo Lanes',
      text: 'Weave through highway traffic as fast as you dare. Scrape past cars for near-miss bonuses and grab fuel before the tank runs dry!',
      html: 'Steer: <kbd>←</kbd><kbd>→</kbd> / <kbd>A</kbd><kbd>D</kbd>, move the mouse, or drag left and right.<br>F = fuel · lightning = nitro<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [{ label: 'Start engine', action: start }]
    });
  }
})();

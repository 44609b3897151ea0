/* Paddle Duel - neon two-player paddle game: one device, vs CPU, or online (PlayFree.multiplayer: the host,
 * seat 1 on the left, runs the ball and sends it 20 times a second; the friend sends its paddle as often). */
(function () {
  'use strict';
  var K = window.Kit;
  var WIN = 7;
  var C1 = '#39f3ff', C2 = '#ff4fa3';
  var mode = 'cpu';
  var g = null; // match state
  var MP = window.PlayFree && window.PlayFree.multiplayer;
  /* Until the portal says whether this player may play online, the title card keeps an invisible
     'Play online' in its place: the card does not grow a row as the answer comes (layout shift). */
  var onlinePending = !!MP && window.parent !== window;
  /* Online: am I the host, the friend's paddle (share of the height), the host's last state, the 20-a-second sender, friend away. */
  var net = { host: true, peerY: 0.5, last: null, timer: 0, away: false };
  var mine = function () { return mode === 'online' && !net.host ? 2 : 1; };

  function newMatch(m) {
    mode = m;
    g = {
      s1: 0, s2: 0, rally: 0, longest: 0, hits: 0,
      p1: { y: K.h / 2, vy: 0, target: null, glow: 0 },
      p2: { y: K.h / 2, vy: 0, target: null, glow: 0 },
      ball: { x: K.w / 2, y: K.h / 2, vx: 0, vy: 0, r: 11, trail: [] },
      serveT: 1.2, serveDir: Math.random() < 0.5 ? -1 : 1, point: 0, over: false, cpuErr: 0
    };
    K.begin();
    K.clearFx();
    resetBall();
  }

  function padH() { return Math.max(84, Math.min(150, K.h * 0.2)); }
  function padX(side) { return side === 1 ? 36 : K.w - 36; }

  function resetBall() {
    var b = g.ball;
    b.x = K.w / 2; b.y = K.h / 2; b.vx = 0; b.vy = 0; b.trail.length = 0;
    g.serveT = 1.1;
    g.rally = 0;
  }

  function serve() {
    var b = g.ball;
    var sp = (430 + Math.min(120, (g.s1 + g.s2) * 12)) * K.clamp(K.w / 800, 0.7, 1.2);
    var a = K.rand(-0.45, 0.45);
    b.vx = Math.cos(a) * sp * g.serveDir;
    b.vy = Math.sin(a) * sp;
    K.tone(520, 0.1, { type: 'triangle', vol: 0.12 });
  }

  function movePaddle(p, up, down, dt) {
    var h = padH();
    var accel = 5200, maxV = 900;
    if (p.target !== null) {
      var dy = p.target - p.y;
      p.vy = K.clamp(dy * 14, -1400, 1400);
    } else if (up || down) {
      p.vy += (down ? 1 : -1) * accel * dt;
      p.vy = K.clamp(p.vy, -maxV, maxV);
    } else {
      p.vy *= Math.pow(0.001, dt);
    }
    p.y += p.vy * dt;
    if (p.y < h / 2 + 8) { p.y = h / 2 + 8; p.vy = 0; }
    if (p.y > K.h - h / 2 - 8) { p.y = K.h - h / 2 - 8; p.vy = 0; }
    p.glow = Math.max(0, p.glow - dt * 3);
  }

  function cpu(dt) {
    var p = g.p2, b = g.ball;
    var skill = Math.min(1, 0.55 + g.rally * 0.03 + g.s1 * 0.05);
    var aim = K.h / 2;
    if (b.vx > 0) {
      // predict
      var t = (padX(2) - b.x) / b.vx;
      var y = b.y + b.vy * t;
      var top = b.r, bot = K.h - b.r, span = bot - top;
      y -= top;
      y = ((y % (2 * span)) + 2 * span) % (2 * span);
      if (y > span) y = 2 * span - y;
      aim = y + top + g.cpuErr;
    }
    var maxV = 380 + skill * 480;
    var dy = aim - p.y;
    p.vy = K.clamp(dy * 8, -maxV, maxV);
    p.target = null;
    p.y += p.vy * dt;
    var h = padH();
    p.y = K.clamp(p.y, h / 2 + 8, K.h - h / 2 - 8);
    p.glow = Math.max(0, p.glow - dt * 3);
  }

  function collide(p, side) {
    var b = g.ball, h = padH(), x = padX(side), pw = 14;
    var dir = side === 1 ? 1 : -1;
    if ((side === 1 && b.vx < 0 && b.x - b.r < x + pw / 2 && b.x > x - pw) ||
        (side === 2 && b.vx > 0 && b.x + b.r > x - pw / 2 && b.x < x + pw)) {
      if (b.y > p.y - h / 2 - b.r && b.y < p.y + h / 2 + b.r) {
        var off = (b.y - p.y) / (h / 2); // -1..1
        var sp = Math.min(1350 * K.clamp(K.w / 800, 0.7, 1.2), Math.sqrt(b.vx * b.vx + b.vy * b.vy) * 1.05 + 8);
        var ang = off * 1.0 + K.clamp(p.vy / 3000, -0.25, 0.25);
        b.vx = Math.cos(ang) * sp * dir;
        b.vy = Math.sin(ang) * sp;
        b.x = x + dir * (pw / 2 + b.r);
        p.glow = 1;
        g.rally++;
        g.hits++;
        g.cpuErr = K.rand(-1, 1) * Math.max(8, 70 - g.rally * 3);
        if (g.rally > g.longest) g.longest = g.rally;
        K.setScore(g.hits);
        var col = side === 1 ? C1 : C2;
        K.burst(b.x, b.y, { n: 16 + Math.min(20, g.rally), color: [col, '#fff'], speed: 320, angle: side === 1 ? 0 : Math.PI, spread: 1.2, life: 0.5, size: 3.5 });
        K.shake(Math.min(10, 2 + sp / 250));
        K.tone(300 + Math.min(g.rally, 24) * 25, 0.09, { type: 'square', vol: 0.12 });
        if (g.rally > 0 && g.rally % 10 === 0) {
          K.floatText(K.w / 2, K.h * 0.3, g.rally + ' HIT RALLY!', { color: '#ffd23f', size: 34, life: 1.3 });
          K.sfx.power();
          K.happy();
        }
      }
    }
  }

  function goal(scorer) {
    var b = g.ball;
    var col = scorer === 1 ? C1 : C2;
    K.burst(b.x, b.y, { n: 60, color: [col, '#fff', '#ffd23f'], speed: 600, life: 1, size: 5, shape: 'square' });
    K.shake(16);
    K.flash(col, 0.25);
    K.sfx.boom();
    if (scorer === 1) g.s1++; else g.s2++;
    g.serveDir = scorer === 1 ? 1 : -1;
    g.point++;
    K.setLevel(g.point + 1);
    if (mode === 'cpu' && scorer === 1) K.happy();
    if (g.s1 >= WIN || g.s2 >= WIN) { finish(scorer); return; }
    resetBall();
  }

  function finish(winner) {
    g.over = true;
    var res = K.end(mode === 'cpu' ? g.s1 * 10 + g.longest : g.longest);
    var name = mode === 'cpu' ? (winner === 1 ? 'You win!' : 'CPU wins') : mode === 'online' ? (winner === mine() ? 'You win!' : 'Your friend wins') : 'Player ' + winner + ' wins!';
    if (winner === mine() || mode === '2p') { K.sfx.win(); K.happy(); } else K.sfx.lose();
    setTimeout(function () {
      K.show({
        title: name,
        html: '<div class="big"><span class="p1">' + g.s1 + '</span> : <span class="p2">' + g.s2 + '</span></div>' +
          '<p>Longest rally: <b>' + g.longest + '</b> &nbsp;·&nbsp; Score: <b>' + (mode === 'cpu' ? g.s1 * 10 + g.longest : g.longest) + '</b><br><span class="muted">Best: ' + res.best + (res.isNew ? ' — new record!' : '') + '</span></p>',
        buttons: [
          { label: 'Rematch', action: function () { if (mode === 'online') MP.send({ t: 'rematch' }); newMatch(mode); } },
          { label: 'Menu', action: title }
        ]
      });
    }, 900);
  }

  function update(dt) {
    if (K.state !== 'play' || !g || g.over) { demo(dt); return; }
    if (mode === 'online') {
      if (!net.host) { guestUpdate(dt); return; }
      if (net.away) return;
    }
    var up1 = K.key('KeyW'), dn1 = K.key('KeyS');
    if (mode === 'cpu') { up1 = up1 || K.key('ArrowUp'); dn1 = dn1 || K.key('ArrowDown'); }
    if (up1 || dn1) g.p1.target = null;
    if (K.thumb) g.p1.target = g.ball.y + 16;
    movePaddle(g.p1, up1, dn1, dt);
    if (mode === 'cpu') cpu(dt);
    else if (mode === 'online') g.p2.y += (net.peerY * K.h - g.p2.y) * Math.min(1, dt * 15);
    else {
      var up2 = K.key('ArrowUp'), dn2 = K.key('ArrowDown');
      if (up2 || dn2) g.p2.target = null;
      movePaddle(g.p2, up2, dn2, dt);
    }
    var b = g.ball;
    if (g.serveT > 0) {
      g.serveT -= dt;
      b.y = K.h / 2;
      if (g.serveT <= 0) serve();
      return;
    }
    var steps = 3;
    for (var i = 0; i < steps; i++) {
      b.x += b.vx * dt / steps;
      b.y += b.vy * dt / steps;
      if (b.y < b.r) { b.y = b.r; b.vy = Math.abs(b.vy); wallHit(); }
      if (b.y > K.h - b.r) { b.y = K.h - b.r; b.vy = -Math.abs(b.vy); wallHit(); }
      collide(g.p1, 1);
      collide(g.p2, 2);
    }
    b.trail.push({ x: b.x, y: b.y });
    if (b.trail.length > 14) b.trail.shift();
    if (b.x < -40) goal(2);
    else if (b.x > K.w + 40) goal(1);
  }

  /* ---- online ---- */
  function send() {
    var b = g.ball;
    if (net.host) MP.send({ t: 's', bx: b.x / K.w, by: b.y / K.h, vx: b.vx / K.w, vy: b.vy / K.h, y1: g.p1.y / K.h, s1: g.s1, s2: g.s2, rally: g.rally, serve: g.serveT > 0, dir: g.serveDir });
    else MP.send({ t: 'p', y: g.p2.y / K.h });
  }
  /* The friend's side: its own paddle, the ball and the host's paddle as the host last said, carried on meanwhile. */
  function guestUpdate(dt) {
    var up = K.key('ArrowUp') || K.key('KeyW'), dn = K.key('ArrowDown') || K.key('KeyS');
    if (up || dn) g.p2.target = null;
    movePaddle(g.p2, up, dn, dt);
    var s = net.last, b = g.ball;
    if (!s || net.away) return;
    s.age += dt;
    var ease = Math.min(1, dt * 20);
    b.x += ((s.bx + s.vx * s.age) * K.w - b.x) * ease;
    b.y = K.clamp(b.y + ((s.by + s.vy * s.age) * K.h - b.y) * ease, b.r, K.h - b.r);
    b.vx = s.vx; g.serveT = s.serve ? 1 : 0; g.serveDir = s.dir;
    g.p1.y += (s.y1 * K.h - g.p1.y) * Math.min(1, dt * 15);
    b.trail.push({ x: b.x, y: b.y });
    if (b.trail.length > 14) b.trail.shift();
  }
  function hostSaid(s) {
    s.age = 0;
    net.last = s;
    g.rally = s.rally; g.longest = Math.max(g.longest, s.rally);
    if (s.s1 === g.s1 && s.s2 === g.s2) return;
    var scorer = s.s1 > g.s1 ? 1 : 2;
    K.burst(g.ball.x, g.ball.y, { n: 60, color: [scorer === 1 ? C1 : C2, '#fff'], speed: 600, life: 1, size: 5, shape: 'square' });
    K.shake(16); K.sfx.boom();
    g.s1 = s.s1; g.s2 = s.s2; g.point = g.s1 + g.s2;
    K.setLevel(g.point + 1);
    if (g.s1 >= WIN || g.s2 >= WIN) finish(scorer);
  }
  function startOnline(room) {
    var me = room.players.filter(function (pl) { return pl.id === room.me; })[0];
    net.host = !me || me.seat === 1; net.last = null; net.away = false; net.peerY = 0.5;
    newMatch('online');
    /* On a clock, not per frame: a slow or busy device still sends 20 a second. */
    clearInterval(net.timer);
    net.timer = setInterval(function () { if (mode === 'online' && g && !g.over && K.state === 'play') send(); }, 50);
  }
  function onlineOver(titleText) {
    if (mode !== 'online') return;
    mode = 'cpu'; if (g) g.over = true;
    clearInterval(net.timer);
    K.state = 'title';
    K.show({ title: titleText, text: 'The match is over.', buttons: [{ label: 'Menu', action: title }] });
  }
  if (MP) {
    MP.onRoom(function (room) {
      if (room.players.length >= 2) { if (mode !== 'online') startOnline(room); }
      else if (mode !== 'online') { K.state = 'title'; K.show({ title: 'Waiting for a friend', text: 'Send the invite link below the game. The match starts when your friend opens it.', buttons: [{ label: 'Leave', action: function () { MP.leave(); title(); } }] }); }
    });
    MP.onPlayerJoin(function () { var room = MP.room(); if (room && room.players.length >= 2 && mode !== 'online') startOnline(room); });
    MP.onPlayerDrop(function () { net.away = true; });
    MP.onPlayerReturn(function () { net.away = false; });
    MP.onPlayerLeave(function () { onlineOver('Your friend left'); });
    MP.onClose(function (reason) { if (mode === 'online') onlineOver(reason === 'lost' ? 'Connection lost' : 'You left the room'); else if (K.state === 'title') title(); });
    MP.onMessage(function (m) {
      if (mode !== 'online' || !m || typeof m !== 'object' || !g) return;
      if (m.t === 's' && !net.host && typeof m.bx === 'number') hostSaid(m);
      else if (m.t === 'p' && net.host && typeof m.y === 'number') net.peerY = K.clamp(m.y, 0, 1);
      else if (m.t === 'rematch' && g.over) newMatch('online');
    });
  }

  function wallHit() {
    K.tone(200, 0.05, { type: 'square', vol: 0.07 });
    K.burst(g.ball.x, g.ball.y, { n: 6, color: '#9a8cff', speed: 150, life: 0.3, size: 2.5 });
  }

  // attract mode: two CPU paddles rallying behind the title
  var d = null;
  function demo(dt) {
    if (!d) d = { y1: K.h / 2, y2: K.h / 2, x: K.w / 2, y: K.h / 2, vx: 380, vy: 260 };
    d.x += d.vx * dt; d.y += d.vy * dt;
    if (d.y < 12 || d.y > K.h - 12) { d.vy *= -1; d.y = K.clamp(d.y, 12, K.h - 12); }
    if (d.x < 50) { d.vx = Math.abs(d.vx); d.vy = K.rand(-320, 320); }
    if (d.x > K.w - 50) { d.vx = -Math.abs(d.vx); d.vy = K.rand(-320, 320); }
    d.y1 += (d.y - d.y1) * Math.min(1, dt * 6);
    d.y2 += (d.y - d.y2) * Math.min(1, dt * 6);
  }

  function drawPaddle(c, x, y, col, glow) {
    var h = padH();
    c.save();
    c.shadowColor = col;
    c.shadowBlur = 18 + glow * 30;
    c.fillStyle = col;
    K.roundRect(c, x - 7 - glow * 2, y - h / 2, 14 + glow * 4, h, 7);
    c.fill();
    c.restore();
    c.fillStyle = 'rgba(255,255,255,0.7)';
    K.roundRect(c, x - 2, y - h / 2 + 8, 4, h - 16, 2);
    c.fill();
  }

  function draw(c) {
    var grd = c.createLinearGradient(0, 0, K.w, K.h);
    grd.addColorStop(0, '#120f33');
    grd.addColorStop(1, '#1d0b2e');
    c.fillStyle = grd;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    // grid
    c.strokeStyle = 'rgba(120,100,255,0.08)';
    c.lineWidth = 1;
    for (var gx = 0; gx < K.w; gx += 40) { c.beginPath(); c.moveTo(gx, 0); c.lineTo(gx, K.h); c.stroke(); }
    for (var gy = 0; gy < K.h; gy += 40) { c.beginPath(); c.moveTo(0, gy); c.lineTo(K.w, gy); c.stroke(); }
    // halves tint
    c.fillStyle = 'rgba(57,243,255,0.04)'; c.fillRect(0, 0, K.w / 2, K.h);
    c.fillStyle = 'rgba(255,79,163,0.04)'; c.fillRect(K.w / 2, 0, K.w / 2, K.h);
    // center line
    c.strokeStyle = 'rgba(255,255,255,0.25)';
    c.setLineDash([14, 14]);
    c.lineWidth = 4;
    c.beginPath(); c.moveTo(K.w / 2, 0); c.lineTo(K.w / 2, K.h); c.stroke();
    c.setLineDash([]);
    c.beginPath(); c.arc(K.w / 2, K.h / 2, 60, 0, Math.PI * 2); c.stroke();

    if (K.state === 'play' && g) {
      // scores
      c.globalAlpha = 0.9;
      K.text(c, String(g.s1), K.w / 2 - 60, 70, 60, C1);
      K.text(c, String(g.s2), K.w / 2 + 60, 70, 60, C2);
      c.globalAlpha = 1;
      drawPaddle(c, padX(1), g.p1.y, C1, g.p1.glow);
      drawPaddle(c, padX(2), g.p2.y, C2, g.p2.glow);
      var b = g.ball;
      for (var i = 0; i < b.trail.length; i++) {
        var t = b.trail[i];
        c.globalAlpha = (i / b.trail.length) * 0.5;
        c.fillStyle = b.vx > 0 ? C1 : C2;
        c.beginPath(); c.arc(t.x, t.y, b.r * (i / b.trail.length), 0, Math.PI * 2); c.fill();
      }
      c.globalAlpha = 1;
      c.save();
      c.shadowColor = '#fff'; c.shadowBlur = 20;
      c.fillStyle = '#fff';
      var pulse = g.serveT > 0 ? 1 + Math.sin(K.time * 14) * 0.2 : 1;
      c.beginPath(); c.arc(b.x, b.y, b.r * pulse, 0, Math.PI * 2); c.fill();
      c.restore();
      if (g.serveT > 0 && !g.over) {
        K.text(c, g.serveDir > 0 ? '→' : '←', K.w / 2, K.h / 2 + 46, 36, 'rgba(255,255,255,0.7)');
      }
    } else if (d) {
      c.globalAlpha = 0.6;
      drawPaddle(c, padX(1), d.y1, C1, 0);
      drawPaddle(c, padX(2), d.y2, C2, 0);
      c.fillStyle = '#fff';
      c.beginPath(); c.arc(d.x, d.y, 11, 0, Math.PI * 2); c.fill();
      c.globalAlpha = 1;
    }
  }

  function hud(c) {
    if (K.state !== 'play' || !g) return;
    var y = K.h - 22;
    K.text(c, mode === 'online' && net.away ? 'Friend reconnecting…' : 'Rally ' + g.rally, K.w / 2, y, 18, 'rgba(255,255,255,0.8)', 'center', '700');
    if (mode === '2p' && K.time < 4) {
      K.text(c, 'W / S', 70, K.h - 22, 16, C1, 'center', '700');
      K.text(c, '↑ / ↓', K.w - 70, K.h - 22, 16, C2, 'center', '700');
    }
  }

  // touch / mouse: each half of the screen steers its own paddle
  function point(p) {
    if (K.state !== 'play' || !g) return;
    if (mode === 'online') { if (net.host) g.p1.target = p.y; else g.p2.target = p.y; }
    else if (mode === 'cpu' || p.x < K.w / 2) g.p1.target = p.y;
    else g.p2.target = p.y;
  }
  K.onDown(point);
  K.onMove(function (p) { if (p.down || (p.type === 'mouse' && mode !== '2p')) point(p); });
  K.onUp(function (p) {
    if (!g || p.type === 'mouse') return;
    if (mode === 'online') { if (net.host) g.p1.target = null; else g.p2.target = null; }
    else if (mode === 'cpu' || p.x < K.w / 2) g.p1.target = null; else g.p2.target = null;
  });

  function title() {
    K.state = 'title';
    K.show({
      title: 'Paddle Duel',
      text: 'First to ' + WIN + ' wins. Angle shots with the paddle edge — every hit speeds the ball up!',
      html: '<span class="p1">Player 1:</span> <kbd>W</kbd> <kbd>S</kbd> or touch the left half<br><span class="p2">Player 2:</span> <kbd>↑</kbd> <kbd>↓</kbd> or touch the right half<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [
        { label: '2 Players', action: function () { newMatch('2p'); } },
        { label: 'vs CPU', cls: 'pink', action: function () { newMatch('cpu'); } }
      ].concat(MP && MP.isAvailable() ? [{ label: 'Play online', action: function () { MP.createRoom({ maxPlayers: 2 }).catch(title); } }] : onlinePending ? [{ label: 'Play online', cls: 'pf-pending', action: function () {} }] : [])
    });
  }

  K.init({ id: 'paddle-duel', minW: 760, minH: 460, portrait: [440, 520], update: update, draw: draw, hud: hud,
    title: 'PADDLE DUEL', accent: C1, bannerY: 0.62 });
  if (K.thumb) { newMatch('cpu'); g.s1 = 4; g.s2 = 3; g.serveT = 0.2; } else {
    title();
    if (MP) { MP.onAvailable(function () { onlinePending = false; if (K.state === 'title' && mode !== 'online' && !MP.room()) title(); }); MP.enable({ maxPlayers: 2 }); }
  }
})();

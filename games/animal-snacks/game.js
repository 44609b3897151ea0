/* Animal Snacks - every hungry animal thinks of its favourite snack: drag it to them. For little
 * players: no reading, no timer and no way to lose; the wrong snack gets a polite head shake. */
(function () {
  'use strict';
  var K = window.Kit;
  var ANIMALS = [
    { n: 'bunny', c: '#f6f2ee', d: '#d9cfc6', snack: 'carrot', tune: [784, 988] },
    { n: 'monkey', c: '#a8693c', d: '#7d4a26', snack: 'banana', tune: [523, 659] },
    { n: 'mouse', c: '#b9c2cc', d: '#8f99a6', snack: 'cheese', tune: [1047, 1319] },
    { n: 'cat', c: '#ffab5e', d: '#e0803a', snack: 'fish', tune: [659, 784] },
    { n: 'dog', c: '#dcab74', d: '#a8743f', snack: 'bone', tune: [392, 494] },
    { n: 'panda', c: '#ffffff', d: '#d6d6d6', snack: 'bamboo', tune: [330, 440] }
  ];
  var ROUNDS = [2, 3, 3, 4, 4];
  var round = 0, animals = [], snacks = [], layoutInfo = null, held = null, selected = null, idle = 0, done = false;
  var cursor = { on: false, snack: 0, animal: 0 };

  function shuffle(list) {
    for (var i = list.length - 1; i > 0; i--) { var j = Math.floor(Math.random() * (i + 1)); var t = list[i]; list[i] = list[j]; list[j] = t; }
    return list;
  }

  function deal(ri) {
    round = ri;
    var kinds = shuffle(ANIMALS.slice()).slice(0, ROUNDS[ri]);
    animals = kinds.map(function (a, i) { return { a: a, i: i, fed: false, chew: 0, shake: 0, hop: 0, blink: K.rand(1, 4), near: 0, enter: 1 + i * 0.25 }; });
    var order = kinds.map(function (a, i) { return i; });
    while (order.length > 1 && order.every(function (ai, slot) { return ai === slot; })) shuffle(order);
    snacks = order.map(function (ai, slot) { return { kind: kinds[ai].snack, slot: slot, x: 0, y: 0, eaten: false, back: 0, lift: 0, bob: Math.random() * 6 }; });
    held = selected = null; done = false; idle = 0;
    cursor.snack = 0; cursor.animal = 0;
    layout(true);
    K.setLevel(ri + 1);
  }

  /* Animals on the hill above, snacks on the picnic blanket below; a narrow screen puts four animals in two rows. */
  function layout(reset) {
    var n = animals.length;
    if (!n) return;
    var top = 80, gap = 14;
    var hillH = (K.h - top) * 0.58;
    var rows = K.w < 560 && n >= 3 ? 2 : 1;
    var cols = Math.ceil(n / rows);
    /* A row holds the thought bubble above the head and the body below it: 1.45 animal sizes. */
    var s = Math.min((K.w - 30) / cols - gap, (hillH - gap * rows) / rows / 1.45, 190);
    animals.forEach(function (an, i) {
      var r = Math.floor(i / cols), c = i % cols;
      var inRow = r === rows - 1 ? n - cols * (rows - 1) : cols;
      var rowW = inRow * s + (inRow - 1) * gap;
      an.x = (K.w - rowW) / 2 + c * (s + gap) + s / 2;
      an.y = top + (hillH - rows * s * 1.45) / 2 + r * s * 1.45 + s * 0.8;
      an.s = s;
    });
    var matTop = top + hillH + 8, matH = K.h - matTop - 12;
    var ss = Math.min((K.w - 40) / n - gap, matH * 0.62, s * 0.8, 130);
    snacks.forEach(function (sn) {
      var rowW = n * ss + (n - 1) * gap * 1.8;
      sn.hx = (K.w - rowW) / 2 + sn.slot * (ss + gap * 1.8) + ss / 2;
      sn.hy = matTop + matH / 2;
      sn.s = ss;
      if (reset || (sn !== held && !sn.back)) { sn.x = sn.hx; sn.y = sn.hy; }
    });
    layoutInfo = { matTop: matTop, matH: matH, hillTop: top + hillH * 0.32 };
  }

  function start() {
    K.begin();
    K.clearFx();
    deal(0);
  }

  function snackAt(x, y) {
    for (var i = snacks.length - 1; i >= 0; i--) {
      var sn = snacks[i];
      if (!sn.eaten && K.dist(x, y, sn.x, sn.y) < sn.s * 0.6 + 12) return sn;
    }
    return null;
  }
  function animalAt(x, y) {
    var best = null, bd = 1e9;
    animals.forEach(function (an) {
      if (an.fed || an.enter > 0) return;
      var d = K.dist(x, y, an.x, an.y - an.s * 0.15);
      if (d < an.s * 0.62 && d < bd) { best = an; bd = d; }
    });
    return best;
  }

  function offer(sn, an) {
    if (an.a.snack === sn.kind) { feed(sn, an); return; }
    an.shake = 1;
    sendHome(sn);
    K.tone(300, 0.1, { type: 'sine', vol: 0.12, slide: 260 });
    K.tone(300, 0.1, { type: 'sine', vol: 0.12, slide: 260, delay: 0.16 });
  }
  function sendHome(sn) { sn.back = 1; sn.fromX = sn.x; sn.fromY = sn.y; }

  function feed(sn, an) {
    sn.eaten = true; an.fed = true; an.chew = 1.2; an.hop = 1; idle = 0;
    K.addScore(10);
    var mx = an.x, my = an.y + an.s * 0.05;
    K.burst(mx, my, { n: 18, color: ['#ff6f91', '#ff9eb5', '#fff'], speed: 260, life: 1, size: 8, shape: 'star', gravity: -60 });
    for (var i = 0; i < 4; i++) K.noise(0.05, { vol: 0.16, freq: 1800, delay: 0.12 + i * 0.18 });
    K.notes(an.a.tune.concat([an.a.tune[1] * 1.5]), 0.12, { type: 'triangle', vol: 0.16, delay: 0.8 });
    K.floatText(mx, an.y - an.s * 0.8, '♥', { color: '#ff5d8f', size: 46, life: 1.3 });
    if (animals.every(function (x) { return x.fed; })) { done = true; setTimeout(roundDone, 1500); }
  }

  function roundDone() {
    if (K.state !== 'play') return;
    K.sfx.win();
    K.happy();
    animals.forEach(function (an) { an.hop = 1.4; });
    for (var i = 0; i < 6; i++) K.burst(K.rand(0, K.w), K.rand(0, K.h * 0.5), { n: 20, color: ['#ff6f91', '#ffd23f', '#6ede5a', '#3ec1ff', '#b57bff'], speed: 360, life: 1.5, size: 8, shape: i % 2 ? 'star' : 'square', gravity: 300 });
    if (round === ROUNDS.length - 1) { setTimeout(finish, 1300); return; }
    setTimeout(function () { if (K.state === 'play') deal(round + 1); }, 1700);
  }

  function finish() {
    if (K.state !== 'play') return;
    var res = K.end(K.score);
    K.show({
      cls: 'clear',
      html: '<div class="stars">' + heartSvg() + heartSvg() + heartSvg() + '</div>' +
        '<div class="stars" style="font-size:40px">' + K.score + (res.isNew ? ' ★' : '') + '</div>',
      buttons: [{ label: '▶', aria: 'Play again', cls: 'big', action: start }]
    });
  }
  function heartSvg() {
    return '<svg class="star" viewBox="0 0 24 24"><path d="M12 21s-8-5.2-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.8-8 11-8 11z" fill="#ff5d8f" stroke="#c73866" stroke-width="1.2"/></svg>';
  }

  /* ---------- input: drag a snack, or tap a snack then tap an animal ---------- */
  var drag = null;
  K.onDown(function (pt) {
    if (K.state !== 'play' || done) return;
    cursor.on = false;
    var sn = snackAt(pt.x, pt.y);
    if (sn) {
      held = sn; sn.back = 0; sn.lift = 1;
      drag = { id: pt.id, dx: sn.x - pt.x, dy: sn.y - pt.y, sx: pt.x, sy: pt.y, moved: false };
      K.tone(500 + sn.slot * 60, 0.06, { type: 'sine', vol: 0.12, slide: 700 });
      return;
    }
    var an = animalAt(pt.x, pt.y);
    if (an && selected) { var s = selected; selected = null; s.lift = 0; offer(s, an); }
  });
  K.onMove(function (pt) {
    if (!drag || pt.id !== drag.id || !held) return;
    held.x = pt.x + drag.dx; held.y = pt.y + drag.dy;
    if (K.dist(pt.x, pt.y, drag.sx, drag.sy) > 12) drag.moved = true;
  });
  K.onUp(function (pt) {
    if (!drag || pt.id !== drag.id || !held) return;
    var sn = held;
    held = null;
    if (!drag.moved) {
      drag = null;
      sn.x = sn.hx; sn.y = sn.hy;
      if (selected && selected !== sn) selected.lift = 0;
      selected = selected === sn ? null : sn;
      sn.lift = selected ? 1 : 0;
      return;
    }
    drag = null;
    sn.lift = 0;
    if (selected) { selected.lift = 0; selected = null; }
    var an = animalAt(sn.x, sn.y);
    if (an) offer(sn, an);
    else { sendHome(sn); K.tone(520, 0.08, { type: 'sine', vol: 0.08, slide: 380 }); }
  });

  function left() { return snacks.filter(function (sn) { return !sn.eaten; }); }
  function hungry() { return animals.filter(function (an) { return !an.fed; }); }
  K.onKey(function (code) {
    if (K.state !== 'play' || done) return;
    cursor.on = true;
    var dir = code === 'ArrowRight' || code === 'ArrowDown' || code === 'KeyD' || code === 'KeyS' ? 1 : code === 'ArrowLeft' || code === 'ArrowUp' || code === 'KeyA' || code === 'KeyW' ? -1 : 0;
    var ss = left(), as = hungry();
    if (!ss.length || !as.length) return;
    if (dir) {
      if (selected) cursor.animal = (cursor.animal + dir + as.length) % as.length;
      else cursor.snack = (cursor.snack + dir + ss.length) % ss.length;
      K.sfx.tick();
    } else if (code === 'Space' || code === 'Enter' || code === 'NumpadEnter') {
      if (!selected) {
        selected = ss[cursor.snack % ss.length];
        selected.lift = 1;
        cursor.animal = cursor.animal % as.length;
        K.tone(500, 0.06, { type: 'sine', vol: 0.12, slide: 700 });
      } else {
        var s = selected;
        selected = null; s.lift = 0;
        offer(s, as[cursor.animal % as.length]);
        /* The next try starts on the next animal. */
        cursor.animal = (cursor.animal + 1) % Math.max(1, hungry().length);
        cursor.snack = Math.min(cursor.snack, Math.max(0, left().length - 1));
      }
    }
  });

  function update(dt) {
    idle += dt;
    animals.forEach(function (an) {
      an.enter = Math.max(0, an.enter - dt * 2.2);
      an.chew = Math.max(0, an.chew - dt);
      an.shake = Math.max(0, an.shake - dt * 1.8);
      an.hop = Math.max(0, an.hop - dt * 1.6);
      an.blink -= dt;
      if (an.blink < -0.14) an.blink = K.rand(2, 5);
      var moving = held || selected;
      var want = moving && !an.fed ? Math.max(0, 1 - K.dist(moving.x, moving.y, an.x, an.y) / (an.s * 1.6)) : 0;
      an.near += (want - an.near) * Math.min(1, dt * 10);
    });
    snacks.forEach(function (sn) {
      sn.bob += dt * 2.4;
      if (sn.back > 0) {
        sn.back = Math.max(0, sn.back - dt * 3.2);
        var t = K.ease.outCubic(1 - sn.back);
        sn.x = K.lerp(sn.fromX, sn.hx, t); sn.y = K.lerp(sn.fromY, sn.hy, t);
      }
    });
  }

  /* ---------- drawing ---------- */
  function drawSnack(c, kind, x, y, s, rot) {
    var r = s * 0.45;
    c.save();
    c.translate(x, y);
    c.rotate(rot || 0);
    c.lineJoin = 'round'; c.lineCap = 'round';
    if (kind === 'carrot') {
      c.fillStyle = '#4caf50';
      for (var i = -1; i <= 1; i++) { c.beginPath(); c.ellipse(i * r * 0.18, -r * 0.78, r * 0.12, r * 0.34, i * 0.45, 0, Math.PI * 2); c.fill(); }
      c.fillStyle = '#ff8a1f';
      c.beginPath(); c.moveTo(-r * 0.42, -r * 0.5); c.quadraticCurveTo(0, -r * 0.72, r * 0.42, -r * 0.5); c.lineTo(r * 0.06, r * 0.98); c.quadraticCurveTo(0, r * 1.05, -r * 0.06, r * 0.98); c.closePath(); c.fill();
      c.strokeStyle = '#d86a0c'; c.lineWidth = Math.max(2, r * 0.06);
      c.beginPath(); c.moveTo(-r * 0.28, -r * 0.15); c.lineTo(-r * 0.08, -r * 0.12); c.moveTo(r * 0.22, r * 0.2); c.lineTo(r * 0.02, r * 0.22); c.moveTo(-r * 0.15, r * 0.5); c.lineTo(0, r * 0.52); c.stroke();
    } else if (kind === 'banana') {
      c.fillStyle = '#ffd93b';
      c.beginPath(); c.arc(r * 0.1, -r * 0.5, r * 1.1, Math.PI * 0.28, Math.PI * 0.92); c.arc(r * 0.3, -r * 0.95, r * 1.2, Math.PI * 0.85, Math.PI * 0.33, true); c.closePath(); c.fill();
      c.strokeStyle = '#e0a800'; c.lineWidth = Math.max(2, r * 0.07); c.stroke();
      c.fillStyle = '#6b4a1e';
      c.beginPath(); c.arc(r * 0.85, r * 0.12, r * 0.09, 0, Math.PI * 2); c.fill();
      c.beginPath(); c.arc(-r * 0.88, r * 0.02, r * 0.08, 0, Math.PI * 2); c.fill();
    } else if (kind === 'cheese') {
      c.fillStyle = '#ffc93c';
      c.beginPath(); c.moveTo(-r, r * 0.6); c.lineTo(r, r * 0.6); c.lineTo(r, -r * 0.1); c.lineTo(-r, r * 0.1 - r * 0.5); c.closePath(); c.fill();
      c.fillStyle = '#ffe083';
      c.beginPath(); c.moveTo(-r, -r * 0.4); c.lineTo(r, -r * 0.1); c.lineTo(r * 0.55, -r * 0.5); c.closePath(); c.fill();
      c.strokeStyle = '#e0a21a'; c.lineWidth = Math.max(2, r * 0.06);
      c.beginPath(); c.moveTo(-r, r * 0.6); c.lineTo(r, r * 0.6); c.lineTo(r, -r * 0.1); c.lineTo(r * 0.55, -r * 0.5); c.lineTo(-r, -r * 0.4); c.closePath(); c.stroke();
      c.fillStyle = '#e8a91c';
      [[-0.45, 0.2, 0.15], [0.35, 0.28, 0.12], [0.1, -0.02, 0.08]].forEach(function (h) { c.beginPath(); c.arc(r * h[0], r * h[1], r * h[2], 0, Math.PI * 2); c.fill(); });
    } else if (kind === 'fish') {
      c.fillStyle = '#4fb3ff';
      c.beginPath(); c.moveTo(r * 0.55, 0); c.lineTo(r * 1.05, -r * 0.45); c.lineTo(r * 1.05, r * 0.45); c.closePath(); c.fill();
      c.beginPath(); c.ellipse(-r * 0.12, 0, r * 0.78, r * 0.5, 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#9ad6ff';
      c.beginPath(); c.ellipse(-r * 0.1, r * 0.14, r * 0.5, r * 0.2, 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#fff'; c.beginPath(); c.arc(-r * 0.5, -r * 0.1, r * 0.15, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#1d2b44'; c.beginPath(); c.arc(-r * 0.52, -r * 0.1, r * 0.08, 0, Math.PI * 2); c.fill();
    } else if (kind === 'bone') {
      c.fillStyle = '#fffaf0';
      c.strokeStyle = '#d8c8a8'; c.lineWidth = Math.max(2, r * 0.06);
      c.beginPath();
      c.arc(-r * 0.72, -r * 0.2, r * 0.26, 0, Math.PI * 2); c.arc(-r * 0.72, r * 0.2, r * 0.26, 0, Math.PI * 2);
      c.arc(r * 0.72, -r * 0.2, r * 0.26, 0, Math.PI * 2); c.arc(r * 0.72, r * 0.2, r * 0.26, 0, Math.PI * 2);
      c.fill(); c.stroke();
      c.fillRect(-r * 0.75, -r * 0.2, r * 1.5, r * 0.4);
      c.beginPath(); c.moveTo(-r * 0.55, -r * 0.2); c.lineTo(r * 0.55, -r * 0.2); c.moveTo(-r * 0.55, r * 0.2); c.lineTo(r * 0.55, r * 0.2); c.stroke();
    } else if (kind === 'bamboo') {
      c.fillStyle = '#7ccf4f';
      K.roundRect(c, -r * 0.2, -r, r * 0.4, r * 2, r * 0.12); c.fill();
      c.strokeStyle = '#4f9a2c'; c.lineWidth = Math.max(2, r * 0.07);
      c.beginPath(); c.moveTo(-r * 0.22, -r * 0.35); c.lineTo(r * 0.22, -r * 0.35); c.moveTo(-r * 0.22, r * 0.35); c.lineTo(r * 0.22, r * 0.35); c.stroke();
      c.fillStyle = '#5fbf3a';
      c.beginPath(); c.ellipse(r * 0.5, -r * 0.5, r * 0.4, r * 0.13, -0.5, 0, Math.PI * 2); c.ellipse(-r * 0.45, r * 0.15, r * 0.36, r * 0.12, 0.5, 0, Math.PI * 2); c.fill();
    }
    c.restore();
  }

  function drawAnimal(c, an) {
    var a = an.a, s = an.s;
    var enter = K.ease.outBack(K.clamp(1 - an.enter, 0, 1));
    var hop = an.hop > 0 ? Math.abs(Math.sin(an.hop * Math.PI * 2)) * s * 0.12 : 0;
    var shake = Math.sin(an.shake * 26) * an.shake * 0.22;
    var x = an.x, y = an.y - hop + (1 - enter) * s * 1.2;
    var R = s * 0.34;
    c.save();
    c.globalAlpha = K.clamp(enter, 0, 1);
    // body
    c.fillStyle = a.c;
    c.beginPath(); c.ellipse(x, y + R * 1.15, R * 0.95, R * 0.75, 0, 0, Math.PI * 2); c.fill();
    c.strokeStyle = a.d; c.lineWidth = 3; c.stroke();
    c.fillStyle = 'rgba(255,255,255,0.35)';
    c.beginPath(); c.ellipse(x, y + R * 1.25, R * 0.55, R * 0.45, 0, 0, Math.PI * 2); c.fill();
    c.translate(x, y);
    c.rotate(shake);
    ears(c, a, R);
    // head
    c.fillStyle = a.c;
    c.beginPath(); c.arc(0, 0, R, 0, Math.PI * 2); c.fill();
    c.strokeStyle = a.d; c.lineWidth = 3; c.stroke();
    face(c, an, R);
    c.restore();
    // the thought bubble: the snack it would love
    if (!an.fed && enter > 0.9) {
      var bx = x + R * 1.05, by = y - R * 1.55, br = R * 0.62;
      var wob = Math.sin(an.shake * 20) * an.shake * 6;
      var hint = idle > 7 && !held && !selected && hungry()[0] === an;
      var pulse = hint ? 1 + Math.sin(K.time * 6) * 0.08 : 1 + Math.sin(K.time * 2 + an.i) * 0.03;
      c.fillStyle = 'rgba(255,255,255,0.95)';
      c.beginPath(); c.arc(x + R * 0.55, y - R * 0.95, R * 0.09, 0, Math.PI * 2); c.arc(x + R * 0.75, y - R * 1.12, R * 0.14, 0, Math.PI * 2); c.fill();
      c.beginPath(); c.arc(bx + wob, by, br * pulse, 0, Math.PI * 2); c.fill();
      c.strokeStyle = hint ? 'rgba(255, 200, 60, 0.9)' : 'rgba(120, 140, 170, 0.35)'; c.lineWidth = hint ? 5 : 3; c.stroke();
      drawSnack(c, a.snack, bx + wob, by, br * 1.45 * pulse, 0);
    }
    // keyboard cursor on the animal the held snack goes to
    if (cursor.on && selected && hungry()[cursor.animal % Math.max(1, hungry().length)] === an) {
      c.strokeStyle = '#ffffff'; c.lineWidth = 6;
      c.beginPath(); c.arc(x, y + R * 0.3, R * 1.55, 0, Math.PI * 2); c.stroke();
    }
  }

  function ears(c, a, R) {
    if (a.n === 'bunny') {
      [-1, 1].forEach(function (k) {
        c.fillStyle = a.c; c.beginPath(); c.ellipse(k * R * 0.42, -R * 1.15, R * 0.26, R * 0.72, k * 0.18, 0, Math.PI * 2); c.fill();
        c.strokeStyle = a.d; c.lineWidth = 3; c.stroke();
        c.fillStyle = '#ffb3c8'; c.beginPath(); c.ellipse(k * R * 0.42, -R * 1.12, R * 0.12, R * 0.5, k * 0.18, 0, Math.PI * 2); c.fill();
      });
    } else if (a.n === 'mouse') {
      [-1, 1].forEach(function (k) {
        c.fillStyle = a.c; c.beginPath(); c.arc(k * R * 0.78, -R * 0.7, R * 0.5, 0, Math.PI * 2); c.fill();
        c.fillStyle = '#ffb3c8'; c.beginPath(); c.arc(k * R * 0.78, -R * 0.7, R * 0.32, 0, Math.PI * 2); c.fill();
      });
    } else if (a.n === 'monkey') {
      [-1, 1].forEach(function (k) {
        c.fillStyle = a.c; c.beginPath(); c.arc(k * R * 1.0, -R * 0.05, R * 0.32, 0, Math.PI * 2); c.fill();
        c.fillStyle = '#f2c9a0'; c.beginPath(); c.arc(k * R * 1.0, -R * 0.05, R * 0.18, 0, Math.PI * 2); c.fill();
      });
    } else if (a.n === 'cat') {
      [-1, 1].forEach(function (k) {
        c.fillStyle = a.c; c.beginPath(); c.moveTo(k * R * 0.95, -R * 0.25); c.lineTo(k * R * 0.72, -R * 1.15); c.lineTo(k * R * 0.15, -R * 0.85); c.closePath(); c.fill();
        c.fillStyle = '#ffc7d6'; c.beginPath(); c.moveTo(k * R * 0.78, -R * 0.4); c.lineTo(k * R * 0.68, -R * 0.92); c.lineTo(k * R * 0.35, -R * 0.75); c.closePath(); c.fill();
      });
    } else if (a.n === 'dog') {
      [-1, 1].forEach(function (k) {
        c.fillStyle = '#8a5a35'; c.beginPath(); c.ellipse(k * R * 0.92, -R * 0.1, R * 0.28, R * 0.55, k * -0.35, 0, Math.PI * 2); c.fill();
      });
    } else if (a.n === 'panda') {
      c.fillStyle = '#2b2b2b';
      c.beginPath(); c.arc(-R * 0.72, -R * 0.72, R * 0.3, 0, Math.PI * 2); c.arc(R * 0.72, -R * 0.72, R * 0.3, 0, Math.PI * 2); c.fill();
    }
  }

  function face(c, an, R) {
    var a = an.a;
    if (a.n === 'monkey') { c.fillStyle = '#f2c9a0'; c.beginPath(); c.ellipse(0, R * 0.2, R * 0.72, R * 0.62, 0, 0, Math.PI * 2); c.fill(); }
    if (a.n === 'dog') { c.fillStyle = 'rgba(255,255,255,0.55)'; c.beginPath(); c.ellipse(0, R * 0.35, R * 0.45, R * 0.35, 0, 0, Math.PI * 2); c.fill(); }
    if (a.n === 'panda') {
      c.fillStyle = '#2b2b2b';
      c.beginPath(); c.ellipse(-R * 0.36, -R * 0.08, R * 0.2, R * 0.26, 0.5, 0, Math.PI * 2); c.ellipse(R * 0.36, -R * 0.08, R * 0.2, R * 0.26, -0.5, 0, Math.PI * 2); c.fill();
    }
    var happy = an.fed && an.chew <= 0;
    var eyeC = a.n === 'panda' ? '#ffffff' : '#2b1d3a';
    c.strokeStyle = eyeC; c.fillStyle = eyeC; c.lineWidth = Math.max(2.5, R * 0.08); c.lineCap = 'round';
    if (happy || an.blink < 0) {
      c.beginPath(); c.arc(-R * 0.36, -R * 0.02, R * 0.12, Math.PI * 1.1, Math.PI * 1.9); c.stroke();
      c.beginPath(); c.arc(R * 0.36, -R * 0.02, R * 0.12, Math.PI * 1.1, Math.PI * 1.9); c.stroke();
    } else {
      c.beginPath(); c.arc(-R * 0.36, -R * 0.08, R * 0.11, 0, Math.PI * 2); c.arc(R * 0.36, -R * 0.08, R * 0.11, 0, Math.PI * 2); c.fill();
      c.fillStyle = a.n === 'panda' ? '#2b2b2b' : '#ffffff';
      c.beginPath(); c.arc(-R * 0.32, -R * 0.13, R * 0.04, 0, Math.PI * 2); c.arc(R * 0.4, -R * 0.13, R * 0.04, 0, Math.PI * 2); c.fill();
    }
    // cheeks
    c.fillStyle = 'rgba(255, 110, 140, 0.4)';
    c.beginPath(); c.arc(-R * 0.6, R * 0.25, R * 0.13, 0, Math.PI * 2); c.arc(R * 0.6, R * 0.25, R * 0.13, 0, Math.PI * 2); c.fill();
    // nose
    c.fillStyle = a.n === 'dog' || a.n === 'panda' || a.n === 'monkey' ? '#3a2a20' : '#ff7aa2';
    c.beginPath(); c.ellipse(0, R * 0.16, R * 0.11, R * 0.08, 0, 0, Math.PI * 2); c.fill();
    if (a.n === 'cat' || a.n === 'mouse') {
      c.strokeStyle = 'rgba(60,40,30,0.45)'; c.lineWidth = 2;
      c.beginPath();
      [-1, 1].forEach(function (k) { c.moveTo(k * R * 0.25, R * 0.22); c.lineTo(k * R * 0.9, R * 0.12); c.moveTo(k * R * 0.25, R * 0.3); c.lineTo(k * R * 0.9, R * 0.36); });
      c.stroke();
    }
    // mouth: opens wide when a snack comes near, chews while eating
    var open = an.chew > 0 ? Math.abs(Math.sin(an.chew * Math.PI * 4)) : an.near;
    if (open > 0.08) {
      c.fillStyle = '#5a1f2e';
      c.beginPath(); c.ellipse(0, R * 0.45, R * 0.22, R * (0.06 + 0.2 * open), 0, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#ff7f9e';
      c.beginPath(); c.ellipse(0, R * 0.45 + R * 0.12 * open, R * 0.13, R * 0.07 * open, 0, 0, Math.PI * 2); c.fill();
    } else {
      c.strokeStyle = '#3a2a20'; c.lineWidth = Math.max(2, R * 0.06);
      c.beginPath(); c.arc(-R * 0.1, R * 0.3, R * 0.1, 0.2, Math.PI - 0.2); c.stroke();
      c.beginPath(); c.arc(R * 0.1, R * 0.3, R * 0.1, 0.2, Math.PI - 0.2); c.stroke();
    }
  }

  function drawSnackPiece(c, sn) {
    if (sn.eaten) return;
    var lifted = sn === held || sn === selected;
    var bob = lifted ? 0 : Math.sin(sn.bob + sn.slot) * 3;
    var sc = 1 + sn.lift * 0.12;
    c.fillStyle = 'rgba(0,0,0,0.15)';
    c.beginPath(); c.ellipse(sn.hx, sn.hy + sn.s * 0.48, sn.s * 0.38, sn.s * 0.09, 0, 0, Math.PI * 2); c.fill();
    var glow = sn === selected || (cursor.on && !selected && left()[cursor.snack % Math.max(1, left().length)] === sn);
    var hint = idle > 7 && !held && !selected && hungry()[0] && hungry()[0].a.snack === sn.kind;
    if (glow || hint) {
      c.fillStyle = glow ? 'rgba(255,255,255,0.85)' : 'rgba(255, 230, 120,' + (0.35 + 0.3 * Math.sin(K.time * 6)) + ')';
      c.beginPath(); c.arc(sn.x, sn.y + bob - sn.lift * 8, sn.s * 0.6 * sc, 0, Math.PI * 2); c.fill();
    }
    drawSnack(c, sn.kind, sn.x, sn.y + bob - sn.lift * 8, sn.s * sc, lifted ? Math.sin(K.time * 8) * 0.08 : 0);
  }

  function draw(c) {
    var g = c.createLinearGradient(0, 0, 0, K.h);
    g.addColorStop(0, '#9fdcff');
    g.addColorStop(0.55, '#dff4ff');
    g.addColorStop(1, '#fff6e0');
    c.fillStyle = g;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    // sun and clouds
    c.fillStyle = '#ffe066';
    c.beginPath(); c.arc(K.w * 0.12, 120, 34, 0, Math.PI * 2); c.fill();
    c.fillStyle = 'rgba(255,255,255,0.9)';
    for (var i = 0; i < 3; i++) {
      var cx = ((K.time * (10 + i * 4) + i * 260) % (K.w + 200)) - 100, cy = 110 + i * 34;
      c.beginPath(); c.arc(cx, cy, 22, 0, Math.PI * 2); c.arc(cx + 26, cy - 10, 28, 0, Math.PI * 2); c.arc(cx + 54, cy, 20, 0, Math.PI * 2); c.fill();
    }
    if (!layoutInfo) return;
    // the grassy hill the animals sit on
    c.fillStyle = '#8fd968';
    c.beginPath(); c.moveTo(-20, K.h);
    c.lineTo(-20, layoutInfo.hillTop + 60);
    c.quadraticCurveTo(K.w / 2, layoutInfo.hillTop - 40, K.w + 20, layoutInfo.hillTop + 60);
    c.lineTo(K.w + 20, K.h); c.fill();
    c.fillStyle = '#7acb55';
    for (var f = 0; f < 14; f++) { var fx = (f * 97) % K.w, fy = layoutInfo.hillTop + 90 + (f * 53) % Math.max(40, layoutInfo.matTop - layoutInfo.hillTop - 100); c.beginPath(); c.arc(fx, fy, 5, 0, Math.PI * 2); c.fill(); }
    // the picnic blanket
    var bt = layoutInfo.matTop, bh = layoutInfo.matH;
    c.save();
    K.roundRect(c, 14, bt, K.w - 28, bh, 26);
    c.fillStyle = '#fff3f3'; c.fill();
    c.clip();
    c.fillStyle = 'rgba(255, 92, 120, 0.35)';
    var sq = 34;
    for (var yy = bt; yy < bt + bh; yy += sq * 2) c.fillRect(0, yy, K.w, sq);
    for (var xx = 0; xx < K.w; xx += sq * 2) c.fillRect(xx, bt, sq, bh);
    c.restore();
    c.strokeStyle = 'rgba(200, 60, 90, 0.4)'; c.lineWidth = 4;
    K.roundRect(c, 14, bt, K.w - 28, bh, 26); c.stroke();
    animals.forEach(function (an) { drawAnimal(c, an); });
    snacks.forEach(function (sn) { if (sn !== held && sn !== selected) drawSnackPiece(c, sn); });
    if (selected && selected !== held) drawSnackPiece(c, selected);
    if (held) drawSnackPiece(c, held);
  }

  function hud(c) {
    if (K.state !== 'play') return;
    c.fillStyle = 'rgba(255,255,255,0.85)';
    K.roundRect(c, 12, 12, 132, 54, 27); c.fill();
    c.fillStyle = '#ff5d8f';
    c.beginPath(); c.moveTo(40, 52); c.bezierCurveTo(20, 40, 24, 22, 40, 30); c.bezierCurveTo(56, 22, 60, 40, 40, 52); c.fill();
    K.text(c, String(K.score), 96, 40, 30, '#ff5d8f', 'center', '900', false);
    var n = ROUNDS.length, r = 9, w = n * r * 3;
    var x0 = Math.max(K.w / 2 - w / 2, 158);
    for (var i = 0; i < n; i++) {
      c.fillStyle = i < round || (i === round && done) ? '#6ede5a' : i === round ? '#ffffff' : 'rgba(255,255,255,0.55)';
      c.beginPath(); c.arc(x0 + r * 1.5 + i * r * 3, 39, r, 0, Math.PI * 2); c.fill();
      c.lineWidth = 2; c.strokeStyle = 'rgba(60,60,90,0.25)'; c.stroke();
    }
  }

  K.init({ id: 'animal-snacks', minW: 760, minH: 560, portrait: [420, 720], update: update, draw: draw, hud: hud, kids: true,
    title: 'ANIMAL SNACKS', accent: '#ff8a1f', bannerStroke: '#ffffff', bannerY: 0.16,
    onResize: function () { layout(false); } });
  deal(2);
  animals.forEach(function (an) { an.enter = 0; });
  if (!K.thumb) K.show({ title: 'Animal Snacks', cls: 'clear', buttons: [{ label: '▶', aria: 'Play', cls: 'big', action: start }] });
})();

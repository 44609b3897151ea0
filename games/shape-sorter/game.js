/* Shape Sorter - drag each smiling shape into the hole it fits. For little players: big pieces,
 * no reading, no timer and no way to lose; a wrong hole just sends the piece home with a wiggle. */
(function () {
  'use strict';
  var K = window.Kit;
  var KINDS = ['circle', 'square', 'triangle', 'star', 'heart', 'diamond', 'hexagon', 'moon'];
  var COLORS = [
    { c: '#ff5d8f', d: '#c73866' }, { c: '#ffb627', d: '#d98a00' }, { c: '#3ec1ff', d: '#1b8cc7' },
    { c: '#6ede5a', d: '#3aa52c' }, { c: '#b57bff', d: '#7f47cf' }, { c: '#ff7f50', d: '#d4552a' }
  ];
  /* C major, one note per shape, so each shape sings its own note when it clicks in. */
  var NOTES = { circle: 523, square: 587, triangle: 659, star: 698, heart: 784, diamond: 880, hexagon: 988, moon: 1047 };
  var LEVELS = [3, 3, 4, 4, 5];
  var level = 0, pieces = [], holes = [], board = null, held = null, selected = null, idle = 0, done = false;
  /* Keyboard: a cursor over the pieces, then over the holes once a piece is picked up. */
  var cursor = { on: false, piece: 0, hole: 0 };

  function shuffle(list) {
    for (var i = list.length - 1; i > 0; i--) { var j = Math.floor(Math.random() * (i + 1)); var t = list[i]; list[i] = list[j]; list[j] = t; }
    return list;
  }

  function deal(li) {
    level = li;
    var n = LEVELS[li];
    var kinds = shuffle(KINDS.slice()).slice(0, n);
    var colors = shuffle(COLORS.slice());
    holes = kinds.map(function (k, i) { return { kind: k, i: i, wiggle: 0, glow: 0, filled: null }; });
    /* Never in the holes' own order: each piece has to be looked at. */
    var order = kinds.map(function (k, i) { return i; });
    while (order.every(function (hi, slot) { return hi === slot; })) shuffle(order);
    pieces = order.map(function (hi, slot) {
      return { kind: kinds[hi], hole: holes[hi], slot: slot, col: colors[hi % colors.length], x: 0, y: 0, placed: false, back: 0, shake: 0, pop: 0, blink: K.rand(1, 4), lift: 0, enter: slot * 0.08 + 0.1 };
    });
    held = selected = null; done = false; idle = 0;
    cursor.piece = 0; cursor.hole = 0;
    layout(true);
    K.setLevel(li + 1);
  }

  /* Holes on the board at the top, pieces on the mat below; a portrait screen stacks them in two rows. */
  function layout(reset) {
    var n = holes.length;
    if (!n) return;
    var top = 78, gap = 16;
    var boardH = (K.h - top) * 0.5;
    var rows = K.w < 560 && n >= 3 ? 2 : 1;
    var cols = Math.ceil(n / rows);
    var s = Math.min((K.w - 40 - gap * (cols + 1)) / cols, (boardH - gap * (rows + 1)) / rows, 150);
    var bw = cols * s + (cols + 1) * gap + 10, bh = rows * s + (rows + 1) * gap + 10;
    board = { x: (K.w - bw) / 2, y: top + (boardH - bh) / 2, w: bw, h: bh, s: s };
    holes.forEach(function (h, i) {
      var r = Math.floor(i / cols), c = i % cols;
      var inRow = r === rows - 1 ? n - cols * (rows - 1) : cols;
      var rowW = inRow * s + (inRow - 1) * gap;
      h.x = (K.w - rowW) / 2 + c * (s + gap) + s / 2;
      h.y = board.y + 5 + gap + r * (s + gap) + s / 2;
      h.s = s;
    });
    var matTop = top + boardH + 10, matH = K.h - matTop - 14;
    var pr = rows;
    var pc = Math.ceil(n / pr);
    var ps = Math.min((K.w - 30) / pc - gap, (matH - gap * (pr + 1)) / pr, s);
    pieces.forEach(function (p) {
      var r = Math.floor(p.slot / pc), c = p.slot % pc;
      var inRow = r === pr - 1 ? n - pc * (pr - 1) : pc;
      var rowW = inRow * ps + (inRow - 1) * gap * 1.6;
      p.hx = (K.w - rowW) / 2 + c * (ps + gap * 1.6) + ps / 2;
      p.hy = matTop + (matH - (pr * ps + (pr - 1) * gap)) / 2 + r * (ps + gap) + ps / 2;
      p.s = ps * 0.9;
      if (p.placed) { p.x = p.hole.x; p.y = p.hole.y; p.s = p.hole.s * 0.86; }
      else if (reset || p !== held) { p.x = p.hx; p.y = p.hy; }
    });
    board.matTop = matTop; board.matH = matH;
  }

  function start() {
    K.begin();
    K.clearFx();
    deal(0);
  }

  function pieceAt(x, y) {
    for (var i = pieces.length - 1; i >= 0; i--) {
      var p = pieces[i];
      if (!p.placed && p.enter <= 0 && K.dist(x, y, p.x, p.y) < p.s * 0.62 + 10) return p;
    }
    return null;
  }
  function holeAt(x, y) {
    var best = null, bd = 1e9;
    holes.forEach(function (h) {
      var d = K.dist(x, y, h.x, h.y);
      if (!h.filled && d < h.s * 0.75 && d < bd) { best = h; bd = d; }
    });
    return best;
  }

  function tryHole(p, h) {
    if (h.kind === p.kind) { place(p, h); return; }
    h.wiggle = 1;
    p.shake = 1;
    sendHome(p);
    K.tone(330, 0.12, { type: 'sine', vol: 0.12 });
    K.tone(262, 0.16, { type: 'sine', vol: 0.12, delay: 0.12 });
  }

  function sendHome(p) { p.back = 1; p.fromX = p.x; p.fromY = p.y; }

  function place(p, h) {
    p.placed = true; h.filled = p; p.pop = 1; p.back = 0; idle = 0;
    p.x = h.x; p.y = h.y; p.s = h.s * 0.86;
    K.addScore(10);
    K.burst(h.x, h.y, { n: 26, color: [p.col.c, p.col.d, '#fff6a8', '#fff'], speed: 340, life: 0.8, size: 7, shape: 'star', gravity: 220 });
    K.shake(3);
    var f = NOTES[p.kind];
    K.tone(f, 0.22, { type: 'triangle', vol: 0.2 });
    K.tone(f * 1.5, 0.28, { type: 'sine', vol: 0.1, delay: 0.08 });
    K.noise(0.05, { vol: 0.12, freq: 3000, filter: 'highpass' });
    if (pieces.every(function (q) { return q.placed; })) { done = true; setTimeout(levelDone, 650); }
  }

  function levelDone() {
    if (K.state !== 'play') return;
    K.sfx.win();
    K.happy();
    for (var i = 0; i < 7; i++) K.burst(K.rand(0, K.w), K.rand(0, K.h * 0.5), { n: 22, color: COLORS.map(function (c) { return c.c; }), speed: 380, life: 1.5, size: 8, shape: i % 2 ? 'star' : 'square', gravity: 320 });
    pieces.forEach(function (p) { p.pop = 1.2; });
    if (level === LEVELS.length - 1) { setTimeout(finish, 1300); return; }
    setTimeout(function () { if (K.state === 'play') deal(level + 1); }, 1700);
  }

  function finish() {
    if (K.state !== 'play') return;
    var res = K.end(K.score);
    K.show({
      cls: 'clear',
      html: '<div class="stars">' + starSvg() + starSvg() + starSvg() + '</div>' +
        '<div class="stars" style="font-size:40px">' + K.score + (res.isNew ? ' ★' : '') + '</div>',
      buttons: [{ label: '▶', aria: 'Play again', cls: 'big', action: start }]
    });
  }
  function starSvg() {
    return '<svg class="star" viewBox="0 0 24 24"><path d="M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z" fill="#ffd60a" stroke="#f5a623" stroke-width="1.2"/></svg>';
  }

  /* ---------- input: drag a piece, or tap a piece then tap a hole ---------- */
  var drag = null;
  K.onDown(function (pt) {
    if (K.state !== 'play' || done) return;
    cursor.on = false;
    var p = pieceAt(pt.x, pt.y);
    if (p) {
      held = p; p.back = 0; p.lift = 1;
      drag = { id: pt.id, dx: p.x - pt.x, dy: p.y - pt.y, sx: pt.x, sy: pt.y, moved: false };
      K.tone(440 + p.slot * 40, 0.06, { type: 'sine', vol: 0.12, slide: 660 });
      return;
    }
    var h = holeAt(pt.x, pt.y);
    if (h && selected) { var s = selected; selected = null; s.lift = 0; tryHole(s, h); }
  });
  K.onMove(function (pt) {
    if (!drag || pt.id !== drag.id || !held) return;
    held.x = pt.x + drag.dx; held.y = pt.y + drag.dy;
    if (K.dist(pt.x, pt.y, drag.sx, drag.sy) > 12) drag.moved = true;
  });
  K.onUp(function (pt) {
    if (!drag || pt.id !== drag.id || !held) return;
    var p = held;
    held = null;
    if (!drag.moved) {
      /* A tap: the piece stays lifted until a hole is tapped. */
      drag = null;
      p.x = p.hx; p.y = p.hy;
      if (selected && selected !== p) selected.lift = 0;
      selected = selected === p ? null : p;
      p.lift = selected ? 1 : 0;
      return;
    }
    drag = null;
    p.lift = 0;
    if (selected) { selected.lift = 0; selected = null; }
    var h = holeAt(p.x, p.y);
    if (h) tryHole(p, h);
    else { sendHome(p); K.tone(520, 0.08, { type: 'sine', vol: 0.08, slide: 380 }); }
  });

  function free() { return pieces.filter(function (p) { return !p.placed; }); }
  function openHoles() { return holes.filter(function (h) { return !h.filled; }); }
  K.onKey(function (code) {
    if (K.state !== 'play' || done) return;
    cursor.on = true;
    var dir = code === 'ArrowRight' || code === 'ArrowDown' || code === 'KeyD' || code === 'KeyS' ? 1 : code === 'ArrowLeft' || code === 'ArrowUp' || code === 'KeyA' || code === 'KeyW' ? -1 : 0;
    var ps = free(), hs = openHoles();
    if (!ps.length) return;
    if (dir) {
      if (selected) cursor.hole = (cursor.hole + dir + hs.length) % hs.length;
      else cursor.piece = (cursor.piece + dir + ps.length) % ps.length;
      K.sfx.tick();
    } else if (code === 'Space' || code === 'Enter' || code === 'NumpadEnter') {
      if (!selected) {
        selected = ps[cursor.piece % ps.length];
        selected.lift = 1;
        cursor.hole = cursor.hole % hs.length;
        K.tone(440, 0.06, { type: 'sine', vol: 0.12, slide: 660 });
      } else {
        var s = selected;
        selected = null; s.lift = 0;
        tryHole(s, hs[cursor.hole % hs.length]);
        /* The next try starts on the next hole. */
        cursor.hole = (cursor.hole + 1) % Math.max(1, openHoles().length);
        cursor.piece = Math.min(cursor.piece, Math.max(0, free().length - 1));
      }
    }
  });

  function update(dt) {
    idle += dt;
    pieces.forEach(function (p) {
      p.enter = Math.max(0, p.enter - dt);
      p.pop = Math.max(0, p.pop - dt * 2.2);
      p.shake = Math.max(0, p.shake - dt * 2.5);
      p.blink -= dt;
      if (p.blink < -0.14) p.blink = K.rand(2, 5);
      if (p.back > 0) {
        p.back = Math.max(0, p.back - dt * 3.2);
        var t = K.ease.outCubic(1 - p.back);
        p.x = K.lerp(p.fromX, p.hx, t); p.y = K.lerp(p.fromY, p.hy, t);
      }
    });
    holes.forEach(function (h) {
      h.wiggle = Math.max(0, h.wiggle - dt * 2.4);
    });
  }

  /* ---------- drawing ---------- */
  function shapePath(c, kind, x, y, r) {
    c.beginPath();
    var i, a;
    if (kind === 'circle') c.arc(x, y, r, 0, Math.PI * 2);
    else if (kind === 'square') K.roundRect(c, x - r * 0.86, y - r * 0.86, r * 1.72, r * 1.72, r * 0.22);
    else if (kind === 'triangle') {
      c.moveTo(x, y - r); c.lineTo(x + r * 1.02, y + r * 0.78); c.lineTo(x - r * 1.02, y + r * 0.78); c.closePath();
    } else if (kind === 'star') {
      for (i = 0; i < 10; i++) { var rr = i % 2 ? r * 0.5 : r * 1.05; a = -Math.PI / 2 + i * Math.PI / 5; c.lineTo(x + Math.cos(a) * rr, y + 0.08 * r + Math.sin(a) * rr); }
      c.closePath();
    } else if (kind === 'heart') {
      c.moveTo(x, y + r * 0.9);
      c.bezierCurveTo(x - r * 1.3, y + r * 0.05, x - r * 0.95, y - r * 1.05, x, y - r * 0.42);
      c.bezierCurveTo(x + r * 0.95, y - r * 1.05, x + r * 1.3, y + r * 0.05, x, y + r * 0.9);
    } else if (kind === 'diamond') {
      c.moveTo(x, y - r * 1.05); c.lineTo(x + r * 0.8, y); c.lineTo(x, y + r * 1.05); c.lineTo(x - r * 0.8, y); c.closePath();
    } else if (kind === 'hexagon') {
      for (i = 0; i < 6; i++) { a = i * Math.PI / 3; c.lineTo(x + Math.cos(a) * r, y + Math.sin(a) * r); }
      c.closePath();
    } else if (kind === 'moon') {
      c.arc(x, y, r, Math.PI * 0.28, Math.PI * 1.72, false);
      c.arc(x + r * 0.55, y - r * 0.1, r * 0.72, Math.PI * 1.5, Math.PI * 0.62, true);
      c.closePath();
    }
  }

  function drawHole(c, h) {
    var wob = Math.sin(h.wiggle * 18) * h.wiggle * 8;
    var r = h.s * 0.45;
    c.save();
    c.translate(h.x + wob, h.y);
    shapePath(c, h.kind, 0, 0, r);
    c.fillStyle = 'rgba(70, 40, 20, 0.55)';
    c.fill();
    c.lineWidth = 4;
    c.strokeStyle = 'rgba(255, 255, 255, 0.35)';
    c.stroke();
    /* A hint after a while without a piece in: the hole of the first free piece glows. */
    var hint = idle > 7 && !held && free()[0] && free()[0].kind === h.kind;
    var sel = cursor.on && selected && openHoles()[cursor.hole % Math.max(1, openHoles().length)] === h;
    if (hint || sel) {
      c.lineWidth = 6;
      c.strokeStyle = sel ? '#ffffff' : 'rgba(255, 240, 140,' + (0.5 + 0.5 * Math.sin(K.time * 6)) + ')';
      shapePath(c, h.kind, 0, 0, r * 1.12);
      c.stroke();
    }
    c.restore();
  }

  function drawPiece(c, p) {
    var pop = p.pop > 0 ? Math.sin(p.pop * Math.PI) * 0.18 : 0;
    var enter = p.enter > 0 ? 0 : 1;
    if (!enter) return;
    var sc = 1 + pop + p.lift * 0.1 + (p === held ? 0.06 : 0);
    var wob = Math.sin(p.shake * 22) * p.shake * 10;
    var r = p.s * 0.45 * sc;
    var idleBob = !p.placed && p !== held ? Math.sin(K.time * 2.2 + p.slot) * 3 : 0;
    var x = p.x + wob, y = p.y + idleBob - p.lift * 8;
    if (!p.placed) {
      c.fillStyle = 'rgba(0,0,0,0.18)';
      c.beginPath(); c.ellipse(x, p.y + r * 1.05 + 6, r * 0.8, r * 0.18, 0, 0, Math.PI * 2); c.fill();
    }
    shapePath(c, p.kind, x, y, r);
    var g = c.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r * 1.3);
    g.addColorStop(0, '#ffffff');
    g.addColorStop(0.22, p.col.c);
    g.addColorStop(1, p.col.d);
    c.fillStyle = g;
    c.fill();
    c.lineWidth = 4;
    c.strokeStyle = p.col.d;
    c.stroke();
    var glowSel = p === selected || (cursor.on && !selected && free()[cursor.piece % Math.max(1, free().length)] === p);
    var hint = idle > 7 && !held && !selected && free()[0] === p;
    if (glowSel || hint) {
      c.lineWidth = 6;
      c.strokeStyle = glowSel ? '#ffffff' : 'rgba(255, 240, 140,' + (0.5 + 0.5 * Math.sin(K.time * 6)) + ')';
      shapePath(c, p.kind, x, y, r * 1.14);
      c.stroke();
    }
    // face
    var fy = y + (p.kind === 'triangle' ? r * 0.2 : p.kind === 'heart' ? -r * 0.05 : 0);
    var fx = x - (p.kind === 'moon' ? r * 0.35 : 0);
    var eye = r * 0.11;
    c.fillStyle = '#2b1d3a';
    if (p.blink < 0) {
      c.fillRect(fx - r * 0.33 - eye, fy - r * 0.12, eye * 2, eye * 0.5);
      c.fillRect(fx + r * 0.33 - eye, fy - r * 0.12, eye * 2, eye * 0.5);
    } else {
      c.beginPath(); c.arc(fx - r * 0.3, fy - r * 0.1, eye, 0, Math.PI * 2); c.arc(fx + r * 0.3, fy - r * 0.1, eye, 0, Math.PI * 2); c.fill();
      c.fillStyle = '#fff';
      c.beginPath(); c.arc(fx - r * 0.27, fy - r * 0.14, eye * 0.4, 0, Math.PI * 2); c.arc(fx + r * 0.33, fy - r * 0.14, eye * 0.4, 0, Math.PI * 2); c.fill();
    }
    c.strokeStyle = '#2b1d3a'; c.lineWidth = Math.max(2, r * 0.07); c.lineCap = 'round';
    c.beginPath();
    if (p.placed || p === held || p.lift) c.arc(fx, fy + r * 0.08, r * 0.22, 0.15, Math.PI - 0.15);
    else c.arc(fx, fy + r * 0.04, r * 0.16, 0.3, Math.PI - 0.3);
    c.stroke();
    c.fillStyle = 'rgba(255, 120, 150, 0.45)';
    c.beginPath(); c.arc(fx - r * 0.48, fy + r * 0.12, r * 0.09, 0, Math.PI * 2); c.arc(fx + r * 0.48, fy + r * 0.12, r * 0.09, 0, Math.PI * 2); c.fill();
  }

  function draw(c) {
    var g = c.createLinearGradient(0, 0, 0, K.h);
    g.addColorStop(0, '#bfe8ff');
    g.addColorStop(1, '#fff1d6');
    c.fillStyle = g;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    // soft polka dots
    c.fillStyle = 'rgba(255,255,255,0.45)';
    for (var i = 0; i < 18; i++) {
      var dx = (i * 137) % (K.w + 60) - 30, dy = (i * 89) % (K.h + 60) - 30;
      c.beginPath(); c.arc(dx, dy, 10 + (i % 4) * 6, 0, Math.PI * 2); c.fill();
    }
    if (!board) return;
    // the sorter box
    c.fillStyle = 'rgba(0,0,0,0.12)';
    K.roundRect(c, board.x + 6, board.y + 10, board.w, board.h, 28); c.fill();
    var wood = c.createLinearGradient(0, board.y, 0, board.y + board.h);
    wood.addColorStop(0, '#ffcf7a');
    wood.addColorStop(1, '#f0a84a');
    c.fillStyle = wood;
    K.roundRect(c, board.x, board.y, board.w, board.h, 28); c.fill();
    c.lineWidth = 5; c.strokeStyle = '#d98b2b'; c.stroke();
    c.fillStyle = 'rgba(255,255,255,0.25)';
    K.roundRect(c, board.x + 10, board.y + 8, board.w - 20, 12, 6); c.fill();
    holes.forEach(function (h) { drawHole(c, h); });
    // the play mat
    c.fillStyle = 'rgba(120, 200, 120, 0.28)';
    K.roundRect(c, 12, board.matTop, K.w - 24, board.matH, 30); c.fill();
    pieces.forEach(function (p) { if (p.placed) drawPiece(c, p); });
    pieces.forEach(function (p) { if (!p.placed && p !== held && p !== selected) drawPiece(c, p); });
    if (selected && selected !== held) drawPiece(c, selected);
    if (held) drawPiece(c, held);
  }

  function hud(c) {
    if (K.state !== 'play') return;
    c.fillStyle = 'rgba(255,255,255,0.8)';
    K.roundRect(c, 12, 12, 132, 54, 27); c.fill();
    shapePath(c, 'star', 40, 38, 17);
    c.fillStyle = '#ffb627'; c.fill();
    K.text(c, String(K.score), 96, 40, 30, '#ff5d8f', 'center', '900', false);
    // one dot per level, filled as they are done
    var n = LEVELS.length, r = 9, w = n * r * 3;
    var left = Math.max(K.w / 2 - w / 2, 158);
    for (var i = 0; i < n; i++) {
      c.fillStyle = i < level || (i === level && done) ? '#6ede5a' : i === level ? '#ffffff' : 'rgba(255,255,255,0.55)';
      c.beginPath(); c.arc(left + r * 1.5 + i * r * 3, 39, r, 0, Math.PI * 2); c.fill();
      c.lineWidth = 2; c.strokeStyle = 'rgba(60,60,90,0.25)'; c.stroke();
    }
  }

  K.init({ id: 'shape-sorter', minW: 760, minH: 560, portrait: [420, 720], update: update, draw: draw, hud: hud, kids: true,
    title: 'SHAPE SORTER', accent: '#ff5d8f', bannerStroke: '#ffffff', bannerY: 0.5,
    onResize: function () { layout(false); } });
  deal(2);
  if (K.thumb) {
    pieces.forEach(function (p, i) { if (i % 2 === 0) { p.placed = true; p.hole.filled = p; } p.enter = 0; });
    layout(false);
  } else {
    pieces.forEach(function (p) { p.enter = 0; });
    K.show({ title: 'Shape Sorter', cls: 'clear', buttons: [{ label: '▶', aria: 'Play', cls: 'big', action: start }] });
  }
})();

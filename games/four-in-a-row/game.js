/* Four in a Row - drop discs, connect four. Two players on one device, versus the CPU, or online with a friend
 * (PlayFree.multiplayer: each move is sent to the other player, who drops the same disc). */
(function () {
  'use strict';
  var K = window.Kit;
  var COLS = 7, ROWS = 6;
  var COL = ['', '#ff4d6d', '#ffd23f'], DARK = ['', '#c9184a', '#e0a800'];
  var board, turn, mode, hover = 3, falling = null, winLine = null, over = false, wins = [0, 0, 0], round = 0, streak = 0, cpuT = 0, moves = 0;
  var MP = window.PlayFree && window.PlayFree.multiplayer;
  /* Until the portal says whether this player may play online, the title card keeps an invisible
     'Play online' in its place: the card does not grow a row as the answer comes (layout shift). */
  var onlinePending = !!MP && window.parent !== window;
  /* Online: my colour (seat 1 red, seat 2 yellow), the friend's moves not yet dropped, the friend away. */
  var myColor = 1, remote = [], away = false;

  function geo() {
    var top = 96;
    var cs = Math.min((K.w - 30) / COLS, (K.h - top - 20) / ROWS, 92);
    var bw = cs * COLS, bh = cs * ROWS;
    return { cs: cs, x: (K.w - bw) / 2, y: top + (K.h - top - 20 - bh) / 2, w: bw, h: bh };
  }

  function newRound() {
    board = [];
    for (var r = 0; r < ROWS; r++) { board.push([0, 0, 0, 0, 0, 0, 0]); }
    turn = round % 2 === 0 ? 1 : 2;
    round++;
    over = false; winLine = null; falling = null; moves = 0; cpuT = 0.6;
    K.hide();
    K.setLevel(round);
  }

  function startMatch(m) {
    mode = m;
    wins = [0, 0, 0]; round = 0; streak = 0;
    K.begin();
    K.clearFx();
    newRound();
  }

  function dropRow(b, c) { for (var r = ROWS - 1; r >= 0; r--) if (!b[r][c]) return r; return -1; }

  function drop(c) {
    if (over || falling || c < 0 || c >= COLS) return;
    var r = dropRow(board, c);
    if (r < 0) { K.tone(150, 0.1, { type: 'square', vol: 0.08 }); return false; }
    var g = geo();
    falling = { c: c, r: r, p: turn, y: g.y - g.cs / 2, vy: 0, ty: g.y + r * g.cs + g.cs / 2, bounces: 0 };
    K.tone(700, 0.06, { type: 'triangle', vol: 0.1 });
    return true;
  }

  /* This device's move: online only on my turn, and the friend gets it. */
  function play(c) {
    if (mode === 'online' && turn !== myColor) return;
    if (drop(c) && mode === 'online') MP.send({ t: 'drop', c: c, n: moves, round: round });
  }

  function land() {
    var f = falling;
    board[f.r][f.c] = f.p;
    falling = null;
    moves++;
    var g = geo();
    K.burst(g.x + f.c * g.cs + g.cs / 2, f.ty + g.cs * 0.35, { n: 8, color: COL[f.p], speed: 150, life: 0.3, size: 3 });
    var line = findWin(board, f.r, f.c);
    if (line) return win(f.p, line);
    if (moves === ROWS * COLS) return draw();
    turn = 3 - turn;
    cpuT = 0.45;
  }

  function findWin(b, r, c) {
    var p = b[r][c];
    var dirs = [[0, 1], [1, 0], [1, 1], [1, -1]];
    for (var i = 0; i < 4; i++) {
      var d = dirs[i], line = [[r, c]];
      for (var s = -1; s <= 1; s += 2) {
        var rr = r + d[0] * s, cc = c + d[1] * s;
        while (rr >= 0 && rr < ROWS && cc >= 0 && cc < COLS && b[rr][cc] === p) { line.push([rr, cc]); rr += d[0] * s; cc += d[1] * s; }
      }
      if (line.length >= 4) return line;
    }
    return null;
  }

  function win(p, line) {
    over = true;
    winLine = line;
    wins[p]++;
    var g = geo();
    line.forEach(function (rc, i) {
      setTimeout(function () {
        K.burst(g.x + rc[1] * g.cs + g.cs / 2, g.y + rc[0] * g.cs + g.cs / 2, { n: 30, color: [COL[p], '#fff'], speed: 380, life: 0.9, size: 5, shape: 'star' });
        K.tone(523 * Math.pow(1.26, i), 0.15, { type: 'triangle', vol: 0.15 });
      }, i * 110);
    });
    K.shake(10);
    var human = mode === '2p' || p === (mode === 'online' ? myColor : 1);
    if (human) { K.happy(); setTimeout(K.sfx.win, 500); } else setTimeout(K.sfx.lose, 500);
    if (mode === 'cpu') { streak = p === 1 ? streak + 1 : 0; K.setScore(wins[1]); }
    else K.setScore(mode === 'online' ? wins[myColor] : wins[1] + wins[2]);
    var title = mode === 'cpu' ? (p === 1 ? 'You win!' : 'CPU wins') : mode === 'online' ? (p === myColor ? 'You win!' : 'Your friend wins') : (p === 1 ? 'Red' : 'Yellow') + ' wins!';
    var r0 = round;
    /* Online, the friend may have started the next round meanwhile. */
    setTimeout(function () { if (round === r0 && over) roundOver(title); }, 1400);
  }

  function draw() {
    over = true;
    K.sfx.lose();
    if (mode === 'cpu') streak = 0;
    var r0 = round;
    setTimeout(function () { if (round === r0 && over) roundOver('Draw!'); }, 700);
  }

  function roundOver(title) {
    var res = K.end(mode === 'cpu' ? wins[1] : mode === 'online' ? wins[myColor] : wins[1] + wins[2]);
    K.show({
      title: title,
      html: '<div class="big"><span class="r">' + wins[1] + '</span> : <span class="y">' + wins[2] + '</span></div>' +
        '<p class="muted">' + (mode === 'cpu' ? 'You (red) vs CPU (yellow)' : mode === 'online' ? 'You are ' + (myColor === 1 ? 'red' : 'yellow') : 'Red vs Yellow') + ' · Best: ' + res.best + '</p>',
      buttons: [
        { label: 'Next round', action: function () { if (mode === 'online') MP.send({ t: 'next', round: round + 1 }); nextRound(); } },
        { label: 'Menu', action: menu }
      ]
    });
  }

  function nextRound() { K.begin(); K.setScore(mode === 'cpu' ? wins[1] : mode === 'online' ? wins[myColor] : wins[1] + wins[2]); newRound(); }

  /* ---- online: the portal holds the room; moves and rounds travel as small messages ---- */
  function startOnline(room) {
    var me = null;
    room.players.forEach(function (pl) { if (pl.id === room.me) me = pl; });
    myColor = me && me.seat === 2 ? 2 : 1;
    remote = []; away = false;
    startMatch('online');
  }
  function waitForFriend() {
    K.state = 'title';
    K.show({ title: 'Waiting for a friend', text: 'Send the invite link below the game. The match starts when your friend opens it.', buttons: [{ label: 'Leave', action: function () { MP.leave(); menu(); } }] });
  }
  function onlineOver(title, text) {
    if (mode !== 'online') return;
    mode = 'cpu'; over = true;
    K.state = 'title';
    K.show({ title: title, text: text, buttons: [{ label: 'Menu', action: menu }] });
  }
  if (MP) {
    MP.onRoom(function (room) {
      if (room.players.length >= 2) { if (mode !== 'online') startOnline(room); } else if (mode !== 'online') waitForFriend();
    });
    MP.onPlayerJoin(function () { var room = MP.room(); if (room && room.players.length >= 2 && mode !== 'online') startOnline(room); });
    MP.onPlayerDrop(function () { away = true; });
    MP.onPlayerReturn(function () {
      away = false;
      /* Moves sent while the friend was away were lost to them: they take this board. */
      if (mode === 'online') MP.send({ t: 'sync', board: board, turn: turn, round: round, wins: wins, moves: moves, over: over });
    });
    MP.onPlayerLeave(function () { onlineOver('Your friend left', 'The match is over.'); });
    MP.onClose(function (reason) {
      if (mode === 'online') onlineOver(reason === 'lost' ? 'Connection lost' : 'You left the room', 'The match is over.');
      else if (K.state === 'title') menu();
    });
    MP.onMessage(function (m) {
      if (mode !== 'online' || !m || typeof m !== 'object') return;
      if (m.t === 'drop' && typeof m.c === 'number') remote.push(m);
      else if (m.t === 'next' && m.round > round) nextRound();
      else if (m.t === 'sync' && Array.isArray(m.board)) {
        board = m.board; turn = m.turn; round = m.round; wins = m.wins; moves = m.moves; over = m.over; falling = null; remote = [];
        if (!over) { K.hide(); K.state = 'play'; }
      }
    });
  }

  /* ---- CPU: minimax with alpha-beta ---- */
  function scoreWindow(a, p) {
    var mine = 0, theirs = 0, empty = 0;
    for (var i = 0; i < 4; i++) { if (a[i] === p) mine++; else if (a[i] === 0) empty++; else theirs++; }
    if (mine === 4) return 1000;
    if (mine === 3 && empty === 1) return 6;
    if (mine === 2 && empty === 2) return 2;
    if (theirs === 3 && empty === 1) return -8;
    return 0;
  }
  function evalBoard(b, p) {
    var s = 0, r, c;
    for (r = 0; r < ROWS; r++) if (b[r][3] === p) s += 3;
    for (r = 0; r < ROWS; r++) for (c = 0; c < COLS; c++) {
      if (c + 3 < COLS) s += scoreWindow([b[r][c], b[r][c + 1], b[r][c + 2], b[r][c + 3]], p);
      if (r + 3 < ROWS) s += scoreWindow([b[r][c], b[r + 1][c], b[r + 2][c], b[r + 3][c]], p);
      if (r + 3 < ROWS && c + 3 < COLS) s += scoreWindow([b[r][c], b[r + 1][c + 1], b[r + 2][c + 2], b[r + 3][c + 3]], p);
      if (r + 3 < ROWS && c - 3 >= 0) s += scoreWindow([b[r][c], b[r + 1][c - 1], b[r + 2][c - 2], b[r + 3][c - 3]], p);
    }
    return s;
  }
  var ORDER = [3, 2, 4, 1, 5, 0, 6];
  function minimax(b, depth, alpha, beta, maxing, p) {
    var best = maxing ? -Infinity : Infinity, bestC = -1;
    var any = false;
    for (var i = 0; i < 7; i++) {
      var c = ORDER[i], r = dropRow(b, c);
      if (r < 0) continue;
      any = true;
      var who = maxing ? p : 3 - p;
      b[r][c] = who;
      var v;
      if (findWin(b, r, c)) v = maxing ? 100000 + depth : -100000 - depth;
      else if (depth <= 1) v = evalBoard(b, p) - evalBoard(b, 3 - p) * 0.8;
      else v = minimax(b, depth - 1, alpha, beta, !maxing, p).v;
      b[r][c] = 0;
      if (maxing ? v > best : v < best) { best = v; bestC = c; }
      if (maxing) alpha = Math.max(alpha, v); else beta = Math.min(beta, v);
      if (alpha >= beta) break;
    }
    if (!any) return { v: 0, c: -1 };
    return { v: best, c: bestC };
  }
  function cpuMove() {
    var depth = Math.min(6, 2 + Math.floor(round / 2) + Math.min(2, streak));
    var col;
    if (Math.random() < Math.max(0, 0.25 - round * 0.05)) {
      var opts = ORDER.filter(function (c) { return dropRow(board, c) >= 0; });
      col = K.pick(opts);
    } else col = minimax(board, depth, -Infinity, Infinity, true, 2).c;
    hover = col;
    drop(col);
  }

  function update(dt) {
    if (!board) return;
    if (falling) {
      var f = falling;
      f.vy += 2600 * dt;
      f.y += f.vy * dt;
      if (f.y >= f.ty) {
        f.y = f.ty;
        if (f.vy > 300 && f.bounces < 2) { f.vy = -f.vy * 0.3; f.bounces++; K.tone(260 - f.bounces * 40, 0.05, { type: 'square', vol: 0.1 }); if (f.bounces === 1) K.shake(3); }
        else land();
      }
    } else if (mode === 'online' && remote.length && !over) {
      var m = remote.shift();
      if (m.round === round && turn !== myColor) { hover = m.c; drop(m.c); }
    } else if (K.state === 'play' && !over && mode === 'cpu' && turn === 2) {
      cpuT -= dt;
      if (cpuT <= 0) cpuMove();
    }
  }

  function disc(c, x, y, r, p, glow) {
    c.save();
    if (glow) { c.shadowColor = '#fff'; c.shadowBlur = 25; }
    c.fillStyle = DARK[p];
    c.beginPath(); c.arc(x, y, r, 0, Math.PI * 2); c.fill();
    c.restore();
    c.fillStyle = COL[p];
    c.beginPath(); c.arc(x, y - r * 0.06, r * 0.86, 0, Math.PI * 2); c.fill();
    c.strokeStyle = DARK[p]; c.lineWidth = r * 0.08;
    c.beginPath(); c.arc(x, y - r * 0.06, r * 0.55, 0, Math.PI * 2); c.stroke();
    c.fillStyle = 'rgba(255,255,255,0.35)';
    c.beginPath(); c.ellipse(x - r * 0.3, y - r * 0.4, r * 0.22, r * 0.12, -0.6, 0, Math.PI * 2); c.fill();
  }

  function drawBoard(c) {
    var g = geo();
    var grd = c.createLinearGradient(0, 0, 0, K.h);
    grd.addColorStop(0, '#24348c'); grd.addColorStop(1, '#141d52');
    c.fillStyle = grd;
    c.fillRect(-20, -20, K.w + 40, K.h + 40);
    if (!board) return;
    // hover disc
    var cs = g.cs, r = cs * 0.4;
    var human = K.state === 'play' && !over && !falling && !(mode === 'cpu' && turn === 2) && !(mode === 'online' && turn !== myColor);
    if (human) {
      var hx = g.x + hover * cs + cs / 2;
      c.fillStyle = 'rgba(255,255,255,0.08)';
      c.fillRect(g.x + hover * cs, g.y, cs, g.h);
      disc(c, hx, g.y - cs * 0.55 + Math.sin(K.time * 5) * 4, r, turn);
    }
    // discs behind the board
    for (var rr = 0; rr < ROWS; rr++) for (var cc = 0; cc < COLS; cc++) {
      var p = board[rr][cc];
      if (!p) continue;
      var inWin = winLine && winLine.some(function (w) { return w[0] === rr && w[1] === cc; });
      var pulse = inWin ? 1 + Math.sin(K.time * 10) * 0.06 : 1;
      disc(c, g.x + cc * cs + cs / 2, g.y + rr * cs + cs / 2, r * pulse, p, inWin);
    }
    if (falling) disc(c, g.x + falling.c * cs + cs / 2, falling.y, r, falling.p);
    // board with holes
    c.save();
    c.beginPath();
    K.roundRect(c, g.x - 10, g.y - 10, g.w + 20, g.h + 20, 18);
    for (var hr = 0; hr < ROWS; hr++) for (var hc = 0; hc < COLS; hc++) {
      var cx = g.x + hc * cs + cs / 2, cy = g.y + hr * cs + cs / 2;
      c.moveTo(cx + r + 2, cy);
      c.arc(cx, cy, r + 2, 0, Math.PI * 2, true);
    }
    var bg = c.createLinearGradient(0, g.y, 0, g.y + g.h);
    bg.addColorStop(0, '#3a6df0'); bg.addColorStop(1, '#2a4fc4');
    c.fillStyle = bg;
    c.shadowColor = 'rgba(0,0,0,0.4)'; c.shadowBlur = 20; c.shadowOffsetY = 8;
    c.fill('evenodd');
    c.restore();
    c.strokeStyle = 'rgba(255,255,255,0.15)'; c.lineWidth = 3;
    K.roundRect(c, g.x - 10, g.y - 10, g.w + 20, g.h + 20, 18); c.stroke();
    if (winLine) {
      var a = winLine.slice().sort(function (m, n) { return m[1] - n[1] || m[0] - n[0]; });
      var s0 = a[0], s1 = a[a.length - 1];
      c.strokeStyle = 'rgba(255,255,255,0.85)'; c.lineWidth = 8; c.lineCap = 'round';
      c.beginPath(); c.moveTo(g.x + s0[1] * cs + cs / 2, g.y + s0[0] * cs + cs / 2); c.lineTo(g.x + s1[1] * cs + cs / 2, g.y + s1[0] * cs + cs / 2); c.stroke();
    }
  }

  function hud(c) {
    if (!board || K.state === 'title' || K.thumb) return;
    var who = mode === 'cpu' ? (turn === 1 ? 'Your turn' : 'CPU thinking…') : mode === 'online' ? (away ? 'Friend reconnecting…' : turn === myColor ? 'Your turn' : "Friend's turn") : (turn === 1 ? 'Red' : 'Yellow') + "'s turn";
    if (!over) {
      c.fillStyle = COL[turn];
      c.beginPath(); c.arc(24, 28, 10, 0, Math.PI * 2); c.fill();
      K.text(c, who, 42, 29, 20, '#fff', 'left', '800');
    }
    K.text(c, wins[1] + '', K.w / 2 - 28, 28, 26, COL[1]);
    K.text(c, ':', K.w / 2, 28, 26, '#fff');
    K.text(c, wins[2] + '', K.w / 2 + 28, 28, 26, COL[2]);
  }

  function colAt(x) { var g = geo(); return K.clamp(Math.floor((x - g.x) / g.cs), 0, COLS - 1); }
  K.onMove(function (p) { if (board && !over) hover = colAt(p.x); });
  K.onDown(function (p) {
    if (K.state !== 'play' || over || (mode === 'cpu' && turn === 2)) return;
    hover = colAt(p.x);
    play(hover);
  });
  K.onKey(function (code) {
    if (K.state !== 'play' || over || (mode === 'cpu' && turn === 2)) return;
    if (code === 'ArrowLeft' || code === 'KeyA') { hover = Math.max(0, hover - 1); K.sfx.tick(); }
    else if (code === 'ArrowRight' || code === 'KeyD') { hover = Math.min(COLS - 1, hover + 1); K.sfx.tick(); }
    else if (code === 'Space' || code === 'Enter' || code === 'ArrowDown' || code === 'KeyS') play(hover);
    else if (/^Digit[1-7]$/.test(code)) { hover = +code.slice(5) - 1; play(hover); }
  });

  function menu() {
    K.state = 'title';
    K.show({
      title: 'Four in a Row',
      text: 'Take turns dropping discs. First to line up four — across, down or diagonally — wins the round.',
      html: 'Click or tap a column · <kbd>←</kbd><kbd>→</kbd> / <kbd>A</kbd><kbd>D</kbd> to aim, <kbd>Space</kbd> / <kbd>↓</kbd> to drop<br><span class="muted">Best: ' + K.bestHtml() + '</span>',
      buttons: [
        { label: '2 Players', action: function () { startMatch('2p'); } },
        { label: 'vs CPU', cls: 'red', action: function () { startMatch('cpu'); } }
      ].concat(MP && MP.isAvailable() ? [{ label: 'Play online', action: function () { MP.createRoom({ maxPlayers: 2 }).then(waitForFriend, function () { menu(); }); } }] : onlinePending ? [{ label: 'Play online', cls: 'pf-pending', action: function () {} }] : [])
    });
  }

  K.init({ id: 'four-in-a-row', minW: 440, minH: 520, update: update, draw: drawBoard, hud: hud, title: 'FOUR IN A ROW', accent: '#ffd23f', bannerY: 0.14 });
  mode = 'cpu';
  newRound();
  if (K.thumb) {
    K.state = 'play';
    var seq = [[5, 3, 1], [5, 4, 2], [4, 3, 1], [5, 2, 2], [4, 4, 1], [3, 3, 2], [5, 5, 1], [4, 2, 2], [3, 4, 1], [2, 4, 2], [5, 1, 1], [4, 5, 2], [3, 5, 1], [5, 6, 2]];
    seq.forEach(function (s) { board[s[0]][s[1]] = s[2]; });
    hover = 2; turn = 1;
  } else {
    menu();
    /* The portal answers with whether rooms are open to this player (never in the Kids Zone). */
    if (MP) { MP.onAvailable(function () { onlinePending = false; if (K.state === 'title' && mode !== 'online' && !MP.room()) menu(); }); MP.enable({ maxPlayers: 2 }); }
  }
})();

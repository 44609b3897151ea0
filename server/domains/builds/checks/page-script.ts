/**
 * The scripts the worker runs in the game's page. Plain JavaScript in strings: functions handed to
 * Playwright are sent as their source text, and tsx's compiled output may call helpers (__name)
 * that do not exist in the page.
 */

/**
 * The binding the page reports through: its start signals (signal, ms since navigation, SDK
 * present); what the games origin's Content-Security-Policy blocked ('csp', the blocked address or
 * 'inline'/'eval'/'wasm-eval', the directive): players' browsers block the same; and uncaught
 * errors ('uncaught', the error with its file and line, whether nothing was drawn yet).
 */
export const REPORT_BINDING = '__playfreeBuildCheck';

/** Canvases smaller than this (CSS px, either side) are helpers (text measuring, sprites), not the game's screen. */
export const MIN_CANVAS = 32;

/**
 * Runs in the top frame before the game's own scripts.
 *
 * The SDK posts to window.parent only when embedded (`parent !== window`). `parent` is a
 * [Replaceable] attribute, so a MessagePort can stand in for the portal: its postMessage forwards
 * gameplayStart to the worker, and it answers save requests at once as the portal does for a
 * signed-out player (a MessagePort may be a MessageEvent's source, which the SDK checks), so a game
 * awaiting PlayFree.load() is not held for the SDK's 8 s timeout.
 *
 * The first frame: after the load event, the first animation frame once something is drawn, and one
 * frame more so it was painted. A page with a canvas (at least MIN_CANVAS px a side, visible) has
 * drawn when one of its canvases has a pixel that is not transparent: a loading bar, text or a
 * background around a blank canvas is not the game. WebGL canvases are made with
 * preserveDrawingBuffer, so their last frame can be read back (drawImage onto a small 2D canvas).
 * A page without a canvas has drawn once it shows an image, a video, an SVG, text or an element
 * with a background of its own.
 *
 * Uncaught errors (and rejections nobody handled) are reported with the file and line they came
 * from, and whether anything was drawn yet: one before the first frame is the cause named when the
 * game then never draws (worker.ts); a game that draws after it has started all the same.
 */
export const PAGE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const report = (signal, a, b) => {
    try { window.${REPORT_BINDING}(signal, a, b); } catch {}
  };
  const started = (signal) => report(signal, performance.now(), Boolean(window.PlayFree && window.PlayFree.version));
  const portal = new MessageChannel().port1;
  portal.postMessage = (message) => {
    if (!message || message.source !== 'playfree-sdk') return;
    if (message.type === 'gameplayStart') started('gameplayStart');
    if (message.type === 'saveLoad' || message.type === 'saveWrite') {
      const data = { source: 'playfree-portal', type: 'saveResult', requestId: message.requestId, status: 'signed-out', save: null };
      setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data, source: portal })));
    }
  };
  window.parent = portal;
  // The CSP blocks a script from another site before any request is made: reported here, not seen by the routes.
  document.addEventListener('securitypolicyviolation', (event) => {
    report('csp', event.blockedURI, event.effectiveDirective || event.violatedDirective);
  });

  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, attributes) {
    if (/^(webgl2?|experimental-webgl)$/.test(type)) attributes = Object.assign({}, attributes, { preserveDrawingBuffer: true });
    return getContext.call(this, type, attributes);
  };

  let drewAt = null;
  const fileOf = (url) => { try { const u = new URL(url, location.href); return u.origin === location.origin ? u.pathname.slice(1) || 'index.html' : u.href; } catch { return String(url || ''); } };
  const where = (file, line) => file ? ' (' + fileOf(file) + (line ? ', line ' + line : '') + ')' : '';
  window.addEventListener('error', (event) => {
    if (!(event instanceof ErrorEvent)) return;
    const error = event.error;
    const text = error && error.name ? error.name + ': ' + error.message : String(event.message || 'an error');
    report('uncaught', text.replace(/^Uncaught /, '') + where(event.filename, event.lineno), drewAt === null);
  });
  // A rejection has no file and line of its own: its error's stack names where it was thrown.
  const stackWhere = (stack) => {
    const frame = /(https?:\\/\\/[^\\s()]+):(\\d+):\\d+/.exec(String(stack || ''));
    return frame ? where(frame[1], Number(frame[2])) : '';
  };
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason;
    // The browser's autoplay policy refusing sound before a tap is not the game failing.
    if (reason && reason.name === 'NotAllowedError') return;
    const text = reason && reason.name ? reason.name + ': ' + reason.message : String(reason);
    report('uncaught', 'Unhandled promise rejection: ' + text + stackWhere(reason && reason.stack), drewAt === null);
  });

  const MIN_CANVAS = ${MIN_CANVAS};
  const SAMPLE = 128;
  const sample = document.createElement('canvas');
  const sampleContext = getContext.call(sample, '2d', { willReadFrequently: true });
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return null;
    const style = getComputedStyle(el);
    return style.visibility === 'hidden' || style.opacity === '0' ? null : box;
  };
  const canvases = () => Array.from(document.getElementsByTagName('canvas')).filter((canvas) => {
    const box = visible(canvas);
    return box && box.width >= MIN_CANVAS && box.height >= MIN_CANVAS && canvas.width > 0 && canvas.height > 0;
  });
  const painted = (canvas) => {
    const scale = Math.min(1, SAMPLE / Math.max(canvas.width, canvas.height));
    const width = Math.max(1, Math.round(canvas.width * scale));
    const height = Math.max(1, Math.round(canvas.height * scale));
    sample.width = width;
    sample.height = height;
    try {
      sampleContext.drawImage(canvas, 0, 0, width, height);
      const pixels = sampleContext.getImageData(0, 0, width, height).data;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) return true;
      return false;
    } catch {
      // Tainted by an image from elsewhere: something was drawn.
      return true;
    }
  };
  const ownText = (el) => Array.from(el.childNodes).some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
  const domDrawn = () => {
    if (ownText(document.body)) return true;
    for (const el of document.body.getElementsByTagName('*')) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      if (/^(img|video|svg)$/.test(el.localName) || ownText(el)) return true;
      if (style.backgroundImage !== 'none' || !/^(transparent|rgba\\(.*, 0\\))$/.test(style.backgroundColor)) return true;
    }
    return false;
  };
  const drawn = () => {
    if (!document.body) return false;
    const shown = canvases();
    return shown.length > 0 ? shown.some(painted) : domDrawn();
  };
  const frame = window.requestAnimationFrame.bind(window);
  let lastLook = 0;
  const watch = (now) => {
    if (now - lastLook < 100) return frame(watch);
    lastLook = now;
    if (!drawn()) return frame(watch);
    drewAt = performance.now();
    frame(() => started('firstFrame'));
  };
  window.addEventListener('load', () => frame(watch), { once: true });
})();`;

/**
 * What the page looks like when it did not start, for the reason given: its canvases (blank or
 * not), whether it is cross-origin isolated (threads need it), and its visible text (a loader's
 * error message).
 */
export const STALL_STATE = `(() => {
  const shown = Array.from(document.getElementsByTagName('canvas')).filter((canvas) => {
    const box = canvas.getBoundingClientRect();
    return box.width >= ${MIN_CANVAS} && box.height >= ${MIN_CANVAS};
  });
  return {
    canvases: shown.map((canvas) => ({ id: canvas.id, width: Math.round(canvas.getBoundingClientRect().width), height: Math.round(canvas.getBoundingClientRect().height) })),
    isolated: Boolean(window.crossOriginIsolated),
    sharedMemory: typeof SharedArrayBuffer === 'function',
    text: (document.body ? document.body.innerText : '').replace(/\\s+/g, ' ').trim().slice(0, 300),
  };
})()`;

/**
 * Where a player would tap to start, or null: the element in the middle of the screen when it is
 * made to be tapped (a button or link, an onclick, a pointer cursor), else a visible one of those
 * that says play, start, tap or click, or a button that only says OK or Continue: the notice an
 * engine puts up before it starts (Unity 5.6–2019 on a phone: "Unity WebGL is not currently
 * supported on mobiles. Press OK if you wish to continue anyway.").
 */
export const TAP_TARGET = `(() => {
  const tappable = (el) => {
    for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
      if (/^(button|a)$/.test(node.localName) || node.getAttribute('role') === 'button' || node.onclick || getComputedStyle(node).cursor === 'pointer') return node;
    }
    return null;
  };
  const centre = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? { x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2) } : null;
  };
  const middle = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
  if (middle && middle.localName !== 'canvas' && tappable(middle)) return { x: Math.round(innerWidth / 2), y: Math.round(innerHeight / 2) };
  const asksToStart = (el) => {
    const text = (el.textContent || '').trim();
    if (text.length > 40) return false;
    return /\\b(play|start|tap|click|touch)\\b/i.test(text) || (el.localName === 'button' && /^(ok|okay|continue( anyway)?)$/i.test(text));
  };
  for (const el of document.querySelectorAll('button, a, [role=button], [onclick], div, p, span')) {
    if (!asksToStart(el) || !tappable(el)) continue;
    const point = centre(el);
    if (point) return point;
  }
  return null;
})()`;

/** The document's scroll size: what a player would have to scroll through. */
export const SCROLL_SIZE = `(() => {
  const root = document.scrollingElement || document.documentElement;
  return { width: root.scrollWidth, height: root.scrollHeight };
})()`;

/**
 * Engines and libraries the page's globals name once it ran, with the version they report ('' when
 * they report none): engines.ts weighs them with the build's file names and index.html.
 */
export const ENGINE_GLOBALS = `(() => {
  const w = window;
  const found = {};
  const text = (value) => (value === undefined || value === null ? '' : String(value));
  if (w.Phaser && w.Phaser.VERSION) found.phaser = text(w.Phaser.VERSION);
  if (w.__THREE__ || (w.THREE && w.THREE.REVISION)) found.three = text(w.__THREE__ || w.THREE.REVISION);
  if (w.pc && w.pc.version && w.pc.Application) found.playcanvas = text(w.pc.version);
  if (w.PIXI && w.PIXI.VERSION) found.pixi = text(w.PIXI.VERSION);
  if (w.BABYLON && w.BABYLON.Engine) found.babylon = text(w.BABYLON.Engine.Version);
  if (typeof w.createUnityInstance === 'function' || w.UnityLoader) found.unity = '';
  if (typeof w.Engine === 'function' && typeof w.Engine.getMissingFeatures === 'function') found.godot = '';
  if (w.C3 || typeof w.cr_createRuntime === 'function') found.construct = w.C3 ? '3' : '2';
  if (typeof w.GameMaker_Init === 'function') found.gamemaker = '';
  if (w.cc && w.cc.ENGINE_VERSION) found.cocos = text(w.cc.ENGINE_VERSION);
  if (w.gdjs && w.gdjs.RuntimeGame) found.gdevelop = '';
  if (Array.isArray(w.pico8_buttons)) found.pico8 = '';
  if (w.me && w.me.version && w.me.Renderable) found.melonjs = text(w.me.version);
  if (w.Module && (w.Module.asm || w.Module.calledRun !== undefined)) found.emscripten = '';
  return found;
})()`;

/** On the offline load, the browser says it is offline, as a player's would. */
export const OFFLINE_SCRIPT = `Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });`;

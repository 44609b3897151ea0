/**
 * The scripts the worker runs in the game's page. Plain JavaScript in strings: functions handed to
 * Playwright are sent as their source text, and tsx's compiled output may call helpers (__name)
 * that do not exist in the page.
 */

/**
 * The binding the page reports through: its start signals (signal, ms since navigation, SDK
 * present), and what the games origin's Content-Security-Policy blocked ('csp', the blocked
 * address or 'inline'/'eval', the directive): players' browsers block the same.
 */
export const REPORT_BINDING = '__playfreeBuildCheck';

/**
 * Runs in the top frame before the game's own scripts.
 *
 * The SDK posts to window.parent only when embedded (`parent !== window`). `parent` is a
 * [Replaceable] attribute, so a MessagePort can stand in for the portal: its postMessage forwards
 * gameplayStart to the worker, and it answers save requests at once as the portal does for a
 * signed-out player (a MessagePort may be a MessageEvent's source, which the SDK checks), so a game
 * awaiting PlayFree.load() is not held for the SDK's 8 s timeout.
 *
 * The first frame: after the load event, the first animation frame once something is drawn (a
 * canvas, image, video or SVG with a size, text, or an element with a background of its own), and
 * one frame more so it was painted.
 */
export const PAGE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const report = (signal) => {
    try { window.${REPORT_BINDING}(signal, performance.now(), Boolean(window.PlayFree && window.PlayFree.version)); } catch {}
  };
  const portal = new MessageChannel().port1;
  portal.postMessage = (message) => {
    if (!message || message.source !== 'playfree-sdk') return;
    if (message.type === 'gameplayStart') report('gameplayStart');
    if (message.type === 'saveLoad' || message.type === 'saveWrite') {
      const data = { source: 'playfree-portal', type: 'saveResult', requestId: message.requestId, status: 'signed-out', save: null };
      setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data, source: portal })));
    }
  };
  window.parent = portal;
  // The CSP blocks a script from another site before any request is made: reported here, not seen by the routes.
  document.addEventListener('securitypolicyviolation', (event) => {
    try { window.${REPORT_BINDING}('csp', event.blockedURI, event.effectiveDirective || event.violatedDirective); } catch {}
  });

  const frame = window.requestAnimationFrame.bind(window);
  const ownText = (el) => Array.from(el.childNodes).some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
  const drawn = () => {
    if (!document.body) return false;
    if (ownText(document.body)) return true;
    for (const el of document.body.getElementsByTagName('*')) {
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      if (/^(canvas|img|video|svg)$/.test(el.localName) || ownText(el)) return true;
      if (style.backgroundImage !== 'none' || !/^(transparent|rgba\\(.*, 0\\))$/.test(style.backgroundColor)) return true;
    }
    return false;
  };
  const watch = () => (drawn() ? frame(() => report('firstFrame')) : frame(watch));
  window.addEventListener('load', () => frame(watch), { once: true });
})();`;

/** The document's scroll size: what a player would have to scroll through. */
export const SCROLL_SIZE = `(() => {
  const root = document.scrollingElement || document.documentElement;
  return { width: root.scrollWidth, height: root.scrollHeight };
})()`;

/** On the offline load, the browser says it is offline, as a player's would. */
export const OFFLINE_SCRIPT = `Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });`;

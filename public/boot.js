// Runs before the first paint (an external file: the CSP forbids inline scripts).
(function () {
  // The stored colour scheme, so the page never flashes the wrong one.
  var scheme = 'dark';
  try {
    if (window.localStorage.getItem('theme') === 'light') scheme = 'light';
  } catch (e) {
    // Storage may be blocked; keep the default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);

  // A device paired with a parent's account and held in the Kids Zone opens nothing else: the
  // server's gate answers other pages with the PIN gate, and this covers the service worker's
  // shell, served without asking the server (pf_kids_hold: set and cleared by the server).
  function toKidsGate() {
    location.replace('/kids/locked?next=' + encodeURIComponent(location.pathname + location.search));
  }
  var outsideZone = !/^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?kids(?:\/|$)/.test(location.pathname);
  if (/(?:^|;\s*)pf_kids_hold=1(?:;|$)/.test(document.cookie) && outsideZone) toKidsGate();

  // The back-forward cache shows a page again without asking the server, or running this file: a
  // page left while the device was let out must not come back once it is held again (issue #38).
  // pf_kids_hold=1 says so at once; =0 is a paired device let out, whose release may have run out
  // meanwhile, so the server is asked (the page hidden until it answers). Unpaired: no cookie.
  if (outsideZone) {
    window.addEventListener('pageshow', function (event) {
      if (!event.persisted) return;
      var hold = /(?:^|;\s*)pf_kids_hold=([01])(?:;|$)/.exec(document.cookie);
      if (!hold) return;
      if (hold[1] === '1') return toKidsGate();
      document.documentElement.style.visibility = 'hidden';
      fetch('/api/kids/device', { credentials: 'same-origin', cache: 'no-store' })
        .then(function (response) {
          return response.ok ? response.json() : { paired: false };
        })
        .then(function (device) {
          if (device.paired && !(device.releasedUntil && Date.parse(device.releasedUntil) > Date.now())) return toKidsGate();
          document.documentElement.style.visibility = '';
        })
        .catch(function () {
          document.documentElement.style.visibility = '';
        });
    });
  }

  // The service worker's shell is the English page: the page's language (its address's prefix,
  // src/i18n/addresses.ts; an English address takes the remembered one, as the app then moves it
  // there) sets the page's direction before it paints, not once the app has loaded its catalog.
  var prefixed = /^\/(es|hi|ar|pt-br|fr|de|it|nl|pl|ru|tr|id|vi|ja|ko)(?:\/|$)/.exec(location.pathname);
  var remembered = /(?:^|;\s*)locale=([A-Za-z-]{2,5})(?:;|$)/.exec(document.cookie);
  var lang = prefixed ? (prefixed[1] === 'pt-br' ? 'pt-BR' : prefixed[1]) : remembered && remembered[1];
  if (lang && document.documentElement.lang !== lang) {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  }

  // Home's Continue playing row comes once the app has read this device's plays: the room it had on
  // a screen this wide is held from the first paint, so the page under it does not move when it
  // comes (src/features/recent/rowHeight.ts keeps its height for the last few widths). Media
  // queries, not innerWidth read here: on a phone the width this early is the browser's default
  // (980), not the viewport's.
  try {
    var heights = JSON.parse(window.localStorage.getItem('recent_row') || '[]');
    var rules = '';
    for (var i = 0; i < heights.length; i++) {
      var width = heights[i][0];
      var height = heights[i][1];
      if (width > 0 && width < 10000 && height > 0 && height < 2000) {
        rules += '@media (width: ' + Math.round(width) + 'px) { :root { --recent-row-height: ' + Math.round(height) + 'px; } }\n';
      }
    }
    if (rules) {
      var room = document.createElement('style');
      room.id = 'recent-row-room';
      room.textContent = rules;
      document.head.appendChild(room);
    }
  } catch (e) {
    // Storage blocked or the entry unreadable: no room held.
  }

  // A server-rendered page shows its fields and buttons before the app has taken it over. Text
  // typed then would be lost to the app, and a tap (or an Enter, or a form's submit) would do
  // nothing, or submit the form the browser's way. The last tap or submit is held; once the app
  // runs (src/early-input.ts) the typed text is handed to it as input and the tap replayed.
  // Links are left alone: the browser follows them either way.
  var held = null;
  var typed = new Map();
  // What a tap on `node` would press: a button, or a radio or checkbox (itself or its label, like
  // a category chip). Not a text field's label: that only focuses the field, which works already.
  function pressable(node) {
    var element = node.closest && node.closest('button, label, input');
    if (!element || element.tagName === 'BUTTON') return element;
    var control = element.tagName === 'LABEL' ? element.control : element;
    return control && (control.type === 'radio' || control.type === 'checkbox') ? element : null;
  }
  function hold(event) {
    var target = event.type === 'submit' ? event.target : pressable(event.target);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    held = { target: target, submit: event.type === 'submit' };
  }
  function remember(event) {
    var field = event.target;
    if (field.tagName === 'INPUT' || field.tagName === 'TEXTAREA') typed.set(field, field.value);
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('input', remember, true);
  window.playfreeAppReady = function () {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    document.removeEventListener('input', remember, true);
    // Text typed then: the app rendered the fields with its own (empty) state and may have reset
    // them since. Each is handed to it as input: React notices a change against what it last set,
    // so the field is set through React's view of it first, then to the text behind its back.
    typed.forEach(function (text, field) {
      if (!field.isConnected || text === '') return;
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    if (!held) return;
    var replay = held;
    // After the app has re-rendered with the handed-over text (React applies it in a microtask).
    setTimeout(function () {
      if (!replay.target.isConnected) return;
      if (replay.submit) replay.target.requestSubmit();
      else replay.target.click();
    }, 0);
  };

  // The app's scripts wait in <template data-load-after-paint> (the build and the server put them
  // there: vite.config.ts says why) until the page has painted: the frame after the whole page is
  // parsed. A hidden tab paints nothing, so there they load at once.
  var loading = false;
  function loadApp() {
    if (loading) return;
    loading = true;
    var preloads = [];
    var scripts = [];
    document.querySelectorAll('template[data-load-after-paint]').forEach(function (template) {
      template.content.querySelectorAll('link, script').forEach(function (inert) {
        // Made anew: a script parsed into a template never runs, wherever it is moved.
        var tag = document.createElement(inert.tagName);
        for (var i = 0; i < inert.attributes.length; i += 1) tag.setAttribute(inert.attributes[i].name, inert.attributes[i].value);
        (tag.tagName === 'SCRIPT' ? scripts : preloads).push(tag);
      });
    });
    // One tag per task: each starts a fetch, which on a phone takes long enough that a dozen at
    // once make one long task. The preloads first, so the app's script finds its imports on their
    // way (a message to itself, unlike a timer, adds no delay between the tasks).
    var tags = preloads.concat(scripts);
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      document.head.appendChild(tags.shift());
      if (tags.length > 0) channel.port2.postMessage(null);
    };
    if (tags.length > 0) channel.port2.postMessage(null);
  }
  function loadAppAfterPaint() {
    if (document.visibilityState === 'hidden') return loadApp();
    requestAnimationFrame(function () {
      setTimeout(loadApp, 0);
    });
    // A tab hidden before its first frame: rAF would wait until it is shown again.
    document.addEventListener('visibilitychange', loadApp, { once: true });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', loadAppAfterPaint);
  else loadAppAfterPaint();
})();

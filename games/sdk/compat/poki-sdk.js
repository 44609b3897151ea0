/* PlayFree compatibility layer for games written for Poki's SDK (v2): served after the PlayFree SDK
 * as /__playfree/compat/poki-sdk.js, so a game changes one line (the SDK's <script src>) and its
 * calls reach PlayFree. docs/API.md lists what each call maps to. MIT licensed. */
(function (w) {
  'use strict';
  var PF = w.PlayFree;
  if (!PF || w.PokiSDK) return;
  function call(fn) { try { if (typeof fn === 'function') fn(); } catch (e) { if (w.console) w.console.error(e); } }
  var loaded = false;
  function markLoaded() { if (!loaded) { loaded = true; PF.loaded(); } }
  w.PokiSDK = {
    init: function () { return Promise.resolve(); },
    setDebug: function () {},
    gameLoadingStart: function () {},
    gameLoadingProgress: function () {},
    gameLoadingFinished: markLoaded,
    gameplayStart: function () { markLoaded(); PF.gameplayStart(); },
    gameplayStop: function () { PF.gameplayStop(); },
    /* Resolves when the break is over (shown or not), as Poki's does. */
    commercialBreak: function (beforeBreak) {
      call(beforeBreak);
      return PF.ads.midgame().then(function () {});
    },
    /* Resolves true only when the player watched the ad to the end. */
    rewardedBreak: function (beforeBreak) {
      call(beforeBreak);
      return PF.ads.rewarded().then(function (result) { return result.rewarded === true; });
    },
    happyTime: function () { PF.happyMoment(); },
    isAdBlocked: function () { return false; },
    shareableURL: function () { return Promise.resolve(w.location.href); },
    getURLParam: function (name) { return new w.URLSearchParams(w.location.search).get(name) || ''; },
    /* Poki's two-letter language code: the portal's language without its region ('pt' for pt-BR). */
    getLanguage: function () { return PF.language.split('-')[0]; },
    /* Banners are the portal's own slots around the game, never inside it. */
    displayAd: function () {},
    destroyAd: function () {},
    customEvent: function () {},
    gameInteractive: function () {}
  };
})(window);

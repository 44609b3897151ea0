/* PlayFree compatibility layer for games written for the CrazyGames SDK v3: served after the PlayFree
 * SDK as /__playfree/compat/crazygames-sdk-v3.js, so a game changes one line (the SDK's <script src>)
 * and its calls reach PlayFree. `data` keeps its items in the PlayFree cloud save. docs/API.md lists
 * what each call maps to. MIT licensed. */
(function (w) {
  'use strict';
  var PF = w.PlayFree;
  if (!PF || (w.CrazyGames && w.CrazyGames.SDK)) return;
  function call(fn, arg) { try { if (typeof fn === 'function') fn(arg); } catch (e) { if (w.console) w.console.error(e); } }
  var loaded = false;
  function markLoaded() { if (!loaded) { loaded = true; PF.loaded(); } }

  /* data: CrazyGames' synchronous storage, kept as one object in the player's PlayFree save. */
  var items = {};
  var ready = null;
  var MP = PF.multiplayer;
  /* How the player came (PlayFree.multiplayer.entry()), known once init() resolves. */
  var entry = { instant: false, code: null, params: {}, link: null };
  function store() { PF.save(items).catch(function (e) { if (w.console) w.console.warn('CrazyGames.SDK.data: not saved', e); }); }
  var data = {
    getItem: function (key) { return Object.prototype.hasOwnProperty.call(items, key) ? items[key] : null; },
    setItem: function (key, value) { items[String(key)] = String(value); store(); },
    removeItem: function (key) { delete items[key]; store(); },
    clear: function () { items = {}; store(); }
  };

  function requestAd(type, callbacks) {
    var cb = callbacks || {};
    var ask = type === 'rewarded' ? PF.ads.rewarded : PF.ads.midgame;
    call(cb.adStarted);
    return ask().then(function (result) {
      if (type === 'rewarded' ? result.rewarded : result.shown) { call(cb.adFinished); return; }
      var code = result.reason === 'unfilled' ? 'unfilled' : 'other';
      call(cb.adError, { code: code, message: result.reason || 'not watched' });
    });
  }

  var SDK = {
    environment: 'crazygames',
    init: function () {
      ready = ready || Promise.all([
        PF.load().then(function (saved) {
          if (saved && typeof saved === 'object') for (var k in saved) if (typeof saved[k] === 'string') items[k] = saved[k];
        }, function () {}),
        MP.entry().then(function (e) {
          entry = e;
          SDK.game.isInstantMultiplayer = SDK.game.isInstantJoin = e.instant;
          /* Came by an invite link or "Join Game": the portal joins that room (or an open public one) at once. */
          if (e.instant) MP.enable();
        })
      ]).then(function () {});
      return ready;
    },
    game: {
      loadingStart: function () {},
      loadingStop: markLoaded,
      gameplayStart: function () { markLoaded(); PF.gameplayStart(); },
      gameplayStop: function () { PF.gameplayStop(); },
      happytime: function () { PF.happyMoment(); },
      /* True when the player came to play online at once (an invite link, "Join Game"): the portal then
       * seats them in that room through PlayFree.multiplayer; set by init(). isInstantJoin: its old name. */
      isInstantMultiplayer: false,
      isInstantJoin: false,
      /* The room's invite link (or, outside a room, the game's page) with the params as invite.{name}={value}. */
      inviteLink: function (params) { return MP.inviteLink(params) || MP.linkWithParams(entry.link || w.location.href, params); },
      /* A param of the invite link the player came by, or null. */
      getInviteParam: function (name) { return Object.prototype.hasOwnProperty.call(entry.params, name) ? entry.params[name] : null; },
      /* The portal's "Invite a friend" under the game, its link carrying the params. */
      showInviteButton: function (params) {
        MP.enable();
        MP.setInviteParams(params || {});
        MP.setInvitable(true);
        return SDK.game.inviteLink(params);
      },
      hideInviteButton: function () { MP.setInvitable(false); }
    },
    ad: {
      requestAd: requestAd,
      hasAdblock: function () { return Promise.resolve(false); },
      addAdblockPopupListener: function () {},
      removeAdblockPopupListener: function () {}
    },
    /* Banners are the portal's own slots around the game, never inside it. */
    banner: {
      requestBanner: function () { return Promise.reject(new Error('Banners are shown by the portal around the game')); },
      requestResponsiveBanner: function () { return Promise.reject(new Error('Banners are shown by the portal around the game')); },
      clearBanner: function () {},
      clearAllBanners: function () {}
    },
    user: {
      isUserAccountAvailable: false,
      /* What CrazyGames tells of the player's device; its locale is the portal's language (PlayFree.language). */
      systemInfo: { locale: PF.language, countryCode: null, applicationType: 'web' },
      getUser: function () { return Promise.resolve(null); },
      addAuthListener: function () {},
      removeAuthListener: function () {}
    },
    data: data
  };
  w.CrazyGames = w.CrazyGames || {};
  w.CrazyGames.SDK = SDK;
})(window);

/* PlayFree SDK for Unity WebGL builds: put this file in Assets/Plugins/WebGL/ and PlayFree.cs
 * anywhere under Assets/. It calls window.PlayFree (games/sdk/playfree-sdk.js), which the game's
 * index.html loads before Unity's loader: <script src="/__playfree/sdk.js"></script>.
 *
 * Emscripten copies each function below into Unity's framework file by its source text, so a
 * function may use only its own arguments, the page (window) and the runtime's helpers
 * (UTF8ToString, lengthBytesUTF8, stringToUTF8, _malloc, SendMessage): nothing declared beside it.
 * Strings arrive as pointers to UTF-8 (read at once: C# frees them when the call returns);
 * results that take time (ad breaks, saves, loads) come back to C# through
 * SendMessage(gameObject, method, json), one JSON object per answer carrying the caller's
 * requestId as `id` (a break refused at once can answer before an earlier one has ended).
 * MIT licensed. */
mergeInto(LibraryManager.library, {
  PlayFree_Loaded: function () {
    if (window.PlayFree) window.PlayFree.loaded();
  },

  PlayFree_GameplayStart: function () {
    if (window.PlayFree) window.PlayFree.gameplayStart();
  },

  PlayFree_GameplayStop: function () {
    if (window.PlayFree) window.PlayFree.gameplayStop();
  },

  PlayFree_Score: function (value) {
    if (window.PlayFree) window.PlayFree.score(value);
  },

  PlayFree_Level: function (value) {
    if (window.PlayFree) window.PlayFree.level(value);
  },

  PlayFree_HappyMoment: function () {
    if (window.PlayFree) window.PlayFree.happyMoment();
  },

  PlayFree_GameOver: function (finalScore) {
    if (window.PlayFree) window.PlayFree.gameOver(finalScore);
  },

  PlayFree_UnlockMedal: function (medalId) {
    if (window.PlayFree) window.PlayFree.unlockMedal(UTF8ToString(medalId));
  },

  /* 1 inside a portal's frame, 0 stand-alone (or without the SDK). */
  PlayFree_IsEmbedded: function () {
    return window.PlayFree && window.PlayFree.isEmbedded() ? 1 : 0;
  },

  PlayFree_IsMuted: function () {
    return window.PlayFree && window.PlayFree.isMuted() ? 1 : 0;
  },

  /* The portal's pause, resume, mute and signed-in save reach `gameObject` as
   * OnPlayFreePause(""), OnPlayFreeResume(""), OnPlayFreeMute("1" | "0") and
   * OnPlayFreeSaveChange(json of { data }). Call it once. */
  PlayFree_Listen: function (gameObject) {
    var target = UTF8ToString(gameObject);
    var sdk = window.PlayFree;
    if (!sdk) return;
    sdk.onPause(function () { SendMessage(target, 'OnPlayFreePause', ''); });
    sdk.onResume(function () { SendMessage(target, 'OnPlayFreeResume', ''); });
    sdk.onMute(function (muted) { SendMessage(target, 'OnPlayFreeMute', muted ? '1' : '0'); });
    sdk.onSaveChange(function (data) { SendMessage(target, 'OnPlayFreeSaveChange', JSON.stringify({ data: data })); });
  },

  /* kind: "midgame" or "rewarded" (call a rewarded break from a tap's handler). Answers
   * { id: requestId, shown, rewarded, reason } (games/sdk/README.md, Ads). */
  PlayFree_AdBreak: function (kind, gameObject, method, requestId) {
    var breakKind = UTF8ToString(kind);
    var target = UTF8ToString(gameObject);
    var reply = UTF8ToString(method);
    var answer = function (result) {
      SendMessage(target, reply, JSON.stringify({ id: requestId, shown: result.shown, rewarded: result.rewarded, reason: result.reason }));
    };
    if (!window.PlayFree) { answer({ shown: false, rewarded: false, reason: 'unfilled' }); return; }
    var ads = window.PlayFree.ads;
    (breakKind === 'rewarded' ? ads.rewarded() : ads.midgame()).then(answer);
  },

  /* json: the save, a JSON object of at most 64 KB. Answers { id: requestId, stored: "account" |
   * "device", data }, or { id: requestId, error } when the SDK refused the data. */
  PlayFree_Save: function (json, gameObject, method, requestId) {
    var text = UTF8ToString(json);
    var target = UTF8ToString(gameObject);
    var reply = UTF8ToString(method);
    var fail = function (message) { SendMessage(target, reply, JSON.stringify({ id: requestId, error: message })); };
    var data;
    try { data = JSON.parse(text); } catch (e) { fail('PlayFree.save: not JSON'); return; }
    if (!window.PlayFree) { fail('PlayFree: the SDK is not loaded'); return; }
    window.PlayFree.save(data).then(
      function (result) { SendMessage(target, reply, JSON.stringify({ id: requestId, stored: result.stored, data: result.data })); },
      function (error) { fail(String((error && error.message) || error)); }
    );
  },

  /* Answers { id: requestId, data }: the player's save, or null when there is none. */
  PlayFree_Load: function (gameObject, method, requestId) {
    var target = UTF8ToString(gameObject);
    var reply = UTF8ToString(method);
    var answer = function (data) { SendMessage(target, reply, JSON.stringify({ id: requestId, data: data })); };
    if (!window.PlayFree) { answer(null); return; }
    window.PlayFree.load().then(answer);
  },

  /* The device copy of the save at once, as JSON text ("null" when there is none). C# frees it. */
  PlayFree_LocalSave: function () {
    var text = JSON.stringify(window.PlayFree ? window.PlayFree.localSave() : null);
    var size = lengthBytesUTF8(text) + 1;
    var buffer = _malloc(size);
    stringToUTF8(text, buffer, size);
    return buffer;
  }
});

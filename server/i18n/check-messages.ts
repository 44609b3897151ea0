/**
 * The automatic build checks' fixed texts (server/domains/builds/checks/verdicts.ts), in English:
 * each check's title, its limit in words and what to change when it is not a pass. Verdicts are
 * stored in English; the developer portal and /api/v1 answer them in the caller's language
 * (localizedChecks in verdicts.ts), the other languages coming from server/i18n/locales/{code}.json
 * as every server message does. What a check measured stays as found (sizes, file names, the
 * browser's own error texts), but for the fixed texts at the end.
 */
export const CHECK_MESSAGES = {
  'checks.total-size.title': 'Total size',
  'checks.initial-download.title': 'Download before the game starts',
  'checks.file-count.title': 'Number of files',
  'checks.starts.title': 'Time to start',
  'checks.engine.title': 'Engine',
  'checks.external-requests.title': 'Files from other sites',
  'checks.portal-sdk.title': 'Poki or CrazyGames SDK',
  'checks.console-errors.title': 'Errors in the console',
  'checks.phone-fit.title': 'Fits a phone screen',
  'checks.offline.title': 'Plays offline',

  'checks.total-size.limit': 'pass up to {pass} MB, warn up to {warn} MB, fail over {warn} MB',
  'checks.initial-download.limit': 'pass up to {pass} MB, warn up to {warn} MB, fail over {warn} MB',
  'checks.file-count.limit': 'pass up to {pass, number} files, warn up to {warn, number}, fail over {warn, number}',
  'checks.starts.limit':
    'pass up to {pass} s, warn up to {warn} s; fail if later or never (an uncaught error before anything was drawn is named, with its file and line, but fails only a game that then never draws), on a script, WebAssembly or data file that did not load before anything was drawn, or a canvas left blank; at least warn when files the game asked for at start are not in the build',
  'checks.engine.limit':
    'names the engine the build was made with and its export advice; warns when the build needs threads but was not served cross-origin isolated, or stores big WebAssembly or data files uncompressed',
  'checks.external-requests.limit': 'pass when the game loads nothing from other sites; warn otherwise (players’ browsers block it)',
  'checks.portal-sdk.limit': 'pass when index.html loads no SDK from Poki’s or CrazyGames’ sites; warn otherwise (players’ browsers block it)',
  'checks.console-errors.limit': 'pass with no errors; warn with any',
  'checks.phone-fit.limit': 'pass when the page fits a {width} × {height} px phone screen without scrolling; warn otherwise',
  'checks.offline.limit': 'pass when the game starts again with no network, from the files of its first load; warn otherwise (it is then not offered offline)',

  'checks.total-size.advice': 'Players on phones and slow connections pay for every file. Remove unused files, and compress images (WebP) and sounds (Ogg or MP3).',
  'checks.initial-download.advice':
    'Players wait for all of this before they can play. Load only what the first screen needs at first, and the rest (later levels, music) once the game runs.',
  'checks.file-count.advice': 'Each file is a separate download. Pack small images into sprite sheets and bundle scripts into a few files.',
  'checks.starts.advice':
    'Players leave when a game takes long to appear. Show something quickly (a loading screen), and call PlayFree.gameplayStart() from the PlayFree SDK when play can begin, so the portal knows the game is ready.',
  'checks.engine.advice': 'Follow the engine’s export advice below.',
  'checks.external-requests.advice':
    'Blocked for players: the game must ship these files itself. Put them in the zip (scripts, fonts, images, sounds) and load them by relative paths.',
  'checks.portal-sdk.advice':
    'If index.html loads Poki’s or CrazyGames’ SDK from their sites, players’ browsers block it here. Load PlayFree’s compatible version from the game’s own site instead: {pokiTag} for Poki, {crazyGamesTag} for CrazyGames.',
  'checks.console-errors.advice':
    'These errors appeared while the game loaded on a phone. They often mean a missing file or a bug players will meet: open the game with the browser’s developer tools to see where they come from.',
  'checks.phone-fit.advice':
    'Players would have to scroll to see the whole game. Add {viewportTag} and size the game to the window (for example a canvas resized to window.innerWidth × window.innerHeight).',
  'checks.offline.advice':
    'For offline play the portal keeps exactly the files the game loaded before it started. Load everything the game needs to start by then, and do not wait for the network to start.',
  'checks.starts.failedAdvice':
    'Players would get this too. Open the preview with the browser’s developer tools (Console and Network) to see it happen: a file missing from the zip, a path with different capitals, or an error in the first script. A game whose canvas stays blank has not drawn its first frame.',
  'checks.starts.failedAdviceCompressed':
    'Players would get this too. Open the preview with the browser’s developer tools (Console and Network) to see it happen: a file missing from the zip, a path with different capitals, or an error in the first script. A game whose canvas stays blank has not drawn its first frame. Compressed files must keep the names the loader asks for (Build/name.wasm.br).',
  'checks.starts.missingFilesAdvice':
    'Players may be left on the loading screen: the game asked for these files and the build does not have them (404). Put them in the zip under the same paths, with the same capitals; a folder a .gitignore or an export filter left out (data/, assets/) is the usual cause.',

  // What a check measured, where it is a fixed text rather than a figure or a list.
  'checks.measured.none': 'none',
  'checks.measured.noEngine': 'none recognised: plain HTML and JavaScript',
  'checks.measured.notStarted': 'not measured: the game did not start',
  'checks.measured.pageStoppedAnswering': 'not measured: the page stopped answering',
  'checks.measured.notTried': 'not tried: the game did not start',
  'checks.measured.notLoadedInTime': 'not measured: the game did not finish loading in time',
  'checks.measured.notRun': 'not run',
} as const;

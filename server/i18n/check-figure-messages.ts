/**
 * What the automatic build checks measured, with its figures, and the advice made for one build
 * (server/domains/builds/checks/verdicts.ts, engines.ts, portal-sdk.ts), in English. A verdict
 * keeps each such text's message and values beside its English (server/i18n/stored-text.ts), so
 * the developer portal and /api/v1 write it in the caller's language. File names, addresses and
 * the browser's own error texts stay as found.
 */
export const CHECK_FIGURE_MESSAGES = {
  'checks.size.kilobytes': '{kb, number, ::group-off} KB',
  'checks.size.megabytes': '{mb, number, ::.0} MB',
  /** Items of a list the code joins, one pair at a time: "a, b", "a, b, c". */
  'checks.list': '{first}, {rest}',
  /** Sentences the code joins, one pair at a time. */
  'checks.sentences': '{first} {rest}',

  'checks.measured.count': '{count, number}',
  'checks.measured.downloadInFiles': '{size} in {count, plural, one {# file} other {# files}}',
  'checks.measured.toGameplayStart': '{seconds, number, ::.0} s to gameplayStart',
  'checks.measured.toGameplayStartAfterTap': '{seconds, number, ::.0} s to gameplayStart after a tap to play',
  'checks.measured.toFirstFrame': '{seconds, number, ::.0} s to first frame ({why})',
  'checks.measured.toFirstFrameAfterTap': '{seconds, number, ::.0} s to first frame after a tap to play ({why})',
  'checks.measured.gameplayStartLate': 'gameplayStart did not come within {seconds} s of it',
  'checks.measured.noGameplayStart': 'the game does not call gameplayStart',
  'checks.measured.filesMissing': '{measured}; {count, plural, one {# file it asked for is} other {# files it asked for are}} not in the build: {files}',
  'checks.measured.addresses': '{count, plural, one {# address} other {# addresses}}',
  'checks.measured.errors': '{count, plural, one {# error} other {# errors}}',
  'checks.measured.fitsPhone': 'fits {width} × {height} px',
  'checks.measured.pageTooBig': 'the page is {pageWidth} × {pageHeight} px on a {width} × {height} px screen: players would have to scroll',
  'checks.measured.startsOffline': 'starts again with no network',
  'checks.measured.notOffline': 'did not start again with no network: {problem}',
  'checks.measured.indexUnreadable': 'not checked: index.html could not be read ({problem})',
  'checks.measured.sdkOnLine': '{portal, select, CrazyGames {CrazyGames’ SDK} other {{portal}’s SDK}} on line {line}',
  'checks.measured.timedOut': 'did not finish within {seconds} s',
  /** A detail line of the Portal SDK check: the script tag's line in index.html and its address, as found. */
  'checks.detail.scriptOnLine': 'line {line}: {src}',

  'checks.starts.threadsAdvice':
    '{engine} uses threads here (SharedArrayBuffer), and the page was not cross-origin isolated, so it could not start: mark the build as needing threads, or export it without threads.',
  'checks.notRunAdvice': '{reason}, so this was not checked: the reviewer must try the game by hand.',
  'checks.portal-sdk.blockedAdvice':
    'Players’ browsers block scripts from other sites here, so the game would run without {count, plural, one {this SDK} other {these SDKs}}. PlayFree serves a compatible version of {count, plural, one {it} other {each}} from the game’s own site. {changes}',
  'checks.portal-sdk.changePoki': 'On line {line} of index.html, replace the script tag with {tag}: the game’s PokiSDK calls then work here unchanged.',
  'checks.portal-sdk.changeCrazyGames': 'On line {line} of index.html, replace the script tag with {tag}: the game’s CrazyGames.SDK calls then work here unchanged.',
  'checks.portal-sdk.changeCrazyGamesVersion':
    'On line {line} of index.html, replace the script tag with {tag}. PlayFree provides only version {supported} of CrazyGames’ SDK, and this line loads version {version}, so also update the game’s calls to version {supported} (CrazyGames’ SDK documentation lists the changes).',
} as const;

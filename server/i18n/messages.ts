/**
 * The server's texts a person reads, in English (ICU messages, id -> text): the `{ message }` of a
 * refusal the web app shows, and the e-mails. The other languages are server/i18n/locales/{code}.json,
 * checked against this list by catalog.test.ts. An English text here is the one the code said before
 * it moved here, byte for byte: clients and tests read it.
 *
 * Ids: `area.what`. `schema.*` are the input checks' own words (shared/schemas), matched by their
 * English text when a request's input fails (validation.ts), so they must stay the schemas' texts.
 * Numbers in a plain `{n}` are written as digits, as the English texts always were; a language
 * that writes its numbers otherwise says `{n, number}`.
 */
import { SCHEMA_MESSAGES } from '../../shared/schema-messages';
import { CHECK_FIGURE_MESSAGES } from './check-figure-messages';
import { CHECK_MESSAGES } from './check-messages';
import { ENGINE_MESSAGES } from './engine-messages';
import { FEED_MESSAGES } from './feed-messages';

export const SERVER_MESSAGES = {
  // Any operation.
  'error.tooManyRequests': 'Too many requests: try again in {seconds} seconds',
  'error.databaseUnavailable': 'The database is unavailable right now; please try again in a few seconds',
  'error.bodyTooLarge': 'Request body is too large: at most {limit}',
  // The request itself is malformed: its field ("body", "path") stays as it is, before the colon.
  'error.bodyTooLargeNoLimit': 'Request body is too large',
  'error.invalidJson': 'Invalid JSON',
  'error.emptyJson': 'Expected a JSON object',
  'error.badUrlEncoding': 'Invalid URL encoding',
  'error.pathParameterTooLong': 'A path parameter is too long',
  'error.unsupportedContentType': 'Unsupported content type: send application/json',
  'error.crossSiteRequest': 'Cross-site request refused',
  'access.signInRequired': 'Sign in required',
  'access.adminRequired': 'Admin privileges required',
  'access.apiKeyRequired': 'A valid API key is required: send it as "Authorization: Bearer <key>"',

  // The input checks (shared/schemas): their words, shared with the web app's forms.
  ...SCHEMA_MESSAGES,

  // The automatic build checks' titles, limits and advice (check-messages.ts).
  ...CHECK_MESSAGES,
  // What they measured with its figures, and advice made for one build (check-figure-messages.ts).
  ...CHECK_FIGURE_MESSAGES,
  // The Engine check's words and each engine's export advice (engine-messages.ts).
  ...ENGINE_MESSAGES,

  // Why a feed's sync failed or refused an item, as stored in English (feed-messages.ts).
  ...FEED_MESSAGES,

  // Signing in.
  'auth.codeInvalid': 'Invalid or expired code. Request a new one.',
  'auth.blocked': 'This account has been blocked by an administrator. Contact support if you think this is a mistake.',
  'account.notFound': 'Account not found',
  'account.confirmDelete': "Type this account's e-mail address to confirm",

  // The newsletter's links.
  'newsletter.linkNotValid': 'This link is not valid (anymore): a newer sign-up may have replaced it',
  'newsletter.unsubscribed': 'This address has unsubscribed: sign up again to get the newsletter',

  // Playing, rating, keeping.
  'games.notFound': 'Game not found',
  'games.unknownCategory': 'Unknown category {names}',
  'ratings.playFirst': 'Play this game before rating it',
  'ratings.reviewNotFound': 'Review not found',
  'ratings.ownReview': 'You cannot report your own review',
  'ratings.alreadyReported': 'You have already reported this review',
  'scores.outsidePlay': 'Scores are accepted only while you play this game',
  'scores.aboveMaximum': "Higher than this game's maximum of {max}",
  'scores.tooFast': 'More than this game awards in {seconds} seconds of play (at most {allowed})',
  'medals.outsidePlay': 'Medals are unlocked only while you play this game',
  'medals.notFound': 'Medal not found',
  'medals.unlocked': 'Players have unlocked {keys}: a medal players have cannot be removed',
  'collections.notFound': 'Collection not found',
  'collections.firstName': '"{name}" is the name of your first collection',
  'collections.max': 'You can keep at most {max} collections',
  'collections.duplicate': 'You already have a collection named "{name}"',
  'collections.keepsName': 'Your {name} collection keeps its name',
  'collections.undeletable': 'Your {name} collection cannot be deleted',
  'collections.full': 'A collection holds at most {max} games',

  // The Kids Zone's family settings.
  'kids.noPin': 'No parent PIN is set: the parent sets one from their account',
  'kids.pinWrongWait': "That PIN isn't right. Too many wrong tries: wait {seconds} seconds before the next one.",
  'kids.pinWrongTries': "That PIN isn't right. {left, plural, one {{left} try} other {{left} tries}} left before a wait.",
  'kids.parentGone': 'The parent account is gone',
  'kids.resetCodeWrong': 'This code is not right or has expired: ask for a new one',
  'kids.noProfile': 'No such child profile',
  'kids.maxProfiles': 'A family has at most {max} child profiles',
  'kids.pinBeforePairing': 'Set the parent PIN before pairing a device',
  'kids.pairingCodeWrong': 'This code is not right or has expired: the device shows a new one',
  'kids.noDevice': 'No such device on this profile',
  'kids.gameNotAllowed': "This game isn't allowed for this profile",
  'kids.noPlay': 'No such play on this device',
  'kids.timesUp': "Time's up for today",
  'kids.bedtime': "It's bedtime: no games until the morning",
  'kids.notPaired': 'This device is not paired with a parent account',

  // A build's zip refused (server/domains/builds/archive.ts), said after its field ("build: …"); {name} is the file's name in quotes.
  'builds.zipTooLarge': "the zip is {size}; a build's zip may be at most {max}",
  'builds.notZip': "the upload is not a zip file; upload the game's folder as a .zip",
  'builds.zipDamaged': 'the zip is damaged and cannot be read; zip the game again',
  'builds.tooManyEntries': 'the zip holds {entries} entries (files and folders); a build may have at most {max} files',
  'builds.symlink': '{name} is a symbolic link; put the file or folder it points to in the zip instead',
  'builds.notRegular': '{name} is not a regular file or folder; leave it out of the zip',
  'builds.encrypted': '{name} is encrypted; zip the game again without a password',
  'builds.unknownCompression': '{name} is compressed with a method this site cannot read (method {method}); zip the game again with the standard Deflate compression',
  'builds.fileTooLarge': '{name} is {size}; a file in a build may be at most {max}',
  'builds.zipBomb': '{name} unpacks from {packed} to {size}, more than {ratio} times its size in the zip, which a zip bomb would do; store that file uncompressed in the zip, or leave it out',
  'builds.tooManyFiles': 'the zip has more than {max} files; a build may have at most {max}',
  'builds.tooLargeUnzipped': 'the files add up to more than {max} (passed at {name}); a build may be at most {max} unzipped',
  'builds.nameClash': '{first} and {second} differ only in letter case or Unicode form; rename one of them, since a build is served from a case-sensitive server',
  'builds.nameNotUtf8': 'the name {name} is not valid UTF-8; rename that file with plain letters, or zip the game with a tool that stores names as UTF-8',
  'builds.backslash': '{name} has a backslash in its name; zip the game again with a tool that separates folders with "/"',
  'builds.outside': "{name} points outside the build; zip the game's folder itself",
  'builds.emptyFolder': '{name} has an empty or "." folder in its path; zip the game again',
  'builds.indexNested': "there is no index.html at the top of the zip (only {name}); zip the folder that holds the game's index.html",
  'builds.noIndex': "there is no index.html at the top of the zip; a build's start page must be index.html, at the top of the zip or of its one folder",
  'builds.reservedFolder': "{name} is in a folder named __playfree, which the portal keeps for its own files on every game's origin (the SDK is /__playfree/sdk.js); rename that folder",
  'builds.pathTooLong': '{name} has a path of {bytes} bytes in the build; a path may be at most {max} bytes, so shorten its folder or file names',
  'builds.fileDamaged': '{name} is damaged in the zip (its data does not match its declared size or checksum); zip the game again',
  'builds.absolutePath': "{name} is an absolute path; zip the game's folder itself, so that paths start inside it",
  'builds.controlCharacter': '{name} has a control character in its name; rename that file',

  // A build's upload (server/http/uploads.ts), said after the field it is about ("file: …").
  'upload.tooLarge': "the zip is larger than {limit}; a build's zip may be at most {limit}",
  'upload.formUnreadable': 'the form could not be read ({reason}); send the build as a multipart/form-data file',
  'upload.noFile': 'the form holds no file; attach the build as a .zip',
  'upload.wrongBody': 'send the build as the body (Content-Type: application/zip) or as a multipart/form-data file',
  'upload.interrupted': 'the upload was interrupted; send it again',
  'upload.empty': 'the upload is empty; attach the build as a .zip',

  // Developers.
  'developer.urlTaken': 'A game with this URL has already been submitted',
  'developer.notPending': 'Only a game waiting for review can be edited; this one is {status}',
  'translations.notFound': 'Translation not found',
  'apiKeys.max': 'You already have {max} API keys: revoke one before making another',
  'apiKeys.notFound': 'API key not found',
  'webhooks.duplicate': 'A webhook with this URL already exists',
  'webhooks.max': 'At most {max} webhooks',
  'webhooks.notFound': 'Webhook not found',
  'builds.notFound': 'Build not found',
  'builds.rejected': 'This build was rejected: upload a new build',
  'builds.checksRunning': 'The automatic checks are still running: submit the build once they are done',
  'builds.checkFailed': 'This build failed an automatic check: change what the check says and upload a new build',
  'builds.alreadySubmitted': 'This build was already submitted (it is {status})',
  'builds.noThumbnail': "the game's thumbnail comes from its build, and this build has none; add {names} (16:9) at its root",
  'builds.notPublished': 'Only a published game has a live build: this game is not published',
  'builds.notApproved': 'Only an approved build can go live',
  'builds.nothingToPlay': 'This game has no build submitted yet: it has nothing to play',

  // Administrators.
  'admin.userNotFound': 'User not found',
  'admin.blockSelf': 'You cannot block your own account',
  'admin.blockAdmin': 'Administrators cannot be blocked',
  'admin.alreadyBlocked': 'User is already blocked',
  'admin.notBlocked': 'User is not blocked',
  'admin.alreadyAdmin': 'User is already an administrator',
  'admin.unblockFirst': 'Unblock the user before promoting them',
  'admin.notPublished': 'Only a published game can be unpublished; this one is {status}',
  'admin.notUnpublished': 'Only an unpublished game can be re-published; this one is {status}',
  'admin.sourceTaken': 'Another live game now uses this game’s source URL; reject or unpublish that one first',
  'admin.wasUnpublished': 'This game was unpublished: re-publish it from All Games instead',
  'admin.reportNotFound': 'Report not found',
  'admin.reportClosed': 'Report is already {status}',
  'admin.reportNoGame': 'this report names no game to unpublish',
  'admin.scoreNotFound': 'Score not found',
  'admin.ratingNotFound': 'Rating not found',
  'admin.noOpenReports': 'No open reports of this review',
  'admin.messageNotFound': 'Message not found',
  'admin.messageAnswered': 'Message is already answered',
  'admin.buildNotWaiting': 'This build is not waiting for review (it is {status})',
  'admin.gameWaits': 'This game waits for review itself: approving it in Pending Games puts this build live',
  'admin.checkerTokenNotFound': 'Checker token not found',

  // The admin's feeds, home placement, payouts and revenue imports.
  'feeds.notFound': 'Feed not found',
  'feeds.duplicate': 'A feed with this address already exists',
  'feeds.syncRunning': 'A sync of this feed is already running; try again when it ends',
  'feeds.unreadable': 'The feed could not be read: {reason}',
  'feeds.kidsZoneImportedOnly': "Only imported games are approved for the Kids Zone here; the portal's own games keep the rating their review gave",
  'feeds.homeOwnOnly': "Only the portal's own games are pinned or boosted on home; imported games take their place by their plays",
  'feeds.homeFull': 'At most {max} games can be {placement, select, pinned {pinned} other {boosted}} on home at once; take one off first',
  'payouts.notFound': 'Payout not found',
  'payouts.alreadyPaid': 'Payout {id} was already marked paid (reference {reference})',
  'payouts.notDue': 'Payout {id} is not due until {day}',
  'revenue.quoteNotClosed': 'line {line}: a quote is not closed',
  'revenue.noLines': 'No lines: one `game,amount` line a game',
  'revenue.cells': 'line {line}: {cells, plural, one {one cell} other {{cells} cells}} where a line is game,amount (an amount with commas goes in quotes: "1,234.56")',
  'revenue.notAmount': 'line {line}: "{amount}" is not an amount such as 120.50',
  'revenue.noGame': 'line {line}: no game "{game}" (give its id or slug, or portal)',
  'revenue.monthNotEnded': 'Must be a month that has ended',
  'revenue.totalNotAmount': 'Must be an amount such as 1234.56',
  'revenue.monthPaid': 'A payout of {paid} is already marked paid: {month} can no longer be entered again',
  'revenue.beforePaid': '{month} was never entered, and a payout of the later month {paid} is already marked paid: a month before a paid one can no longer be entered (its carried balances are paid out)',

  // E-mails. {code} is the code as mailed ("1234 5678"), {link} and the like full addresses.
  'mail.signIn.subject': 'Your PlayFree sign-in code: {code}',
  'mail.signIn.text':
    'Your sign-in code is {code}. It works once, for {minutes} minutes.\n\nOr sign in with this link:\n{link}\n\nIf you did not ask to sign in, ignore this mail: nobody can sign in without the code.',
  'mail.pinReset.subject': 'Your Kids Zone PIN reset code: {code}',
  'mail.pinReset.text':
    "Someone asked to reset the Kids Zone PIN on {device} ({child}'s device).\n\nThe code is {code}. It works once, for {minutes} minutes, and sets a new PIN.\n\nIf you did not ask, ignore this mail: the PIN stays as it is.",
  'mail.newsletter.confirm.subject': 'Confirm your PlayFree newsletter sign-up',
  'mail.newsletter.confirm.text':
    'Please confirm that you want the PlayFree newsletter (the best new and trending games, weekly) at this address:\n{confirm}\n\nIf you did not sign up, ignore this mail: without the confirmation you get nothing more from us.\n\nChanged your mind later? Unsubscribe with this link:\n{unsubscribe}\n',
  'mail.newsletter.already.subject': 'You already get the PlayFree newsletter',
  'mail.newsletter.already.text': 'This address already gets the PlayFree newsletter: there is nothing to confirm.\n\nTo stop getting it, open this link:\n{unsubscribe}\n',
  'mail.game.approved.subject': 'Your game "{title}" was approved',
  'mail.game.approved.text':
    'Good news: "{title}" has been approved and published on PlayFree.\n\nPlay it here: {play}\n\nFollow its plays and ratings in the Developer Portal: {portal}\n\n— The PlayFree team',
  'mail.game.rejected.subject': 'Your game "{title}" was not approved',
  'mail.game.rejected.text':
    '"{title}" was reviewed and not approved for PlayFree.\n\n{why, select, yes {Why:\n{reasons}\n\n} other {}}The game guidelines: {guidelines}\nYou can fix it and submit it again from the Developer Portal: {portal}\n\n— The PlayFree team',
  'mail.build.approved.subject': 'Version {version} of "{title}" is live',
  'mail.build.approved.text':
    'Version {version} of "{title}" was approved: players get it from now on.\n\nPlay it here: {play}\n\nIf something is wrong with it, you can put an earlier version back live from its builds: {builds}\n\n— The PlayFree team',
  'mail.build.rejected.subject': 'Version {version} of "{title}" was not approved',
  'mail.build.rejected.text':
    'Version {version} of "{title}" was reviewed and not approved; {live, select, yes {the version live before stays live.} other {the game waits for a build that can go live with it.}}\n\nWhy: {reason}\n\nUpload a build that fixes this and submit it again: {builds}\n\n— The PlayFree team',

  // The page a browser gets before the app runs (server/web/pages.ts).
  'page.noscript': 'PlayFree needs JavaScript to run its games. Please enable it and reload the page.',

  // The installed app's name, description and shortcuts (server/web/manifest.ts; English: src/pwa/manifest.ts, the same texts).
  'manifest.name': 'PlayFree – Free Online Games',
  'manifest.description': 'Play free browser games instantly, no download: action, racing, puzzle, multiplayer and a Kids Zone.',
  'manifest.screenshotPhone': 'PlayFree home on a phone: featured games and categories',
  'manifest.screenshotDesktop': 'PlayFree home on a desktop: popular, trending and new games',
  'manifest.kidsName': 'Kids Zone',
  'manifest.kidsShortName': 'Kids',
  'manifest.kidsDescription': 'Safe, simple games for young players',
  'manifest.newName': 'New Games',
  'manifest.newShortName': 'New',
  'manifest.newDescription': 'The newest games on PlayFree',
  'manifest.trendingName': 'Trending Games',
  'manifest.trendingShortName': 'Trending',
  'manifest.trendingDescription': 'What everyone is playing right now',
} as const;

export type MessageId = keyof typeof SERVER_MESSAGES;

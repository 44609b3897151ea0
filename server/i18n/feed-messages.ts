/**
 * Why a feed's sync failed and why it refused an item (server/domains/feeds), in English as they
 * are stored (feeds.last_error, the report's refusals) and as the fetcher and the adapters write
 * them: the admin's Feeds tab reads them in its own language through feedTextIn (feeds/service.ts),
 * which finds a stored text's message by these patterns (the most specific first, as
 * shared/message-patterns.ts orders them). A text no pattern fits stays as stored.
 */
export const FEED_MESSAGES = {
  'feeds.problem.privateResolve': '{host} resolves to {address}, a private address',
  'feeds.problem.noAddress': '{host} has no address',
  'feeds.problem.privateAddress': '{host} is a private address',
  'feeds.problem.unresolved': "the feed's host name could not be resolved",
  'feeds.problem.refused': "the feed's server refused the connection",
  'feeds.problem.unreadable': 'the feed could not be read: {error}',
  'feeds.problem.slow': 'the feed took longer than {seconds} s',
  'feeds.problem.large': 'the feed is larger than {megabytes} MB',
  'feeds.problem.redirects': 'the feed redirects more than {count} times',
  'feeds.problem.status': "the feed's server answered {status}",
  'feeds.problem.notUrl': "the feed's address is not a URL",
  'feeds.problem.notHttp': "the feed's address must be http or https",
  'feeds.problem.notJson': 'the feed is not JSON',
  'feeds.problem.notDistributorList': 'the feed is not a {distributor} feed: expected a JSON list of games',
  'feeds.problem.notDistributorShape': 'the feed is not a {distributor} feed: expected {shape}',
  'feeds.problem.notDistributorItems': 'the feed is not a {distributor} feed: its items have none of {fields}',
  'feeds.problem.notMapped': 'the feed is not mapped: a JSON feed needs a field mapping',
  'feeds.problem.mappedNoItems': 'the feed is not the JSON feed mapped: no list of items at "{path}"',
  'feeds.problem.mappedNoFields': 'the feed is not the JSON feed mapped: its items have neither "{title}" nor "{url}"',
  'feeds.problem.notXml': 'the feed is not XML: {error}',
  'feeds.problem.notRss': 'the feed is not an RSS or Atom feed: no <rss><channel><item> nor <feed><entry>',
  'feeds.problem.syncFailed': 'the sync failed: {error}',

  'feeds.refusal.noTitle': 'it has no title',
  'feeds.refusal.unsafeUrl': 'its game address is not one the secure frame shows (https, or http on localhost or an IP address only)',
  'feeds.refusal.noUrl': 'it has no game address',
  'feeds.refusal.duplicate': 'the feed lists the same game earlier',
  'feeds.refusal.takenAddress': 'another game on the portal already plays from this address',
} as const;

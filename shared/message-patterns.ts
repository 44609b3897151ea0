/**
 * English texts read back as the messages they were written from: each message's text becomes a
 * pattern that matches it with any argument values, the values captured where its plain `{name}`s
 * stand. The input checks' words (shared/schema-messages) and what the server stores in English
 * (a feed's last error: server/i18n/stored-english.ts) are found so, to be shown in another language.
 */

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export type MessageMatch<Id extends string> = { id: Id; values: Record<string, string> };

/** A reader of texts written from `messages` (id → English with plain `{name}` arguments); null for any other text. */
export function messageMatcher<Id extends string>(messages: Readonly<Record<Id, string>>): (text: string) => MessageMatch<Id> | null {
  const patterns = (Object.keys(messages) as Id[])
    .map((id) => {
      const names: string[] = [];
      const source = messages[id]
        .split(/(\{\w+\})/)
        .map((part) => {
          const argument = /^\{(\w+)\}$/.exec(part);
          if (!argument) return escapeRegExp(part);
          names.push(argument[1]!);
          return '(.+?)';
        })
        .join('');
      return { id, pattern: new RegExp(`^${source}$`, 's'), names, literal: source.length };
    })
    // The most specific first: "Must be at most {max} characters" before "Must be at most {max}".
    .sort((a, b) => a.names.length - b.names.length || b.literal - a.literal);
  return (text) => {
    for (const { id, pattern, names } of patterns) {
      const match = pattern.exec(text);
      if (match) return { id, values: Object.fromEntries(names.map((name, at) => [name, match[at + 1]!])) };
    }
    return null;
  };
}

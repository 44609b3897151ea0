/**
 * The placeholder check both catalog tests share (src/i18n/catalogs.test.ts for the web app,
 * server/i18n/catalog.test.ts for the server): a translation must use the same arguments as the
 * English message, or a value would go missing or show as `{name}` to the reader.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The arguments a message uses (`{count}`, `{count, plural, …}`, `<link>…</link>`), nested ones too. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

/** A message's arguments, sorted; throws when it is not an ICU message. `ignoreTag` reads `<key>` as text (the server's plain-text messages). */
export function messageArguments(message: string, options: { ignoreTag?: boolean } = {}): string[] {
  return [...argumentsOf(parse(message, { ignoreTag: options.ignoreTag ?? false }))].sort();
}

/**
 * The input checks' own words (shared/schemas write their messages in English, where web and
 * server share them), each with an id, and in every other language in `<locale>.json` beside this
 * file: the server answers a failed check in the caller's language (server/i18n/validation.ts),
 * and the web app's forms show it in the page's (src/features/forms/schema-errors.ts). A message
 * is found by its English text, its `{arguments}` read back from the text. An English text here
 * is the one the schemas say, byte for byte.
 */
import { messageMatcher } from '../message-patterns';

export const SCHEMA_MESSAGES = {
  'schema.required': 'Required',
  'schema.maxCharacters': 'Must be at most {max} characters',
  'schema.atMost': 'Must be at most {max}',
  'schema.atLeastOne': 'Must be at least 1',
  'schema.zeroOrMore': 'Must be 0 or more',
  'schema.notStorable': 'Must not contain NUL or unpaired surrogate characters',
  'schema.invalidEmail': 'Invalid email address',
  'schema.httpUrl': 'Must be an http(s) URL',
  'schema.secureUrl': 'Must use HTTPS (HTTP only for localhost)',
  'schema.secureUrlOrIp': 'Must use HTTPS (HTTP only for localhost or an IP address)',
  'schema.text': 'Must be text',
  'schema.number': 'Must be a number',
  'schema.wholeNumber': 'Must be a whole number',
  'schema.boolean': 'Must be true or false',
  'schema.list': 'Must be a list',
  'schema.object': 'Must be an object',
  'schema.positive': 'Must be positive',
  'schema.tooLarge': 'Too large',
  'schema.oneOf': 'Must be one of {values}',
  'schema.signInCode': 'Enter the 8-digit code',
  'schema.resetCode': 'Must be the 8-digit code from the e-mail',
  'schema.pairingCode': "Must be the {digits} digits the child's device shows",
  'schema.pin': 'Must be 4 digits',
  'schema.clock': 'Must be a time as HH:MM',
  'schema.linkNotValid': 'This link is not valid',
  'schema.chooseControl': 'Choose at least one control',
  'schema.controlOnce': 'Each control at most once',
  'schema.chooseEvent': 'Choose at least one event',
  'schema.tagsMax': 'At most {max} tags',
  'schema.tagMax': 'Each tag must be at most {max} characters',
  'schema.gamesMax': 'At most {max} games',
  'schema.medalsMax': 'At most {max} medals',
  'schema.savesMax': 'At most {max} saves in one file',
  'schema.savesFile': 'Expected "{format}": choose a file exported from Your saves',
} as const;

export type SchemaMessageId = keyof typeof SCHEMA_MESSAGES;

/** Which of these messages `text` is, with its argument values; null for any other text. */
export const matchSchemaMessage = messageMatcher(SCHEMA_MESSAGES);

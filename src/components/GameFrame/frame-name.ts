import type { Locale } from '../../i18n';

/**
 * The game frame's name: the player's language, which the SDK reads at once as PlayFree.language
 * (games/sdk/playfree-sdk.js), so a game speaks it from its first frame without asking.
 */
export function frameNameOf(locale: Locale): string {
  return `playfree-lang-${locale}`;
}

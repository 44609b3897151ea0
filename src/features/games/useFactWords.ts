import { useMemo } from 'react';
import type { GameControl, GameSaves, GameViolence } from '../../../shared/constants';
import type { ContentFacts } from '../../../shared/schemas';
import { defineMessages, useIntl } from '../../i18n';
import type { FactRow } from './facts';

const controls = defineMessages({
  touch: { id: 'control.touch', defaultMessage: 'Touch' },
  keyboard: { id: 'control.keyboard', defaultMessage: 'Keyboard' },
  mouse: { id: 'control.mouse', defaultMessage: 'Mouse' },
  gamepad: { id: 'control.gamepad', defaultMessage: 'Gamepad' },
});

const words = defineMessages({
  // The game's own ads: the portal's page around it may show some (GameFactsCard says so).
  adsInGame: { id: 'facts.adsInGame', defaultMessage: 'Ads in the game' },
  showsAds: { id: 'facts.showsAds', defaultMessage: 'Shows ads' },
  noAds: { id: 'facts.noAds', defaultMessage: 'No ads' },
  chat: { id: 'facts.chat', defaultMessage: 'Chat' },
  chatWithPlayers: { id: 'facts.chatWithPlayers', defaultMessage: 'Chat with other players' },
  noChat: { id: 'facts.noChat', defaultMessage: 'No chat' },
  links: { id: 'facts.links', defaultMessage: 'Links' },
  linksOut: { id: 'facts.linksOut', defaultMessage: 'Links to other websites' },
  noLinks: { id: 'facts.noLinks', defaultMessage: 'No links out' },
  purchases: { id: 'facts.purchases', defaultMessage: 'Purchases' },
  inAppPurchases: { id: 'facts.inAppPurchases', defaultMessage: 'In-app purchases' },
  noPurchases: { id: 'facts.noPurchases', defaultMessage: 'No purchases' },
  progress: { id: 'facts.progress', defaultMessage: 'Progress' },
  violence: { id: 'facts.violence', defaultMessage: 'Violence' },
});

const saves = defineMessages({
  none: { id: 'facts.saves.none', defaultMessage: 'Not saved' },
  device: { id: 'facts.saves.device', defaultMessage: 'Saved on this device' },
  cloud: { id: 'facts.saves.cloud', defaultMessage: 'Saved to your account' },
});

const violence = defineMessages({
  none: { id: 'facts.violence.none', defaultMessage: 'None' },
  cartoon: { id: 'facts.violence.cartoon', defaultMessage: 'Cartoon violence' },
  realistic: { id: 'facts.violence.realistic', defaultMessage: 'Realistic violence' },
});

/** facts.ts's words for players, in their language: controls and the facts card's rows. */
export function useFactWords() {
  const intl = useIntl();
  return useMemo(() => {
    const say = intl.formatMessage;
    return {
      control: (control: GameControl) => say(controls[control]),
      saves: (value: GameSaves) => say(saves[value]),
      violence: (value: GameViolence) => say(violence[value]),
      factRows: (facts: ContentFacts): FactRow[] => [
        { label: say(words.adsInGame), value: say(facts.ads ? words.showsAds : words.noAds), notable: facts.ads },
        { label: say(words.chat), value: say(facts.chat ? words.chatWithPlayers : words.noChat), notable: facts.chat },
        { label: say(words.links), value: say(facts.externalLinks ? words.linksOut : words.noLinks), notable: facts.externalLinks },
        { label: say(words.purchases), value: say(facts.inAppPurchases ? words.inAppPurchases : words.noPurchases), notable: facts.inAppPurchases },
        { label: say(words.progress), value: say(saves[facts.saves]), notable: false },
        { label: say(words.violence), value: say(violence[facts.violence]), notable: facts.violence !== 'none' },
      ],
    };
  }, [intl]);
}

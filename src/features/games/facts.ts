/**
 * How a game plays and what it contains (issue #14), in words: the game page's cards, the
 * device filter and the review queue share these. No zod here: the pages that only show games load none.
 */
import { GAME_CONTROLS, type GameControl, type GameSaves, type GameViolence } from '../../../shared/constants';
import type { ContentFacts } from '../../../shared/schemas';

export const CONTROL_LABELS: Record<GameControl, string> = {
  touch: 'Touch',
  keyboard: 'Keyboard',
  mouse: 'Mouse',
  gamepad: 'Gamepad',
};

const SAVES_TEXT: Record<GameSaves, string> = {
  none: 'Not saved',
  device: 'Saved on this device',
  cloud: 'Saved to your account',
};

const VIOLENCE_TEXT: Record<GameViolence, string> = {
  none: 'None',
  cartoon: 'Cartoon violence',
  realistic: 'Realistic violence',
};

export const SAVES_OPTIONS = (Object.entries(SAVES_TEXT) as [GameSaves, string][]).map(([value, label]) => ({ value, label }));
export const VIOLENCE_OPTIONS = (Object.entries(VIOLENCE_TEXT) as [GameViolence, string][]).map(([value, label]) => ({ value, label }));

export type FactRow = {
  label: string;
  value: string;
  /** Something a parent may want to know before a child plays (ads, chat, purchases...). */
  notable: boolean;
};

/** `alone`: the value read without its label, as the reviewer's chip shows it ("No violence", not a bare "None"). */
export type FactChip = FactRow & { alone: string };

/** The facts card's rows, in a fixed order. */
export function factRows(facts: ContentFacts): FactChip[] {
  const rows = [
    { label: 'Ads', value: facts.ads ? 'Shows ads' : 'No ads', notable: facts.ads },
    { label: 'Chat', value: facts.chat ? 'Chat with other players' : 'No chat', notable: facts.chat },
    { label: 'Links', value: facts.externalLinks ? 'Links to other websites' : 'No links out', notable: facts.externalLinks },
    { label: 'Purchases', value: facts.inAppPurchases ? 'In-app purchases' : 'No purchases', notable: facts.inAppPurchases },
    { label: 'Progress', value: SAVES_TEXT[facts.saves], notable: false },
    { label: 'Violence', value: VIOLENCE_TEXT[facts.violence], notable: facts.violence !== 'none' },
  ];
  return rows.map((row) => ({ ...row, alone: row.label === 'Violence' && facts.violence === 'none' ? 'No violence' : row.value }));
}

/** The device filter's choices: every control, or all games. */
export type DeviceChoice = GameControl | 'all';

/**
 * The device a list shows: the one in the address (`?device=`, `all` for every game), else
 * touch games for a touch screen (a coarse pointer: a phone or tablet) and every game otherwise.
 * An unknown value in the address counts as none.
 */
export function deviceChoice(param: string | null, coarsePointer: boolean): DeviceChoice {
  if (param === 'all') return 'all';
  if (param && (GAME_CONTROLS as readonly string[]).includes(param)) return param as GameControl;
  return coarsePointer ? 'touch' : 'all';
}

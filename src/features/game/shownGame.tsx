import type { GameDetail } from '../../../shared/schemas';
import { useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { trpc } from '../../trpc';

/**
 * The game as the page renders it: without its counts, which every play changes (the visitor's
 * own first, right after the game loads). Read alone by PlayCount, a play renders a few words
 * again instead of the whole page, a long task on a phone in the middle of the game's start.
 */
export type ShownGame = Omit<GameDetail, 'metrics'>;

export const withoutMetrics = ({ metrics: _metrics, ...game }: GameDetail): ShownGame => game;
const playsOf = (game: GameDetail): number => game.metrics.plays;

export function PlayCount({ slug, unit = false }: { slug: string; unit?: boolean }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const plays = trpc.games.bySlug.useQuery({ slug }, { retry: false, select: playsOf }).data ?? 0;
  if (!unit) return format.count(plays);
  return intl.formatMessage({ id: 'game.playCount', defaultMessage: '{count, plural, one {{shown} play} other {{shown} plays}}' }, { count: plays, shown: format.count(plays) });
}

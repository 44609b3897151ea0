import { Alert } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobileRotated } from '@tabler/icons-react';
import { FormattedMessage } from '../../i18n';
import type { ShownGame } from './shownGame';
import { GAME_FRAME_CSS_HEIGHT } from './frameHeight';

/**
 * The frame's height for a game whose distributor's feed gave its shape (issue #58): its aspect at
 * the frame's width (`cqw`: the player box is an inline-size container), never taller than the
 * frame's usual height on this screen. A game of no known shape keeps the usual height.
 */
export function frameHeightOf(game: Pick<ShownGame, 'frameAspect'>): string {
  return game.frameAspect ? `min(${GAME_FRAME_CSS_HEIGHT}, calc(100cqw / ${game.frameAspect}))` : GAME_FRAME_CSS_HEIGHT;
}

/** On a touch screen held the other way from the game's orientation: a hint to turn it. */
export function OrientationHint({ orientation }: Pick<ShownGame, 'orientation'>) {
  const other = orientation === 'portrait' ? 'landscape' : 'portrait';
  const heldWrong = useMediaQuery(`(pointer: coarse) and (orientation: ${other})`, false, { getInitialValueInEffect: true });
  if (!orientation || !heldWrong) return null;
  return (
    <Alert mt="sm" radius="md" variant="light" color="blue" icon={<IconDeviceMobileRotated size={18} />} data-testid="orientation-hint">
      {orientation === 'landscape' ? (
        <FormattedMessage id="gamePlayer.turnLandscape" defaultMessage="This game plays best with your phone sideways: turn it." />
      ) : (
        <FormattedMessage id="gamePlayer.turnPortrait" defaultMessage="This game plays best with your phone upright: turn it." />
      )}
    </Alert>
  );
}

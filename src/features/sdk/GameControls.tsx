import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DeferredTooltip, DeferredTooltipGroup } from '../../components/Deferred/DeferredTooltip';
import { FullscreenIcon, SoundIcon } from './PlayerIcons';
import type { GameBridge } from './useGameBridge';
import type { Fullscreen } from './useFullscreen';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { MedalToast } from '../medals/MedalToast';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';

const messages = defineMessages({
  score: { id: 'gameControls.score', defaultMessage: 'Score' },
  level: { id: 'gameControls.level', defaultMessage: 'Level' },
  mute: { id: 'gameControls.mute', defaultMessage: 'Mute' },
  unmute: { id: 'gameControls.unmute', defaultMessage: 'Unmute' },
  muteGame: { id: 'gameControls.muteGame', defaultMessage: 'Mute game' },
  unmuteGame: { id: 'gameControls.unmuteGame', defaultMessage: 'Unmute game' },
  fullscreen: { id: 'kidsPlay.fullscreen', defaultMessage: 'Fullscreen' },
  exitFullscreen: { id: 'gameControls.exitFullscreen', defaultMessage: 'Exit fullscreen' },
});

function Readout({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  const format = useLocaleFormat();
  return (
    <Text size="xs" c="gray.5" span style={{ whiteSpace: 'nowrap' }}>
      {label}{' '}
      <Text span fw={700} c="gray.0" ff="monospace" fz="sm" data-testid={testId}>
        {value === null ? '–' : format.count(value)}
      </Text>
    </Text>
  );
}

function BarButton({ tooltip, label = tooltip, pressed, onClick, children }: {
  tooltip: string;
  label?: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <DeferredTooltip label={tooltip}>
      <ActionIcon variant="subtle" color="gray.3" size="md" onClick={onClick} aria-label={label} aria-pressed={pressed}>
        {children}
      </ActionIcon>
    </DeferredTooltip>
  );
}

/** The game frame's bar: live score and level from the SDK, Mute and Fullscreen; and the medal toast over the game. */
export function GameControls({ bridge, fullscreen }: { bridge: GameBridge; fullscreen: Fullscreen }) {
  const intl = useIntl();
  return (
    <>
    <MedalToast toast={bridge.medalToast} onDismiss={bridge.dismissMedalToast} />
    <Group gap={6} wrap="nowrap" data-testid="game-readout" data-status={bridge.status}>
      {bridge.status === 'over' && (
        <Badge size="xs" color="pink" variant="filled" visibleFrom="sm" data-testid="game-over-badge">
          <FormattedMessage id="gameControls.gameOver" defaultMessage="Game over" />
        </Badge>
      )}
      {/* Until the game has said hello through the SDK there is no score to show: a game without
          the SDK would sit beside "Score – Level –" for good. */}
      {bridge.status !== 'waiting' && (
        <>
          <Readout label={intl.formatMessage(messages.score)} value={bridge.score} testId="score-readout" />
          <Readout label={intl.formatMessage(messages.level)} value={bridge.level} testId="level-readout" />
        </>
      )}
      {/* Side by side: once one tooltip has shown, the other shows without the delay (spec §4). */}
      <DeferredTooltipGroup>
        <BarButton
          tooltip={intl.formatMessage(bridge.muted ? messages.unmute : messages.mute)}
          label={intl.formatMessage(bridge.muted ? messages.unmuteGame : messages.muteGame)}
          pressed={bridge.muted}
          onClick={bridge.toggleMute}
        >
          <SoundIcon muted={bridge.muted} size={18} />
        </BarButton>
        <BarButton tooltip={intl.formatMessage(fullscreen.active ? messages.exitFullscreen : messages.fullscreen)} onClick={fullscreen.toggle}>
          <FullscreenIcon active={fullscreen.active} size={18} />
        </BarButton>
      </DeferredTooltipGroup>
    </Group>
    </>
  );
}

import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DeferredTooltip, DeferredTooltipGroup } from '../../components/Deferred/DeferredTooltip';
import { FullscreenIcon, SoundIcon } from './PlayerIcons';
import type { GameBridge } from './useGameBridge';
import type { Fullscreen } from './useFullscreen';
import { formatCount } from '../games/format';
import { MedalToast } from '../medals/MedalToast';

const formatNumber = (value: number | null) => (value === null ? '–' : formatCount(value));

function Readout({ label, value, testId }: { label: string; value: number | null; testId: string }) {
  return (
    <Text size="xs" c="gray.5" span style={{ whiteSpace: 'nowrap' }}>
      {label}{' '}
      <Text span fw={700} c="gray.0" ff="monospace" fz="sm" data-testid={testId}>
        {formatNumber(value)}
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
  return (
    <>
    <MedalToast toast={bridge.medalToast} onDismiss={bridge.dismissMedalToast} />
    <Group gap={6} wrap="nowrap" data-testid="game-readout" data-status={bridge.status}>
      {bridge.status === 'over' && (
        <Badge size="xs" color="pink" variant="filled" visibleFrom="sm" data-testid="game-over-badge">
          Game over
        </Badge>
      )}
      <Readout label="Score" value={bridge.score} testId="score-readout" />
      <Readout label="Level" value={bridge.level} testId="level-readout" />
      {/* Side by side: once one tooltip has shown, the other shows without the delay (spec §4). */}
      <DeferredTooltipGroup>
        <BarButton tooltip={bridge.muted ? 'Unmute' : 'Mute'} label={bridge.muted ? 'Unmute game' : 'Mute game'} pressed={bridge.muted} onClick={bridge.toggleMute}>
          <SoundIcon muted={bridge.muted} size={18} />
        </BarButton>
        <BarButton tooltip={fullscreen.active ? 'Exit fullscreen' : 'Fullscreen'} onClick={fullscreen.toggle}>
          <FullscreenIcon active={fullscreen.active} size={18} />
        </BarButton>
      </DeferredTooltipGroup>
    </Group>
    </>
  );
}

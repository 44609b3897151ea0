import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconMaximize, IconMinimize, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { DeferredTooltip, DeferredTooltipGroup } from '../../components/Deferred/DeferredTooltip';
import type { GameBridge } from './useGameBridge';
import type { Fullscreen } from './useFullscreen';

const formatNumber = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));

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

/** The game frame's bar: live score and level from the SDK, Mute and Fullscreen. */
export function GameControls({ bridge, fullscreen }: { bridge: GameBridge; fullscreen: Fullscreen }) {
  return (
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
        <DeferredTooltip label={bridge.muted ? 'Unmute' : 'Mute'}>
          <ActionIcon
            variant="subtle"
            color="gray.3"
            size="md"
            onClick={bridge.toggleMute}
            aria-label={bridge.muted ? 'Unmute game' : 'Mute game'}
            aria-pressed={bridge.muted}
          >
            {bridge.muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
          </ActionIcon>
        </DeferredTooltip>
        <DeferredTooltip label={fullscreen.active ? 'Exit fullscreen' : 'Fullscreen'}>
          <ActionIcon
            variant="subtle"
            color="gray.3"
            size="md"
            onClick={fullscreen.toggle}
            aria-label={fullscreen.active ? 'Exit fullscreen' : 'Fullscreen'}
          >
            {fullscreen.active ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
          </ActionIcon>
        </DeferredTooltip>
      </DeferredTooltipGroup>
    </Group>
  );
}

import { Alert, Badge, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconLogout, IconShare, IconUserPlus, IconWifiOff } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from '../../i18n';
import type { RoomPlayer } from '../../../shared/rooms';
import type { RoomView } from './frameMessages';
import { QrCode } from '../../components/QrCode/QrCode';
import type { RoomProblem } from './RoomSession';
import { roomPanelShown, type RoomBridge } from './useRoomBridge';

function ProblemText({ problem }: { problem: RoomProblem }) {
  switch (problem) {
    case 'gone':
      return <FormattedMessage id="rooms.gone" defaultMessage="This room is gone: it has closed, or the invite code is wrong." />;
    case 'full':
      return <FormattedMessage id="rooms.full" defaultMessage="This room is full." />;
    case 'locked':
      return <FormattedMessage id="rooms.locked" defaultMessage="This room is locked: its host has closed it to new players." />;
    case 'kids':
      return <FormattedMessage id="rooms.kids" defaultMessage="Online play is off on this device until a parent turns it on for the child." />;
    case 'tooMany':
      return <FormattedMessage id="rooms.tooMany" defaultMessage="Too many wrong invite codes. Please try again in a few minutes." />;
    case 'unavailable':
      return <FormattedMessage id="rooms.unavailable" defaultMessage="Online play is unavailable right now. Please try again in a few seconds." />;
  }
}

function PlayerRow({ player, room }: { player: RoomPlayer; room: RoomView }) {
  return (
    <Group gap="xs" wrap="nowrap" data-testid="room-player">
      <Text size="sm" fw={600} lineClamp={1}>
        {player.name ?? <FormattedMessage id="rooms.player" defaultMessage="Player {seat}" values={{ seat: player.seat }} />}
      </Text>
      {player.id === room.me && (
        <Badge size="xs" variant="light">
          <FormattedMessage id="rooms.you" defaultMessage="you" />
        </Badge>
      )}
      {player.id === room.host && (
        <Badge size="xs" variant="light" color="grape">
          <FormattedMessage id="rooms.host" defaultMessage="host" />
        </Badge>
      )}
      {!player.connected && (
        <Text size="xs" c="orange" data-testid="room-player-reconnecting">
          <FormattedMessage id="rooms.reconnecting" defaultMessage="reconnecting…" />
        </Text>
      )}
    </Group>
  );
}

/** The invite link with copy, the phone's share sheet where there is one, and a QR code for a phone beside. */
function InviteLink({ link }: { link: string }) {
  const intl = useIntl();
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = () => void navigator.share({ url: link, title: intl.formatMessage({ id: 'rooms.shareTitle', defaultMessage: 'Play with me on PlayFree' }) }).catch(() => undefined);
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
        <TextInput
          readOnly
          label={intl.formatMessage({ id: 'rooms.linkLabel', defaultMessage: 'Send this link to a friend' })}
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="room-invite-link"
          dir="ltr"
        />
        <Group gap="xs">
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
                {copied ? <FormattedMessage id="rooms.copied" defaultMessage="Copied" /> : <FormattedMessage id="rooms.copy" defaultMessage="Copy link" />}
              </Button>
            )}
          </CopyButton>
          {canShare && (
            <Button size="xs" variant="light" leftSection={<IconShare size={14} />} onClick={share}>
              <FormattedMessage id="rooms.share" defaultMessage="Share" />
            </Button>
          )}
        </Group>
      </Stack>
      <QrCode text={link} size={112} label={intl.formatMessage({ id: 'rooms.qrLabel', defaultMessage: 'QR code of the invite link' })} />
    </Group>
  );
}

/**
 * "Invite a friend" under a game that plays online: opens an invite-only room, shows its link,
 * who is in it, and what went wrong when it did (room full, gone, connection lost). Nothing on a
 * device that may not play online (a child's, until the parent turns it on), but why an invite
 * link opened there leads nowhere.
 */
export function RoomPanel({ rooms }: { rooms: RoomBridge }) {
  if (!roomPanelShown(rooms)) return null;
  const { room, status, problem } = rooms;
  return (
    <Paper withBorder radius="md" p="sm" mt="sm" data-testid="room-panel">
      <Stack gap="sm">
        {!room && rooms.allowed && rooms.invitable && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              <FormattedMessage id="rooms.pitch" defaultMessage="Play this game with a friend on another device." />
            </Text>
            <Button size="sm" leftSection={<IconUserPlus size={16} />} onClick={rooms.invite} loading={status === 'connecting'}>
              <FormattedMessage id="rooms.invite" defaultMessage="Invite a friend" />
            </Button>
          </Group>
        )}
        {problem && (
          <Alert color="orange" variant="light" data-testid="room-problem">
            <ProblemText problem={problem} />
          </Alert>
        )}
        {status === 'lost' && (
          <Alert color="red" variant="light" icon={<IconWifiOff size={16} />} data-testid="room-lost">
            <FormattedMessage id="rooms.lost" defaultMessage="Connection lost: you are no longer in the room. Invite a friend again to play on." />
          </Alert>
        )}
        {room && (
          <>
            {status === 'reconnecting' && (
              <Alert color="orange" variant="light" icon={<IconWifiOff size={16} />}>
                <FormattedMessage id="rooms.selfReconnecting" defaultMessage="Connection lost. Reconnecting…" />
              </Alert>
            )}
            {room.players.length < room.maxPlayers && !room.locked && rooms.invitable && rooms.inviteLink && <InviteLink link={rooms.inviteLink} />}
            <Stack gap={4} data-testid="room-players">
              {/* Leave sits beside the heading, not on a row of its own: on a phone the panel is under the game, and every row pushes the page down. */}
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed" fw={700} tt="uppercase">
                  <FormattedMessage id="rooms.inRoom" defaultMessage="In the room ({count} of {max})" values={{ count: room.players.length, max: room.maxPlayers }} />
                </Text>
                <Button size="xs" variant="subtle" color="gray" leftSection={<IconLogout size={14} />} onClick={rooms.leave} style={{ flexShrink: 0 }}>
                  <FormattedMessage id="rooms.leave" defaultMessage="Leave the room" />
                </Button>
              </Group>
              {room.players.map((player) => (
                <PlayerRow key={player.id} player={player} room={room} />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMaximize, IconMinimize, IconMoodKid, IconMoodSad, IconMoonStars } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { isKidsZoneGame } from '../../shared/kids-zone';
import type { Game } from '../../shared/schemas';
import { KidsButton } from '../components/KidsButton/KidsButton';
import { GameFrame } from '../components/GameFrame/GameFrame';
import { budgetSpent } from '../features/kids/parent-lock';
import { useParentSettings, usePlayUsage, useToday } from '../features/kids/parent-lock-store';
import { usePlayBudgetClock } from '../features/kids/usePlayBudgetClock';
import { useKidsDevice } from '../features/kids/useKidsDevice';
import { useServerPlayClock, type StopReason } from '../features/kids/useServerPlayClock';
import { SoundIcon } from '../features/sdk/PlayerIcons';
import { useGamePlayer } from '../features/sdk/useGamePlayer';
import { useRoomBridge } from '../features/rooms/useRoomBridge';
import { LazyRoomPanel, useRoomPanel } from '../features/rooms/LazyRoomPanel';
import { usePageTitle } from '../features/usePageTitle';
import { defineMessages, FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';
import { frameSrcOf } from '../pwa/offline-games';
import { useListing } from '../features/games/useListing';

const messages = defineMessages({
  back: { id: 'kidsPlay.backToKids', defaultMessage: 'Back to Kids Zone' },
  kidsZone: { id: 'nav.kidsZone', defaultMessage: 'Kids Zone' },
  fullscreen: { id: 'kidsPlay.fullscreen', defaultMessage: 'Fullscreen' },
  exitFullscreen: { id: 'kidsPlay.exitFullscreen', defaultMessage: 'Exit Fullscreen' },
  soundOn: { id: 'kidsPlay.soundOn', defaultMessage: 'Turn sound on' },
  soundOff: { id: 'kidsPlay.soundOff', defaultMessage: 'Turn sound off' },
  notFoundTitle: { id: 'kidsPlay.notFoundTitle', defaultMessage: 'Game Not Found' },
  notFoundText: { id: 'kidsPlay.notFoundText', defaultMessage: "We couldn't find that game. Let's pick another one!" },
});

function BackButton() {
  const intl = useIntl();
  return (
    <Button
      component={Link}
      to="/kids"
      size="lg"
      radius="xl"
      color="orange"
      leftSection={<IconArrowLeft size={22} />}
      style={{ flexShrink: 0 }}
      aria-label={intl.formatMessage(messages.back)}
    >
      <Box component="span" visibleFrom="xs">
        {intl.formatMessage(messages.back)}
      </Box>
      <Box component="span" hiddenFrom="xs">
        <FormattedMessage id="kidsLocked.back" defaultMessage="Back" />
      </Box>
    </Button>
  );
}

/** The page's height below the Kids Zone's header (KidsLayout). */
const pageHeight = 'calc(100dvh - 68px)';

function Message({ title, text, icon = <IconMoodSad size={44} />, color = 'orange' }: {
  title: string;
  text: string;
  icon?: React.ReactNode;
  color?: string;
}) {
  return (
    <Center mih={pageHeight} p="md" bg="light-dark(var(--mantine-color-orange-0), var(--mantine-color-dark-8))">
      <Stack align="center" ta="center" maw={440}>
        <ThemeIcon size={80} radius="xl" color={color} variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text size="lg">{text}</Text>
        <BackButton />
      </Stack>
    </Center>
  );
}

function KidsHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="nowrap" gap="sm">
      <BackButton />
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }} justify="center">
        <IconMoodKid size={28} color="var(--mantine-color-orange-6)" aria-hidden style={{ flexShrink: 0 }} />
        <Title order={1} fz={{ base: 18, sm: 26 }} lineClamp={1}>
          {title}
        </Title>
      </Group>
      {children}
    </Group>
  );
}

/**
 * The frame with big Mute and Fullscreen buttons; it reports play time, and no scores (calm for kids).
 * On a paired device (`serverPlayId`) the server counts the time from heartbeats and says when it
 * is up (`onStopped`); otherwise this device's own budget clock counts it. Online play ("Invite a
 * friend", invite-only rooms without chat) only on a paired device whose parent turned it on.
 */
function KidsPlayer({ game: original, onLoad, serverPlayId = null, onStopped }: {
  game: Game & { srcUrl: string; build?: { version: number; threads?: boolean } | null };
  onLoad: () => void;
  serverPlayId?: number | null;
  onStopped?: (reason: StopReason) => void;
}) {
  // Its title in the child's language when its developer translated it.
  const game = useListing(original);
  const intl = useIntl();
  const { bridge, fullscreen, allowedOrigins, frameRef, wrapRef } = useGamePlayer(game, { saveScores: false, kidsZone: true });
  const rooms = useRoomBridge({ iframe: frameRef, src: game.srcUrl, allowedOrigins, slug: game.slug, offered: serverPlayId !== null });
  const roomPanel = useRoomPanel(rooms);
  const fullscreenLabel = intl.formatMessage(fullscreen.active ? messages.exitFullscreen : messages.fullscreen);
  usePlayBudgetClock(serverPlayId === null && bridge.status === 'playing');
  const stopped = useServerPlayClock(serverPlayId, wrapRef);
  useEffect(() => {
    if (stopped) onStopped?.(stopped);
  }, [stopped, onStopped]);
  return (
    <>
      <KidsHeader title={game.title}>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }} data-testid="game-readout" data-status={bridge.status}>
          <ActionIcon
            size={50}
            radius="xl"
            variant="light"
            color="orange"
            onClick={bridge.toggleMute}
            aria-label={intl.formatMessage(bridge.muted ? messages.soundOn : messages.soundOff)}
            aria-pressed={bridge.muted}
          >
            <SoundIcon muted={bridge.muted} size={26} />
          </ActionIcon>
          <KidsButton
            label={fullscreenLabel}
            icon={fullscreen.active ? IconMinimize : IconMaximize}
            size="lg"
            color="grape"
            onClick={fullscreen.toggle}
          />
        </Group>
      </KidsHeader>
      <GameFrame
        src={frameSrcOf(game.srcUrl, game.build)}
        title={game.title}
        allowedOrigins={allowedOrigins}
        // Room for the "Invite a friend" panel below when it shows.
        height={roomPanel ? 'calc(100dvh - 330px)' : 'calc(100dvh - 218px)'}
        isolated={game.build?.threads ?? false}
        kids
        onLoad={onLoad}
        frameRef={frameRef}
        wrapRef={wrapRef}
        // In fullscreen the header is out of sight: the way out stays on the frame itself.
        controls={
          fullscreen.active && (
            <Button size="compact-md" radius="xl" color="grape" onClick={fullscreen.toggle} leftSection={<IconMinimize size={18} />}>
              {fullscreenLabel}
            </Button>
          )
        }
      />
      {roomPanel && <LazyRoomPanel rooms={rooms} />}
    </>
  );
}

function TimesUp() {
  const intl = useIntl();
  return (
    <Message
      title={intl.formatMessage({ id: 'kidsPlay.timesUpTitle', defaultMessage: "Time's up for today" })}
      text={intl.formatMessage({
        id: 'kidsPlay.timesUpText',
        defaultMessage: "You've played all your game time for today. Great playing! Come back tomorrow for more fun.",
      })}
      icon={<IconMoonStars size={44} />}
      color="indigo"
    />
  );
}

function Bedtime() {
  const intl = useIntl();
  return (
    <Message
      title={intl.formatMessage({ id: 'kidsPlay.bedtimeTitle', defaultMessage: "It's bedtime" })}
      text={intl.formatMessage({ id: 'kidsPlay.bedtimeText', defaultMessage: 'The games are asleep until the morning. Sleep well!' })}
      icon={<IconMoonStars size={44} />}
      color="indigo"
    />
  );
}

/** Why the server refused or ended a play (server/domains/kids/family-plays.ts). */
type Refusal = StopReason | 'not-allowed' | 'unpaired';

/** The refusal's message id, not its words: the server says those in the page's language. */
function refusalOf(messageId: string | null | undefined): Refusal {
  if (messageId === 'kids.timesUp') return 'budget';
  if (messageId === 'kids.bedtime') return 'bedtime';
  if (messageId === 'kids.notPaired') return 'unpaired';
  return 'not-allowed';
}

/**
 * A calm player for the Kids Zone (inside its own layout: no links anywhere but back to /kids).
 * On a device paired with a parent's account the server starts each play for the child's profile
 * (or refuses it: time spent, bedtime, a game the parent did not allow) and counts its time; on a
 * device on its own, play time counts against this device's budget. Either way, once it is spent
 * "Time's up for today" replaces the game.
 */
export function KidsPlayPage() {
  const { paired, pending } = useKidsDevice();
  if (pending) return <Preparing />;
  return paired ? <PairedPlay /> : <DevicePlay />;
}

function Preparing() {
  return (
    <Center mih={pageHeight}>
      <Stack align="center">
        <Loader color="orange" size="lg" />
        <Text>
          <FormattedMessage id="kidsPlay.preparing" defaultMessage="Getting your game ready…" />
        </Text>
      </Stack>
    </Center>
  );
}

function PairedPlay() {
  const intl = useIntl();
  const { slug = '' } = useParams();
  const game = trpc.games.bySlug.useQuery({ slug });
  const utils = trpc.useUtils();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const start = trpc.family.startPlay.useMutation({ onError: (error) => setRefusal(refusalOf(error.data?.messageId)) });
  const play = trpc.games.play.useMutation({ onError: () => undefined });
  const tracked = useRef(false);
  usePageTitle(game.data ? intl.formatMessage({ id: 'kidsPlay.pageTitle', defaultMessage: '{title} – Kids Zone' }, { title: game.data.title }) : intl.formatMessage(messages.kidsZone));
  const { mutate } = start;
  useEffect(() => {
    mutate({ slug });
  }, [mutate, slug]);

  if (refusal === 'budget') return <TimesUp />;
  if (refusal === 'bedtime') return <Bedtime />;
  if (refusal === 'not-allowed') {
    return (
      <Message
        title={intl.formatMessage({ id: 'kidsPlay.notAllowedTitle', defaultMessage: 'Not for now' })}
        text={intl.formatMessage({ id: 'kidsPlay.notAllowedText', defaultMessage: "This game isn't on your list. Let's pick another one!" })}
      />
    );
  }
  if (refusal === 'unpaired') {
    return (
      <Message
        title={intl.formatMessage({ id: 'kidsPlay.unpairedTitle', defaultMessage: "Let's go back" })}
        text={intl.formatMessage({ id: 'kidsPlay.unpairedText', defaultMessage: 'This tablet needs a grown-up to set it up again.' })}
      />
    );
  }
  if (game.isPending || start.isPending || !start.data) return <Preparing />;
  const notFound = <Message title={intl.formatMessage(messages.notFoundTitle)} text={intl.formatMessage(messages.notFoundText)} />;
  if (game.error) return notFound;
  const { data } = game;
  if (!data.srcUrl) return notFound;
  return (
    <Box bg="light-dark(var(--mantine-color-orange-0), var(--mantine-color-dark-8))" mih={pageHeight} p={{ base: 'sm', sm: 'lg' }}>
      <KidsPlayer
        game={{ ...data, srcUrl: data.srcUrl }}
        serverPlayId={start.data.playId}
        onStopped={(reason) => {
          setRefusal(reason);
          void utils.family.device.invalidate();
        }}
        onLoad={() => {
          if (tracked.current) return;
          tracked.current = true;
          play.mutate({ id: data.id });
        }}
      />
    </Box>
  );
}

function DevicePlay() {
  const intl = useIntl();
  const { slug = '' } = useParams();
  const game = trpc.games.bySlug.useQuery({ slug });
  const tracked = useRef(false);
  const play = trpc.games.play.useMutation({ onError: () => undefined });
  usePageTitle(game.data ? intl.formatMessage({ id: 'kidsPlay.pageTitle', defaultMessage: '{title} – Kids Zone' }, { title: game.data.title }) : intl.formatMessage(messages.kidsZone));
  const timesUp = budgetSpent(useParentSettings(), usePlayUsage(), useToday());

  if (timesUp) return <TimesUp />;
  if (game.isPending) return <Preparing />;
  if (game.error) return <Message title={intl.formatMessage(messages.notFoundTitle)} text={intl.formatMessage(messages.notFoundText)} />;
  if (!isKidsZoneGame(game.data)) {
    return (
      <Message
        title={intl.formatMessage({ id: 'kidsPlay.notKidsTitle', defaultMessage: 'Not in the Kids Zone' })}
        text={intl.formatMessage({ id: 'kidsPlay.notKidsText', defaultMessage: "This game isn't made for the Kids Zone. Let's find a game for you!" })}
      />
    );
  }

  const { data } = game;
  return (
    <Box bg="light-dark(var(--mantine-color-orange-0), var(--mantine-color-dark-8))" mih={pageHeight} p={{ base: 'sm', sm: 'lg' }}>
      {data.srcUrl ? (
        <KidsPlayer
          game={{ ...data, srcUrl: data.srcUrl }}
          onLoad={() => {
            if (tracked.current) return;
            tracked.current = true;
            play.mutate({ id: data.id });
          }}
        />
      ) : (
        <>
          <KidsHeader title={data.title} />
          <Center h="60vh">
            <Text size="lg" fw={600}>
              <FormattedMessage id="kidsPlay.notAvailable" defaultMessage="Game not available" />
            </Text>
          </Center>
        </>
      )}
    </Box>
  );
}

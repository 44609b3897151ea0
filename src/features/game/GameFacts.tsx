import { memo } from 'react';
import { Alert, Badge, Box, Group, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudDownload, IconDeviceGamepad2, IconHandFinger, IconKeyboard, IconMouse } from '@tabler/icons-react';
import type { GameControl } from '../../../shared/constants';
import type { GameDetail, LiveBuild } from '../../../shared/schemas';
import { FormattedMessage, useIntl } from '../../i18n';
import { useAdSettings } from '../ads/useAdSettings';
import { useFactWords } from '../games/useFactWords';
import { useCoarsePointer } from '../games/useCoarsePointer';

const CONTROL_ICONS: Record<GameControl, typeof IconKeyboard> = {
  touch: IconHandFinger,
  keyboard: IconKeyboard,
  mouse: IconMouse,
  gamepad: IconDeviceGamepad2,
};

/** The controls a game can be played with, as badges. */
export function ControlBadges({ controls }: { controls: readonly GameControl[] }) {
  const intl = useIntl();
  const factWords = useFactWords();
  return (
    <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={intl.formatMessage({ id: 'howToPlay.playsWith', defaultMessage: 'Plays with' })}>
      {controls.map((control) => {
        const Icon = CONTROL_ICONS[control];
        return (
          <Badge key={control} component="li" variant="light" color="violet" size="lg" leftSection={<Icon size={14} aria-hidden />}>
            {factWords.control(control)}
          </Badge>
        );
      })}
    </Group>
  );
}

/** How to play: the controls the game takes and the game's own instructions. */
export const HowToPlay = memo(function HowToPlay({ controls, instructions }: Pick<GameDetail, 'controls' | 'instructions'>) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="how-to-play-heading" data-testid="how-to-play">
      <Title order={2} size="h4" id="how-to-play-heading" mb="sm">
        <FormattedMessage id="howToPlay.title" defaultMessage="How to Play" />
      </Title>
      {controls.length > 0 ? (
        <ControlBadges controls={controls} />
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="howToPlay.noControls" defaultMessage="The developer has not said which controls this game takes." />
        </Text>
      )}
      <Text mt="sm" style={{ whiteSpace: 'pre-line' }}>
        {instructions || <FormattedMessage id="howToPlay.noInstructions" defaultMessage="The developer has not written instructions for this game." />}
      </Text>
    </Paper>
  );
});

/**
 * The ads on the game's page that the portal shows (its slot and breaks), told apart from the
 * game's own: "No ads" is about the game, and the page around it has an ad slot.
 */
function PortalAdsNote({ gameShowsAds }: { gameShowsAds: boolean | null }) {
  const settings = useAdSettings();
  if (!settings || settings.provider === 'none') return null;
  return (
    <Text size="xs" c="dimmed" mt="xs" data-testid="portal-ads-note">
      {gameShowsAds === false ? (
        <FormattedMessage id="gameFacts.portalAds.gameNone" defaultMessage="The ads on this page are PlayFree's, shown around the game, not in it." />
      ) : gameShowsAds ? (
        <FormattedMessage id="gameFacts.portalAds.gameToo" defaultMessage="Besides the game's own ads, PlayFree shows ads on this page, around the game." />
      ) : (
        <FormattedMessage id="gameFacts.portalAds" defaultMessage="PlayFree shows ads on this page, around the game." />
      )}
    </Text>
  );
}

/** What the game itself contains: ads, chat, links out, purchases, saves and violence. */
export const GameFactsCard = memo(function GameFactsCard({ facts, distributor }: { facts: GameDetail['contentFacts']; distributor: string | null }) {
  const factWords = useFactWords();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="facts-heading" data-testid="game-facts">
      <Title order={2} size="h4" id="facts-heading" mb="sm">
        <FormattedMessage id="gameFacts.title" defaultMessage="What's in This Game" />
      </Title>
      {facts ? (
        <Box component="dl" m={0}>
          {factWords.factRows(facts).map((row) => (
            <Group key={row.label} justify="space-between" wrap="nowrap" gap="sm" py={6}>
              <Text component="dt" size="sm" c="dimmed">
                {row.label}
              </Text>
              <Group component="dd" gap={6} wrap="nowrap" m={0}>
                <ThemeIcon size={18} radius="xl" variant="light" color={row.notable ? 'orange' : 'teal'} aria-hidden>
                  {row.notable ? <IconAlertTriangle size={12} /> : <IconCheck size={12} />}
                </ThemeIcon>
                <Text size="sm" fw={600} ta="end">
                  {row.value}
                </Text>
              </Group>
            </Group>
          ))}
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="gameFacts.notDeclared" defaultMessage="The developer has not declared what this game contains." />
        </Text>
      )}
      {distributor ? (
        <Text size="xs" c="dimmed" mt="xs" data-testid="distributor-ads-note">
          <FormattedMessage
            id="gameFacts.distributorAds"
            defaultMessage="This game comes from {distributor}: the ads in it are theirs, and PlayFree shows no ads of its own around it."
            values={{ distributor }}
          />
        </Text>
      ) : (
        <PortalAdsNote gameShowsAds={facts ? facts.ads : null} />
      )}
    </Paper>
  );
});

/** On a touch screen, a game that takes no touch says so before anyone tries to play it. */
export function NoTouchNotice({ controls }: { controls: readonly GameControl[] }) {
  const intl = useIntl();
  const factWords = useFactWords();
  const coarse = useCoarsePointer();
  if (!coarse || controls.length === 0 || controls.includes('touch')) return null;
  // Named mid-sentence, in lower case, except in German, which writes every noun with a capital ("Tastatur oder Maus").
  const inSentence = (name: string) => (intl.locale.startsWith('de') ? name : name.toLocaleLowerCase(intl.locale));
  const devices = intl.formatList(
    controls.map((control) => inSentence(factWords.control(control))),
    { type: 'disjunction' },
  );
  return (
    <Alert
      mt="sm"
      radius="lg"
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={intl.formatMessage({ id: 'noTouch.title', defaultMessage: 'Not playable by touch' })}
      data-testid="no-touch-notice"
    >
      <FormattedMessage id="noTouch.text" defaultMessage="This game is played with a {devices}; it does not respond to touch." values={{ devices }} />
    </Alert>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as en-US writes it in short (Nov 25, 2026), in UTC: the server renders the page, so both sides must read the same day. */
export function formatBuildDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The build players get, for a game the portal serves: "Version 3 · Nov 25, 2026", and whether it plays offline. */
export function LiveBuildLine({ build }: { build: LiveBuild }) {
  const intl = useIntl();
  const date = intl.locale === 'en' ? formatBuildDate(build.publishedAt) : intl.formatDate(build.publishedAt, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <Group gap={8} wrap="wrap" justify="space-between" mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="game-build">
      <Text size="sm" c="dimmed">
        <FormattedMessage
          id="liveBuild.version"
          defaultMessage="Version {version} · {date}"
          values={{ version: build.version, date: <time dateTime={build.publishedAt}>{date}</time> }}
        />
      </Text>
      {build.playsOffline && (
        <Group gap={4} wrap="nowrap" c="teal">
          <IconCloudDownload size={14} aria-hidden />
          <Text size="sm" c="teal" fw={600}>
            <FormattedMessage id="liveBuild.playsOffline" defaultMessage="Plays offline" />
          </Text>
        </Group>
      )}
    </Group>
  );
}

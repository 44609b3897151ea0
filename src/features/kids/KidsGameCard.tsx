import { Badge, Button, Group, Paper, Skeleton, Stack, Text, AspectRatio } from '@mantine/core';
import { IconHourglassEmpty, IconMoonStars, IconPlayerPlayFilled, IconShieldCheck, IconStarFilled } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { KidsGame } from '../../../shared/schemas';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { FormattedMessage, useIntl } from '../../i18n';
import { useLocaleFormat } from '../games/useLocaleFormat';
import classes from './Kids.module.css';
import type { ZoneRest } from './useZoneRest';
import { useListing } from '../games/useListing';

/**
 * `priority`: among the first cards of the page (its thumbnail loads at once). `rest`: no game can be
 * played now (time spent, bedtime): the card says so instead of inviting to play, and still opens
 * the game's page, which says the same in full.
 */
export function KidsGameCard({ game: original, priority = false, rest = null }: { game: KidsGame; priority?: boolean; rest?: ZoneRest }) {
  const game = useListing(original);
  const intl = useIntl();
  const format = useLocaleFormat();
  const rating = game.ratingSummary.avg > 0 ? format.rating(game.ratingSummary.avg) : format.plays(0);
  return (
    <Paper radius="xl" className={classes.card} data-testid="kids-game-card">
      <GameThumb title={game.title} src={game.thumbUrl} priority={priority} />
      <Stack gap={8} p="md" style={{ flex: 1 }}>
        <Text fw={800} fz="lg" lineClamp={1}>
          {game.title}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
          {game.description}
        </Text>
        <Group justify="space-between" gap={6} mt="auto">
          <Group gap={4}>
            <IconStarFilled size={14} color="var(--mantine-color-yellow-5)" aria-hidden />
            <Text size="sm" fw={700}>
              <span className="visually-hidden">
                <FormattedMessage id="gameCard.rating" defaultMessage="Rating" />{' '}
              </span>
              {rating}
            </Text>
          </Group>
          <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={12} />}>
            <FormattedMessage id="kids.safeForKids" defaultMessage="Safe for Kids" />
          </Badge>
        </Group>
        <Button
          component={Link}
          to={`/kids/play/${game.slug}`}
          radius="xl"
          size="md"
          color={rest ? 'indigo' : 'orange'}
          variant={rest ? 'light' : 'filled'}
          leftSection={rest === 'bedtime' ? <IconMoonStars size={16} /> : rest === 'timesUp' ? <IconHourglassEmpty size={16} /> : <IconPlayerPlayFilled size={16} />}
          aria-label={
            rest === 'bedtime'
              ? intl.formatMessage({ id: 'kids.cardBedtimeTitle', defaultMessage: "{title}: it's bedtime" }, { title: game.title })
              : rest === 'timesUp'
                ? intl.formatMessage({ id: 'kids.cardTimesUpTitle', defaultMessage: "{title}: time's up for today" }, { title: game.title })
                : intl.formatMessage({ id: 'kids.letsPlayTitle', defaultMessage: "Let's Play {title}" }, { title: game.title })
          }
        >
          {rest === 'bedtime' ? (
            <FormattedMessage id="kids.cardBedtime" defaultMessage="It's bedtime" />
          ) : rest === 'timesUp' ? (
            <FormattedMessage id="kids.cardTimesUp" defaultMessage="Time's up for today" />
          ) : (
            <FormattedMessage id="kids.letsPlay" defaultMessage="Let's Play" />
          )}
        </Button>
      </Stack>
    </Paper>
  );
}

export function KidsGameCardSkeleton() {
  return (
    <Paper radius="xl" className={classes.card} aria-hidden data-testid="kids-card-skeleton">
      <AspectRatio ratio={4 / 3}>
        <Skeleton radius={0} />
      </AspectRatio>
      <Stack gap={8} p="md">
        <Skeleton height={28} width="70%" />
        <Skeleton height={40} />
        <Skeleton height={20} />
        <Skeleton height={42} radius="xl" />
      </Stack>
    </Paper>
  );
}

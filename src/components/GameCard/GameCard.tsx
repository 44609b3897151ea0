import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerPlayFilled, IconStarFilled, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { CARD_MAX_CATEGORY_BADGES } from '../../../shared/constants';
import { QUICK_JOIN_PARAM, QUICK_JOIN_VALUE } from '../../../shared/rooms';
import type { Game } from '../../../shared/schemas';
import { useCategoryName } from '../../features/games/categoryName';
import { useLocaleFormat } from '../../features/games/useLocaleFormat';
import { FormattedMessage, useIntl } from '../../i18n';
import { usePrefetchGame } from '../../features/games/usePrefetchGame';
import { useCardImpression } from '../../features/analytics/useCardImpression';
import { PlayOfflineBadge } from '../../pwa/PlayOfflineBadge';
import { GameThumb } from '../GameThumb/GameThumb';
import classes from './GameCard.module.css';
import { useListing } from '../../features/games/useListing';

type CardGame = Pick<
  Game,
  'id' | 'slug' | 'title' | 'description' | 'thumbUrl' | 'categories' | 'multiplayer' | 'ratingSummary' | 'metrics'
>;

function Stats({ game }: { game: CardGame }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  return (
    <div className={classes.meta}>
      <span className={classes.stat} title={intl.formatMessage({ id: 'gameCard.plays', defaultMessage: 'Plays' })}>
        <IconPlayerPlay size={13} aria-hidden />
        <span>
          {format.plays(game.metrics.plays)}
          {game.metrics.plays ? (
            <span className="visually-hidden">
              {' '}
              <FormattedMessage id="gameCard.playsSuffix" defaultMessage="plays" />
            </span>
          ) : null}
        </span>
      </span>
      <span className={classes.stat} title={intl.formatMessage({ id: 'gameCard.averageRating', defaultMessage: 'Average rating' })}>
        <IconStarFilled size={13} className={classes.star} aria-hidden />
        <span>
          <span className="visually-hidden">
            <FormattedMessage id="gameCard.rating" defaultMessage="Rating" />{' '}
          </span>
          {format.rating(game.ratingSummary.avg)}
        </span>
      </span>
      <PlayingNow count={game.metrics.playingNow} />
    </div>
  );
}

/** "N playing now": distinct visitors seen playing in the last 5 minutes; nothing at 0. */
function PlayingNow({ count }: { count: number }) {
  const format = useLocaleFormat();
  if (count <= 0) return null;
  return (
    <span className={classes.online}>
      <span className={classes.dot} aria-hidden />
      <FormattedMessage id="gameCard.playingNow" defaultMessage="{count} playing now" values={{ count: format.count(count) }} />
    </span>
  );
}

function CategoryBadges({ game }: { game: CardGame }) {
  const categoryName = useCategoryName();
  const shown = game.categories.slice(0, CARD_MAX_CATEGORY_BADGES);
  if (shown.length === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
      {shown.map((category) => (
        <Badge key={category.id} size="xs" variant="light" radius="sm" style={{ flexShrink: 1, minWidth: 0 }}>
          {categoryName(category)}
        </Badge>
      ))}
    </Group>
  );
}

function PlayOverlay() {
  return (
    <div className={classes.overlay} aria-hidden>
      <div className={classes.playBubble}>
        <IconPlayerPlayFilled size={24} />
      </div>
    </div>
  );
}

type WarmHandlers = { onMouseEnter?: () => void; onFocus?: () => void };

export type GameCardVariant = 'default' | 'large' | 'small' | 'multiplayer';

interface GameCardProps {
  game: CardGame;
  variant?: GameCardVariant;
  /** 1-based position, shown as a badge on large cards. */
  rank?: number;
  /** Among the first cards a page shows: its thumbnail loads at once (see GameThumb). */
  priority?: boolean;
}

export function GameCard({ game: original, variant = 'default', rank, priority = false }: GameCardProps) {
  // In the page's language when its developer translated it.
  const game = useListing(original);
  // Every card targets the game page (spec section 2).
  const href = `/games/${game.slug}`;
  const prefetch = usePrefetchGame(game.slug);
  const warm: WarmHandlers = { onMouseEnter: prefetch, onFocus: prefetch };
  const seen = useCardImpression<HTMLAnchorElement>(game.id);

  if (variant === 'large') {
    return (
      <Link ref={seen} to={href} className={classes.card} data-testid="game-card" {...warm}>
        <GameThumb title={game.title} src={game.thumbUrl} priority={priority} ratio={16 / 9} imgClassName={classes.zoom}>
          {rank !== undefined && (
            <div className={classes.rank} aria-label={`Rank ${rank}`}>
              #{rank}
            </div>
          )}
          <PlayOfflineBadge slug={game.slug} floating />
          <PlayOverlay />
        </GameThumb>
        <div className={classes.body}>
          <Text className={classes.title} fz="lg" lineClamp={1}>
            {game.title}
          </Text>
          <CategoryBadges game={game} />
          <Text size="sm" c="dimmed" lineClamp={2} mih={42}>
            {game.description}
          </Text>
          <Stats game={game} />
        </div>
      </Link>
    );
  }

  if (variant === 'small') {
    return (
      <Link ref={seen} to={href} className={classes.card} data-testid="game-card" {...warm}>
        <GameThumb title={game.title} src={game.thumbUrl} priority={priority} imgClassName={classes.zoom}>
          <div className={classes.topLeft}>
            <Badge size="sm" color="pink" variant="filled" radius="sm">
              NEW
            </Badge>
          </div>
          <PlayOfflineBadge slug={game.slug} floating />
          <PlayOverlay />
        </GameThumb>
        <div className={classes.body} style={{ padding: 10, gap: 4 }}>
          <Text className={classes.title} fz="sm" lineClamp={1}>
            {game.title}
          </Text>
          <Stats game={game} />
        </div>
      </Link>
    );
  }

  if (variant === 'multiplayer') return <MultiplayerCard game={game} href={href} warm={warm} priority={priority} />;

  return (
    <Link ref={seen} to={href} className={classes.card} data-testid="game-card" {...warm}>
      <GameThumb title={game.title} src={game.thumbUrl} priority={priority} imgClassName={classes.zoom}>
        {game.multiplayer && (
          <div className={classes.topRight}>
            <Badge size="sm" color="teal" variant="filled" radius="sm" leftSection={<IconUsers size={11} />}>
              <FormattedMessage id="gameCard.multi" defaultMessage="Multi" />
            </Badge>
          </div>
        )}
        <PlayOfflineBadge slug={game.slug} floating />
        <PlayOverlay />
      </GameThumb>
      <div className={classes.body}>
        <Text className={classes.title} lineClamp={1}>
          {game.title}
        </Text>
        <CategoryBadges game={game} />
        <Stats game={game} />
      </div>
    </Link>
  );
}

function MultiplayerCard({ game, href, warm, priority }: { game: CardGame; href: string; warm: WarmHandlers; priority: boolean }) {
  const intl = useIntl();
  const seen = useCardImpression<HTMLDivElement>(game.id);
  return (
    <div ref={seen} className={classes.card} data-testid="game-card" {...warm}>
      <Link to={href} tabIndex={-1} aria-hidden style={{ display: 'block' }}>
        <GameThumb title={game.title} src={game.thumbUrl} priority={priority} ratio={16 / 10} imgClassName={classes.zoom}>
          <div className={classes.topLeft}>
            <Badge size="sm" color="teal" variant="filled" radius="sm" leftSection={<IconUsers size={11} />}>
              <FormattedMessage id="gameCard.multiplayer" defaultMessage="Multiplayer" />
            </Badge>
          </div>
          <PlayOfflineBadge slug={game.slug} floating />
        </GameThumb>
      </Link>
      <div className={classes.body}>
        <Text className={classes.title} lineClamp={1}>
          {game.title}
        </Text>
        <PlayingNow count={game.metrics.playingNow} />
        {/* Joins an open public room of the game (or opens one) once a game that plays online says hello; any other game just opens. */}
        <Button
          component={Link}
          to={`${href}?${QUICK_JOIN_PARAM}=${QUICK_JOIN_VALUE}`}
          mt="auto"
          fullWidth
          color="teal"
          leftSection={<IconUsers size={16} />}
          aria-label={intl.formatMessage({ id: 'gameCard.joinGameLabel', defaultMessage: 'Join Game: {title}' }, { title: game.title })}
        >
          <FormattedMessage id="gameCard.joinGame" defaultMessage="Join Game" />
        </Button>
      </div>
    </div>
  );
}

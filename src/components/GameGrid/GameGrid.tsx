import type { ReactNode } from 'react';
import { Alert, SimpleGrid } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { GRID_SKELETON_CARDS } from '../../../shared/constants';
import type { Game } from '../../../shared/schemas';
import { EmptyState } from '../EmptyState/EmptyState';
import { GameCard } from '../GameCard/GameCard';
import { GameCardSkeleton } from '../GameCard/GameCardSkeleton';
import { useTouchFirst } from '../../features/games/useTouchFirst';
import { FormattedMessage, useIntl } from '../../i18n';

const gridCols = { base: 2, sm: 3, md: 4, lg: 6 } as const;

interface GameGridProps {
  games: Game[] | undefined;
  loading: boolean;
  error?: unknown;
  emptyText: ReactNode;
  skeletons?: number;
  cols?: Record<string, number>;
  /** How many leading cards are above the fold where the page opens (their thumbnails load at once). */
  priorityCards?: number;
}

export function GameGrid({ games: listed, loading, error, emptyText, skeletons = GRID_SKELETON_CARDS, cols = gridCols, priorityCards = 0 }: GameGridProps) {
  const intl = useIntl();
  const games = useTouchFirst(listed);
  if (loading) {
    return (
      <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'md' }} aria-busy="true" aria-label={intl.formatMessage({ id: 'gameGrid.loading', defaultMessage: 'Loading games' })}>
        {Array.from({ length: skeletons }, (_, index) => (
          <GameCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    );
  }
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={intl.formatMessage({ id: 'gameGrid.errorTitle', defaultMessage: 'Could not load games' })}>
        <FormattedMessage id="gameGrid.errorText" defaultMessage="Something went wrong while loading games. Please reload the page." />
      </Alert>
    );
  }
  if (!games || games.length === 0) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'md' }}>
      {games.map((game, index) => (
        <GameCard key={game.id} game={game} priority={index < priorityCards} />
      ))}
    </SimpleGrid>
  );
}

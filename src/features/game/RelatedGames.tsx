import { memo } from 'react';
import { SimpleGrid } from '@mantine/core';
import { RELATED_GAMES } from '../../../shared/constants';
import { GameCard } from '../../components/GameCard/GameCard';
import { Section } from '../../components/Section/Section';
import { useIntl } from '../../i18n';
import { trpc } from '../../trpc';

/** Other games of the game's first category, below the game. */
export const RelatedGames = memo(function RelatedGames({ gameId, category }: { gameId: number; category: string | undefined }) {
  const intl = useIntl();
  const related = trpc.games.list.useQuery(
    { category, limit: RELATED_GAMES },
    { enabled: Boolean(category) },
  );
  const games = (related.data ?? []).filter((item) => item.id !== gameId).slice(0, RELATED_GAMES);
  if (games.length === 0) return null;
  return (
    <Section id="related" title={intl.formatMessage({ id: 'relatedGames.title', defaultMessage: 'More Like This' })}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing={{ base: 'sm', sm: 'md' }}>
        {games.map((item) => (
          <GameCard key={item.id} game={item} />
        ))}
      </SimpleGrid>
    </Section>
  );
});

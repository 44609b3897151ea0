import { Box, SimpleGrid } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Section } from '../../components/Section/Section';
import { useIntl } from '../../i18n';
import { RecentGameCard } from './RecentGameCard';
import { useRecentlyPlayed } from './useRecentlyPlayed';

/** Games the home's row shows on a wide screen; the page shows them all. */
const ROW_SIZE = 6;
const rowCols = { base: 2, xs: 3, md: 6 };

/** The home's Continue playing row: nothing until the player (or this device) has played a game. */
export function RecentlyPlayedRow() {
  const intl = useIntl();
  const { games } = useRecentlyPlayed();
  if (games.length === 0) return null;
  return (
    <Section
      id="continue-playing"
      title={intl.formatMessage({ id: 'recent.rowTitle', defaultMessage: 'Continue Playing' })}
      icon={<IconHistory size={22} color="var(--mantine-color-teal-5)" />}
      viewAll="/recent"
    >
      <SimpleGrid cols={rowCols} spacing={{ base: 'sm', sm: 'md' }}>
        {games.slice(0, ROW_SIZE).map((game, index) => (
          // One row at every width (2, 3 or 6 cards): the page lists them all.
          <Box key={game.id} visibleFrom={index < 2 ? undefined : index < 3 ? 'xs' : 'md'}>
            <RecentGameCard game={game} />
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}

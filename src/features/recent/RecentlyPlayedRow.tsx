import { Box, SimpleGrid } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Section } from '../../components/Section/Section';
import { useIntl } from '../../i18n';
import { RecentGameCard } from './RecentGameCard';
import { forgetRowHeight, ROW_HEIGHT_PROPERTY, rememberRowHeight } from './rowHeight';
import { useRecentlyPlayed } from './useRecentlyPlayed';

/** Games the home's row shows on a wide screen; the page shows them all. */
const ROW_SIZE = 6;
const rowCols = { base: 2, xs: 3, md: 6 };

/**
 * The home's Continue playing row: nothing until the player (or this device) has played a game.
 * The list comes after the page has painted (this device's storage, or the account), so the row
 * would push the page down as it came: its room is kept from the page's first paint instead, the
 * height it had on this screen last time (rowHeight.ts, applied by public/boot.js).
 */
export function RecentlyPlayedRow() {
  const intl = useIntl();
  const { games, loading } = useRecentlyPlayed();
  const slot = useRef<HTMLDivElement>(null);
  const shown = games.length > 0;
  useEffect(() => {
    const element = slot.current;
    if (!element || loading) return;
    if (!shown) return forgetRowHeight();
    const observer = new ResizeObserver(() => rememberRowHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, loading]);
  return (
    <div ref={slot} style={{ minHeight: `var(${ROW_HEIGHT_PROPERTY}, 0px)` }}>
      {shown && (
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
                {/* The row is at the top of home: its first pictures are on the first screen. */}
                <RecentGameCard game={game} priority={index < 2} />
              </Box>
            ))}
          </SimpleGrid>
        </Section>
      )}
    </div>
  );
}

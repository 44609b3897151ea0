import { Container, SimpleGrid, Skeleton } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { RecentGameCard } from '../features/recent/RecentGameCard';
import { useRecentlyPlayed } from '../features/recent/useRecentlyPlayed';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';

const cols = { base: 2, xs: 3, sm: 4, md: 6 };

/** Recently played (issue #25): every game the player played, the latest first, with Continue where a cloud save waits. */
export function RecentlyPlayedPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'recent.pageTitle', defaultMessage: 'Recently Played' }));
  const { games, loading, signedIn } = useRecentlyPlayed();
  return (
    <Container size="xl">
      <PageHeader
        title={intl.formatMessage({ id: 'recent.pageTitle', defaultMessage: 'Recently Played' })}
        description={
          signedIn
            ? intl.formatMessage({ id: 'recent.pageDescriptionAccount', defaultMessage: 'The games you played, the latest first. Continue picks up from your cloud save.' })
            : intl.formatMessage({ id: 'recent.pageDescriptionDevice', defaultMessage: 'The games you played on this device. Sign in to keep them in your account.' })
        }
        icon={<IconHistory size={28} />}
        color="teal"
      />
      {loading ? (
        <SimpleGrid cols={cols}>
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={220} radius="lg" />
          ))}
        </SimpleGrid>
      ) : games.length === 0 ? (
        <EmptyState icon={<IconHistory size={30} />}>
          <FormattedMessage id="recent.empty" defaultMessage="Nothing played yet. Games you play show up here." />
        </EmptyState>
      ) : (
        <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'md' }}>
          {games.map((game) => (
            <RecentGameCard key={game.id} game={game} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

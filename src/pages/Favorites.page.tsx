import { Button, Container, Group } from '@mantine/core';
import { IconCategory, IconDeviceGamepad2, IconHeart, IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { FormattedMessage, useIntl } from '../i18n';
import { usePageTitle } from '../features/usePageTitle';
import { trpc } from '../trpc';

function BackToGames() {
  return (
    <Group justify="center" gap="sm" mt="xs">
      <Button component={Link} to="/" radius="xl" leftSection={<IconDeviceGamepad2 size={18} aria-hidden />}>
        <FormattedMessage id="favorites.browseGames" defaultMessage="Browse games" />
      </Button>
      <Button component={Link} to="/categories" radius="xl" variant="default" leftSection={<IconCategory size={18} aria-hidden />}>
        <FormattedMessage id="nav.categories" defaultMessage="Categories" />
      </Button>
    </Group>
  );
}

/** The signed-in player's favourite games (account menu → Favorites). */
export function FavoritesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'accountMenu.myFavorites', defaultMessage: 'My Favorites' }));
  const { user, loading } = useAuth();
  const favorites = trpc.favorites.list.useQuery(undefined, { enabled: Boolean(user) });

  return (
    <Container size="xl">
      <PageHeader
        title={intl.formatMessage({ id: 'accountMenu.myFavorites', defaultMessage: 'My Favorites' })}
        description={intl.formatMessage({ id: 'favorites.description', defaultMessage: 'The games you marked as favourites, the latest first.' })}
        icon={<IconHeart size={28} />}
        color="pink"
      />
      {!loading && !user ? (
        <EmptyState icon={<IconLogin size={30} />} action={<SignInButton radius="xl">{intl.formatMessage({ id: 'header.signIn', defaultMessage: 'Sign In' })}</SignInButton>}>
          <FormattedMessage id="favorites.signInToSee" defaultMessage="Sign in to see your favourite games." />
        </EmptyState>
      ) : favorites.data?.length === 0 ? (
        <EmptyState icon={<IconHeart size={30} />} action={<BackToGames />}>
          <FormattedMessage id="favorites.empty" defaultMessage="No favourites yet. Tap Favorite on a game’s page to keep it here." />
        </EmptyState>
      ) : (
        <GameGrid
          priorityCards={2}
          games={favorites.data}
          loading={loading || favorites.isPending}
          error={favorites.error}
          emptyText=""
        />
      )}
    </Container>
  );
}

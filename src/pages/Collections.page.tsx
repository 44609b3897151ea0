import { useState } from 'react';
import { Button, Container, Group, Paper, SimpleGrid, Skeleton, Switch, TextInput } from '@mantine/core';
import { IconBookmarks, IconLogin, IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { COLLECTION_LIMITS } from '../../shared/constants';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { CollectionCard } from '../features/collections/CollectionCard';
import { errorMessage } from '../features/errors';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

const cols = { base: 2, sm: 3, md: 4 };

function NewCollectionForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const create = trpc.collections.create.useMutation({
    onSuccess: (made) => {
      void utils.collections.mine.invalidate();
      navigate(`/collections/${made.id}`);
    },
  });
  return (
    <Paper withBorder radius="lg" p="md" mb="lg" component="form" onSubmit={(event) => {
      event.preventDefault();
      if (name.trim()) create.mutate({ name: name.trim(), isPublic });
    }}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 240px' }}
          label={intl.formatMessage({ id: 'collections.newName', defaultMessage: 'New collection' })}
          placeholder={intl.formatMessage({ id: 'collections.namePlaceholder', defaultMessage: 'e.g. Rainy day puzzles' })}
          value={name}
          maxLength={COLLECTION_LIMITS.nameMax}
          required
          onChange={(event) => setName(event.currentTarget.value)}
          error={create.error ? errorMessage(create.error) : undefined}
        />
        <Switch
          mb={8}
          label={intl.formatMessage({ id: 'collections.makePublic', defaultMessage: 'Public: anyone with the link can see it' })}
          checked={isPublic}
          onChange={(event) => setIsPublic(event.currentTarget.checked)}
        />
        <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={create.isPending} disabled={!name.trim()}>
          <FormattedMessage id="collections.create" defaultMessage="Create" />
        </Button>
      </Group>
    </Paper>
  );
}

/** The player's collections (issue #25): Favorites first, then the lists they made; a form to make one. */
export function CollectionsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'collections.pageTitle', defaultMessage: 'My Collections' }));
  const { user, loading } = useAuth();
  const collections = trpc.collections.mine.useQuery({}, { enabled: Boolean(user) });
  return (
    <Container size="xl">
      <PageHeader
        title={intl.formatMessage({ id: 'collections.pageTitle', defaultMessage: 'My Collections' })}
        description={intl.formatMessage({ id: 'collections.pageDescription', defaultMessage: 'Lists of games you make and share. Favorites is your first.' })}
        icon={<IconBookmarks size={28} />}
        color="grape"
      />
      {!loading && !user ? (
        <EmptyState
          icon={<IconLogin size={30} />}
          action={
            <SignInButton radius="xl">
              <FormattedMessage id="collections.signIn" defaultMessage="Sign In" />
            </SignInButton>
          }
        >
          <FormattedMessage id="collections.signInToSee" defaultMessage="Sign in to make collections of games." />
        </EmptyState>
      ) : (
        <>
          <NewCollectionForm />
          <SimpleGrid cols={cols} spacing={{ base: 'sm', sm: 'md' }}>
            {collections.isPending
              ? Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height={240} radius="lg" />)
              : (collections.data ?? []).map((collection) => <CollectionCard key={collection.id} collection={collection} />)}
          </SimpleGrid>
        </>
      )}
    </Container>
  );
}

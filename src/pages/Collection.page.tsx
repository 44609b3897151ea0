import { useState } from 'react';
import { Badge, Button, Container, CopyButton, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconBookmarks, IconCheck, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { COLLECTION_LIMITS } from '../../shared/constants';
import type { CollectionPage as CollectionData } from '../../shared/schemas';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { GameGrid } from '../components/GameGrid/GameGrid';
import { LazyModal } from '../components/LazyModal/LazyModal';
import { useCollectionName, VisibilityBadge } from '../features/collections/CollectionCard';
import { errorMessage } from '../features/errors';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { toast } from '../notify';
import { trpc, trpcErrorCode } from '../trpc';

/** The link that opens this collection for anyone (while it is public). */
function ShareLink({ id }: { id: number }) {
  const intl = useIntl();
  const url = typeof window === 'undefined' ? `/collections/${id}` : `${window.location.origin}/collections/${id}`;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        style={{ flex: 1 }}
        readOnly
        value={url}
        label={intl.formatMessage({ id: 'collection.shareLink', defaultMessage: 'Share link' })}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
            {copied ? (
              <FormattedMessage id="collection.copied" defaultMessage="Copied" />
            ) : (
              <FormattedMessage id="collection.copyLink" defaultMessage="Copy link" />
            )}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The owner's controls: who may see it, its share link, rename and delete (not for Favorites). */
function OwnerTools({ data }: { data: CollectionData }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const { collection } = data;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(collection.name);
  const [deleting, setDeleting] = useState(false);
  const refresh = () => {
    void utils.collections.get.invalidate({ id: collection.id });
    void utils.collections.mine.invalidate();
  };
  const failed = (error: unknown) =>
    toast(intl.formatMessage({ id: 'collections.error', defaultMessage: 'Error' }), errorMessage(error) ?? intl.formatMessage({ id: 'collections.tryAgain', defaultMessage: 'Something went wrong. Please try again.' }), 'error');
  const update = trpc.collections.update.useMutation({ onSuccess: refresh });
  const remove = trpc.collections.delete.useMutation({
    onSuccess: () => {
      void utils.collections.mine.invalidate();
      navigate('/collections');
    },
    onError: failed,
  });

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Switch
          label={intl.formatMessage({ id: 'collections.makePublic', defaultMessage: 'Public: anyone with the link can see it' })}
          checked={collection.isPublic}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ id: collection.id, isPublic: event.currentTarget.checked }, { onError: failed })}
        />
        {collection.isPublic ? (
          <ShareLink id={collection.id} />
        ) : (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="collection.privateHint" defaultMessage="Only you can see this collection. Make it public to share its link." />
          </Text>
        )}
        {!collection.isFavorites && (
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setRenaming(true)}>
              <FormattedMessage id="collection.rename" defaultMessage="Rename" />
            </Button>
            <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setDeleting(true)}>
              <FormattedMessage id="collection.delete" defaultMessage="Delete" />
            </Button>
          </Group>
        )}
      </Stack>
      <LazyModal opened={renaming} onClose={() => setRenaming(false)} title={intl.formatMessage({ id: 'collection.renameTitle', defaultMessage: 'Rename collection' })}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id: collection.id, name: name.trim() }, { onSuccess: () => setRenaming(false) });
          }}
        >
          <TextInput
            data-autofocus
            label={intl.formatMessage({ id: 'collection.name', defaultMessage: 'Name' })}
            value={name}
            maxLength={COLLECTION_LIMITS.nameMax}
            required
            onChange={(event) => setName(event.currentTarget.value)}
            error={update.error ? errorMessage(update.error) : undefined}
          />
          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={update.isPending} disabled={!name.trim()}>
              <FormattedMessage id="collection.saveName" defaultMessage="Save" />
            </Button>
          </Group>
        </form>
      </LazyModal>
      <LazyModal opened={deleting} onClose={() => setDeleting(false)} title={intl.formatMessage({ id: 'collection.deleteTitle', defaultMessage: 'Delete this collection?' })}>
        <Text size="sm">
          <FormattedMessage id="collection.deleteText" defaultMessage="The list goes; its games stay on the portal." />
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(false)}>
            <FormattedMessage id="collection.cancel" defaultMessage="Cancel" />
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: collection.id })}>
            <FormattedMessage id="collection.confirmDelete" defaultMessage="Delete" />
          </Button>
        </Group>
      </LazyModal>
    </Paper>
  );
}

/** One collection by its link (issue #25): its owner's, or anyone's while it is public. */
export function CollectionPage() {
  const intl = useIntl();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = trpc.collections.get.useQuery({ id }, { enabled: valid });
  const nameOf = useCollectionName();
  const data = query.data;
  usePageTitle(data ? nameOf(data.collection) : intl.formatMessage({ id: 'collection.title', defaultMessage: 'Collection' }));
  const missing = !valid || trpcErrorCode(query.error) === 'NOT_FOUND';

  if (missing) {
    return (
      <Container size="xl" py="xl">
        <EmptyState
          icon={<IconBookmarks size={30} />}
          action={
            <Button component={Link} to="/" radius="xl" leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />}>
              <FormattedMessage id="collection.backHome" defaultMessage="Back to Home" />
            </Button>
          }
        >
          <FormattedMessage id="collection.notFound" defaultMessage="This collection does not exist, or its owner keeps it private." />
        </EmptyState>
      </Container>
    );
  }

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <IconBookmarks size={26} color="var(--mantine-color-grape-6)" aria-hidden />
              <Title order={1} fz={{ base: 26, sm: 32 }} style={{ wordBreak: 'break-word' }}>
                {data ? nameOf(data.collection) : '…'}
              </Title>
            </Group>
            {data && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  <FormattedMessage id="collection.by" defaultMessage="By {owner}" values={{ owner: data.owner }} />
                </Text>
                <VisibilityBadge isPublic={data.collection.isPublic} />
                <Badge variant="outline" color="gray">
                  <FormattedMessage id="collections.gameCount" defaultMessage="{count, plural, one {# game} other {# games}}" values={{ count: data.collection.gameCount }} />
                </Badge>
              </Group>
            )}
          </Stack>
          {data?.isOwner && (
            <Button component={Link} to="/collections" variant="subtle" size="compact-sm">
              <FormattedMessage id="collections.manage" defaultMessage="My collections" />
            </Button>
          )}
        </Group>
        {data?.isOwner && <OwnerTools data={data} />}
        <GameGrid
          games={data?.games}
          loading={query.isPending}
          error={query.error}
          emptyText={intl.formatMessage({ id: 'collection.empty', defaultMessage: 'No games here yet. Use Save on a game’s page to add one.' })}
        />
      </Stack>
    </Container>
  );
}

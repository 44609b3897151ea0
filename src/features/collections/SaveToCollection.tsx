import { useState } from 'react';
import { Button, Checkbox, Divider, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconBookmarks, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { COLLECTION_LIMITS } from '../../../shared/constants';
import { FormattedMessage, useIntl } from '../../i18n';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';

/**
 * The game page's "Save" menu (signed in): a box per collection of the player's, ticked when it
 * holds the game, and a field to make a new collection with the game in it.
 */
export function SaveToCollection({ game }: { game: { id: number; title: string; slug: string } }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const collections = trpc.collections.mine.useQuery({ gameId: game.id }, { enabled: opened });
  const refresh = () => {
    void utils.collections.invalidate();
    // Favorites is a collection: the page's Favorite toggle follows it.
    void utils.games.bySlug.invalidate({ slug: game.slug });
    void utils.favorites.list.invalidate();
  };
  const add = trpc.collections.addGame.useMutation({ onSuccess: refresh });
  const remove = trpc.collections.removeGame.useMutation({ onSuccess: refresh });
  const create = trpc.collections.create.useMutation();
  const failed = (error: unknown) =>
    toast(intl.formatMessage({ id: 'collections.error', defaultMessage: 'Error' }), errorMessage(error) ?? intl.formatMessage({ id: 'collections.tryAgain', defaultMessage: 'Something went wrong. Please try again.' }), 'error');

  const toggle = (id: number, holds: boolean) => {
    const input = { id, gameId: game.id };
    (holds ? remove : add).mutate(input, { onError: failed });
  };

  const createWithGame = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      const made = await create.mutateAsync({ name: trimmed, isPublic: false });
      await add.mutateAsync({ id: made.id, gameId: game.id });
      setName('');
      toast(
        intl.formatMessage({ id: 'collections.savedTitle', defaultMessage: 'Saved' }),
        intl.formatMessage({ id: 'collections.savedTo', defaultMessage: '{game} is in {collection}.' }, { game: game.title, collection: made.name }),
      );
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconBookmarks size={16} aria-hidden />} onClick={() => setOpened((open) => !open)} aria-haspopup="dialog">
          <FormattedMessage id="collections.save" defaultMessage="Save" />
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            <FormattedMessage id="collections.saveTo" defaultMessage="Save to a collection" />
          </Text>
          {collections.isPending ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="collections.loading" defaultMessage="Loading your collections…" />
            </Text>
          ) : (
            (collections.data ?? []).map((collection) => (
              <Checkbox
                key={collection.id}
                label={collection.isFavorites ? intl.formatMessage({ id: 'collections.favoritesName', defaultMessage: 'Favorites' }) : collection.name}
                checked={collection.hasGame === true}
                disabled={add.isPending || remove.isPending}
                onChange={() => toggle(collection.id, collection.hasGame === true)}
              />
            ))
          )}
          <Divider />
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              label={intl.formatMessage({ id: 'collections.newName', defaultMessage: 'New collection' })}
              placeholder={intl.formatMessage({ id: 'collections.namePlaceholder', defaultMessage: 'e.g. Rainy day puzzles' })}
              value={name}
              maxLength={COLLECTION_LIMITS.nameMax}
              onChange={(event) => setName(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void createWithGame();
              }}
            />
            <Button
              size="xs"
              onClick={() => void createWithGame()}
              loading={create.isPending}
              disabled={!name.trim()}
              aria-label={intl.formatMessage({ id: 'collections.createWithGame', defaultMessage: 'Create and save' })}
            >
              <IconPlus size={14} aria-hidden />
            </Button>
          </Group>
          <Button component={Link} to="/collections" variant="subtle" size="compact-xs">
            <FormattedMessage id="collections.manage" defaultMessage="My collections" />
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

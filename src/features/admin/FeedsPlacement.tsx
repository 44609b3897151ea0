import { useState } from 'react';
import { Badge, Box, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { FeedGame, HomePlacement } from '../../../shared/schemas/feeds';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { errorMessage } from '../errors';
import { useIntl, type IntlShape } from '../../i18n';

const tryAgain = (intl: IntlShape) => intl.formatMessage({ id: 'admin.feeds.tryAgain', defaultMessage: 'Please try again.' });

/** After a placement, the lists that show it are read again. */
function usePlacementRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.feeds.games.invalidate();
    void utils.home.get.invalidate();
    void utils.kids.games.invalidate();
  };
}

function GameLine({ game, children }: { game: FeedGame; children: React.ReactNode }) {
  const intl = useIntl();
  return (
    <Paper withBorder radius="md" p="xs" data-testid="feed-game">
      <Group wrap="nowrap" gap="sm" align="center">
        <Box w={64} style={{ flexShrink: 0, borderRadius: 6, overflow: 'hidden' }}>
          <GameThumb title={game.title} src={game.thumbUrl} />
        </Box>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
            {game.title}
          </Text>
          <Text size="xs" c="dimmed">
            {game.distributor ?? intl.formatMessage({ id: 'admin.feeds.portalGame', defaultMessage: 'Portal game' })} · {game.ageRating}
          </Text>
        </Stack>
        {children}
      </Group>
    </Paper>
  );
}

function KidsZoneControl({ game }: { game: FeedGame }) {
  const intl = useIntl();
  const refresh = usePlacementRefresh();
  const set = trpc.feeds.kidsZone.useMutation({
    onSuccess: (_, { approved }) => {
      toast(
        approved
          ? intl.formatMessage({ id: 'admin.feeds.kidsApproved', defaultMessage: 'Approved for the Kids Zone' })
          : intl.formatMessage({ id: 'admin.feeds.kidsWithdrawn', defaultMessage: 'Withdrawn from the Kids Zone' }),
        game.title,
      );
      refresh();
    },
    onError: (error) => toast(intl.formatMessage({ id: 'admin.feeds.kidsNotChanged', defaultMessage: 'Could not change the Kids Zone' }), errorMessage(error) ?? tryAgain(intl), 'error'),
  });
  if (game.kidsApprovedAt) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Badge color="teal" variant="light">
          {intl.formatMessage({ id: 'admin.feeds.inKidsZone', defaultMessage: 'In the Kids Zone' })}
        </Badge>
        <Button size="xs" variant="default" loading={set.isPending} onClick={() => set.mutate({ id: game.id, approved: false, ageRating: 'KIDS' })}>
          {intl.formatMessage({ id: 'admin.feeds.withdraw', defaultMessage: 'Withdraw' })}
        </Button>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" color="teal" loading={set.isPending} onClick={() => set.mutate({ id: game.id, approved: true, ageRating: 'KIDS' })}>
        {intl.formatMessage({ id: 'admin.feeds.approveKids', defaultMessage: 'Approve as Kids' })}
      </Button>
      <Button size="xs" variant="light" color="teal" loading={set.isPending} onClick={() => set.mutate({ id: game.id, approved: true, ageRating: 'E7' })}>
        {intl.formatMessage({ id: 'admin.feeds.approve7', defaultMessage: 'Approve as 7+' })}
      </Button>
    </Group>
  );
}

function HomeControl({ game }: { game: FeedGame }) {
  const intl = useIntl();
  const refresh = usePlacementRefresh();
  const set = trpc.feeds.homePlacement.useMutation({
    onSuccess: refresh,
    onError: (error) => toast(intl.formatMessage({ id: 'admin.feeds.homeNotPlaced', defaultMessage: 'Could not place the game on home' }), errorMessage(error) ?? tryAgain(intl), 'error'),
  });
  return (
    <SegmentedControl
      size="xs"
      aria-label={intl.formatMessage({ id: 'admin.feeds.onHome', defaultMessage: '{title} on home' }, { title: game.title })}
      data={[
        { value: 'none', label: intl.formatMessage({ id: 'admin.feeds.placementNone', defaultMessage: 'None' }) },
        { value: 'pinned', label: intl.formatMessage({ id: 'admin.feeds.placementPinned', defaultMessage: 'Pinned' }) },
        { value: 'boosted', label: intl.formatMessage({ id: 'admin.feeds.placementBoosted', defaultMessage: 'Boosted' }) },
      ]}
      value={game.homePlacement ?? 'none'}
      disabled={set.isPending}
      onChange={(value) => set.mutate({ id: game.id, placement: value === 'none' ? null : (value as HomePlacement) })}
    />
  );
}

function GameList({ kind, title, hint }: { kind: 'imported' | 'own'; title: string; hint: string }) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const games = trpc.feeds.games.useQuery({ kind, search: debounced || undefined });
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        <TextInput
          label={intl.formatMessage({ id: 'admin.feeds.findGames', defaultMessage: 'Find games' })}
          placeholder={intl.formatMessage({ id: 'admin.feeds.findPlaceholder', defaultMessage: 'Title or slug' })} leftSection={<IconSearch size={16} />} value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        {games.isPending ? (
          <Skeleton height={64} radius="md" />
        ) : games.isError ? (
          <Text size="sm" c="red">
            {intl.formatMessage({ id: 'admin.feeds.gamesError', defaultMessage: 'The games could not be loaded. Please try again.' })}
          </Text>
        ) : games.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'admin.feeds.noGames', defaultMessage: 'No games found' })}
          </Text>
        ) : (
          games.data.map((game) => (
            <GameLine key={game.id} game={game}>
              {kind === 'imported' ? <KidsZoneControl game={game} /> : <HomeControl game={game} />}
            </GameLine>
          ))
        )}
      </Stack>
    </Paper>
  );
}

/** The Feeds tab's word on single games: imported ones into the Kids Zone, the portal's own kept in place on home. */
export function FeedsPlacement() {
  const intl = useIntl();
  return (
    <>
      <GameList
        kind="imported"
        title={intl.formatMessage({ id: 'admin.feeds.importedTitle', defaultMessage: 'Imported games in the Kids Zone' })}
        hint={intl.formatMessage({
          id: 'admin.feeds.importedHint',
          defaultMessage: 'Imported games are rated E13 and stay out of the Kids Zone until you approve them here, one by one. A new game address from the feed withdraws an approval.',
        })}
      />
      <GameList
        kind="own"
        title={intl.formatMessage({ id: 'admin.feeds.ownTitle', defaultMessage: 'Your games on home' })}
        hint={intl.formatMessage({
          id: 'admin.feeds.ownHint',
          defaultMessage: "Pinned games open home's Popular row (at most {pinned, number}); boosted ones take every third card of Popular and Trending (at most {boosted, number}).",
        }, { pinned: 4, boosted: 20 })}
      />
    </>
  );
}

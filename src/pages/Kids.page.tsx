import { useState } from 'react';
import { Alert, Box, Button, Container, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDeviceGamepad2, IconMoodKid, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { KIDS_SKELETON_CARDS, LIMITS } from '../../shared/constants';
import { CategoryIcon } from '../components/CategoryIcon/CategoryIcon';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { DeviceFilter, deviceInput, keepAcrossDeviceChange, useDeviceFilter } from '../features/games/DeviceFilter';
import { KidsGameCard, KidsGameCardSkeleton } from '../features/kids/KidsGameCard';
import { useKidsDevice } from '../features/kids/useKidsDevice';
import { useZoneRest } from '../features/kids/useZoneRest';
import classes from '../features/kids/Kids.module.css';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

const kidsCols = { base: 1, xs: 2, md: 3, lg: 4 };

export function KidsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'nav.kidsZone', defaultMessage: 'Kids Zone' }));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [category, setCategory] = useState<string | null>(null);
  const [device, setDevice] = useDeviceFilter();
  const categories = trpc.kids.categories.useQuery();
  const listInput = { search: debounced || undefined, category: category ?? undefined, device: deviceInput(device) };
  // A device paired with a parent's account lists what its profile may play (the server's answer).
  const { paired } = useKidsDevice();
  const zoneGames = trpc.kids.games.useQuery(listInput, { placeholderData: keepAcrossDeviceChange(listInput), enabled: !paired });
  const profileGames = trpc.family.games.useQuery(listInput, { enabled: paired });
  const games = paired ? profileGames : zoneGames;
  const rest = useZoneRest();

  return (
    <Container size="xl" pt="md">
      <Box className={classes.banner}>
        <Group gap="md" wrap="nowrap">
          <Box visibleFrom="xs" style={{ flexShrink: 0 }}>
            <IconMoodKid size={56} stroke={1.5} aria-hidden />
          </Box>
          <Box>
            <Title order={1} fz={{ base: 30, sm: 42 }} c="#1f2937">
              <FormattedMessage id="nav.kidsZone" defaultMessage="Kids Zone" />
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} fw={600}>
              <FormattedMessage
                id="kids.tagline"
                defaultMessage="Safe, fun games picked for young players. No chat, no strangers — just play!"
              />
            </Text>
          </Box>
        </Group>
      </Box>

      <TextInput
        mt="lg"
        size="lg"
        radius="xl"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        placeholder={intl.formatMessage({ id: 'kids.searchPlaceholder', defaultMessage: 'Search for fun games...' })}
        aria-label={intl.formatMessage({ id: 'kids.searchLabel', defaultMessage: 'Search for fun games' })}
        leftSection={<IconSearch size={18} aria-hidden />}
        maxLength={LIMITS.searchMax}
        maw={560}
      />

      <Group gap="xs" mt="md" role="group" aria-label={intl.formatMessage({ id: 'kids.categoriesLabel', defaultMessage: 'Game categories' })}>
        <Button
          radius="xl"
          variant={category === null ? 'filled' : 'light'}
          color="orange"
          leftSection={<IconDeviceGamepad2 size={16} aria-hidden />}
          onClick={() => setCategory(null)}
          aria-pressed={category === null}
        >
          <FormattedMessage id="kids.allGames" defaultMessage="All Games" />
        </Button>
        {categories.data?.map((item) => (
          <Button
            key={item.id}
            radius="xl"
            variant={category === item.slug ? 'filled' : 'light'}
            color="orange"
            leftSection={<CategoryIcon icon={item.icon} slug={item.slug} size={16} />}
            onClick={() => setCategory(item.slug)}
            aria-pressed={category === item.slug}
          >
            {item.name}
          </Button>
        ))}
      </Group>

      <Box mt="md">
        <DeviceFilter value={device} onChange={setDevice} color="orange" />
      </Box>

      <Box mt="lg">
        {games.isPending ? (
          <SimpleGrid cols={kidsCols} aria-busy="true" aria-label={intl.formatMessage({ id: 'gameGrid.loading', defaultMessage: 'Loading games' })}>
            {Array.from({ length: KIDS_SKELETON_CARDS }, (_, index) => (
              <KidsGameCardSkeleton key={index} />
            ))}
          </SimpleGrid>
        ) : !games.data || games.data.length === 0 ? (
          <EmptyState icon={<IconMoodKid size={30} />}>
            <FormattedMessage id="kids.noGames" defaultMessage="No games found!" />
          </EmptyState>
        ) : (
          <SimpleGrid cols={kidsCols}>
            {games.data.map((game, index) => (
              <KidsGameCard key={game.id} game={game} priority={index < 2} rest={rest} />
            ))}
          </SimpleGrid>
        )}
      </Box>

      <Alert
        mt="xl"
        radius="lg"
        color="teal"
        variant="light"
        icon={<IconShieldCheck />}
        title={intl.formatMessage({ id: 'kids.safeTitle', defaultMessage: 'A safe place to play' })}
      >
        <FormattedMessage
          id="kids.safeText"
          defaultMessage="Every game here is checked for young players. The Kids Zone has no chat features, no contact with strangers and no links to the rest of the web."
        />
      </Alert>
    </Container>
  );
}

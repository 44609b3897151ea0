import { AspectRatio, Badge, Box, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconHeart, IconLock, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { CollectionSummary } from '../../../shared/schemas';
import { GameThumb } from '../../components/GameThumb/GameThumb';
import { FormattedMessage, useIntl } from '../../i18n';

/** The name a collection shows: Favorites in the reader's language, any other as its owner wrote it. */
export function useCollectionName(): (collection: Pick<CollectionSummary, 'name' | 'isFavorites'>) => string {
  const intl = useIntl();
  return (collection) => (collection.isFavorites ? intl.formatMessage({ id: 'collections.favoritesName', defaultMessage: 'Favorites' }) : collection.name);
}

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <Badge color="teal" variant="light" leftSection={<IconWorld size={12} aria-hidden />}>
      <FormattedMessage id="collections.public" defaultMessage="Public" />
    </Badge>
  ) : (
    <Badge color="gray" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
      <FormattedMessage id="collections.private" defaultMessage="Private" />
    </Badge>
  );
}

/** A collection's card: up to four of its latest games' thumbnails, its name, visibility and size. */
export function CollectionCard({ collection }: { collection: CollectionSummary }) {
  const nameOf = useCollectionName();
  const name = nameOf(collection);
  return (
    <Card withBorder radius="lg" padding="sm" component={Link} to={`/collections/${collection.id}`} data-testid="collection-card">
      <Card.Section>
        <SimpleGrid cols={2} spacing={2}>
          {Array.from({ length: 4 }, (_, index) => {
            const thumb = collection.thumbs[index];
            // Slots without a game stay plain: a placeholder would print a made-up title.
            return thumb ? (
              <GameThumb key={index} title={name} src={thumb} />
            ) : (
              <AspectRatio key={index} ratio={4 / 3}>
                <Box bg="var(--mantine-color-default-hover)" />
              </AspectRatio>
            );
          })}
        </SimpleGrid>
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {collection.isFavorites && <IconHeart size={16} color="var(--mantine-color-pink-6)" aria-hidden />}
          <Text fw={700} lineClamp={1}>
            {name}
          </Text>
        </Group>
        <VisibilityBadge isPublic={collection.isPublic} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        <FormattedMessage id="collections.gameCount" defaultMessage="{count, plural, one {# game} other {# games}}" values={{ count: collection.gameCount }} />
      </Text>
    </Card>
  );
}

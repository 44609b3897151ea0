import { Button, Container, Grid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMoodSad } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from '../../i18n';
import { usePageTitle } from '../usePageTitle';
import { frameHeightClass, GAME_FRAME_CSS_HEIGHT } from './frameHeight';

/** The game page's shape while its game loads. */
export function GameSkeleton() {
  return (
    <Container size="xl" pt="md" aria-busy="true" data-testid="game-skeleton">
      <Skeleton height={16} width={220} />
      <Grid mt="md" gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton className={frameHeightClass} height={GAME_FRAME_CSS_HEIGHT} radius="lg" />
          <Skeleton height={34} width="60%" mt="lg" />
          <Skeleton height={18} width="40%" mt="sm" />
          <Skeleton height={80} mt="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={110} radius="lg" />
          <Skeleton height={220} radius="lg" mt="md" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

export function GameNotFound() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'gameNotFound.title', defaultMessage: 'Game Not Found' }));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray" aria-hidden>
          <IconMoodSad size={40} />
        </ThemeIcon>
        <Title order={1}>
          <FormattedMessage id="gameNotFound.title" defaultMessage="Game Not Found" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="gameNotFound.text" defaultMessage="The game you're looking for doesn't exist or has been removed." />
        </Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} className="mirror-in-rtl" />}>
          <FormattedMessage id="common.backToHome" defaultMessage="Back to Home" />
        </Button>
      </Stack>
    </Container>
  );
}

import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Anchor, Button, Code, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCode, IconMapOff } from '@tabler/icons-react';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { usePageTitle } from './components';

const suggestions = defineMessages({
  categories: { id: 'notFound.browseCategories', defaultMessage: 'Browse categories' },
  trending: { id: 'notFound.trendingGames', defaultMessage: 'Trending games' },
  kids: { id: 'nav.kidsZone', defaultMessage: 'Kids Zone' },
  help: { id: 'nav.helpCenter', defaultMessage: 'Help Center' },
});

const SUGGESTIONS = [
  { to: '/categories', label: suggestions.categories },
  { to: '/trending', label: suggestions.trending },
  { to: '/kids', label: suggestions.kids },
  { to: '/help', label: suggestions.help },
] as const;

/** Rich text: a path in a message, always left to right. */
const code = (chunks: ReactNode[]) => <Code dir="ltr">{chunks}</Code>;

export function NotFoundPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'notFound.pageTitle', defaultMessage: 'Page Not Found' }));
  const { pathname } = useLocation();

  return (
    <Container size="sm" py={{ base: 48, sm: 80 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={80} radius="xl" variant="light" color="gray">
          <IconMapOff size={44} stroke={1.5} />
        </ThemeIcon>
        <Text fz={{ base: 56, sm: 80 }} fw={900} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          <FormattedMessage id="notFound.title" defaultMessage="404 Page Not Found" />
        </Title>
        <Text c="dimmed" maw={460}>
          <FormattedMessage
            id="notFound.text"
            defaultMessage="The page <code>{path}</code> does not exist. It may have been moved, or the link may be wrong."
            values={{ path: pathname, code }}
          />
        </Text>

        <Button component={Link} to="/" size="md" leftSection={<IconArrowLeft size={18} className="mirror-in-rtl" />} mt="xs">
          <FormattedMessage id="common.backToHome" defaultMessage="Back to Home" />
        </Button>

        <Group justify="center" gap="lg" mt="xs">
          {SUGGESTIONS.map((item) => (
            <Anchor key={item.to} component={Link} to={item.to} fz="sm">
              {intl.formatMessage(item.label)}
            </Anchor>
          ))}
        </Group>

        <Paper withBorder radius="md" p="md" mt="xl" w="100%" ta="start">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="yellow" radius="md">
              <IconCode size={18} />
            </ThemeIcon>
            <Text fz="sm" c="dimmed">
              <Text span fw={600} c="var(--mantine-color-text)">
                <FormattedMessage id="notFound.developerHint" defaultMessage="Developer hint:" />
              </Text>{' '}
              <FormattedMessage
                id="notFound.developerHintText"
                defaultMessage="Did you forget to add the page to the router? Every screen needs a route in <code>src/routes.tsx</code>."
                values={{ code }}
              />
            </Text>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}

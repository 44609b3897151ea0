import { Link, useLocation } from 'react-router-dom';
import { Anchor, Button, Code, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCode, IconMapOff } from '@tabler/icons-react';
import { usePageTitle } from './components';

const SUGGESTIONS = [
  { to: '/categories', label: 'Browse categories' },
  { to: '/trending', label: 'Trending games' },
  { to: '/kids', label: 'Kids Zone' },
  { to: '/help', label: 'Help Center' },
] as const;

export function NotFoundPage() {
  usePageTitle('Page Not Found');
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
          404 Page Not Found
        </Title>
        <Text c="dimmed" maw={460}>
          The page <Code>{pathname}</Code> does not exist. It may have been moved, or the link may be wrong.
        </Text>

        <Button component={Link} to="/" size="md" leftSection={<IconArrowLeft size={18} />} mt="xs">
          Back to Home
        </Button>

        <Group justify="center" gap="lg" mt="xs">
          {SUGGESTIONS.map((item) => (
            <Anchor key={item.to} component={Link} to={item.to} fz="sm">
              {item.label}
            </Anchor>
          ))}
        </Group>

        <Paper withBorder radius="md" p="md" mt="xl" w="100%" ta="left">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="yellow" radius="md">
              <IconCode size={18} />
            </ThemeIcon>
            <Text fz="sm" c="dimmed">
              <Text span fw={600} c="var(--mantine-color-text)">
                Developer hint:
              </Text>{' '}
              Did you forget to add the page to the router? Every screen needs a route in <Code>src/routes.tsx</Code>.
            </Text>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}

import { Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PORTAL_NAME } from '../../../shared/constants';
import { Logo } from '../Logo/Logo';
import classes from './Footer.module.css';

const year = new Date().getFullYear();

const columns = [
  {
    title: 'Games',
    links: [
      { to: '/', label: 'Popular Games' },
      { to: '/new', label: 'New Games' },
      { to: '/trending', label: 'Trending' },
      { to: '/categories', label: 'Categories' },
      { to: '/kids', label: 'Kids Zone' },
    ],
  },
  {
    title: 'Developers',
    links: [
      { to: '/developer', label: 'Submit Your Game' },
      { to: '/developer', label: 'Developer Portal' },
      { to: '/api-docs', label: 'API Documentation' },
      { to: '/guidelines', label: 'Game Guidelines' },
      { to: '/revenue', label: 'Revenue Sharing' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help', label: 'Help Center' },
      { to: '/contact', label: 'Contact Us' },
      { to: '/report', label: 'Report a Game' },
      { to: '/kids-safety', label: 'Kids Safety' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
];

export function Footer() {
  return (
    <Box component="footer" className={`${classes.footer} laid-out-when-near`}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="xl">
          <Stack gap="sm" style={{ gridColumn: 'span 2' }} className={classes.brand} maw={360}>
            <Logo />
            <Text size="sm" c="dimmed">
              Free online games you can play instantly in your browser. No downloads, no installs — just
              play.
            </Text>
          </Stack>
          {columns.map((column) => (
            <Box key={column.title} component="nav" aria-label={column.title}>
              <Text fw={700} size="sm" mb={6}>
                {column.title}
              </Text>
              {column.links.map((link) => (
                <Link key={link.label} to={link.to} className={classes.link}>
                  {link.label}
                </Link>
              ))}
            </Box>
          ))}
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            © {year} {PORTAL_NAME}. Open source and self-hostable.
          </Text>
          <Text size="xs" c="dimmed">
            Made for players, by players.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

import { Suspense } from 'react';
import { Box, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PORTAL_NAME } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { useAdConsent } from '../../features/ads/consent';
import { Logo } from '../Logo/Logo';
import classes from './Footer.module.css';
import { optionalPart } from '../Deferred/optionalPart';

// Its link and prompt only where an ad network personalises ads (AdSense): others never load it.
const AdChoices = optionalPart(async () => (await import('../../features/ads/AdChoices')).AdChoices);

const year = new Date().getFullYear();

const m = defineMessages({
  games: { id: 'footer.games', defaultMessage: 'Games' },
  popularGames: { id: 'footer.popularGames', defaultMessage: 'Popular Games' },
  newGames: { id: 'footer.newGames', defaultMessage: 'New Games' },
  trending: { id: 'nav.trending', defaultMessage: 'Trending' },
  categories: { id: 'nav.categories', defaultMessage: 'Categories' },
  kidsZone: { id: 'nav.kidsZone', defaultMessage: 'Kids Zone' },
  developers: { id: 'footer.developers', defaultMessage: 'Developers' },
  submit: { id: 'nav.submitYourGame', defaultMessage: 'Submit Your Game' },
  developerPortal: { id: 'accountMenu.developerPortal', defaultMessage: 'Developer Portal' },
  apiDocs: { id: 'footer.apiDocumentation', defaultMessage: 'API Documentation' },
  guidelines: { id: 'footer.gameGuidelines', defaultMessage: 'Game Guidelines' },
  revenue: { id: 'footer.revenueSharing', defaultMessage: 'Revenue Sharing' },
  support: { id: 'footer.support', defaultMessage: 'Support' },
  help: { id: 'nav.helpCenter', defaultMessage: 'Help Center' },
  contact: { id: 'footer.contactUs', defaultMessage: 'Contact Us' },
  report: { id: 'nav.reportAGame', defaultMessage: 'Report a Game' },
  kidsSafety: { id: 'footer.kidsSafety', defaultMessage: 'Kids Safety' },
  family: { id: 'family.title', defaultMessage: 'Kids Zone for parents' },
  legal: { id: 'footer.legal', defaultMessage: 'Legal' },
  privacy: { id: 'footer.privacyPolicy', defaultMessage: 'Privacy Policy' },
  terms: { id: 'footer.termsOfService', defaultMessage: 'Terms of Service' },
});

const columns = [
  {
    title: m.games,
    links: [
      { to: '/', label: m.popularGames },
      { to: '/new', label: m.newGames },
      { to: '/trending', label: m.trending },
      { to: '/categories', label: m.categories },
      { to: '/kids', label: m.kidsZone },
    ],
  },
  {
    title: m.developers,
    links: [
      { to: '/developer', label: m.submit },
      { to: '/developer', label: m.developerPortal },
      { to: '/api-docs', label: m.apiDocs },
      { to: '/guidelines', label: m.guidelines },
      { to: '/revenue', label: m.revenue },
    ],
  },
  {
    title: m.support,
    links: [
      { to: '/help', label: m.help },
      { to: '/contact', label: m.contact },
      { to: '/report', label: m.report },
      { to: '/kids-safety', label: m.kidsSafety },
      { to: '/family', label: m.family },
    ],
  },
  {
    title: m.legal,
    links: [
      { to: '/privacy', label: m.privacy },
      { to: '/terms', label: m.terms },
    ],
  },
];

export function Footer() {
  const intl = useIntl();
  const adConsent = useAdConsent();
  return (
    <Box component="footer" className={`${classes.footer} laid-out-when-near`}>
      <Container size="xl">
        <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="xl">
          <Stack gap="sm" style={{ gridColumn: 'span 2' }} className={classes.brand} maw={360}>
            <Logo />
            <Text size="sm" c="dimmed">
              <FormattedMessage
                id="footer.tagline"
                defaultMessage="Free online games you can play instantly in your browser. No downloads, no installs — just play."
              />
            </Text>
          </Stack>
          {columns.map((column) => (
            <Box key={column.title.id} component="nav" aria-label={intl.formatMessage(column.title)}>
              <Text fw={700} size="sm" mb={6}>
                {intl.formatMessage(column.title)}
              </Text>
              {column.links.map((link) => (
                <Link key={link.label.id} to={link.to} className={classes.link}>
                  {intl.formatMessage(link.label)}
                </Link>
              ))}
            </Box>
          ))}
        </SimpleGrid>
        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            <FormattedMessage id="footer.copyright" defaultMessage="© {year} {portal}. Open source and self-hostable." values={{ year, portal: PORTAL_NAME }} />
          </Text>
          <Group gap="md">
            {adConsent.applies && (
              <Suspense fallback={null}>
                <AdChoices consent={adConsent} />
              </Suspense>
            )}
            <Text size="xs" c="dimmed">
              <FormattedMessage id="footer.madeForPlayers" defaultMessage="Made for players, by players." />
            </Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

import { Link } from 'react-router-dom';
import { Anchor, Container, Paper, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import { LastUpdated, LegalSections, PageHeader, usePageTitle, type TextSection } from './components';

const LAST_UPDATED = 'August 2025';
const LEGAL_EMAIL = 'legal@playfree.example';

const SECTIONS: readonly TextSection[] = [
  {
    title: 'Acceptance of these terms',
    body: `By using ${PORTAL_NAME} (the "portal") you agree to these Terms of Service and to our Privacy Policy. If you do not agree, please do not use the portal.`,
  },
  {
    title: 'Who can use the portal',
    body: [
      'Anyone may browse and play games on the portal. You must be at least 13 years old to create an account. If you are under 18, you need the permission of a parent or guardian to create an account.',
      'Younger children may play the games in the Kids Zone without an account, under the supervision of a parent or guardian.',
    ],
  },
  {
    title: 'Your account',
    body: 'You sign in with your e-mail address. Keep access to that mailbox secure, because whoever controls it can sign in as you. You are responsible for what happens under your account. Tell us straight away if you believe someone else is using it.',
  },
  {
    title: 'Acceptable use',
    body: 'The portal is free for personal, non-commercial use. When using it you agree not to:',
    items: [
      'Break the law, or harass, threaten or impersonate other people.',
      'Post ratings, comments or reports that are abusive, hateful, sexually explicit, misleading or spam.',
      'Attack, overload or probe the portal, or get around its security measures, including the game-origin allowlist and sandboxed frames.',
      'Collect data from the portal with automated tools beyond what the published API allows.',
      'Manipulate play counts, ratings or rankings.',
    ],
  },
  {
    title: 'Content you post',
    body: 'You keep ownership of the ratings, comments and reports you post. You give us a worldwide, free licence to store, display and moderate them on the portal. We may remove content that breaks these terms.',
  },
  {
    title: 'Games from other developers',
    body: [
      'Most games are created by independent developers, who own them and are responsible for them. They are loaded from the developer\'s own secure website inside a protected frame.',
      'We review every game before publishing it, but we cannot guarantee that a game is free of errors or always available. If a game breaks these terms or our game guidelines, please report it.',
    ],
  },
  {
    title: 'Submitting games',
    body: 'If you submit a game, you confirm that:',
    items: [
      'You own the game or have every right needed to publish it, including for its music, art and code.',
      'The game follows our Game Guidelines, carries an accurate age rating and contains no malware, mining scripts, gambling or other prohibited content.',
      'You give us a free, non-exclusive licence to list, describe and embed the game and to show its title and thumbnail on the portal and in promotion of the portal.',
      'We may reject, unpublish or remove a game at any time, for example after a valid report. Revenue sharing for eligible games is described on the Revenue Sharing page.',
    ],
  },
  {
    title: 'Intellectual property',
    body: `The ${PORTAL_NAME} name and logo belong to us. The portal's software is open source and is covered by its own licence; these terms govern your use of this service, not the source code. Games, thumbnails and other developer content belong to their respective owners.`,
  },
  {
    title: 'Advertising',
    body: 'The portal is free because it may show advertising. Advertisements are shown in clearly marked spaces, separate from the games themselves.',
  },
  {
    title: 'Disclaimers',
    body: 'The portal and its games are provided "as is" and "as available". To the extent the law allows, we make no promises that the portal will be uninterrupted, error-free or suitable for a particular purpose.',
  },
  {
    title: 'Limitation of liability',
    body: `To the extent the law allows, ${PORTAL_NAME} is not liable for indirect or consequential losses, or for losses caused by games and websites of third parties. Nothing in these terms limits liability that cannot be limited by law.`,
  },
  {
    title: 'Suspension and termination',
    body: 'You may stop using the portal at any time and ask us to delete your account. We may suspend or close accounts, and remove games, that break these terms or put other players at risk.',
  },
  {
    title: 'Changes to these terms',
    body: 'We may update these terms. We will change the "Last updated" date at the top of this page and give notice on the portal before significant changes take effect. Continuing to use the portal after that means you accept the new terms.',
  },
  {
    title: 'Contact',
    body: `Questions about these terms? E-mail ${LEGAL_EMAIL}.`,
  },
];

export function TermsPage() {
  usePageTitle('Terms of Service');

  return (
    <Container size="md" py="xl">
      <PageHeader
        icon={IconFileText}
        color="indigo"
        title="Terms of Service"
        subtitle={`The rules for using ${PORTAL_NAME}, playing its games and publishing your own.`}
      >
        <LastUpdated date={LAST_UPDATED} />
      </PageHeader>

      <LegalSections sections={SECTIONS} idPrefix="terms" />

      <Paper withBorder radius="md" p="lg" mt="xl" ta="center">
        <Text c="dimmed" fz="sm">
          See also our{' '}
          <Anchor component={Link} to="/privacy">
            Privacy Policy
          </Anchor>
          ,{' '}
          <Anchor component={Link} to="/guidelines">
            Game Guidelines
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/revenue">
            Revenue Sharing
          </Anchor>
          .
        </Text>
      </Paper>
    </Container>
  );
}

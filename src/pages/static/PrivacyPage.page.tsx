import { Link } from 'react-router-dom';
import { Anchor, Container, Paper, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import { LastUpdated, LegalSections, PageHeader, usePageTitle, type TextSection } from './components';

const LAST_UPDATED = 'August 2025';
const PRIVACY_EMAIL = 'privacy@playfree.example';

const SECTIONS: readonly TextSection[] = [
  {
    title: 'Who we are',
    body: [
      `${PORTAL_NAME} is a free browser-games portal: you can play games instantly in your browser, and signed-in users can save favourites, rate games and submit their own games. This policy explains what information we collect when you use ${PORTAL_NAME}, why we collect it and the choices you have.`,
      `${PORTAL_NAME} is open-source software that anyone can run. If you use a copy of the portal operated by someone else, that operator is responsible for your data and their own privacy policy applies.`,
    ],
  },
  {
    title: 'Information we collect',
    body: 'We collect as little as we need to run the portal. Playing games does not require an account.',
    items: [
      'Account information: the e-mail address you sign in with, and the display name derived from it or chosen by you.',
      'Activity you create: the games you favourite, the ratings and comments you leave, the reports you file and the games you submit.',
      'Gameplay records: each play and play session (which game, when, for how long, whether it was finished) with your account when signed in, otherwise with a random visitor cookie. They count plays, unique players and retention for the game’s developer, who sees only totals; your own records are in your data download.',
      'Game saves: the progress a game saves to your account while you are signed in, so it follows you to other devices.',
      'Messages you send us through the contact forms or by e-mail, including the address you ask us to reply to.',
      'Technical information: your IP address, browser type and the pages requested, which our servers log for security and to diagnose problems.',
    ],
  },
  {
    title: 'How we use your information',
    body: 'We use the information above only to:',
    items: [
      'Sign you in and keep you signed in.',
      'Show your favourites and let you rate, report and submit games.',
      'Calculate play counts, ratings and the popular and trending lists.',
      'Review submitted games and investigate reports.',
      'Answer your messages and support requests.',
      'Protect the portal and its players against abuse, fraud and security threats.',
    ],
  },
  {
    title: 'Cookies and browser storage',
    body: [
      'We use a small number of strictly necessary items stored in your browser: a sign-in token (auth_token) that keeps you signed in, and your light or dark theme preference (theme). We do not use cookies for cross-site tracking.',
      'A visitor cookie (pf_visitor) holds a random number that identifies this browser to this portal only: it is set by our own site, cannot be read by scripts or other sites, and is used for nothing but counting a game\'s plays once per visitor (not once per click), showing how many people are playing a game right now, and the anonymous play statistics developers see. We store only a scrambled (hashed) form of it, never alongside your address. If you sign in, the plays this browser made become part of your account, so you can rate the games you played. Without the cookie, we count plays by a scrambled form of your network address and browser name instead.',
      'You can clear these at any time in your browser settings. Clearing the sign-in token signs you out; clearing the visitor cookie makes you a new visitor.',
    ],
  },
  {
    title: 'Games made by other developers',
    body: [
      `Most games on ${PORTAL_NAME} are made by independent developers and are loaded from their own secure (HTTPS) websites inside a protected frame. We only load games from addresses the developer has registered with us.`,
      'A game may store its own data (for example saved progress or settings) in your browser. Such data is controlled by the game developer and covered by their privacy policy, not this one. Developers do not receive your e-mail address from us.',
    ],
  },
  {
    title: 'When we share information',
    body: 'We do not sell your personal information. We share it only:',
    items: [
      'With service providers that host and operate the portal for us, under contracts that require them to protect it.',
      'With game developers, in aggregated form only: play counts and average ratings for their games.',
      'When the law requires it, or when needed to protect the safety of our players or the security of the portal.',
    ],
  },
  {
    title: 'How long we keep information',
    body: 'We keep account information for as long as your account exists. You can delete your account yourself on your account page (/account): every session ends; your favourites, saved games, API keys, unpublished submissions, messages and newsletter subscription are deleted; your ratings, reviews and scores stay on the games, shown as "Deleted player" and no longer linked to you; and games you published stay on the portal, no longer attributed to you. Server logs are kept for a limited period for security purposes and then deleted. Messages to support are kept only as long as needed to handle your request.',
  },
  {
    title: "Children's privacy",
    body: [
      'You must be at least 13 years old to create an account. We do not knowingly collect personal information from children under 13.',
      'Children can play the games in the Kids Zone without an account, and the Kids Zone has no chat features. If you believe a child under 13 has given us personal information, please contact us and we will delete it.',
    ],
  },
  {
    title: 'Child profiles in the Kids Zone',
    body: [
      "A parent with an account can create child profiles (Kids Zone for parents, /family). For each profile we keep what the parent enters: a name or nickname, an avatar picked from our set and an age band, never an e-mail, a photo or a birth date; the limits the parent sets (daily minutes, bedtime, allowed content, approved games); and the devices the parent paired, each as the browser and system it reported (such as \"Chrome on Android\"), when it was paired and when it was last heard from, and the hash of a random token kept in that device's cookie. The child's device gets no tracking cookie: its only cookie is that token, used for the Kids Zone.",
      'While a child plays on a paired device we keep which game was played, when each play started and ended, and the minutes played per game and day, so the limits can be applied and the parent can see them. Play time is kept for 35 days, then deleted. A code for pairing a device is deleted a day after it expires; a PIN reset code is single use and expires after 10 minutes. The parent PIN is stored only as a one-way hash.',
      'Profiles are kept until the parent deletes them. On /family a parent can download everything kept for a profile as a JSON file, and delete a profile, which unpairs its devices and deletes its play records at once. Deleting the parent account deletes its profiles too.',
    ],
  },
  {
    title: 'Security',
    body: 'We protect your information with encrypted connections (HTTPS), sandboxed game frames, an allowlist of trusted game origins and restricted access to our systems. No online service can be perfectly secure, but we work to keep your information safe and will inform affected users of any breach as required by law.',
  },
  {
    title: 'Your rights',
    body: [
      'Depending on where you live, you may have the right to access, correct, export or delete your personal information, and to object to or restrict how we use it.',
      'Signed in, you can do most of this yourself on your account page (/account): change your display name, download all the information we hold about you as a JSON file, and delete your account.',
      `For anything else, e-mail ${PRIVACY_EMAIL}. We answer all privacy inquiries within 30 days. We may ask you to confirm that you control the account's e-mail address before acting on a request.`,
    ],
  },
  {
    title: 'Changes to this policy',
    body: 'We may update this policy as the portal changes. When we do, we change the "Last updated" date at the top of this page, and we will give notice on the portal before significant changes take effect.',
  },
  {
    title: 'Contact us',
    body: `For any question about this policy or your information, e-mail ${PRIVACY_EMAIL}. We answer privacy inquiries within 30 days.`,
  },
];

export function PrivacyPage() {
  usePageTitle('Privacy Policy');

  return (
    <Container size="md" py="xl">
      <PageHeader
        icon={IconLock}
        color="teal"
        title="Privacy Policy"
        subtitle={`How ${PORTAL_NAME} collects, uses and protects your information.`}
      >
        <LastUpdated date={LAST_UPDATED} />
      </PageHeader>

      <LegalSections sections={SECTIONS} idPrefix="privacy" />

      <Paper withBorder radius="md" p="lg" mt="xl" ta="center">
        <Text c="dimmed" fz="sm">
          Questions? E-mail <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Anchor>, visit our{' '}
          <Anchor component={Link} to="/contact">
            contact page
          </Anchor>
          , or read the{' '}
          <Anchor component={Link} to="/terms">
            Terms of Service
          </Anchor>
          .
        </Text>
        <Text c="dimmed" fz="sm" mt="xs">
          Download your data or delete your account on your{' '}
          <Anchor component={Link} to="/account">
            account page
          </Anchor>
          .
        </Text>
      </Paper>
    </Container>
  );
}

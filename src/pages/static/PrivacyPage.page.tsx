import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Container, Paper, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { LastUpdated, LegalSections, PageHeader, usePageTitle, useTextSections, type TextSectionMessages } from './components';

const LAST_UPDATED = new Date(2025, 7, 15);
const PRIVACY_EMAIL = 'privacy@playfree.example';

const m = defineMessages({
  title: { id: 'privacy.title', defaultMessage: 'Privacy Policy' },
  whoWeAreTitle: { id: 'privacy.whoWeAre.title', defaultMessage: 'Who we are' },
  whoWeAreBody1: {
    id: 'privacy.whoWeAre.body1',
    defaultMessage:
      '{portal} is a free browser-games portal: you can play games instantly in your browser, and signed-in users can save favourites, rate games and submit their own games. This policy explains what information we collect when you use {portal}, why we collect it and the choices you have.',
  },
  whoWeAreBody2: {
    id: 'privacy.whoWeAre.body2',
    defaultMessage:
      '{portal} is open-source software that anyone can run. If you use a copy of the portal operated by someone else, that operator is responsible for your data and their own privacy policy applies.',
  },
  collectTitle: { id: 'privacy.collect.title', defaultMessage: 'Information we collect' },
  collectBody1: {
    id: 'privacy.collect.body1',
    defaultMessage:
      'We collect as little as we need to run the portal. Playing games does not require an account.',
  },
  collectItem1: {
    id: 'privacy.collect.item1',
    defaultMessage:
      'Account information: the e-mail address you sign in with, and the display name derived from it or chosen by you.',
  },
  collectItem2: {
    id: 'privacy.collect.item2',
    defaultMessage:
      'Activity you create: the games you favourite, the ratings and comments you leave, the reports you file and the games you submit.',
  },
  collectItem3: {
    id: 'privacy.collect.item3',
    defaultMessage:
      'Gameplay records: each play and play session (which game, when, for how long, whether it was finished) with your account when signed in, otherwise with a random visitor cookie. They count plays, unique players and retention for the game’s developer, who sees only totals; your own records are in your data download.',
  },
  collectItem4: {
    id: 'privacy.collect.item4',
    defaultMessage:
      'Game saves: the progress a game saves to your account while you are signed in, so it follows you to other devices.',
  },
  collectItem5: {
    id: 'privacy.collect.item5',
    defaultMessage:
      'Messages you send us through the contact forms or by e-mail, including the address you ask us to reply to.',
  },
  collectItem6: {
    id: 'privacy.collect.item6',
    defaultMessage:
      'Technical information: your IP address, browser type and the pages requested, which our servers log for security and to diagnose problems.',
  },
  useTitle: { id: 'privacy.use.title', defaultMessage: 'How we use your information' },
  useBody1: { id: 'privacy.use.body1', defaultMessage: 'We use the information above only to:' },
  useItem1: { id: 'privacy.use.item1', defaultMessage: 'Sign you in and keep you signed in.' },
  useItem2: { id: 'privacy.use.item2', defaultMessage: 'Show your favourites and let you rate, report and submit games.' },
  useItem3: { id: 'privacy.use.item3', defaultMessage: 'Calculate play counts, ratings and the popular and trending lists.' },
  useItem4: { id: 'privacy.use.item4', defaultMessage: 'Review submitted games and investigate reports.' },
  useItem5: { id: 'privacy.use.item5', defaultMessage: 'Answer your messages and support requests.' },
  useItem6: { id: 'privacy.use.item6', defaultMessage: 'Protect the portal and its players against abuse, fraud and security threats.' },
  cookiesTitle: { id: 'privacy.cookies.title', defaultMessage: 'Cookies and browser storage' },
  cookiesBody1: {
    id: 'privacy.cookies.body1',
    defaultMessage:
      'We use a small number of strictly necessary items stored in your browser: a sign-in token (auth_token) that keeps you signed in, and your light or dark theme preference (theme). We do not use cookies for cross-site tracking.',
  },
  cookiesBody2: {
    id: 'privacy.cookies.body2',
    defaultMessage:
      "A visitor cookie (pf_visitor) holds a random number that identifies this browser to this portal only: it is set by our own site, cannot be read by scripts or other sites, and is used for nothing but counting a game's plays once per visitor (not once per click), showing how many people are playing a game right now, and the anonymous play statistics developers see. We store only a scrambled (hashed) form of it, never alongside your address. If you sign in, the plays this browser made become part of your account, so you can rate the games you played. Without the cookie, we count plays by a scrambled form of your network address and browser name instead.",
  },
  cookiesBody3: {
    id: 'privacy.cookies.body3',
    defaultMessage:
      'You can clear these at any time in your browser settings. Clearing the sign-in token signs you out; clearing the visitor cookie makes you a new visitor.',
  },
  adsBody: {
    id: 'privacy.cookies.ads',
    defaultMessage:
      "Ads keep {portal} free. By default they are cards of {portal}'s own games and use no personal data. A portal whose operator turns on Google AdSense shows Google's ads: visitors from the EEA, the UK and Switzerland are asked first whether Google may personalise them with cookies, and a refusal gets ads that are not personalised; Ad choices at the foot of every page changes the answer. We count only that an ad was on screen (at least half of it for a second) or a break was shown, with the page view it belongs to, to share ad revenue with game developers. The Kids Zone shows no ads at all.",
  },
  otherGamesTitle: { id: 'privacy.otherGames.title', defaultMessage: 'Games made by other developers' },
  otherGamesBody1: {
    id: 'privacy.otherGames.body1',
    defaultMessage:
      'Most games on {portal} are made by independent developers and are loaded from their own secure (HTTPS) websites inside a protected frame. We only load games from addresses the developer has registered with us.',
  },
  otherGamesBody2: {
    id: 'privacy.otherGames.body2',
    defaultMessage:
      'A game may store its own data (for example saved progress or settings) in your browser. Such data is controlled by the game developer and covered by their privacy policy, not this one. Developers do not receive your e-mail address from us.',
  },
  sharingTitle: { id: 'privacy.sharing.title', defaultMessage: 'When we share information' },
  sharingBody1: { id: 'privacy.sharing.body1', defaultMessage: 'We do not sell your personal information. We share it only:' },
  sharingItem1: {
    id: 'privacy.sharing.item1',
    defaultMessage:
      'With service providers that host and operate the portal for us, under contracts that require them to protect it.',
  },
  sharingItem2: {
    id: 'privacy.sharing.item2',
    defaultMessage:
      'With game developers, in aggregated form only: play counts and average ratings for their games.',
  },
  sharingItem3: {
    id: 'privacy.sharing.item3',
    defaultMessage:
      'When the law requires it, or when needed to protect the safety of our players or the security of the portal.',
  },
  keepingTitle: { id: 'privacy.keeping.title', defaultMessage: 'How long we keep information' },
  keepingBody1: {
    id: 'privacy.keeping.body1',
    defaultMessage:
      'We keep account information for as long as your account exists. You can delete your account yourself on your account page (/account): every session ends; your favourites, saved games, API keys, unpublished submissions, messages and newsletter subscription are deleted; your ratings, reviews and scores stay on the games, shown as "Deleted player" and no longer linked to you; and games you published stay on the portal, no longer attributed to you. Server logs are kept for a limited period for security purposes and then deleted. Messages to support are kept only as long as needed to handle your request.',
  },
  childrenTitle: { id: 'privacy.children.title', defaultMessage: "Children's privacy" },
  childrenBody1: {
    id: 'privacy.children.body1',
    defaultMessage:
      'You must be at least 13 years old to create an account. We do not knowingly collect personal information from children under 13.',
  },
  childrenBody2: {
    id: 'privacy.children.body2',
    defaultMessage:
      'Children can play the games in the Kids Zone without an account, and the Kids Zone has no chat features. If you believe a child under 13 has given us personal information, please contact us and we will delete it.',
  },
  childProfilesTitle: { id: 'privacy.childProfiles.title', defaultMessage: 'Child profiles in the Kids Zone' },
  childProfilesBody1: {
    id: 'privacy.childProfiles.body1',
    defaultMessage:
      'A parent with an account can create child profiles (Kids Zone for parents, /family). For each profile we keep what the parent enters: a name or nickname, an avatar picked from our set and an age band, never an e-mail, a photo or a birth date; the limits the parent sets (daily minutes, bedtime, allowed content, approved games); and the devices the parent paired, each as the browser and system it reported (such as "Chrome on Android"), when it was paired and when it was last heard from, and the hash of a random token kept in that device\'s cookie. The child\'s device gets no tracking cookie: its only cookie is that token, used for the Kids Zone.',
  },
  childProfilesBody2: {
    id: 'privacy.childProfiles.body2',
    defaultMessage:
      'While a child plays on a paired device we keep which game was played, when each play started and ended, and the minutes played per game and day, so the limits can be applied and the parent can see them. Play time is kept for 35 days, then deleted. A code for pairing a device is deleted a day after it expires; a PIN reset code is single use and expires after 10 minutes. The parent PIN is stored only as a one-way hash.',
  },
  childProfilesBody3: {
    id: 'privacy.childProfiles.body3',
    defaultMessage:
      'Profiles are kept until the parent deletes them. On /family a parent can download everything kept for a profile as a JSON file, and delete a profile, which unpairs its devices and deletes its play records at once. Deleting the parent account deletes its profiles too.',
  },
  securityTitle: { id: 'privacy.security.title', defaultMessage: 'Security' },
  securityBody1: {
    id: 'privacy.security.body1',
    defaultMessage:
      'We protect your information with encrypted connections (HTTPS), sandboxed game frames, an allowlist of trusted game origins and restricted access to our systems. No online service can be perfectly secure, but we work to keep your information safe and will inform affected users of any breach as required by law.',
  },
  rightsTitle: { id: 'privacy.rights.title', defaultMessage: 'Your rights' },
  rightsBody1: {
    id: 'privacy.rights.body1',
    defaultMessage:
      'Depending on where you live, you may have the right to access, correct, export or delete your personal information, and to object to or restrict how we use it.',
  },
  rightsBody2: {
    id: 'privacy.rights.body2',
    defaultMessage:
      'Signed in, you can do most of this yourself on your account page (/account): change your display name, download all the information we hold about you as a JSON file, and delete your account.',
  },
  rightsBody3: {
    id: 'privacy.rights.body3',
    defaultMessage:
      "For anything else, e-mail {email}. We answer all privacy inquiries within 30 days. We may ask you to confirm that you control the account's e-mail address before acting on a request.",
  },
  changesTitle: { id: 'privacy.changes.title', defaultMessage: 'Changes to this policy' },
  changesBody1: {
    id: 'privacy.changes.body1',
    defaultMessage:
      'We may update this policy as the portal changes. When we do, we change the "Last updated" date at the top of this page, and we will give notice on the portal before significant changes take effect.',
  },
  contactTitle: { id: 'privacy.contact.title', defaultMessage: 'Contact us' },
  contactBody1: {
    id: 'privacy.contact.body1',
    defaultMessage:
      'For any question about this policy or your information, e-mail {email}. We answer privacy inquiries within 30 days.',
  },
});

const SECTIONS: readonly TextSectionMessages[] = [
  {
    title: m.whoWeAreTitle,
    body: [
      m.whoWeAreBody1,
      m.whoWeAreBody2,
    ],
  },
  {
    title: m.collectTitle,
    body: m.collectBody1,
    items: [
      m.collectItem1,
      m.collectItem2,
      m.collectItem3,
      m.collectItem4,
      m.collectItem5,
      m.collectItem6,
    ],
  },
  {
    title: m.useTitle,
    body: m.useBody1,
    items: [
      m.useItem1,
      m.useItem2,
      m.useItem3,
      m.useItem4,
      m.useItem5,
      m.useItem6,
    ],
  },
  {
    title: m.cookiesTitle,
    body: [
      m.cookiesBody1,
      m.cookiesBody2,
      m.adsBody,
      m.cookiesBody3,
    ],
  },
  {
    title: m.otherGamesTitle,
    body: [
      m.otherGamesBody1,
      m.otherGamesBody2,
    ],
  },
  {
    title: m.sharingTitle,
    body: m.sharingBody1,
    items: [
      m.sharingItem1,
      m.sharingItem2,
      m.sharingItem3,
    ],
  },
  {
    title: m.keepingTitle,
    body: m.keepingBody1,
  },
  {
    title: m.childrenTitle,
    body: [
      m.childrenBody1,
      m.childrenBody2,
    ],
  },
  {
    title: m.childProfilesTitle,
    body: [
      m.childProfilesBody1,
      m.childProfilesBody2,
      m.childProfilesBody3,
    ],
  },
  {
    title: m.securityTitle,
    body: m.securityBody1,
  },
  {
    title: m.rightsTitle,
    body: [
      m.rightsBody1,
      m.rightsBody2,
      m.rightsBody3,
    ],
  },
  {
    title: m.changesTitle,
    body: m.changesBody1,
  },
  {
    title: m.contactTitle,
    body: m.contactBody1,
  },
];

const privacyMail = (chunks: ReactNode[]) => <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{chunks}</Anchor>;
const contactLink = (chunks: ReactNode[]) => (
  <Anchor component={Link} to="/contact">
    {chunks}
  </Anchor>
);
const termsLink = (chunks: ReactNode[]) => (
  <Anchor component={Link} to="/terms">
    {chunks}
  </Anchor>
);
const accountLink = (chunks: ReactNode[]) => (
  <Anchor component={Link} to="/account">
    {chunks}
  </Anchor>
);

export function PrivacyPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const sections = useTextSections(SECTIONS, { portal: PORTAL_NAME, email: PRIVACY_EMAIL });

  return (
    <Container size="md" py="xl">
      <PageHeader
        icon={IconLock}
        color="teal"
        title={intl.formatMessage(m.title)}
        subtitle={intl.formatMessage(
          { id: 'privacy.subtitle', defaultMessage: 'How {portal} collects, uses and protects your information.' },
          { portal: PORTAL_NAME },
        )}
      >
        <LastUpdated date={LAST_UPDATED} />
      </PageHeader>

      <LegalSections sections={sections} idPrefix="privacy" />

      <Paper withBorder radius="md" p="lg" mt="xl" ta="center">
        <Text c="dimmed" fz="sm">
          <FormattedMessage
            id="privacy.questions"
            defaultMessage="Questions? E-mail <mail>{email}</mail>, visit our <contact>contact page</contact>, or read the <terms>Terms of Service</terms>."
            values={{ email: PRIVACY_EMAIL, mail: privacyMail, contact: contactLink, terms: termsLink }}
          />
        </Text>
        <Text c="dimmed" fz="sm" mt="xs">
          <FormattedMessage
            id="privacy.yourData"
            defaultMessage="Download your data or delete your account on your <account>account page</account>."
            values={{ account: accountLink }}
          />
        </Text>
      </Paper>
    </Container>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Container, Paper, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { LastUpdated, LegalSections, PageHeader, usePageTitle, useTextSections, type TextSectionMessages } from './components';

const LAST_UPDATED = new Date(2025, 7, 15);
const LEGAL_EMAIL = 'legal@playfree.example';

const m = defineMessages({
  title: { id: 'terms.title', defaultMessage: 'Terms of Service' },
  acceptanceTitle: { id: 'terms.acceptance.title', defaultMessage: 'Acceptance of these terms' },
  acceptanceBody1: {
    id: 'terms.acceptance.body1',
    defaultMessage:
      'By using {portal} (the "portal") you agree to these Terms of Service and to our Privacy Policy. If you do not agree, please do not use the portal.',
  },
  whoCanUseTitle: { id: 'terms.whoCanUse.title', defaultMessage: 'Who can use the portal' },
  whoCanUseBody1: {
    id: 'terms.whoCanUse.body1',
    defaultMessage:
      'Anyone may browse and play games on the portal. You must be at least 13 years old to create an account. If you are under 18, you need the permission of a parent or guardian to create an account.',
  },
  whoCanUseBody2: {
    id: 'terms.whoCanUse.body2',
    defaultMessage:
      'Younger children may play the games in the Kids Zone without an account, under the supervision of a parent or guardian.',
  },
  accountTitle: { id: 'terms.account.title', defaultMessage: 'Your account' },
  accountBody1: {
    id: 'terms.account.body1',
    defaultMessage:
      'You sign in with your e-mail address. Keep access to that mailbox secure, because whoever controls it can sign in as you. You are responsible for what happens under your account. Tell us straight away if you believe someone else is using it.',
  },
  acceptableUseTitle: { id: 'terms.acceptableUse.title', defaultMessage: 'Acceptable use' },
  acceptableUseBody1: {
    id: 'terms.acceptableUse.body1',
    defaultMessage:
      'The portal is free for personal, non-commercial use. When using it you agree not to:',
  },
  acceptableUseItem1: { id: 'terms.acceptableUse.item1', defaultMessage: 'Break the law, or harass, threaten or impersonate other people.' },
  acceptableUseItem2: {
    id: 'terms.acceptableUse.item2',
    defaultMessage:
      'Post ratings, comments or reports that are abusive, hateful, sexually explicit, misleading or spam.',
  },
  acceptableUseItem3: {
    id: 'terms.acceptableUse.item3',
    defaultMessage:
      'Attack, overload or probe the portal, or get around its security measures, including the game-origin allowlist and sandboxed frames.',
  },
  acceptableUseItem4: {
    id: 'terms.acceptableUse.item4',
    defaultMessage:
      'Collect data from the portal with automated tools beyond what the published API allows.',
  },
  acceptableUseItem5: { id: 'terms.acceptableUse.item5', defaultMessage: 'Manipulate play counts, ratings or rankings.' },
  yourContentTitle: { id: 'terms.yourContent.title', defaultMessage: 'Content you post' },
  yourContentBody1: {
    id: 'terms.yourContent.body1',
    defaultMessage:
      'You keep ownership of the ratings, comments and reports you post. You give us a worldwide, free licence to store, display and moderate them on the portal. We may remove content that breaks these terms.',
  },
  otherGamesTitle: { id: 'terms.otherGames.title', defaultMessage: 'Games from other developers' },
  otherGamesBody1: {
    id: 'terms.otherGames.body1',
    defaultMessage:
      "Most games are created by independent developers, who own them and are responsible for them. They are loaded from the developer's own secure website inside a protected frame.",
  },
  otherGamesBody2: {
    id: 'terms.otherGames.body2',
    defaultMessage:
      'We review every game before publishing it, but we cannot guarantee that a game is free of errors or always available. If a game breaks these terms or our game guidelines, please report it.',
  },
  submittingTitle: { id: 'terms.submitting.title', defaultMessage: 'Submitting games' },
  submittingBody1: { id: 'terms.submitting.body1', defaultMessage: 'If you submit a game, you confirm that:' },
  submittingItem1: {
    id: 'terms.submitting.item1',
    defaultMessage:
      'You own the game or have every right needed to publish it, including for its music, art and code.',
  },
  submittingItem2: {
    id: 'terms.submitting.item2',
    defaultMessage:
      'The game follows our Game Guidelines, carries an accurate age rating and contains no malware, mining scripts, gambling or other prohibited content.',
  },
  submittingItem3: {
    id: 'terms.submitting.item3',
    defaultMessage:
      'You give us a free, non-exclusive licence to list, describe and embed the game and to show its title and thumbnail on the portal and in promotion of the portal.',
  },
  submittingItem4: {
    id: 'terms.submitting.item4',
    defaultMessage:
      'We may reject, unpublish or remove a game at any time, for example after a valid report. Revenue sharing for eligible games is described on the Revenue Sharing page.',
  },
  ipTitle: { id: 'terms.ip.title', defaultMessage: 'Intellectual property' },
  ipBody1: {
    id: 'terms.ip.body1',
    defaultMessage:
      "The {portal} name and logo belong to us. The portal's software is open source and is covered by its own licence; these terms govern your use of this service, not the source code. Games, thumbnails and other developer content belong to their respective owners.",
  },
  advertisingTitle: { id: 'terms.advertising.title', defaultMessage: 'Advertising' },
  advertisingBody1: {
    id: 'terms.advertising.body1',
    defaultMessage:
      'The portal is free because it may show advertising. Advertisements are shown in clearly marked spaces, separate from the games themselves.',
  },
  disclaimersTitle: { id: 'terms.disclaimers.title', defaultMessage: 'Disclaimers' },
  disclaimersBody1: {
    id: 'terms.disclaimers.body1',
    defaultMessage:
      'The portal and its games are provided "as is" and "as available". To the extent the law allows, we make no promises that the portal will be uninterrupted, error-free or suitable for a particular purpose.',
  },
  liabilityTitle: { id: 'terms.liability.title', defaultMessage: 'Limitation of liability' },
  liabilityBody1: {
    id: 'terms.liability.body1',
    defaultMessage:
      'To the extent the law allows, {portal} is not liable for indirect or consequential losses, or for losses caused by games and websites of third parties. Nothing in these terms limits liability that cannot be limited by law.',
  },
  terminationTitle: { id: 'terms.termination.title', defaultMessage: 'Suspension and termination' },
  terminationBody1: {
    id: 'terms.termination.body1',
    defaultMessage:
      'You may stop using the portal at any time and ask us to delete your account. We may suspend or close accounts, and remove games, that break these terms or put other players at risk.',
  },
  changesTitle: { id: 'terms.changes.title', defaultMessage: 'Changes to these terms' },
  changesBody1: {
    id: 'terms.changes.body1',
    defaultMessage:
      'We may update these terms. We will change the "Last updated" date at the top of this page and give notice on the portal before significant changes take effect. Continuing to use the portal after that means you accept the new terms.',
  },
  contactTitle: { id: 'terms.contact.title', defaultMessage: 'Contact' },
  contactBody1: { id: 'terms.contact.body1', defaultMessage: 'Questions about these terms? E-mail {email}.' },
});

const SECTIONS: readonly TextSectionMessages[] = [
  {
    title: m.acceptanceTitle,
    body: m.acceptanceBody1,
  },
  {
    title: m.whoCanUseTitle,
    body: [
      m.whoCanUseBody1,
      m.whoCanUseBody2,
    ],
  },
  {
    title: m.accountTitle,
    body: m.accountBody1,
  },
  {
    title: m.acceptableUseTitle,
    body: m.acceptableUseBody1,
    items: [
      m.acceptableUseItem1,
      m.acceptableUseItem2,
      m.acceptableUseItem3,
      m.acceptableUseItem4,
      m.acceptableUseItem5,
    ],
  },
  {
    title: m.yourContentTitle,
    body: m.yourContentBody1,
  },
  {
    title: m.otherGamesTitle,
    body: [
      m.otherGamesBody1,
      m.otherGamesBody2,
    ],
  },
  {
    title: m.submittingTitle,
    body: m.submittingBody1,
    items: [
      m.submittingItem1,
      m.submittingItem2,
      m.submittingItem3,
      m.submittingItem4,
    ],
  },
  {
    title: m.ipTitle,
    body: m.ipBody1,
  },
  {
    title: m.advertisingTitle,
    body: m.advertisingBody1,
  },
  {
    title: m.disclaimersTitle,
    body: m.disclaimersBody1,
  },
  {
    title: m.liabilityTitle,
    body: m.liabilityBody1,
  },
  {
    title: m.terminationTitle,
    body: m.terminationBody1,
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

const link = (to: string) =>
  function PageLink(chunks: ReactNode[]) {
    return (
      <Anchor component={Link} to={to}>
        {chunks}
      </Anchor>
    );
  };
const seeAlsoLinks = { privacy: link('/privacy'), guidelines: link('/guidelines'), revenue: link('/revenue') };

export function TermsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const sections = useTextSections(SECTIONS, { portal: PORTAL_NAME, email: LEGAL_EMAIL });

  return (
    <Container size="md" py="xl">
      <PageHeader
        icon={IconFileText}
        color="indigo"
        title={intl.formatMessage(m.title)}
        subtitle={intl.formatMessage(
          { id: 'terms.subtitle', defaultMessage: 'The rules for using {portal}, playing its games and publishing your own.' },
          { portal: PORTAL_NAME },
        )}
      >
        <LastUpdated date={LAST_UPDATED} />
      </PageHeader>

      <LegalSections sections={sections} idPrefix="terms" />

      <Paper withBorder radius="md" p="lg" mt="xl" ta="center">
        <Text c="dimmed" fz="sm">
          <FormattedMessage
            id="terms.seeAlso"
            defaultMessage="See also our <privacy>Privacy Policy</privacy>, <guidelines>Game Guidelines</guidelines> and <revenue>Revenue Sharing</revenue>."
            values={seeAlsoLinks}
          />
        </Text>
      </Paper>
    </Container>
  );
}

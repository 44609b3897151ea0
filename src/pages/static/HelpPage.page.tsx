import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  Accordion,
  Anchor,
  Button,
  Card,
  CloseButton,
  Container,
  Grid,
  Highlight,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import {
  IconBook2,
  IconHeadset,
  IconHelpCircle,
  IconLifebuoy,
  IconMessageQuestion,
  IconMoodKid,
  IconSearch,
  IconShieldCheck,
  IconFlag,
  IconUsersGroup,
} from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from '../../i18n';
import { ContactForm } from './ContactForm';
import { IconCard, PageHeader, SectionTitle, usePageTitle, type IconItem } from './components';

const FAQ_SECTION_ID = 'faq';
const CONTACT_SECTION_ID = 'contact-support';

interface Tile extends Omit<IconItem, 'title' | 'body'> {
  title: MessageDescriptor;
  body: MessageDescriptor;
  action: MessageDescriptor;
  /** A route, or `#id` for a section of this page. */
  to: string;
}

const messages = defineMessages({
  title: { id: 'help.title', defaultMessage: 'Help Center' },
  contactSupport: { id: 'help.contactSupport', defaultMessage: 'Contact Support' },
  guidesTitle: { id: 'help.guides.title', defaultMessage: 'Game Guides' },
  guidesBody: {
    id: 'help.guides.body',
    defaultMessage: 'Controls, saving progress and getting games to run smoothly: the answers most players look for are in the FAQ.',
  },
  guidesAction: { id: 'help.guides.action', defaultMessage: 'Read the FAQ' },
  supportBody: { id: 'help.support.body', defaultMessage: 'Something not working? Send our support team a message and we will get back to you.' },
  supportAction: { id: 'help.support.action', defaultMessage: 'Write to us' },
  safetyTitle: { id: 'help.safety.title', defaultMessage: 'Safety Tips' },
  safetyBody: { id: 'help.safety.body', defaultMessage: 'How we keep players safe, parental controls for families and tips for playing online.' },
  safetyAction: { id: 'help.safety.action', defaultMessage: 'Kids safety' },
  communityTitle: { id: 'help.community.title', defaultMessage: 'Community' },
  communityBody: {
    id: 'help.community.body',
    defaultMessage: 'See what other players enjoy right now, and rate the games you love so others can find them.',
  },
  communityAction: { id: 'help.community.action', defaultMessage: 'See trending games' },
  parentsTitle: { id: 'help.parents.title', defaultMessage: 'Limits for your children' },
  parentsBody: {
    id: 'help.parents.body',
    defaultMessage: "Set daily play time, a bedtime and the games your child may play, on every device you pair with your account.",
  },
  parentsAction: { id: 'family.title', defaultMessage: 'Kids Zone for parents' },
});

const TILES: readonly Tile[] = [
  {
    icon: IconBook2,
    title: messages.guidesTitle,
    body: messages.guidesBody,
    color: 'blue',
    action: messages.guidesAction,
    to: `#${FAQ_SECTION_ID}`,
  },
  {
    icon: IconHeadset,
    title: messages.contactSupport,
    body: messages.supportBody,
    color: 'teal',
    action: messages.supportAction,
    to: `#${CONTACT_SECTION_ID}`,
  },
  {
    icon: IconShieldCheck,
    title: messages.safetyTitle,
    body: messages.safetyBody,
    color: 'orange',
    action: messages.safetyAction,
    to: '/kids-safety',
  },
  {
    icon: IconMoodKid,
    title: messages.parentsTitle,
    body: messages.parentsBody,
    color: 'pink',
    action: messages.parentsAction,
    to: '/family',
  },
  {
    icon: IconUsersGroup,
    title: messages.communityTitle,
    body: messages.communityBody,
    color: 'grape',
    action: messages.communityAction,
    to: '/trending',
  },
];

interface Faq {
  question: string;
  answer: string;
}

/** Each question then its answer; {portal} is the portal's name. */
const FAQ_MESSAGES = defineMessages({
  freeQuestion: { id: 'help.faq.free.question', defaultMessage: 'Are the games on {portal} really free?' },
  freeAnswer: {
    id: 'help.faq.free.answer',
    defaultMessage: 'Yes. Every game on the portal is free to play in your browser. There are no subscriptions and nothing to buy to start playing.',
  },
  downloadQuestion: { id: 'help.faq.download.question', defaultMessage: 'Do I need to download anything or create an account?' },
  downloadAnswer: {
    id: 'help.faq.download.answer',
    defaultMessage:
      'No download is needed: games run instantly in your browser. An account is optional. Signing in only needs an e-mail address and lets you save favourites, rate games and submit your own.',
  },
  notLoadingQuestion: { id: 'help.faq.notLoading.question', defaultMessage: 'A game will not load. What can I do?' },
  notLoadingAnswer: {
    id: 'help.faq.notLoading.answer',
    defaultMessage:
      'Reload the page and check your internet connection first. For safety we only load games from secure (HTTPS) addresses their developers have registered; if a game is blocked you will see a security notice with an option to open it in a new tab. If the problem continues, report the game so we can look into it.',
  },
  favouritesQuestion: { id: 'help.faq.favourites.question', defaultMessage: 'How do I save favourites and rate games?' },
  favouritesAnswer: {
    id: 'help.faq.favourites.answer',
    defaultMessage:
      'Sign in with your e-mail address, open a game and use the Favorite button to save it. The Rate This Game panel on the same page lets you give 1 to 5 stars and an optional comment.',
  },
  childrenQuestion: { id: 'help.faq.children.question', defaultMessage: 'Is {portal} safe for children?' },
  childrenAnswer: {
    id: 'help.faq.children.answer',
    defaultMessage:
      'The Kids Zone only lists games rated for young players and has no chat features. Every game is reviewed before it is published, and each has an age rating. Parents can find more advice on the Kids Safety page.',
  },
  publishQuestion: { id: 'help.faq.publish.question', defaultMessage: 'How can I publish my own game?' },
  publishAnswer: {
    id: 'help.faq.publish.answer',
    defaultMessage:
      'Sign in, open the Developer Portal and submit your game with its web address and a thumbnail. Our team reviews submissions within 1-3 business days, and approved games go live within 24-48 hours.',
  },
});

const FAQS: readonly { question: MessageDescriptor; answer: MessageDescriptor }[] = [
  { question: FAQ_MESSAGES.freeQuestion, answer: FAQ_MESSAGES.freeAnswer },
  { question: FAQ_MESSAGES.downloadQuestion, answer: FAQ_MESSAGES.downloadAnswer },
  { question: FAQ_MESSAGES.notLoadingQuestion, answer: FAQ_MESSAGES.notLoadingAnswer },
  { question: FAQ_MESSAGES.favouritesQuestion, answer: FAQ_MESSAGES.favouritesAnswer },
  { question: FAQ_MESSAGES.childrenQuestion, answer: FAQ_MESSAGES.childrenAnswer },
  { question: FAQ_MESSAGES.publishQuestion, answer: FAQ_MESSAGES.publishAnswer },
];

const contactLink = (chunks: ReactNode[]) => (
  <Anchor component={Link} to="/contact" inherit>
    {chunks}
  </Anchor>
);

/** The arrow after a tile's link, pointing forward in either direction of writing. */
const forward = (
  <span className="mirror-in-rtl" style={{ display: 'inline-block' }}>
    →
  </span>
);

function matchesQuery(faq: Faq, query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return faq.question.toLowerCase().includes(needle) || faq.answer.toLowerCase().includes(needle);
}

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function HelpTile({ tile }: { tile: Tile }) {
  const intl = useIntl();
  const isSection = tile.to.startsWith('#');
  const action = intl.formatMessage(tile.action);
  return (
    <IconCard icon={tile.icon} color={tile.color} title={intl.formatMessage(tile.title)} body={intl.formatMessage(tile.body)}>
      {isSection ? (
        <Anchor
          href={tile.to}
          fz="sm"
          fw={500}
          onClick={(event) => {
            event.preventDefault();
            scrollToSection(tile.to.slice(1));
          }}
        >
          {action} {forward}
        </Anchor>
      ) : (
        <Anchor component={Link} to={tile.to} fz="sm" fw={500}>
          {action} {forward}
        </Anchor>
      )}
    </IconCard>
  );
}

function FaqSection() {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const faqs: Faq[] = FAQS.map(({ question, answer }) => ({
    question: intl.formatMessage(question, { portal: PORTAL_NAME }),
    answer: intl.formatMessage(answer),
  }));
  const visible = faqs.filter((faq) => matchesQuery(faq, query));
  const term = query.trim();

  return (
    <section aria-labelledby={`${FAQ_SECTION_ID}-title`}>
      <SectionTitle
        id={FAQ_SECTION_ID}
        icon={IconMessageQuestion}
        title={intl.formatMessage({ id: 'help.faqTitle', defaultMessage: 'Frequently Asked Questions' })}
        description={intl.formatMessage({ id: 'help.faqIntro', defaultMessage: 'Quick answers to the questions players ask most.' })}
      />
      <TextInput
        aria-label={intl.formatMessage({ id: 'help.faqSearchLabel', defaultMessage: 'Search frequently asked questions' })}
        placeholder={intl.formatMessage({ id: 'help.faqSearchPlaceholder', defaultMessage: 'Search questions and answers…' })}
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={
          query ? (
            <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'search.clear', defaultMessage: 'Clear search' })} onClick={() => setQuery('')} />
          ) : null
        }
        mb="md"
        size="md"
      />
      {visible.length === 0 ? (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Stack align="center" gap="xs">
            <ThemeIcon variant="light" color="gray" size="xl" radius="xl">
              <IconHelpCircle size={24} />
            </ThemeIcon>
            <Text fw={500}>
              <FormattedMessage id="help.faqNoMatch" defaultMessage="No questions match “{term}”." values={{ term }} />
            </Text>
            <Text c="dimmed" fz="sm">
              <FormattedMessage id="help.faqTryOther" defaultMessage="Try other words, or ask us directly with the contact form below." />
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Accordion variant="separated" radius="md" value={open} onChange={setOpen} order={3}>
          {visible.map((faq) => (
            <Accordion.Item key={faq.question} value={faq.question}>
              <Accordion.Control icon={<IconHelpCircle size={18} color="var(--mantine-primary-color-filled)" />}>
                <Highlight highlight={term} fw={500}>
                  {faq.question}
                </Highlight>
              </Accordion.Control>
              <Accordion.Panel>
                <Highlight highlight={term} c="dimmed" lh={1.65}>
                  {faq.answer}
                </Highlight>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </section>
  );
}

export function HelpPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  const { hash } = useLocation();

  useEffect(() => {
    if (hash !== `#${FAQ_SECTION_ID}` && hash !== `#${CONTACT_SECTION_ID}`) return;
    // Wait a frame so the router's own scroll handling runs first.
    const frame = requestAnimationFrame(() => scrollToSection(hash.slice(1)));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconLifebuoy}
        title={intl.formatMessage(messages.title)}
        subtitle={intl.formatMessage(
          { id: 'help.subtitle', defaultMessage: 'Find answers, get support and learn how to get the most out of {portal}.' },
          { portal: PORTAL_NAME },
        )}
      />

      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mt="md" mb={48}>
        {TILES.map((tile) => (
          <HelpTile key={tile.to} tile={tile} />
        ))}
      </SimpleGrid>

      <Grid gap={{ base: 'xl', md: 40 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <FaqSection />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <section aria-labelledby={`${CONTACT_SECTION_ID}-title`}>
            <SectionTitle
              id={CONTACT_SECTION_ID}
              icon={IconHeadset}
              color="teal"
              title={intl.formatMessage(messages.contactSupport)}
              description={intl.formatMessage({ id: 'help.contactIntro', defaultMessage: 'Could not find your answer? Send us a message.' })}
            />
            <Card withBorder radius="md" padding="lg">
              <ContactForm successMessage={intl.formatMessage({ id: 'help.thanks', defaultMessage: "Thank you for your message! We'll get back to you soon." })} />
            </Card>
            <Text c="dimmed" fz="sm" mt="sm">
              <FormattedMessage
                id="help.allContactOptions"
                defaultMessage="Prefer e-mail or need a specific team? <link>See all contact options</link>."
                values={{ link: contactLink }}
              />
            </Text>
            <Button component={Link} to="/report" variant="subtle" color="red" mt="xs" leftSection={<IconFlag size={16} />}>
              <FormattedMessage id="help.reportProblem" defaultMessage="Report a problem with a game" />
            </Button>
          </section>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

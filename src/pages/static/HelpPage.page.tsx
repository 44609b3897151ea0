import { useEffect, useState } from 'react';
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
  IconSearch,
  IconShieldCheck,
  IconFlag,
  IconUsersGroup,
} from '@tabler/icons-react';
import { PORTAL_NAME } from '../../../shared/constants';
import { ContactForm } from './ContactForm';
import { IconCard, PageHeader, SectionTitle, usePageTitle, type IconItem } from './components';

const FAQ_SECTION_ID = 'faq';
const CONTACT_SECTION_ID = 'contact-support';

interface Tile extends IconItem {
  action: string;
  /** A route, or `#id` for a section of this page. */
  to: string;
}

const TILES: readonly Tile[] = [
  {
    icon: IconBook2,
    title: 'Game Guides',
    body: 'Controls, saving progress and getting games to run smoothly: the answers most players look for are in the FAQ.',
    color: 'blue',
    action: 'Read the FAQ',
    to: `#${FAQ_SECTION_ID}`,
  },
  {
    icon: IconHeadset,
    title: 'Contact Support',
    body: 'Something not working? Send our support team a message and we will get back to you.',
    color: 'teal',
    action: 'Write to us',
    to: `#${CONTACT_SECTION_ID}`,
  },
  {
    icon: IconShieldCheck,
    title: 'Safety Tips',
    body: 'How we keep players safe, parental controls for families and tips for playing online.',
    color: 'orange',
    action: 'Kids safety',
    to: '/kids-safety',
  },
  {
    icon: IconUsersGroup,
    title: 'Community',
    body: 'See what other players enjoy right now, and rate the games you love so others can find them.',
    color: 'grape',
    action: 'See trending games',
    to: '/trending',
  },
];

interface Faq {
  question: string;
  answer: string;
}

const FAQS: readonly Faq[] = [
  {
    question: `Are the games on ${PORTAL_NAME} really free?`,
    answer:
      'Yes. Every game on the portal is free to play in your browser. There are no subscriptions and nothing to buy to start playing.',
  },
  {
    question: 'Do I need to download anything or create an account?',
    answer:
      'No download is needed: games run instantly in your browser. An account is optional. Signing in only needs an e-mail address and lets you save favourites, rate games and submit your own.',
  },
  {
    question: 'A game will not load. What can I do?',
    answer:
      'Reload the page and check your internet connection first. For safety we only load games from secure (HTTPS) addresses their developers have registered; if a game is blocked you will see a security notice with an option to open it in a new tab. If the problem continues, report the game so we can look into it.',
  },
  {
    question: 'How do I save favourites and rate games?',
    answer:
      'Sign in with your e-mail address, open a game and use the Favorite button to save it. The Rate This Game panel on the same page lets you give 1 to 5 stars and an optional comment.',
  },
  {
    question: `Is ${PORTAL_NAME} safe for children?`,
    answer:
      'The Kids Zone only lists games rated for young players and has no chat features. Every game is reviewed before it is published, and each has an age rating. Parents can find more advice on the Kids Safety page.',
  },
  {
    question: 'How can I publish my own game?',
    answer:
      'Sign in, open the Developer Portal and submit your game with its web address and a thumbnail. Our team reviews submissions within 1-3 business days, and approved games go live within 24-48 hours.',
  },
];

function matchesQuery(faq: Faq, query: string) {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return faq.question.toLowerCase().includes(needle) || faq.answer.toLowerCase().includes(needle);
}

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function HelpTile({ tile }: { tile: Tile }) {
  const isSection = tile.to.startsWith('#');
  return (
    <IconCard {...tile}>
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
          {tile.action} →
        </Anchor>
      ) : (
        <Anchor component={Link} to={tile.to} fz="sm" fw={500}>
          {tile.action} →
        </Anchor>
      )}
    </IconCard>
  );
}

function FaqSection() {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const visible = FAQS.filter((faq) => matchesQuery(faq, query));
  const term = query.trim();

  return (
    <section aria-labelledby={`${FAQ_SECTION_ID}-title`}>
      <SectionTitle
        id={FAQ_SECTION_ID}
        icon={IconMessageQuestion}
        title="Frequently Asked Questions"
        description="Quick answers to the questions players ask most."
      />
      <TextInput
        aria-label="Search frequently asked questions"
        placeholder="Search questions and answers…"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={
          query ? (
            <CloseButton size="sm" aria-label="Clear search" onClick={() => setQuery('')} />
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
            <Text fw={500}>No questions match “{term}”.</Text>
            <Text c="dimmed" fz="sm">
              Try other words, or ask us directly with the contact form below.
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
  usePageTitle('Help Center');
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
        title="Help Center"
        subtitle={`Find answers, get support and learn how to get the most out of ${PORTAL_NAME}.`}
      />

      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mt="md" mb={48}>
        {TILES.map((tile) => (
          <HelpTile key={tile.title} tile={tile} />
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
              title="Contact Support"
              description="Could not find your answer? Send us a message."
            />
            <Card withBorder radius="md" padding="lg">
              <ContactForm
                successMessage="Thank you for your message! We'll get back to you soon."
              />
            </Card>
            <Text c="dimmed" fz="sm" mt="sm">
              Prefer e-mail or need a specific team?{' '}
              <Anchor component={Link} to="/contact" inherit>
                See all contact options
              </Anchor>
              .
            </Text>
            <Button component={Link} to="/report" variant="subtle" color="red" mt="xs" leftSection={<IconFlag size={16} />}>
              Report a problem with a game
            </Button>
          </section>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

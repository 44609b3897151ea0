import { Link } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAccessible,
  IconBan,
  IconBolt,
  IconCertificate,
  IconCircleCheck,
  IconCircleX,
  IconClipboardCheck,
  IconCoin,
  IconDeviceGamepad2,
  IconFileZip,
  IconGauge,
  IconLock,
  IconRobot,
  IconRocket,
  IconUpload,
  IconUsersGroup,
  IconWorldCheck,
  IconX,
} from '@tabler/icons-react';
import { DEFAULT_AGE_RATING, PORTAL_NAME, REJECTION_RULES, type AgeRating } from '../../../shared/constants';
import { ReviewStats } from '../../features/developer/ReviewStats';
import { BulletList, ContentCard, IconCard, PageHeader, SectionTitle, usePageTitle, type IconItem } from './components';

const TECHNICAL_REQUIREMENTS: readonly (IconItem & { value: string })[] = [
  {
    icon: IconFileZip,
    value: '50MB',
    title: 'Maximum file size',
    body: 'The total download of your game, including all assets, must stay under 50MB.',
    color: 'blue',
  },
  {
    icon: IconBolt,
    value: '< 10s',
    title: 'Fast loading',
    body: 'Your game should load in under 10 seconds on a typical broadband connection.',
    color: 'yellow',
  },
  {
    icon: IconLock,
    value: 'HTTPS',
    title: 'HTTPS required',
    body: 'Games must be served over HTTPS from the origin you register with us.',
    color: 'teal',
  },
  {
    icon: IconGauge,
    value: '60fps',
    title: 'Smooth performance',
    body: 'Aim for 60 frames per second on mid-range laptops and phones.',
    color: 'grape',
  },
];

const TECHNICAL_DETAILS = [
  'Built with web standards: HTML5, JavaScript and WebAssembly. Games run in a sandboxed frame and must work inside it.',
  'Scale to the size of the frame; do not assume a fixed window size.',
  'Support keyboard and mouse, and touch controls wherever the game can be played on a phone.',
  'Do not open pop-ups or navigate the parent page.',
  'Use the PlayFree SDK to report loading, gameplay and scores, and to honour pause and mute from the portal.',
] as const;

const CONTENT_ALLOWED = [
  'Original games, or games you have every right to publish.',
  'Cartoon or fantasy action that matches the declared age rating.',
  'Clear titles, descriptions and thumbnails that show the real game.',
] as const;

const CONTENT_FORBIDDEN = [
  'Flash content or any plug-in-based technology.',
  'Executables or downloads of any kind: the game must run in the browser.',
  'Cryptocurrency mining scripts or any hidden use of the player’s device.',
  'Gambling or betting with real money or items of real-money value.',
  'Malware, tracking without consent, hate speech or sexually explicit content.',
  'Content that infringes copyrights or trademarks.',
] as const;

const AGE_RATINGS_GUIDE: readonly { rating: AgeRating; label: string; detail: string; color: string }[] = [
  { rating: 'KIDS', label: 'KIDS', detail: 'Ages 3-6', color: 'green' },
  { rating: 'E7', label: 'E7+', detail: 'Ages 7 and up', color: 'teal' },
  { rating: 'E13', label: 'E13+', detail: 'Ages 13 and up', color: 'yellow' },
  { rating: 'E16', label: 'E16+', detail: 'Ages 16 and up', color: 'orange' },
  { rating: 'E18', label: 'E18', detail: 'Adults only', color: 'red' },
];
const DEFAULT_RATING_LABEL = AGE_RATINGS_GUIDE.find((r) => r.rating === DEFAULT_AGE_RATING)?.label;

const UX_ACCESSIBILITY = [
  'Explain the controls and the goal of the game on the first screen.',
  'Let players pause at any time, and respect pause and mute sent by the portal.',
  'Start with sound at a comfortable volume; never autoplay loud audio.',
  'Use readable font sizes and enough colour contrast, and do not rely on colour alone.',
  'Avoid rapidly flashing effects that could trigger seizures.',
  'Offer keyboard controls, and allow remapping where you can.',
] as const;

const MONETIZATION = [
  'Games earn through the portal’s revenue sharing: 70% for the developer, 30% for the platform.',
  'Ads inside a game must be clearly marked and must not interrupt gameplay unexpectedly.',
  'No fake buttons, misleading ads or rewards that trick players into clicking.',
  'No real-money gambling, loot boxes bought with real money, or pay-to-win mechanics that block progress.',
  'Games rated KIDS or E7+ must not contain in-game purchases or links to external stores.',
] as const;

const REVIEW_STEPS: readonly IconItem[] = [
  {
    icon: IconRobot,
    title: 'Automated tests',
    body: 'We check HTTPS, file size, load time and scan for malware and mining scripts.',
    color: 'blue',
  },
  {
    icon: IconClipboardCheck,
    title: 'Content review',
    body: 'A reviewer checks the content, the age rating, the title, description and thumbnail.',
    color: 'violet',
  },
  {
    icon: IconDeviceGamepad2,
    title: 'Gameplay testing',
    body: 'We play your game on desktop and mobile to check controls, stability and performance.',
    color: 'orange',
  },
  {
    icon: IconRocket,
    title: 'Publication',
    body: 'Approved games go live on the portal within 24-48 hours.',
    color: 'teal',
  },
];

const REJECTION_REASONS = REJECTION_RULES.map((entry) => entry.text);

function RequirementCard({ item }: { item: IconItem & { value: string } }) {
  const Icon = item.icon;
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <ThemeIcon size={44} radius="md" variant="light" color={item.color}>
          <Icon size={24} />
        </ThemeIcon>
        <Text fz={26} fw={800} c={item.color}>
          {item.value}
        </Text>
      </Group>
      <Title order={3} fz="lg" mb={6}>
        {item.title}
      </Title>
      <Text c="dimmed" fz="sm" lh={1.6}>
        {item.body}
      </Text>
    </Card>
  );
}

function CrossList({ items, columns = 1 }: { items: readonly string[]; columns?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: columns }} spacing="lg" verticalSpacing={8}>
      {items.map((item) => (
        <Group key={item} gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={20} radius="xl" variant="light" color="red" mt={2}>
            <IconX size={13} />
          </ThemeIcon>
          <Text lh={1.6}>{item}</Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

export function GuidelinesPage() {
  usePageTitle('Game Guidelines');

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconClipboardCheck}
        color="violet"
        title="Game Guidelines"
        subtitle={`Everything your game needs to be published on ${PORTAL_NAME}: requirements, content rules and how our review works.`}
      >
        <Group justify="center" gap="xs" mt="xs">
          <Badge variant="light" size="lg" tt="none">
            Review in 1-3 business days
          </Badge>
          <Badge variant="light" color="teal" size="lg" tt="none">
            Live within 24-48h of approval
          </Badge>
        </Group>
      </PageHeader>

      <Stack gap={56} mt="md">
        <section>
          <SectionTitle
            icon={IconWorldCheck}
            title="Technical requirements"
            description="Games that load fast and run smoothly get played more."
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mb="lg">
            {TECHNICAL_REQUIREMENTS.map((item) => (
              <RequirementCard key={item.title} item={item} />
            ))}
          </SimpleGrid>
          <Card withBorder radius="md" padding="lg">
            <BulletList items={TECHNICAL_DETAILS} />
          </Card>
        </section>

        <section>
          <SectionTitle
            icon={IconBan}
            color="red"
            title="Content guidelines"
            description="Keep the portal safe and fun for everyone."
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ContentCard icon={IconCircleCheck} title="Welcome" color="teal">
              <BulletList items={CONTENT_ALLOWED} color="teal" />
            </ContentCard>
            <ContentCard icon={IconCircleX} title="Not allowed" color="red">
              <CrossList items={CONTENT_FORBIDDEN} />
            </ContentCard>
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconCertificate}
            color="orange"
            title="Age ratings"
            description={`Choose the rating that fits your game's content. ${DEFAULT_RATING_LABEL} is the default; only KIDS and E7+ games appear in the Kids Zone.`}
          />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
            {AGE_RATINGS_GUIDE.map((rating) => (
              <Paper key={rating.label} withBorder radius="md" p="md" ta="center">
                <Badge size="xl" radius="sm" color={rating.color} mb={8}>
                  {rating.label}
                </Badge>
                <Text fz="sm" fw={500}>
                  {rating.detail}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <section>
            <SectionTitle icon={IconAccessible} color="blue" title="User experience & accessibility" />
            <Card withBorder radius="md" padding="lg">
              <BulletList items={UX_ACCESSIBILITY} />
            </Card>
          </section>
          <section>
            <SectionTitle icon={IconCoin} color="yellow" title="Monetization" />
            <Card withBorder radius="md" padding="lg">
              <BulletList items={MONETIZATION} color="yellow" />
              <Button component={Link} to="/revenue" variant="subtle" mt="sm" px={0}>
                Learn about revenue sharing →
              </Button>
            </Card>
          </section>
        </SimpleGrid>

        <section>
          <SectionTitle
            icon={IconClipboardCheck}
            color="violet"
            title="Review process"
            description="Every submission goes through four steps. Review takes 1-3 business days."
          />
          <Box mb="lg">
            <ReviewStats />
          </Box>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {REVIEW_STEPS.map((step, index) => (
              <IconCard key={step.title} {...step} title={`${index + 1}. ${step.title}`} />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconCircleX}
            color="red"
            title="Common rejection reasons"
            description="Check these before you submit to get approved faster."
          />
          <Card withBorder radius="md" padding="lg">
            <CrossList items={REJECTION_REASONS} columns={2} />
          </Card>
        </section>

        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} ta="center">
          <Stack align="center" gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              Ready to publish?
            </Title>
            <Text c="dimmed" maw={560}>
              Submit your game for review, or join the developer community in the Developer Portal.
            </Text>
            <Group justify="center" gap="sm" mt="xs">
              <Button component={Link} to="/submit" size="md" leftSection={<IconUpload size={18} />}>
                Submit Your Game
              </Button>
              <Button
                component={Link}
                to="/developer"
                size="md"
                variant="default"
                leftSection={<IconUsersGroup size={18} />}
              >
                Join Developer Community
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

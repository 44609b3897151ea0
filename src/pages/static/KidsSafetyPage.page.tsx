import { Link } from 'react-router-dom';
import {
  Anchor,
  Badge,
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
  IconAlertTriangle,
  IconBrain,
  IconBulb,
  IconCertificate,
  IconClock,
  IconDeviceGamepad2,
  IconEye,
  IconFlag,
  IconHandStop,
  IconLock,
  IconMessageOff,
  IconMoodKid,
  IconPalette,
  IconPuzzle,
  IconShieldCheck,
  IconTarget,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { KID_SAFE_AGE_RATINGS, PORTAL_NAME, type AgeRating } from '../../../shared/constants';
import { BulletList, ContentCard, IconCard, PageHeader, SectionTitle, usePageTitle, type IconItem } from './components';

const SAFETY_EMAIL = 'safety@playfree.example';

const SAFETY_FEATURES: readonly IconItem[] = [
  {
    icon: IconCertificate,
    title: 'Every game reviewed',
    body: 'Our team checks every game for content, safety and quality before it is published.',
    color: 'teal',
  },
  {
    icon: IconMessageOff,
    title: 'No chat in the Kids Zone',
    body: 'The Kids Zone has no chat features, so children cannot be contacted by strangers there.',
    color: 'blue',
  },
  {
    icon: IconLock,
    title: 'Secure game frames',
    body: 'Games only load from secure HTTPS addresses their developers registered, inside a protected frame.',
    color: 'violet',
  },
  {
    icon: IconUserShield,
    title: 'No account needed',
    body: 'Children can play in the Kids Zone without signing up or sharing any personal information.',
    color: 'orange',
  },
];

const PARENTAL_CONTROLS: readonly IconItem[] = [
  {
    icon: IconMoodKid,
    title: 'Start in the Kids Zone',
    body: 'Bookmark the Kids Zone for your child. It lists only games rated KIDS or E7+.',
    color: 'pink',
  },
  {
    icon: IconEye,
    title: 'Check the age rating',
    body: 'Every game page shows its age rating in the Game Stats panel, so you can decide before your child plays.',
    color: 'blue',
  },
  {
    icon: IconClock,
    title: 'Use device controls',
    body: "Your device's and browser's family settings can limit screen time and the websites a child can open.",
    color: 'teal',
  },
  {
    icon: IconUsers,
    title: 'Manage accounts together',
    body: 'Accounts are for ages 13 and up. Teens under 18 need a parent or guardian’s permission to create one.',
    color: 'grape',
  },
];

const TIPS_FOR_PARENTS = [
  'Play a game together first to see what it is like.',
  'Keep devices in shared family spaces for younger children.',
  'Agree on time limits and take regular breaks from the screen.',
  'Talk about what to do if something online feels wrong or upsetting.',
  'Check in regularly on the games your child enjoys.',
] as const;

const TIPS_FOR_KIDS = [
  'Never share your name, address, school or photos online.',
  'Ask a grown-up before clicking on ads or links that leave the game.',
  'If something makes you feel uncomfortable, stop and tell a grown-up.',
  'Be kind to other players, just like you would be in real life.',
  'Take breaks: stretch, drink water and rest your eyes.',
] as const;

const EDUCATIONAL_BENEFITS: readonly IconItem[] = [
  {
    icon: IconPuzzle,
    title: 'Problem solving',
    body: 'Puzzle games build logical thinking and patience.',
    color: 'blue',
  },
  {
    icon: IconTarget,
    title: 'Coordination',
    body: 'Action and arcade games sharpen hand-eye coordination and reaction time.',
    color: 'orange',
  },
  {
    icon: IconBrain,
    title: 'Memory & strategy',
    body: 'Strategy and memory games train planning and concentration.',
    color: 'violet',
  },
  {
    icon: IconPalette,
    title: 'Creativity',
    body: 'Building and drawing games let children explore ideas and express themselves.',
    color: 'pink',
  },
];

interface RatingGuide {
  rating: AgeRating;
  label: string;
  ages: string;
  description: string;
  color: string;
}

const AGE_RATING_GUIDE: readonly RatingGuide[] = [
  {
    rating: 'KIDS',
    label: 'KIDS',
    ages: 'Ages 3-6',
    description: 'Simple, gentle games for young children. No violence and no reading required to play.',
    color: 'green',
  },
  {
    rating: 'E7',
    label: 'E7+',
    ages: 'Ages 7 and up',
    description: 'Suitable for most children. May contain mild cartoon action.',
    color: 'teal',
  },
  {
    rating: 'E13',
    label: 'E13+',
    ages: 'Ages 13 and up',
    description: 'May contain mild violence, competitive play or more complex themes.',
    color: 'yellow',
  },
  {
    rating: 'E16',
    label: 'E16+',
    ages: 'Ages 16 and up',
    description: 'May contain intense action, realistic violence or mature themes.',
    color: 'orange',
  },
  {
    rating: 'E18',
    label: 'E18',
    ages: 'Adults only',
    description: 'Intended for adults only. Never shown in the Kids Zone.',
    color: 'red',
  },
];

function AgeRatingCard({ guide }: { guide: RatingGuide }) {
  const inKidsZone = KID_SAFE_AGE_RATINGS.includes(guide.rating);
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <Badge size="xl" radius="sm" variant="filled" color={guide.color} style={{ flexShrink: 0 }}>
            {guide.label}
          </Badge>
          {inKidsZone && (
            <Badge size="sm" variant="light" color="pink" leftSection={<IconMoodKid size={12} />}>
              Kids Zone
            </Badge>
          )}
        </Group>
        <Text fw={600}>{guide.ages}</Text>
        <Text c="dimmed" fz="sm" lh={1.55}>
          {guide.description}
        </Text>
      </Stack>
    </Card>
  );
}

export function KidsSafetyPage() {
  usePageTitle('Kids Safety');

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconShieldCheck}
        color="pink"
        title="Kids Safety"
        subtitle={`How ${PORTAL_NAME} keeps young players safe, and how families can enjoy games together with confidence.`}
      >
        <Button component={Link} to="/kids" color="pink" leftSection={<IconDeviceGamepad2 size={18} />} mt="xs">
          Go to the Kids Zone
        </Button>
      </PageHeader>

      <Stack gap={56} mt="md">
        <section>
          <SectionTitle
            icon={IconShieldCheck}
            color="teal"
            title="Safety features"
            description="Protection that is built in, for every player."
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {SAFETY_FEATURES.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconUserShield}
            color="blue"
            title="Parental controls"
            description="Simple ways to decide what your child plays and for how long."
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {PARENTAL_CONTROLS.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle icon={IconBulb} color="yellow" title="Safety tips" />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ContentCard icon={IconUsers} title="For parents" color="blue">
              <BulletList items={TIPS_FOR_PARENTS} color="blue" />
            </ContentCard>
            <ContentCard icon={IconMoodKid} title="For kids" color="pink">
              <BulletList items={TIPS_FOR_KIDS} color="pink" />
            </ContentCard>
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconBrain}
            color="violet"
            title="Educational benefits"
            description="Played in moderation, good games help children learn and grow."
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {EDUCATIONAL_BENEFITS.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconCertificate}
            color="orange"
            title="Age rating guide"
            description="Every game carries one of these ratings. Only KIDS and E7+ games appear in the Kids Zone."
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} spacing="md">
            {AGE_RATING_GUIDE.map((guide) => (
              <AgeRatingCard key={guide.rating} guide={guide} />
            ))}
          </SimpleGrid>
        </section>

        <Paper
          component="section"
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          bg="var(--mantine-color-red-light)"
        >
          <Group wrap="nowrap" align="flex-start" gap="lg">
            <ThemeIcon size={48} radius="xl" color="red" visibleFrom="sm">
              <IconAlertTriangle size={26} />
            </ThemeIcon>
            <Stack gap="sm">
              <Title order={2} fz={{ base: 20, sm: 24 }}>
                Report a concern
              </Title>
              <Text lh={1.6}>
                If you see a game that is not suitable for children, or anything that worries you, tell us right away.
                Our safety team reviews every report, and urgent safety issues are handled first.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/report" color="red" leftSection={<IconFlag size={16} />}>
                  Report a Game
                </Button>
                <Button
                  component="a"
                  href={`mailto:${SAFETY_EMAIL}`}
                  variant="default"
                  leftSection={<IconHandStop size={16} />}
                >
                  E-mail the safety team
                </Button>
              </Group>
              <Text c="dimmed" fz="sm">
                You can also reach us at <Anchor href={`mailto:${SAFETY_EMAIL}`}>{SAFETY_EMAIL}</Anchor>.
              </Text>
            </Stack>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}

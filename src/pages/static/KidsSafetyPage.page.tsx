import type { ReactNode } from 'react';
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
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from '../../i18n';
import {
  BulletList,
  ContentCard,
  IconCard,
  PageHeader,
  SectionTitle,
  useIconItems,
  useMessages,
  usePageTitle,
  type IconItemMessages,
} from './components';

const SAFETY_EMAIL = 'safety@playfree.example';

const m = defineMessages({
  title: { id: 'kidsSafety.title', defaultMessage: 'Kids Safety' },
  feature1Title: { id: 'kidsSafety.feature1.title', defaultMessage: 'Every game reviewed' },
  feature1Body: {
    id: 'kidsSafety.feature1.body',
    defaultMessage:
      'Our team checks every game for content, safety and quality before it is published.',
  },
  feature2Title: { id: 'kidsSafety.feature2.title', defaultMessage: 'No chat in the Kids Zone' },
  feature2Body: {
    id: 'kidsSafety.feature2.body',
    defaultMessage:
      'The Kids Zone has no chat features, so children cannot be contacted by strangers there.',
  },
  feature3Title: { id: 'kidsSafety.feature3.title', defaultMessage: 'Secure game frames' },
  feature3Body: {
    id: 'kidsSafety.feature3.body',
    defaultMessage:
      'Games only load from secure HTTPS addresses their developers registered, inside a protected frame.',
  },
  feature4Title: { id: 'kidsSafety.feature4.title', defaultMessage: 'No account needed' },
  feature4Body: {
    id: 'kidsSafety.feature4.body',
    defaultMessage:
      'Children can play in the Kids Zone without signing up or sharing any personal information.',
  },
  control1Title: { id: 'kidsSafety.control1.title', defaultMessage: 'Start in the Kids Zone' },
  control1Body: { id: 'kidsSafety.control1.body', defaultMessage: 'Bookmark the Kids Zone for your child. It lists only games rated KIDS or E7+.' },
  control2Title: { id: 'kidsSafety.control2.title', defaultMessage: 'Check the age rating' },
  control2Body: {
    id: 'kidsSafety.control2.body',
    defaultMessage:
      'Every game page shows its age rating in the Game Stats panel, so you can decide before your child plays.',
  },
  control3Title: { id: 'kidsSafety.control3.title', defaultMessage: 'Use device controls' },
  control3Body: {
    id: 'kidsSafety.control3.body',
    defaultMessage:
      "Your device's and browser's family settings can limit screen time and the websites a child can open.",
  },
  control4Title: { id: 'kidsSafety.control4.title', defaultMessage: 'Manage accounts together' },
  control4Body: {
    id: 'kidsSafety.control4.body',
    defaultMessage:
      'Accounts are for ages 13 and up. Teens under 18 need a parent or guardian’s permission to create one.',
  },
  tipParents1: { id: 'kidsSafety.tipParents1', defaultMessage: 'Play a game together first to see what it is like.' },
  tipParents2: { id: 'kidsSafety.tipParents2', defaultMessage: 'Keep devices in shared family spaces for younger children.' },
  tipParents3: { id: 'kidsSafety.tipParents3', defaultMessage: 'Agree on time limits and take regular breaks from the screen.' },
  tipParents4: { id: 'kidsSafety.tipParents4', defaultMessage: 'Talk about what to do if something online feels wrong or upsetting.' },
  tipParents5: { id: 'kidsSafety.tipParents5', defaultMessage: 'Check in regularly on the games your child enjoys.' },
  tipKids1: { id: 'kidsSafety.tipKids1', defaultMessage: 'Never share your name, address, school or photos online.' },
  tipKids2: { id: 'kidsSafety.tipKids2', defaultMessage: 'Ask a grown-up before clicking on ads or links that leave the game.' },
  tipKids3: { id: 'kidsSafety.tipKids3', defaultMessage: 'If something makes you feel uncomfortable, stop and tell a grown-up.' },
  tipKids4: { id: 'kidsSafety.tipKids4', defaultMessage: 'Be kind to other players, just like you would be in real life.' },
  tipKids5: { id: 'kidsSafety.tipKids5', defaultMessage: 'Take breaks: stretch, drink water and rest your eyes.' },
  benefit1Title: { id: 'kidsSafety.benefit1.title', defaultMessage: 'Problem solving' },
  benefit1Body: { id: 'kidsSafety.benefit1.body', defaultMessage: 'Puzzle games build logical thinking and patience.' },
  benefit2Title: { id: 'kidsSafety.benefit2.title', defaultMessage: 'Coordination' },
  benefit2Body: { id: 'kidsSafety.benefit2.body', defaultMessage: 'Action and arcade games sharpen hand-eye coordination and reaction time.' },
  benefit3Title: { id: 'kidsSafety.benefit3.title', defaultMessage: 'Memory & strategy' },
  benefit3Body: { id: 'kidsSafety.benefit3.body', defaultMessage: 'Strategy and memory games train planning and concentration.' },
  benefit4Title: { id: 'kidsSafety.benefit4.title', defaultMessage: 'Creativity' },
  benefit4Body: { id: 'kidsSafety.benefit4.body', defaultMessage: 'Building and drawing games let children explore ideas and express themselves.' },
  ratingKidsAges: { id: 'kidsSafety.rating.kids.ages', defaultMessage: 'Ages 3-6' },
  ratingKidsDescription: {
    id: 'kidsSafety.rating.kids.description',
    defaultMessage:
      'Simple, gentle games for young children. No violence and no reading required to play.',
  },
  ratingE7Ages: { id: 'kidsSafety.rating.e7.ages', defaultMessage: 'Ages 7 and up' },
  ratingE7Description: { id: 'kidsSafety.rating.e7.description', defaultMessage: 'Suitable for most children. May contain mild cartoon action.' },
  ratingE13Ages: { id: 'kidsSafety.rating.e13.ages', defaultMessage: 'Ages 13 and up' },
  ratingE13Description: {
    id: 'kidsSafety.rating.e13.description',
    defaultMessage:
      'May contain mild violence, competitive play or more complex themes.',
  },
  ratingE16Ages: { id: 'kidsSafety.rating.e16.ages', defaultMessage: 'Ages 16 and up' },
  ratingE16Description: {
    id: 'kidsSafety.rating.e16.description',
    defaultMessage:
      'May contain intense action, realistic violence or mature themes.',
  },
  ratingE18Ages: { id: 'kidsSafety.rating.e18.ages', defaultMessage: 'Adults only' },
  ratingE18Description: { id: 'kidsSafety.rating.e18.description', defaultMessage: 'Intended for adults only. Never shown in the Kids Zone.' },
});

const SAFETY_FEATURES: readonly IconItemMessages[] = [
  {
    icon: IconCertificate,
    title: m.feature1Title,
    body: m.feature1Body,
    color: 'teal',
  },
  {
    icon: IconMessageOff,
    title: m.feature2Title,
    body: m.feature2Body,
    color: 'blue',
  },
  {
    icon: IconLock,
    title: m.feature3Title,
    body: m.feature3Body,
    color: 'violet',
  },
  {
    icon: IconUserShield,
    title: m.feature4Title,
    body: m.feature4Body,
    color: 'orange',
  },
];

const PARENTAL_CONTROLS: readonly IconItemMessages[] = [
  {
    icon: IconMoodKid,
    title: m.control1Title,
    body: m.control1Body,
    color: 'pink',
  },
  {
    icon: IconEye,
    title: m.control2Title,
    body: m.control2Body,
    color: 'blue',
  },
  {
    icon: IconClock,
    title: m.control3Title,
    body: m.control3Body,
    color: 'teal',
  },
  {
    icon: IconUsers,
    title: m.control4Title,
    body: m.control4Body,
    color: 'grape',
  },
];

const TIPS_FOR_PARENTS = [m.tipParents1, m.tipParents2, m.tipParents3, m.tipParents4, m.tipParents5];

const TIPS_FOR_KIDS = [m.tipKids1, m.tipKids2, m.tipKids3, m.tipKids4, m.tipKids5];

const EDUCATIONAL_BENEFITS: readonly IconItemMessages[] = [
  {
    icon: IconPuzzle,
    title: m.benefit1Title,
    body: m.benefit1Body,
    color: 'blue',
  },
  {
    icon: IconTarget,
    title: m.benefit2Title,
    body: m.benefit2Body,
    color: 'orange',
  },
  {
    icon: IconBrain,
    title: m.benefit3Title,
    body: m.benefit3Body,
    color: 'violet',
  },
  {
    icon: IconPalette,
    title: m.benefit4Title,
    body: m.benefit4Body,
    color: 'pink',
  },
];

interface RatingGuide {
  rating: AgeRating;
  label: string;
  ages: MessageDescriptor;
  description: MessageDescriptor;
  color: string;
}

const AGE_RATING_GUIDE: readonly RatingGuide[] = [
  {
    rating: 'KIDS',
    label: 'KIDS',
    ages: m.ratingKidsAges,
    description: m.ratingKidsDescription,
    color: 'green',
  },
  {
    rating: 'E7',
    label: 'E7+',
    ages: m.ratingE7Ages,
    description: m.ratingE7Description,
    color: 'teal',
  },
  {
    rating: 'E13',
    label: 'E13+',
    ages: m.ratingE13Ages,
    description: m.ratingE13Description,
    color: 'yellow',
  },
  {
    rating: 'E16',
    label: 'E16+',
    ages: m.ratingE16Ages,
    description: m.ratingE16Description,
    color: 'orange',
  },
  {
    rating: 'E18',
    label: 'E18',
    ages: m.ratingE18Ages,
    description: m.ratingE18Description,
    color: 'red',
  },
];

const safetyMail = (chunks: ReactNode[]) => <Anchor href={`mailto:${SAFETY_EMAIL}`}>{chunks}</Anchor>;

function AgeRatingCard({ guide }: { guide: RatingGuide }) {
  const intl = useIntl();
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
              <FormattedMessage id="nav.kidsZone" defaultMessage="Kids Zone" />
            </Badge>
          )}
        </Group>
        <Text fw={600}>{intl.formatMessage(guide.ages)}</Text>
        <Text c="dimmed" fz="sm" lh={1.55}>
          {intl.formatMessage(guide.description)}
        </Text>
      </Stack>
    </Card>
  );
}

export function KidsSafetyPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const safetyFeatures = useIconItems(SAFETY_FEATURES);
  const parentalControls = useIconItems(PARENTAL_CONTROLS);
  const educationalBenefits = useIconItems(EDUCATIONAL_BENEFITS);
  const tipsForParents = useMessages(TIPS_FOR_PARENTS);
  const tipsForKids = useMessages(TIPS_FOR_KIDS);

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconShieldCheck}
        color="pink"
        title={intl.formatMessage(m.title)}
        subtitle={intl.formatMessage(
          {
            id: 'kidsSafety.subtitle',
            defaultMessage: 'How {portal} keeps young players safe, and how families can enjoy games together with confidence.',
          },
          { portal: PORTAL_NAME },
        )}
      >
        <Group gap="sm" mt="xs">
          <Button component={Link} to="/kids" color="pink" leftSection={<IconDeviceGamepad2 size={18} />}>
            <FormattedMessage id="kidsSafety.goToKidsZone" defaultMessage="Go to the Kids Zone" />
          </Button>
          {/* Where a parent sets limits that follow every paired device (issue #38: no page linked it). */}
          <Button component={Link} to="/family" color="pink" variant="light" leftSection={<IconMoodKid size={18} />}>
            <FormattedMessage id="family.title" defaultMessage="Kids Zone for parents" />
          </Button>
        </Group>
      </PageHeader>

      <Stack gap={56} mt="md">
        <section>
          <SectionTitle
            icon={IconShieldCheck}
            color="teal"
            title={intl.formatMessage({ id: 'kidsSafety.featuresTitle', defaultMessage: 'Safety features' })}
            description={intl.formatMessage({ id: 'kidsSafety.featuresIntro', defaultMessage: 'Protection that is built in, for every player.' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {safetyFeatures.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconUserShield}
            color="blue"
            title={intl.formatMessage({ id: 'kidsSafety.controlsTitle', defaultMessage: 'Parental controls' })}
            description={intl.formatMessage({
              id: 'kidsSafety.controlsIntro',
              defaultMessage: 'Simple ways to decide what your child plays and for how long.',
            })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {parentalControls.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle icon={IconBulb} color="yellow" title={intl.formatMessage({ id: 'kidsSafety.tipsTitle', defaultMessage: 'Safety tips' })} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ContentCard icon={IconUsers} title={intl.formatMessage({ id: 'kidsSafety.forParents', defaultMessage: 'For parents' })} color="blue">
              <BulletList items={tipsForParents} color="blue" />
            </ContentCard>
            <ContentCard icon={IconMoodKid} title={intl.formatMessage({ id: 'kidsSafety.forKids', defaultMessage: 'For kids' })} color="pink">
              <BulletList items={tipsForKids} color="pink" />
            </ContentCard>
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconBrain}
            color="violet"
            title={intl.formatMessage({ id: 'kidsSafety.benefitsTitle', defaultMessage: 'Educational benefits' })}
            description={intl.formatMessage({
              id: 'kidsSafety.benefitsIntro',
              defaultMessage: 'Played in moderation, good games help children learn and grow.',
            })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {educationalBenefits.map((item) => (
              <IconCard key={item.title} {...item} />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconCertificate}
            color="orange"
            title={intl.formatMessage({ id: 'kidsSafety.ratingsTitle', defaultMessage: 'Age rating guide' })}
            description={intl.formatMessage({
              id: 'kidsSafety.ratingsIntro',
              defaultMessage: 'Every game carries one of these ratings. Only KIDS and E7+ games appear in the Kids Zone.',
            })}
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
                <FormattedMessage id="kidsSafety.concernTitle" defaultMessage="Report a concern" />
              </Title>
              <Text lh={1.6}>
                <FormattedMessage
                  id="kidsSafety.concernText"
                  defaultMessage="If you see a game that is not suitable for children, or anything that worries you, tell us right away. Our safety team reviews every report, and urgent safety issues are handled first."
                />
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/report" color="red" leftSection={<IconFlag size={16} />}>
                  <FormattedMessage id="report.title" defaultMessage="Report a Game" />
                </Button>
                <Button
                  component="a"
                  href={`mailto:${SAFETY_EMAIL}`}
                  variant="default"
                  leftSection={<IconHandStop size={16} />}
                >
                  <FormattedMessage id="kidsSafety.emailTeam" defaultMessage="E-mail the safety team" />
                </Button>
              </Group>
              <Text c="dimmed" fz="sm">
                <FormattedMessage
                  id="kidsSafety.reachUs"
                  defaultMessage="You can also reach us at <mail>{email}</mail>."
                  values={{ email: SAFETY_EMAIL, mail: safetyMail }}
                />
              </Text>
            </Stack>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}

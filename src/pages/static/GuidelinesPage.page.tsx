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
  type IconItem,
  type IconItemMessages,
} from './components';

const m = defineMessages({
  title: { id: 'guidelines.title', defaultMessage: 'Game Guidelines' },
  technicalTitle: { id: 'guidelines.technical.title', defaultMessage: 'Technical requirements' },
  technicalIntro: { id: 'guidelines.technical.intro', defaultMessage: 'Games that load fast and run smoothly get played more.' },
  sizeTitle: { id: 'guidelines.technical.size.title', defaultMessage: 'Maximum file size' },
  sizeBody: {
    id: 'guidelines.technical.size.body',
    defaultMessage: 'The total download of your game, including all assets, must stay under 50MB.',
  },
  loadingTitle: { id: 'guidelines.technical.loading.title', defaultMessage: 'Fast loading' },
  loadingBody: {
    id: 'guidelines.technical.loading.body',
    defaultMessage: 'Your game should load in under 10 seconds on a typical broadband connection.',
  },
  httpsTitle: { id: 'guidelines.technical.https.title', defaultMessage: 'HTTPS required' },
  httpsBody: {
    id: 'guidelines.technical.https.body',
    defaultMessage: 'Games must be served over HTTPS from the origin you register with us.',
  },
  performanceTitle: { id: 'guidelines.technical.performance.title', defaultMessage: 'Smooth performance' },
  performanceBody: {
    id: 'guidelines.technical.performance.body',
    defaultMessage: 'Aim for 60 frames per second on mid-range laptops and phones.',
  },
  technicalItem1: {
    id: 'guidelines.technical.item1',
    defaultMessage:
      'Built with web standards: HTML5, JavaScript and WebAssembly. Games run in a sandboxed frame and must work inside it.',
  },
  technicalItem2: { id: 'guidelines.technical.item2', defaultMessage: 'Scale to the size of the frame; do not assume a fixed window size.' },
  technicalItem3: {
    id: 'guidelines.technical.item3',
    defaultMessage: 'Support keyboard and mouse, and touch controls wherever the game can be played on a phone.',
  },
  technicalItem4: { id: 'guidelines.technical.item4', defaultMessage: 'Do not open pop-ups or navigate the parent page.' },
  technicalItem5: {
    id: 'guidelines.technical.item5',
    defaultMessage: 'Use the {portal} SDK to report loading, gameplay and scores, and to honour pause and mute from the portal.',
  },
  contentTitle: { id: 'guidelines.content.title', defaultMessage: 'Content guidelines' },
  contentIntro: { id: 'guidelines.content.intro', defaultMessage: 'Keep the portal safe and fun for everyone.' },
  allowedTitle: { id: 'guidelines.allowed.title', defaultMessage: 'Welcome' },
  allowedItem1: { id: 'guidelines.allowed.item1', defaultMessage: 'Original games, or games you have every right to publish.' },
  allowedItem2: { id: 'guidelines.allowed.item2', defaultMessage: 'Cartoon or fantasy action that matches the declared age rating.' },
  allowedItem3: { id: 'guidelines.allowed.item3', defaultMessage: 'Clear titles, descriptions and thumbnails that show the real game.' },
  forbiddenTitle: { id: 'guidelines.forbidden.title', defaultMessage: 'Not allowed' },
  forbiddenItem1: { id: 'guidelines.forbidden.item1', defaultMessage: 'Flash content or any plug-in-based technology.' },
  forbiddenItem2: { id: 'guidelines.forbidden.item2', defaultMessage: 'Executables or downloads of any kind: the game must run in the browser.' },
  forbiddenItem3: { id: 'guidelines.forbidden.item3', defaultMessage: 'Cryptocurrency mining scripts or any hidden use of the player’s device.' },
  forbiddenItem4: { id: 'guidelines.forbidden.item4', defaultMessage: 'Gambling or betting with real money or items of real-money value.' },
  forbiddenItem5: { id: 'guidelines.forbidden.item5', defaultMessage: 'Malware, tracking without consent, hate speech or sexually explicit content.' },
  forbiddenItem6: { id: 'guidelines.forbidden.item6', defaultMessage: 'Content that infringes copyrights or trademarks.' },
  ratingsTitle: { id: 'guidelines.ratings.title', defaultMessage: 'Age ratings' },
  ratingKidsAges: { id: 'kidsSafety.rating.kids.ages', defaultMessage: 'Ages 3-6' },
  ratingE7Ages: { id: 'kidsSafety.rating.e7.ages', defaultMessage: 'Ages 7 and up' },
  ratingE13Ages: { id: 'kidsSafety.rating.e13.ages', defaultMessage: 'Ages 13 and up' },
  ratingE16Ages: { id: 'kidsSafety.rating.e16.ages', defaultMessage: 'Ages 16 and up' },
  ratingE18Ages: { id: 'kidsSafety.rating.e18.ages', defaultMessage: 'Adults only' },
  uxTitle: { id: 'guidelines.ux.title', defaultMessage: 'User experience & accessibility' },
  uxItem1: { id: 'guidelines.ux.item1', defaultMessage: 'Explain the controls and the goal of the game on the first screen.' },
  uxItem2: { id: 'guidelines.ux.item2', defaultMessage: 'Let players pause at any time, and respect pause and mute sent by the portal.' },
  uxItem3: { id: 'guidelines.ux.item3', defaultMessage: 'Start with sound at a comfortable volume; never autoplay loud audio.' },
  uxItem4: {
    id: 'guidelines.ux.item4',
    defaultMessage: 'Use readable font sizes and enough colour contrast, and do not rely on colour alone.',
  },
  uxItem5: { id: 'guidelines.ux.item5', defaultMessage: 'Avoid rapidly flashing effects that could trigger seizures.' },
  uxItem6: { id: 'guidelines.ux.item6', defaultMessage: 'Offer keyboard controls, and allow remapping where you can.' },
  monetizationTitle: { id: 'guidelines.monetization.title', defaultMessage: 'Monetization' },
  monetizationItem1: {
    id: 'guidelines.monetization.item1',
    defaultMessage: 'Games earn through the portal’s revenue sharing: 70% for the developer, 30% for the platform.',
  },
  monetizationItem2: {
    id: 'guidelines.monetization.item2',
    defaultMessage: 'Ads inside a game must be clearly marked and must not interrupt gameplay unexpectedly.',
  },
  monetizationItem3: {
    id: 'guidelines.monetization.item3',
    defaultMessage: 'No fake buttons, misleading ads or rewards that trick players into clicking.',
  },
  monetizationItem4: {
    id: 'guidelines.monetization.item4',
    defaultMessage: 'No real-money gambling, loot boxes bought with real money, or pay-to-win mechanics that block progress.',
  },
  monetizationItem5: {
    id: 'guidelines.monetization.item5',
    defaultMessage: 'Games rated KIDS or E7+ must not contain in-game purchases or links to external stores.',
  },
  reviewTitle: { id: 'guidelines.review.title', defaultMessage: 'Review process' },
  automatedTitle: { id: 'guidelines.review.automated.title', defaultMessage: 'Automated tests' },
  automatedBody: {
    id: 'guidelines.review.automated.body',
    defaultMessage: 'We check HTTPS, file size, load time and scan for malware and mining scripts.',
  },
  contentReviewTitle: { id: 'guidelines.review.content.title', defaultMessage: 'Content review' },
  contentReviewBody: {
    id: 'guidelines.review.content.body',
    defaultMessage: 'A reviewer checks the content, the age rating, the title, description and thumbnail.',
  },
  gameplayTitle: { id: 'guidelines.review.gameplay.title', defaultMessage: 'Gameplay testing' },
  gameplayBody: {
    id: 'guidelines.review.gameplay.body',
    defaultMessage: 'We play your game on desktop and mobile to check controls, stability and performance.',
  },
  publicationTitle: { id: 'guidelines.review.publication.title', defaultMessage: 'Publication' },
  publicationBody: { id: 'guidelines.review.publication.body', defaultMessage: 'Approved games go live on the portal within 24-48 hours.' },
  rejectionTitle: { id: 'guidelines.rejection.title', defaultMessage: 'Common rejection reasons' },
  rejectionIntro: { id: 'guidelines.rejection.intro', defaultMessage: 'Check these before you submit to get approved faster.' },
});

/** The review's rejection reasons (REJECTION_RULES, whose English texts these repeat) in the reader's language. */
const REJECTION_REASONS: Record<(typeof REJECTION_RULES)[number]['rule'], MessageDescriptor> = defineMessages({
  'slow-load': { id: 'guidelines.rejection.slowLoad', defaultMessage: 'The game takes more than 30 seconds to load.' },
  broken: { id: 'guidelines.rejection.broken', defaultMessage: 'The game does not load, crashes or has game-breaking bugs.' },
  'insecure-origin': {
    id: 'guidelines.rejection.insecureOrigin',
    defaultMessage: 'The game is not served over HTTPS, or from a different origin than the one registered.',
  },
  'age-rating': { id: 'guidelines.rejection.ageRating', defaultMessage: 'The content does not match the declared age rating.' },
  metadata: { id: 'guidelines.rejection.metadata', defaultMessage: 'Missing or misleading title, description or thumbnail.' },
  advertising: { id: 'guidelines.rejection.advertising', defaultMessage: 'Excessive or deceptive advertising.' },
  copyright: { id: 'guidelines.rejection.copyright', defaultMessage: 'Copyright or trademark infringement.' },
  'prohibited-content': {
    id: 'guidelines.rejection.prohibitedContent',
    defaultMessage: 'Prohibited content: Flash, executables, mining scripts or gambling.',
  },
});

const TECHNICAL_REQUIREMENTS: readonly (IconItemMessages & { value: string })[] = [
  { icon: IconFileZip, value: '50MB', title: m.sizeTitle, body: m.sizeBody, color: 'blue' },
  { icon: IconBolt, value: '< 10s', title: m.loadingTitle, body: m.loadingBody, color: 'yellow' },
  { icon: IconLock, value: 'HTTPS', title: m.httpsTitle, body: m.httpsBody, color: 'teal' },
  { icon: IconGauge, value: '60fps', title: m.performanceTitle, body: m.performanceBody, color: 'grape' },
];

const TECHNICAL_DETAILS = [m.technicalItem1, m.technicalItem2, m.technicalItem3, m.technicalItem4, m.technicalItem5];

const CONTENT_ALLOWED = [m.allowedItem1, m.allowedItem2, m.allowedItem3];

const CONTENT_FORBIDDEN = [m.forbiddenItem1, m.forbiddenItem2, m.forbiddenItem3, m.forbiddenItem4, m.forbiddenItem5, m.forbiddenItem6];

const AGE_RATINGS_GUIDE: readonly { rating: AgeRating; label: string; detail: MessageDescriptor; color: string }[] = [
  { rating: 'KIDS', label: 'KIDS', detail: m.ratingKidsAges, color: 'green' },
  { rating: 'E7', label: 'E7+', detail: m.ratingE7Ages, color: 'teal' },
  { rating: 'E13', label: 'E13+', detail: m.ratingE13Ages, color: 'yellow' },
  { rating: 'E16', label: 'E16+', detail: m.ratingE16Ages, color: 'orange' },
  { rating: 'E18', label: 'E18', detail: m.ratingE18Ages, color: 'red' },
];
const DEFAULT_RATING_LABEL = AGE_RATINGS_GUIDE.find((r) => r.rating === DEFAULT_AGE_RATING)?.label ?? DEFAULT_AGE_RATING;

const UX_ACCESSIBILITY = [m.uxItem1, m.uxItem2, m.uxItem3, m.uxItem4, m.uxItem5, m.uxItem6];

const MONETIZATION = [m.monetizationItem1, m.monetizationItem2, m.monetizationItem3, m.monetizationItem4, m.monetizationItem5];

const REVIEW_STEPS: readonly IconItemMessages[] = [
  { icon: IconRobot, title: m.automatedTitle, body: m.automatedBody, color: 'blue' },
  { icon: IconClipboardCheck, title: m.contentReviewTitle, body: m.contentReviewBody, color: 'violet' },
  { icon: IconDeviceGamepad2, title: m.gameplayTitle, body: m.gameplayBody, color: 'orange' },
  { icon: IconRocket, title: m.publicationTitle, body: m.publicationBody, color: 'teal' },
];

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
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const requirements = useIconItems(TECHNICAL_REQUIREMENTS).map((item, index) => ({ ...item, value: TECHNICAL_REQUIREMENTS[index]!.value }));
  const technicalDetails = useMessages(TECHNICAL_DETAILS, { portal: PORTAL_NAME });
  const contentAllowed = useMessages(CONTENT_ALLOWED);
  const contentForbidden = useMessages(CONTENT_FORBIDDEN);
  const uxAccessibility = useMessages(UX_ACCESSIBILITY);
  const monetization = useMessages(MONETIZATION);
  const reviewSteps = useIconItems(REVIEW_STEPS);
  const rejectionReasons = useMessages(REJECTION_RULES.map(({ rule }) => REJECTION_REASONS[rule]));

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconClipboardCheck}
        color="violet"
        title={intl.formatMessage(m.title)}
        subtitle={intl.formatMessage(
          {
            id: 'guidelines.subtitle',
            defaultMessage: 'Everything your game needs to be published on {portal}: requirements, content rules and how our review works.',
          },
          { portal: PORTAL_NAME },
        )}
      >
        <Group justify="center" gap="xs" mt="xs">
          <Badge variant="light" size="lg" tt="none">
            <FormattedMessage id="guidelines.reviewTime" defaultMessage="Review in 1-3 business days" />
          </Badge>
          <Badge variant="light" color="teal" size="lg" tt="none">
            <FormattedMessage id="guidelines.liveTime" defaultMessage="Live within 24-48h of approval" />
          </Badge>
        </Group>
      </PageHeader>

      <Stack gap={56} mt="md">
        <section>
          <SectionTitle icon={IconWorldCheck} title={intl.formatMessage(m.technicalTitle)} description={intl.formatMessage(m.technicalIntro)} />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" mb="lg">
            {requirements.map((item) => (
              <RequirementCard key={item.title} item={item} />
            ))}
          </SimpleGrid>
          <Card withBorder radius="md" padding="lg">
            <BulletList items={technicalDetails} />
          </Card>
        </section>

        <section>
          <SectionTitle icon={IconBan} color="red" title={intl.formatMessage(m.contentTitle)} description={intl.formatMessage(m.contentIntro)} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ContentCard icon={IconCircleCheck} title={intl.formatMessage(m.allowedTitle)} color="teal">
              <BulletList items={contentAllowed} color="teal" />
            </ContentCard>
            <ContentCard icon={IconCircleX} title={intl.formatMessage(m.forbiddenTitle)} color="red">
              <CrossList items={contentForbidden} />
            </ContentCard>
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle
            icon={IconCertificate}
            color="orange"
            title={intl.formatMessage(m.ratingsTitle)}
            description={intl.formatMessage(
              {
                id: 'guidelines.ratings.intro',
                defaultMessage: "Choose the rating that fits your game's content. {defaultRating} is the default; only KIDS and E7+ games appear in the Kids Zone.",
              },
              { defaultRating: DEFAULT_RATING_LABEL },
            )}
          />
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
            {AGE_RATINGS_GUIDE.map((rating) => (
              <Paper key={rating.label} withBorder radius="md" p="md" ta="center">
                <Badge size="xl" radius="sm" color={rating.color} mb={8}>
                  {rating.label}
                </Badge>
                <Text fz="sm" fw={500}>
                  {intl.formatMessage(rating.detail)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <section>
            <SectionTitle icon={IconAccessible} color="blue" title={intl.formatMessage(m.uxTitle)} />
            <Card withBorder radius="md" padding="lg">
              <BulletList items={uxAccessibility} />
            </Card>
          </section>
          <section>
            <SectionTitle icon={IconCoin} color="yellow" title={intl.formatMessage(m.monetizationTitle)} />
            <Card withBorder radius="md" padding="lg">
              <BulletList items={monetization} color="yellow" />
              <Button component={Link} to="/revenue" variant="subtle" mt="sm" px={0}>
                <FormattedMessage id="guidelines.revenueLink" defaultMessage="Learn about revenue sharing →" />
              </Button>
            </Card>
          </section>
        </SimpleGrid>

        <section>
          <SectionTitle
            icon={IconClipboardCheck}
            color="violet"
            title={intl.formatMessage(m.reviewTitle)}
            description={intl.formatMessage({
              id: 'guidelines.review.intro',
              defaultMessage: 'Every submission goes through four steps. Review takes 1-3 business days.',
            })}
          />
          <Box mb="lg">
            <ReviewStats />
          </Box>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
            {reviewSteps.map((step, index) => (
              <IconCard
                key={step.title}
                {...step}
                title={intl.formatMessage({ id: 'guidelines.review.stepTitle', defaultMessage: '{number}. {title}' }, { number: index + 1, title: step.title })}
              />
            ))}
          </SimpleGrid>
        </section>

        <section>
          <SectionTitle icon={IconCircleX} color="red" title={intl.formatMessage(m.rejectionTitle)} description={intl.formatMessage(m.rejectionIntro)} />
          <Card withBorder radius="md" padding="lg">
            <CrossList items={rejectionReasons} columns={2} />
          </Card>
        </section>

        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} ta="center">
          <Stack align="center" gap="sm">
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              <FormattedMessage id="guidelines.ready.title" defaultMessage="Ready to publish?" />
            </Title>
            <Text c="dimmed" maw={560}>
              <FormattedMessage
                id="guidelines.ready.body"
                defaultMessage="Submit your game for review, or join the developer community in the Developer Portal."
              />
            </Text>
            <Group justify="center" gap="sm" mt="xs">
              <Button component={Link} to="/submit" size="md" leftSection={<IconUpload size={18} />}>
                <FormattedMessage id="nav.submitYourGame" defaultMessage="Submit Your Game" />
              </Button>
              <Button component={Link} to="/developer" size="md" variant="default" leftSection={<IconUsersGroup size={18} />}>
                <FormattedMessage id="guidelines.ready.joinCommunity" defaultMessage="Join Developer Community" />
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

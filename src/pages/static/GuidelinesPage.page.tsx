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
import { FormattedMessage, useIntl, type MessageDescriptor } from '../../i18n';
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

import { guidelinesMessages as m, REJECTION_REASONS } from './guidelinesMessages';


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

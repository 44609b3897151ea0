import { Link } from 'react-router-dom';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
  NativeSelect,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBook2,
  IconBriefcase,
  IconClock,
  IconCode,
  IconFlag,
  IconHelpCircle,
  IconMail,
  IconMapPin,
  IconMessages,
  IconTool,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { GetInputPropsReturnType } from '@mantine/form';
import { CONTACT_TYPES, PORTAL_NAME } from '../../../shared/constants';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from '../../i18n';
import { contactTypeMessages, ContactForm } from './ContactForm';
import { ContentCard, PageHeader, SectionTitle, usePageTitle } from './components';

type ContactType = (typeof CONTACT_TYPES)[number];

interface Department {
  type: ContactType;
  icon: typeof IconMail;
  color: string;
  email: string;
  description: MessageDescriptor;
  /** How soon this team answers; reports are triaged by priority instead. */
  response?: MessageDescriptor;
}

const messages = defineMessages({
  title: { id: 'contact.title', defaultMessage: 'Contact Us' },
  generalText: { id: 'contact.general.text', defaultMessage: 'Questions, feedback and ideas about the portal.' },
  technicalText: { id: 'contact.technical.text', defaultMessage: 'Games that will not load, sign-in problems and bugs.' },
  developerText: { id: 'contact.developer.text', defaultMessage: 'Game submissions, reviews, the SDK and the API.' },
  businessText: { id: 'contact.business.text', defaultMessage: 'Partnerships, advertising and press.' },
  reportText: { id: 'contact.report.text', defaultMessage: 'Inappropriate content, malware or copyright concerns.' },
  hours24to48: { id: 'contact.response.hours24to48', defaultMessage: '24-48 hours' },
  hours4to8: { id: 'contact.response.hours4to8', defaultMessage: '4-8 hours' },
  hours12to24: { id: 'contact.response.hours12to24', defaultMessage: '12-24 hours' },
  businessDays2to3: { id: 'contact.response.businessDays2to3', defaultMessage: '2-3 business days' },
});

const DEPARTMENTS: readonly Department[] = [
  {
    type: 'general',
    icon: IconMessages,
    color: 'blue',
    email: 'hello@playfree.example',
    description: messages.generalText,
    response: messages.hours24to48,
  },
  {
    type: 'technical',
    icon: IconTool,
    color: 'teal',
    email: 'support@playfree.example',
    description: messages.technicalText,
    response: messages.hours4to8,
  },
  {
    type: 'developer',
    icon: IconCode,
    color: 'violet',
    email: 'developers@playfree.example',
    description: messages.developerText,
    response: messages.hours12to24,
  },
  {
    type: 'business',
    icon: IconBriefcase,
    color: 'orange',
    email: 'business@playfree.example',
    description: messages.businessText,
    response: messages.businessDays2to3,
  },
  {
    type: 'report',
    icon: IconFlag,
    color: 'red',
    email: 'report@playfree.example',
    description: messages.reportText,
  },
];

const RESPONSE_TIMES = DEPARTMENTS.flatMap((d) => (d.response ? [{ ...d, response: d.response }] : []));

const OFFICE = {
  name: `${PORTAL_NAME} Studio`,
  lines: ['42 Example Road, Indiranagar', 'Bengaluru 560038, India'],
};

const reportLink = (chunks: ReactNode[]) => (
  <Anchor component={Link} to="/report" fz="xs">
    {chunks}
  </Anchor>
);

/** The message's type, in the browser's own list (a phone's picker): no dropdown library loads with the page. */
function ContactTypeSelect(props: GetInputPropsReturnType) {
  const intl = useIntl();
  return (
    <NativeSelect
      label={intl.formatMessage({ id: 'contact.typeLabel', defaultMessage: 'Type of inquiry' })}
      data={CONTACT_TYPES.map((value) => ({ value, label: intl.formatMessage(contactTypeMessages[value]) }))}
      {...props}
    />
  );
}

function DepartmentRow({ department }: { department: Department }) {
  const intl = useIntl();
  const Icon = department.icon;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={department.color} size="lg" radius="md">
        <Icon size={20} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600}>{intl.formatMessage(contactTypeMessages[department.type])}</Text>
        <Anchor href={`mailto:${department.email}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {department.email}
        </Anchor>
        <Text c="dimmed" fz="sm">
          {intl.formatMessage(department.description)}
        </Text>
      </Stack>
    </Group>
  );
}

export function ContactPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconMail}
        color="teal"
        title={intl.formatMessage(messages.title)}
        subtitle={intl.formatMessage({
          id: 'contact.subtitle',
          defaultMessage: 'Have a question, found a bug or want to work with us? Pick the right team or send us a message.',
        })}
      >
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to="/help" variant="light" leftSection={<IconBook2 size={16} />}>
            <FormattedMessage id="contact.visitHelpCenter" defaultMessage="Visit Help Center" />
          </Button>
          <Button component={Link} to="/help#faq" variant="default" leftSection={<IconHelpCircle size={16} />}>
            <FormattedMessage id="contact.visitFaq" defaultMessage="Visit FAQ" />
          </Button>
        </Group>
      </PageHeader>

      <Grid gap={{ base: 'xl', md: 40 }} mt="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionTitle
            icon={IconMessages}
            color="teal"
            title={intl.formatMessage({ id: 'contact.sendUsAMessage', defaultMessage: 'Send us a message' })}
            description={intl.formatMessage({ id: 'contact.formIntro', defaultMessage: 'Fill in the form and the right team will answer by e-mail.' })}
          />
          <Card withBorder radius="md" padding="lg">
            <ContactForm
              TypeField={ContactTypeSelect}
              successMessage={intl.formatMessage({
                id: 'contact.thanks',
                defaultMessage: "Thank you for your message! We'll answer by e-mail as soon as we can.",
              })}
            />
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <ContentCard icon={IconMail} title={intl.formatMessage({ id: 'contact.emailATeam', defaultMessage: 'E-mail a team' })}>
              <Stack gap="md">
                {DEPARTMENTS.map((department) => (
                  <DepartmentRow key={department.type} department={department} />
                ))}
              </Stack>
            </ContentCard>

            <ContentCard icon={IconClock} title={intl.formatMessage({ id: 'contact.responseTimes', defaultMessage: 'Response times' })} color="orange">
              <Stack gap="xs">
                {RESPONSE_TIMES.map((department) => (
                  <Group key={department.type} justify="space-between" wrap="nowrap" gap="sm">
                    <Text fz="sm">{intl.formatMessage(contactTypeMessages[department.type])}</Text>
                    <Badge variant="light" color={department.color} tt="none" style={{ flexShrink: 0 }}>
                      {intl.formatMessage(department.response)}
                    </Badge>
                  </Group>
                ))}
              </Stack>
              <Text c="dimmed" fz="xs">
                <FormattedMessage
                  id="contact.reportsByPriority"
                  defaultMessage="Reports are handled by priority: critical within 4 hours, high within 24 hours, medium and low within 2-5 business days. <link>Report a game</link>"
                  values={{ link: reportLink }}
                />
              </Text>
            </ContentCard>

            <ContentCard icon={IconMapPin} title={intl.formatMessage({ id: 'contact.ourOffice', defaultMessage: 'Our office' })} color="grape">
              <div>
                <Title order={4} fz="md">
                  {OFFICE.name}
                </Title>
                {OFFICE.lines.map((line) => (
                  <Text key={line} fz="sm">
                    {line}
                  </Text>
                ))}
              </div>
              <Text c="dimmed" fz="sm">
                <FormattedMessage id="contact.officeNote" defaultMessage="Visits by appointment only. Please e-mail us first." />
              </Text>
            </ContentCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

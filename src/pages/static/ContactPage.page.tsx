import { Link } from 'react-router-dom';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Grid,
  Group,
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
import { CONTACT_TYPES, PORTAL_NAME } from '../../../shared/constants';
import { CONTACT_TYPE_LABELS, ContactForm } from './ContactForm';
import { ContentCard, PageHeader, SectionTitle, usePageTitle } from './components';

type ContactType = (typeof CONTACT_TYPES)[number];

interface Department {
  type: ContactType;
  icon: typeof IconMail;
  color: string;
  email: string;
  description: string;
  /** How soon this team answers; reports are triaged by priority instead. */
  response?: string;
}

const DEPARTMENTS: readonly Department[] = [
  {
    type: 'general',
    icon: IconMessages,
    color: 'blue',
    email: 'hello@playfree.example',
    description: 'Questions, feedback and ideas about the portal.',
    response: '24-48 hours',
  },
  {
    type: 'technical',
    icon: IconTool,
    color: 'teal',
    email: 'support@playfree.example',
    description: 'Games that will not load, sign-in problems and bugs.',
    response: '4-8 hours',
  },
  {
    type: 'developer',
    icon: IconCode,
    color: 'violet',
    email: 'developers@playfree.example',
    description: 'Game submissions, reviews, the SDK and the API.',
    response: '12-24 hours',
  },
  {
    type: 'business',
    icon: IconBriefcase,
    color: 'orange',
    email: 'business@playfree.example',
    description: 'Partnerships, advertising and press.',
    response: '2-3 business days',
  },
  {
    type: 'report',
    icon: IconFlag,
    color: 'red',
    email: 'report@playfree.example',
    description: 'Inappropriate content, malware or copyright concerns.',
  },
];

const RESPONSE_TIMES = DEPARTMENTS.flatMap((d) => (d.response ? [{ ...d, response: d.response }] : []));

const OFFICE = {
  name: `${PORTAL_NAME} Studio`,
  lines: ['42 Example Road, Indiranagar', 'Bengaluru 560038, India'],
  note: 'Visits by appointment only. Please e-mail us first.',
};

function DepartmentRow({ department }: { department: Department }) {
  const Icon = department.icon;
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={department.color} size="lg" radius="md">
        <Icon size={20} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600}>{CONTACT_TYPE_LABELS[department.type]}</Text>
        <Anchor href={`mailto:${department.email}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {department.email}
        </Anchor>
        <Text c="dimmed" fz="sm">
          {department.description}
        </Text>
      </Stack>
    </Group>
  );
}

export function ContactPage() {
  usePageTitle('Contact Us');

  return (
    <Container size="lg" py="xl">
      <PageHeader
        icon={IconMail}
        color="teal"
        title="Contact Us"
        subtitle="Have a question, found a bug or want to work with us? Pick the right team or send us a message."
      >
        <Group justify="center" gap="sm" mt="xs">
          <Button component={Link} to="/help" variant="light" leftSection={<IconBook2 size={16} />}>
            Visit Help Center
          </Button>
          <Button component={Link} to="/help#faq" variant="default" leftSection={<IconHelpCircle size={16} />}>
            Visit FAQ
          </Button>
        </Group>
      </PageHeader>

      <Grid gap={{ base: 'xl', md: 40 }} mt="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionTitle
            icon={IconMessages}
            color="teal"
            title="Send us a message"
            description="Fill in the form and the right team will answer by e-mail."
          />
          <Card withBorder radius="md" padding="lg">
            <ContactForm
              withType
              successMessage="Thank you for your message! We'll answer by e-mail as soon as we can."
            />
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <ContentCard icon={IconMail} title="E-mail a team">
              <Stack gap="md">
                {DEPARTMENTS.map((department) => (
                  <DepartmentRow key={department.type} department={department} />
                ))}
              </Stack>
            </ContentCard>

            <ContentCard icon={IconClock} title="Response times" color="orange">
              <Stack gap="xs">
                {RESPONSE_TIMES.map((department) => (
                  <Group key={department.type} justify="space-between" wrap="nowrap" gap="sm">
                    <Text fz="sm">{CONTACT_TYPE_LABELS[department.type]}</Text>
                    <Badge variant="light" color={department.color} tt="none" style={{ flexShrink: 0 }}>
                      {department.response}
                    </Badge>
                  </Group>
                ))}
              </Stack>
              <Text c="dimmed" fz="xs">
                Reports are handled by priority: critical within 4 hours, high within 24 hours, medium and low
                within 2-5 business days.{' '}
                <Anchor component={Link} to="/report" fz="xs">
                  Report a game
                </Anchor>
              </Text>
            </ContentCard>

            <ContentCard icon={IconMapPin} title="Our office" color="grape">
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
                {OFFICE.note}
              </Text>
            </ContentCard>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

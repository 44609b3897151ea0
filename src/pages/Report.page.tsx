import { useEffect, useRef } from 'react';
import { Button, Container, Grid, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconBug, IconFlag, IconShieldLock } from '@tabler/icons-react';
import { GENERAL_REPORT_TYPES, LIMITS, REPORT_PRIORITIES, type GeneralReportType, type ReportPriority } from '../../shared/constants';
import { generalReportInput } from '../schemas';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { useAuth } from '../features/auth/AuthProvider';
import { usePageTitle } from '../features/usePageTitle';
import { toast } from '../notify';
import { trpc } from '../trpc';

const typeLabels: Record<GeneralReportType, string> = {
  inappropriate_content: 'Inappropriate Content',
  technical_issue: 'Technical Issue',
  copyright: 'Copyright Violation',
  malware: 'Malware / Security Threat',
  misleading: 'Misleading Information',
  other: 'Other',
};

const priorityLabels: Record<ReportPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

const responseTimes: Record<ReportPriority, string> = {
  low: 'We respond within 2-5 business days.',
  medium: 'We respond within 2-5 business days.',
  high: 'We respond within 24 hours.',
  critical: 'We respond within 4 hours.',
};

const infoCards = [
  {
    icon: IconAlertTriangle,
    color: 'orange',
    title: 'Content issues',
    text: 'Violence, adult content, hate speech or anything unsuitable for the age rating shown.',
  },
  {
    icon: IconBug,
    color: 'blue',
    title: 'Technical issues',
    text: 'Games that do not load, crash, freeze or behave differently from their description.',
  },
  {
    icon: IconShieldLock,
    color: 'red',
    title: 'Safety issues',
    text: 'Malware, phishing, requests for personal information or anything that puts players at risk.',
  },
];

interface ReportValues {
  gameUrl: string;
  gameTitle: string;
  reportType: string;
  description: string;
  email: string;
  priority: ReportPriority;
}

export function ReportPage() {
  usePageTitle('Report a Game');
  const { user } = useAuth();
  const form = useForm<ReportValues>({
    initialValues: { gameUrl: '', gameTitle: '', reportType: '', description: '', email: '', priority: 'medium' },
    validate: schemaResolver(generalReportInput, { sync: true }),
  });

  // Prefill once, when the session is known; never overwrite what the user typed.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !user?.email) return;
    prefilled.current = true;
    if (!form.getValues().email) form.setFieldValue('email', user.email);
  }, [user?.email, form]);

  const create = trpc.reports.create.useMutation({
    onSuccess: () => {
      toast('Report Submitted', "Thank you for your report. We'll investigate this issue.");
      form.setValues({ gameUrl: '', gameTitle: '', reportType: '', description: '', email: user?.email ?? '', priority: 'medium' });
      form.resetDirty();
      form.resetTouched();
    },
    onError: (error) => {
      console.error('Report failed', error);
      toast('Error', 'Failed to submit report. Please try again.', 'error');
    },
  });

  const submit = form.onSubmit((values) => {
    const parsed = generalReportInput.safeParse(values);
    if (!parsed.success) return;
    create.mutate(parsed.data);
  });

  return (
    <Container size="xl">
      <PageHeader
        title="Report a Game"
        description="Help us keep PlayFree safe and fun. Every report is reviewed by our team."
        icon={<IconFlag size={28} />}
        color="red"
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <form onSubmit={submit} noValidate>
              <Stack>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Game URL"
                    required
                    placeholder="https://playfree.example/games/..."
                    maxLength={LIMITS.urlMax}
                    {...form.getInputProps('gameUrl')}
                  />
                  <TextInput
                    label="Game title"
                    placeholder="Optional"
                    maxLength={LIMITS.titleMax}
                    {...form.getInputProps('gameTitle')}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label="Report type"
                    required
                    placeholder="Choose a type"
                    data={GENERAL_REPORT_TYPES.map((value) => ({ value, label: typeLabels[value] }))}
                    {...form.getInputProps('reportType')}
                  />
                  <Select
                    label="Priority"
                    description={responseTimes[form.values.priority]}
                    allowDeselect={false}
                    data={REPORT_PRIORITIES.map((value) => ({ value, label: priorityLabels[value] }))}
                    {...form.getInputProps('priority')}
                  />
                </SimpleGrid>
                <Textarea
                  label="Description"
                  required
                  placeholder="What happened? Include steps to reproduce if it is a technical issue."
                  autosize
                  minRows={4}
                  maxRows={10}
                  maxLength={LIMITS.reportDescriptionMax}
                  {...form.getInputProps('description')}
                />
                <TextInput
                  label="Your email"
                  type="email"
                  placeholder="Optional – so we can follow up"
                  autoComplete="email"
                  {...form.getInputProps('email')}
                />
                <Button type="submit" color="red" loading={create.isPending} leftSection={<IconFlag size={16} />} style={{ alignSelf: 'flex-start' }}>
                  Submit Report
                </Button>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            {infoCards.map((card) => (
              <Paper key={card.title} withBorder radius="lg" p="lg">
                <ThemeIcon color={card.color} variant="light" size={40} radius="md" aria-hidden>
                  <card.icon size={22} />
                </ThemeIcon>
                <Title order={2} size="h5" mt="sm">
                  {card.title}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {card.text}
                </Text>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

import { useEffect, useRef } from 'react';
import { Button, Container, Grid, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconBug, IconFlag, IconShieldLock } from '@tabler/icons-react';
import { GENERAL_REPORT_TYPES, LIMITS, REPORT_PRIORITIES, type GeneralReportType, type ReportPriority } from '../../shared/constants';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { useAuth } from '../features/auth/AuthProvider';
import { lazyRules } from '../features/forms/lazyRules';
import { usePageTitle } from '../features/usePageTitle';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from '../i18n';
import { toast } from '../notify';
import { trpc } from '../trpc';

const typeLabels = defineMessages({
  inappropriate_content: { id: 'report.type.inappropriateContent', defaultMessage: 'Inappropriate Content' },
  technical_issue: { id: 'report.type.technicalIssue', defaultMessage: 'Technical Issue' },
  copyright: { id: 'report.type.copyright', defaultMessage: 'Copyright Violation' },
  malware: { id: 'report.type.malware', defaultMessage: 'Malware / Security Threat' },
  misleading: { id: 'report.type.misleading', defaultMessage: 'Misleading Information' },
  other: { id: 'report.type.other', defaultMessage: 'Other' },
} satisfies Record<GeneralReportType, MessageDescriptor>);

const priorityLabels = defineMessages({
  low: { id: 'report.priority.low', defaultMessage: 'Low' },
  medium: { id: 'report.priority.medium', defaultMessage: 'Medium' },
  high: { id: 'report.priority.high', defaultMessage: 'High' },
  critical: { id: 'report.priority.critical', defaultMessage: 'Critical' },
} satisfies Record<ReportPriority, MessageDescriptor>);

const responseTimeMessages = defineMessages({
  businessDays: { id: 'report.response.businessDays', defaultMessage: 'We respond within 2-5 business days.' },
  high: { id: 'report.response.high', defaultMessage: 'We respond within 24 hours.' },
  critical: { id: 'report.response.critical', defaultMessage: 'We respond within 4 hours.' },
});
const responseTimes: Record<ReportPriority, MessageDescriptor> = {
  low: responseTimeMessages.businessDays,
  medium: responseTimeMessages.businessDays,
  high: responseTimeMessages.high,
  critical: responseTimeMessages.critical,
};

const messages = defineMessages({
  title: { id: 'report.title', defaultMessage: 'Report a Game' },
  contentTitle: { id: 'report.content.title', defaultMessage: 'Content issues' },
  contentText: { id: 'report.content.text', defaultMessage: 'Violence, adult content, hate speech or anything unsuitable for the age rating shown.' },
  technicalTitle: { id: 'report.technical.title', defaultMessage: 'Technical issues' },
  technicalText: { id: 'report.technical.text', defaultMessage: 'Games that do not load, crash, freeze or behave differently from their description.' },
  safetyTitle: { id: 'report.safety.title', defaultMessage: 'Safety issues' },
  safetyText: {
    id: 'report.safety.text',
    defaultMessage: 'Malware, phishing, requests for personal information or anything that puts players at risk.',
  },
});

const infoCards = [
  { icon: IconAlertTriangle, color: 'orange', title: messages.contentTitle, text: messages.contentText },
  { icon: IconBug, color: 'blue', title: messages.technicalTitle, text: messages.technicalText },
  { icon: IconShieldLock, color: 'red', title: messages.safetyTitle, text: messages.safetyText },
];

const rules = lazyRules(() => import('../schemas').then((schemas) => schemas.generalReportInput));

interface ReportValues {
  gameUrl: string;
  gameTitle: string;
  reportType: string;
  description: string;
  email: string;
  priority: ReportPriority;
}

export function ReportPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.title));
  const { user } = useAuth();
  const form = useForm<ReportValues>({
    initialValues: { gameUrl: '', gameTitle: '', reportType: '', description: '', email: '', priority: 'medium' },
    validate: rules.validate,
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
      toast(
        intl.formatMessage({ id: 'report.submitted', defaultMessage: 'Report Submitted' }),
        intl.formatMessage({ id: 'report.submittedText', defaultMessage: "Thank you for your report. We'll investigate this issue." }),
      );
      form.setValues({ gameUrl: '', gameTitle: '', reportType: '', description: '', email: user?.email ?? '', priority: 'medium' });
      form.resetDirty();
      form.resetTouched();
    },
    onError: (error) => {
      console.error('Report failed', error);
      toast(
        intl.formatMessage({ id: 'common.error', defaultMessage: 'Error' }),
        intl.formatMessage({ id: 'report.failed', defaultMessage: 'Failed to submit report. Please try again.' }),
        'error',
      );
    },
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = (await rules.schema()).safeParse(values);
    if (!parsed.success) return;
    create.mutate(parsed.data);
  });

  return (
    <Container size="xl">
      <PageHeader
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage({ id: 'report.description', defaultMessage: 'Help us keep PlayFree safe and fun. Every report is reviewed by our team.' })}
        icon={<IconFlag size={28} />}
        color="red"
      />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <form onSubmit={submit} onFocus={rules.preload} noValidate>
              <Stack>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={intl.formatMessage({ id: 'report.gameUrl', defaultMessage: 'Game URL' })}
                    required
                    placeholder="https://playfree.example/games/..."
                    maxLength={LIMITS.urlMax}
                    {...form.getInputProps('gameUrl')}
                  />
                  <TextInput
                    label={intl.formatMessage({ id: 'report.gameTitle', defaultMessage: 'Game title' })}
                    placeholder={intl.formatMessage({ id: 'report.optional', defaultMessage: 'Optional' })}
                    maxLength={LIMITS.titleMax}
                    {...form.getInputProps('gameTitle')}
                  />
                </SimpleGrid>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {/* The browser's own lists (a phone's picker): no dropdown library loads with the page. */}
                  <NativeSelect
                    label={intl.formatMessage({ id: 'report.reportType', defaultMessage: 'Report type' })}
                    required
                    data={[
                      { value: '', label: intl.formatMessage({ id: 'report.chooseType', defaultMessage: 'Choose a type' }), disabled: true },
                      ...GENERAL_REPORT_TYPES.map((value) => ({ value, label: intl.formatMessage(typeLabels[value]) })),
                    ]}
                    {...form.getInputProps('reportType')}
                  />
                  <NativeSelect
                    label={intl.formatMessage({ id: 'report.priority', defaultMessage: 'Priority' })}
                    description={intl.formatMessage(responseTimes[form.values.priority])}
                    data={REPORT_PRIORITIES.map((value) => ({ value, label: intl.formatMessage(priorityLabels[value]) }))}
                    {...form.getInputProps('priority')}
                  />
                </SimpleGrid>
                <Textarea
                  label={intl.formatMessage({ id: 'report.descriptionLabel', defaultMessage: 'Description' })}
                  required
                  placeholder={intl.formatMessage({
                    id: 'report.descriptionPlaceholder',
                    defaultMessage: 'What happened? Include steps to reproduce if it is a technical issue.',
                  })}
                  autosize
                  minRows={4}
                  maxRows={10}
                  maxLength={LIMITS.reportDescriptionMax}
                  {...form.getInputProps('description')}
                />
                <TextInput
                  label={intl.formatMessage({ id: 'report.email', defaultMessage: 'Your email' })}
                  type="email"
                  placeholder={intl.formatMessage({ id: 'report.emailPlaceholder', defaultMessage: 'Optional – so we can follow up' })}
                  autoComplete="email"
                  {...form.getInputProps('email')}
                />
                <Button type="submit" color="red" loading={create.isPending} leftSection={<IconFlag size={16} />} style={{ alignSelf: 'flex-start' }}>
                  <FormattedMessage id="reportGame.submit" defaultMessage="Submit Report" />
                </Button>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack>
            {infoCards.map((card) => (
              <Paper key={card.title.id} withBorder radius="lg" p="lg">
                <ThemeIcon color={card.color} variant="light" size={40} radius="md" aria-hidden>
                  <card.icon size={22} />
                </ThemeIcon>
                <Title order={2} size="h5" mt="sm">
                  {intl.formatMessage(card.title)}
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  {intl.formatMessage(card.text)}
                </Text>
              </Paper>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

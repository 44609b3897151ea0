import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Pagination, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formRules } from '../forms/lazyRules';
import { IconMail, IconSend } from '@tabler/icons-react';
import { MESSAGES_PAGE_SIZE, type MessageStatus } from '../../../shared/constants';
import { answerForm, type Message } from '../../schemas';
import { contactTypeMessages } from '../../pages/static/ContactForm';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { useLocaleFormat } from '../games/useLocaleFormat';
import { errorMessage } from '../errors';
import { Queue, QueueItemHeader } from './Queue';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';

const STATUS_OPTIONS = defineMessages({
  OPEN: { id: 'admin.messages.openMessages', defaultMessage: 'Open Messages' },
  ANSWERED: { id: 'admin.messages.answeredMessages', defaultMessage: 'Answered Messages' },
}) satisfies Record<MessageStatus, unknown>;
const STATUS_BADGES = defineMessages({
  OPEN: { id: 'admin.messages.open', defaultMessage: 'OPEN' },
  ANSWERED: { id: 'admin.messages.answeredStatus', defaultMessage: 'ANSWERED' },
}) satisfies Record<MessageStatus, unknown>;

const mailLink = (email: string) => (chunks: ReactNode[]) => (
  <Anchor href={`mailto:${email}`} inherit>
    {chunks}
  </Anchor>
);

function AnswerForm({ message }: { message: Message }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const form = useForm({ initialValues: { answer: '' }, validate: formRules(answerForm) });
  const answer = trpc.messages.answer.useMutation({
    onSuccess: ({ mailed }) => {
      const email = { email: message.email };
      if (mailed)
        toast(
          intl.formatMessage({ id: 'admin.messages.sent', defaultMessage: 'Answer sent' }),
          intl.formatMessage({ id: 'admin.messages.sentText', defaultMessage: 'Your answer was mailed to {email}.' }, email),
        );
      else
        toast(
          intl.formatMessage({ id: 'admin.messages.notMailed', defaultMessage: 'Answer saved, mail not sent' }),
          intl.formatMessage({ id: 'admin.messages.notMailedText', defaultMessage: 'The answer is stored, but the mail to {email} failed. Write to them directly.' }, email),
          'error',
        );
      void utils.messages.list.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: (error) =>
      toast(
        intl.formatMessage({ id: 'developer.common.error', defaultMessage: 'Error' }),
        errorMessage(error) ?? intl.formatMessage({ id: 'admin.messages.sendFailed', defaultMessage: 'Failed to send the answer. Please try again.' }),
        'error',
      ),
  });
  return (
    <form onSubmit={form.onSubmit(({ answer: text }) => answer.mutate({ id: message.id, answer: text }))} noValidate>
      <Stack gap="xs" mt="sm">
        <Textarea
          label={intl.formatMessage({ id: 'admin.messages.answerTo', defaultMessage: 'Answer to {name}' }, { name: message.name })}
          description={intl.formatMessage({ id: 'admin.messages.mailedTo', defaultMessage: 'Mailed to {email}' }, { email: message.email })}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('answer')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" leftSection={<IconSend size={14} />} loading={answer.isPending}>
            <FormattedMessage id="admin.messages.send" defaultMessage="Send answer" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MessageCard({ message }: { message: Message }) {
  const intl = useIntl();
  const format = useLocaleFormat();
  const answeredOn = message.answeredAt ? format.date(message.answeredAt) : '';
  return (
    <Paper withBorder radius="lg" p="md" data-testid="message">
      <QueueItemHeader status={intl.formatMessage(STATUS_BADGES[message.status])} statusColor={message.status === 'OPEN' ? 'orange' : 'teal'} createdAt={message.createdAt}>
        <Badge variant="outline" color="gray">
          {message.type ? intl.formatMessage(contactTypeMessages[message.type]) : <FormattedMessage id="nav.helpCenter" defaultMessage="Help Center" />}
        </Badge>
      </QueueItemHeader>
      <Text fw={700} style={{ wordBreak: 'break-word' }}>
        {message.subject}
      </Text>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
        <FormattedMessage
          id="admin.messages.from"
          defaultMessage="From {name} · <mail>{email}</mail>"
          values={{ name: message.name, email: message.email, mail: mailLink(message.email) }}
        />
      </Text>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {message.message}
      </Text>
      {message.status === 'OPEN' ? (
        <AnswerForm message={message} />
      ) : (
        <Paper bg="var(--mantine-color-default-hover)" radius="md" p="sm" mt="sm">
          <Text size="xs" c="dimmed" mb={4}>
            {message.answeredBy ? (
              <FormattedMessage id="admin.messages.answeredBy" defaultMessage="Answered {date} by {email}" values={{ date: answeredOn, email: message.answeredBy.email }} />
            ) : (
              <FormattedMessage id="admin.messages.answered" defaultMessage="Answered {date}" values={{ date: answeredOn }} />
            )}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.answer}
          </Text>
        </Paper>
      )}
    </Paper>
  );
}

/** The Messages tab: contact and Help Center messages, answered by mail from here. */
export function MessagesList() {
  const intl = useIntl();
  const [status, setStatus] = useState<MessageStatus>('OPEN');
  const [page, setPage] = useState(1);
  const messages = trpc.messages.list.useQuery({ status, page });
  const pages = Math.max(1, Math.ceil((messages.data?.total ?? 0) / MESSAGES_PAGE_SIZE));

  return (
    <Stack>
      <Queue
        statusOptions={(Object.keys(STATUS_OPTIONS) as MessageStatus[]).map((value) => ({ value, label: intl.formatMessage(STATUS_OPTIONS[value]) }))}
        status={status}
        onStatusChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        loading={messages.isPending}
        failed={messages.isError ? intl.formatMessage({ id: 'admin.messages.loadFailed', defaultMessage: 'Messages could not be loaded. Please try again.' }) : undefined}
        empty={messages.data?.messages.length === 0}
        emptyText={intl.formatMessage({ id: 'admin.messages.none', defaultMessage: '{status, select, OPEN {No open messages} other {No answered messages}}' }, { status })}
        icon={<IconMail size={28} />}
        itemHeight={140}
      >
        {messages.data?.messages.map((message) => <MessageCard key={message.id} message={message} />)}
      </Queue>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={intl.formatMessage({ id: 'admin.messages.pages', defaultMessage: 'Message pages' })} />}
    </Stack>
  );
}

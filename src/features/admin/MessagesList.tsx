import { useState } from 'react';
import { Anchor, Badge, Button, Group, Pagination, Paper, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMail, IconSend } from '@tabler/icons-react';
import { MESSAGES_PAGE_SIZE, type MessageStatus } from '../../../shared/constants';
import { answerForm, type Message } from '../../schemas';
import { CONTACT_TYPE_LABELS } from '../../pages/static/ContactForm';
import { toast } from '../../notify';
import { trpc } from '../../trpc';
import { formatDate } from '../games/format';
import { errorMessage } from '../errors';
import { Queue, QueueItemHeader } from './Queue';

const statusOptions: { value: MessageStatus; label: string }[] = [
  { value: 'OPEN', label: 'Open Messages' },
  { value: 'ANSWERED', label: 'Answered Messages' },
];

function AnswerForm({ message }: { message: Message }) {
  const utils = trpc.useUtils();
  const form = useForm({ initialValues: { answer: '' }, validate: schemaResolver(answerForm, { sync: true }) });
  const answer = trpc.messages.answer.useMutation({
    onSuccess: ({ mailed }) => {
      if (mailed) toast('Answer sent', `Your answer was mailed to ${message.email}.`);
      else toast('Answer saved, mail not sent', `The answer is stored, but the mail to ${message.email} failed. Write to them directly.`, 'error');
      void utils.messages.list.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: (error) => toast('Error', errorMessage(error) ?? 'Failed to send the answer. Please try again.', 'error'),
  });
  return (
    <form onSubmit={form.onSubmit(({ answer: text }) => answer.mutate({ id: message.id, answer: text }))} noValidate>
      <Stack gap="xs" mt="sm">
        <Textarea
          label={`Answer to ${message.name}`}
          description={`Mailed to ${message.email}`}
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('answer')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" leftSection={<IconSend size={14} />} loading={answer.isPending}>
            Send answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MessageCard({ message }: { message: Message }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="message">
      <QueueItemHeader status={message.status} statusColor={message.status === 'OPEN' ? 'orange' : 'teal'} createdAt={message.createdAt}>
        <Badge variant="outline" color="gray">
          {message.type ? CONTACT_TYPE_LABELS[message.type] : 'Help Center'}
        </Badge>
      </QueueItemHeader>
      <Text fw={700} style={{ wordBreak: 'break-word' }}>
        {message.subject}
      </Text>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
        From {message.name} ·{' '}
        <Anchor href={`mailto:${message.email}`} inherit>
          {message.email}
        </Anchor>
      </Text>
      <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {message.message}
      </Text>
      {message.status === 'OPEN' ? (
        <AnswerForm message={message} />
      ) : (
        <Paper bg="var(--mantine-color-default-hover)" radius="md" p="sm" mt="sm">
          <Text size="xs" c="dimmed" mb={4}>
            Answered {message.answeredAt ? formatDate(message.answeredAt) : ''}
            {message.answeredBy ? ` by ${message.answeredBy.email}` : ''}
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
  const [status, setStatus] = useState<MessageStatus>('OPEN');
  const [page, setPage] = useState(1);
  const messages = trpc.messages.list.useQuery({ status, page });
  const pages = Math.max(1, Math.ceil((messages.data?.total ?? 0) / MESSAGES_PAGE_SIZE));

  return (
    <Stack>
      <Queue
        statusOptions={statusOptions}
        status={status}
        onStatusChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        loading={messages.isPending}
        failed={messages.isError ? 'Messages could not be loaded. Please try again.' : undefined}
        empty={messages.data?.messages.length === 0}
        noun="messages"
        icon={<IconMail size={28} />}
        itemHeight={140}
      >
        {messages.data?.messages.map((message) => <MessageCard key={message.id} message={message} />)}
      </Queue>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Message pages" />}
    </Stack>
  );
}

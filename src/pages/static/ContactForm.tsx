import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { CONTACT_TYPES, type ContactType } from '../../../shared/constants';
import { contactForm } from '../../schemas';
import { refusalMessage } from '../../features/errors';
import { trpc } from '../../trpc';

export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  general: 'General inquiry',
  technical: 'Technical support',
  developer: 'Developer support',
  business: 'Business & partnerships',
  report: 'Report a problem',
};

const typeOptions = CONTACT_TYPES.map((value) => ({ value, label: CONTACT_TYPE_LABELS[value] }));

interface ContactValues {
  name: string;
  email: string;
  type: ContactType;
  subject: string;
  message: string;
}

/**
 * The contact form of the Help Center and the Contact page: POST /api/contact stores the message
 * (the admin answers it from the Messages tab) and mails support. The thanks and any failure are
 * shown as an alert under the form.
 */
export function ContactForm({
  withType = false,
  successMessage,
}: {
  /** Show the message-type select (Contact page only). */
  withType?: boolean;
  successMessage: string;
}) {
  const form = useForm<ContactValues>({
    initialValues: { name: '', email: '', type: 'general', subject: '', message: '' },
    validate: schemaResolver(contactForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const send = trpc.messages.contact.useMutation({ onSuccess: () => form.reset() });

  const handleSubmit = form.onSubmit((values) => {
    const { type, ...common } = values;
    send.mutate(contactForm.parse(withType ? { ...common, type } : common));
  });

  return (
    <form
      onSubmit={handleSubmit}
      onChange={() => {
        if (send.isSuccess || send.isError) send.reset();
      }}
      noValidate
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" placeholder="Your name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            placeholder="you@example.com"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        {withType && (
          <Select
            label="Type of inquiry"
            data={typeOptions}
            allowDeselect={false}
            checkIconPosition="right"
            {...form.getInputProps('type')}
          />
        )}
        <TextInput label="Subject" placeholder="What is this about?" withAsterisk {...form.getInputProps('subject')} />
        <Textarea
          label="Message"
          placeholder="Tell us how we can help…"
          autosize
          minRows={5}
          maxRows={12}
          withAsterisk
          {...form.getInputProps('message')}
        />
        {send.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck />} title="Message sent" role="status">
            {successMessage}
          </Alert>
        )}
        {send.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title="Message not sent" role="alert">
            {refusalMessage(send.error, 'Your message could not be sent. Please try again in a moment.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { CONTACT_TYPES, type ContactType } from '../../../shared/constants';
import { contactForm } from '../../schemas';
import { refusalMessage } from '../../features/errors';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from '../../i18n';
import { trpc } from '../../trpc';

export const contactTypeMessages = defineMessages({
  general: { id: 'contact.type.general', defaultMessage: 'General inquiry' },
  technical: { id: 'contact.type.technical', defaultMessage: 'Technical support' },
  developer: { id: 'contact.type.developer', defaultMessage: 'Developer support' },
  business: { id: 'contact.type.business', defaultMessage: 'Business & partnerships' },
  report: { id: 'contact.type.report', defaultMessage: 'Report a problem' },
} satisfies Record<ContactType, MessageDescriptor>);

/**
 * The same types in English, for the admin's Messages tab (which stays English). Not derived from
 * the messages above: the build turns their defaultMessage into a parsed message.
 */
export const CONTACT_TYPE_LABELS: Record<ContactType, string> = {
  general: 'General inquiry',
  technical: 'Technical support',
  developer: 'Developer support',
  business: 'Business & partnerships',
  report: 'Report a problem',
};

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
  const intl = useIntl();
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
          <TextInput
            label={intl.formatMessage({ id: 'contact.name', defaultMessage: 'Name' })}
            placeholder={intl.formatMessage({ id: 'contact.namePlaceholder', defaultMessage: 'Your name' })}
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('name')}
          />
          <TextInput
            label={intl.formatMessage({ id: 'contact.email', defaultMessage: 'Email' })}
            placeholder="you@example.com"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        {withType && (
          <Select
            label={intl.formatMessage({ id: 'contact.typeLabel', defaultMessage: 'Type of inquiry' })}
            data={CONTACT_TYPES.map((value) => ({ value, label: intl.formatMessage(contactTypeMessages[value]) }))}
            allowDeselect={false}
            checkIconPosition="right"
            {...form.getInputProps('type')}
          />
        )}
        <TextInput
          label={intl.formatMessage({ id: 'contact.subject', defaultMessage: 'Subject' })}
          placeholder={intl.formatMessage({ id: 'contact.subjectPlaceholder', defaultMessage: 'What is this about?' })}
          withAsterisk
          {...form.getInputProps('subject')}
        />
        <Textarea
          label={intl.formatMessage({ id: 'contact.message', defaultMessage: 'Message' })}
          placeholder={intl.formatMessage({ id: 'contact.messagePlaceholder', defaultMessage: 'Tell us how we can help…' })}
          autosize
          minRows={5}
          maxRows={12}
          withAsterisk
          {...form.getInputProps('message')}
        />
        {send.isSuccess && (
          <Alert color="teal" icon={<IconCircleCheck />} title={intl.formatMessage({ id: 'contact.sent', defaultMessage: 'Message sent' })} role="status">
            {successMessage}
          </Alert>
        )}
        {send.isError && (
          <Alert color="red" icon={<IconAlertCircle />} title={intl.formatMessage({ id: 'contact.notSent', defaultMessage: 'Message not sent' })} role="alert">
            {refusalMessage(
              send.error,
              intl.formatMessage({ id: 'contact.sendFailed', defaultMessage: 'Your message could not be sent. Please try again in a moment.' }),
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            <FormattedMessage id="contact.send" defaultMessage="Send Message" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

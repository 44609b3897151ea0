import type { ComponentType } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import type { ContactType } from '../../../shared/constants';
import { refusalMessage } from '../../features/errors';
import { lazyRules } from '../../features/forms/lazyRules';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from '../../i18n';
import { trpc } from '../../trpc';

export const contactTypeMessages = defineMessages({
  general: { id: 'contact.type.general', defaultMessage: 'General inquiry' },
  technical: { id: 'contact.type.technical', defaultMessage: 'Technical support' },
  developer: { id: 'contact.type.developer', defaultMessage: 'Developer support' },
  business: { id: 'contact.type.business', defaultMessage: 'Business & partnerships' },
  report: { id: 'contact.type.report', defaultMessage: 'Report a problem' },
} satisfies Record<ContactType, MessageDescriptor>);

const rules = lazyRules(() => import('../../schemas').then((schemas) => schemas.contactForm));

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
  TypeField,
  successMessage,
}: {
  /** The message-type field (the Contact page's ContactTypeSelect), so the Help Center's form loads no select. */
  TypeField?: ComponentType<GetInputPropsReturnType>;
  successMessage: string;
}) {
  const intl = useIntl();
  const form = useForm<ContactValues>({
    initialValues: { name: '', email: '', type: 'general', subject: '', message: '' },
    validate: rules.validate,
    validateInputOnBlur: true,
  });
  const send = trpc.messages.contact.useMutation({ onSuccess: () => form.reset() });

  const handleSubmit = form.onSubmit(async (values) => {
    const { type, ...common } = values;
    send.mutate((await rules.schema()).parse(TypeField ? { ...common, type } : common));
  });

  return (
    <form
      onSubmit={handleSubmit}
      onFocus={rules.preload}
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
        {TypeField && <TypeField {...form.getInputProps('type')} />}
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

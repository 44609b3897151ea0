import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { CONTACT_TYPES } from '../../../shared/constants';
import { contactForm } from '../../../shared/schemas';

type ContactType = (typeof CONTACT_TYPES)[number];

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
 * The contact form of the Help Center and the Contact page. The spec has these
 * forms make no network call: they log locally and thank the sender by alert.
 */
export function ContactForm({
  withType = false,
  successMessage,
  logLabel,
}: {
  /** Show the message-type select (Contact page only). */
  withType?: boolean;
  successMessage: string;
  logLabel: string;
}) {
  const form = useForm<ContactValues>({
    initialValues: { name: '', email: '', type: 'general', subject: '', message: '' },
    validate: schemaResolver(contactForm, { sync: true }),
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const { type, ...common } = values;
    const message = contactForm.parse(withType ? { ...common, type } : common);
    console.info(`[${logLabel}] message not sent anywhere (no backend for contact forms)`, message);
    window.alert(successMessage);
    form.reset();
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
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
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

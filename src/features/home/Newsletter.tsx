import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconMail, IconMailFast } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from '../../i18n';
import { trpc } from '../../trpc';
import { refusalMessage } from '../errors';

/**
 * The form's rules come with zod (about 30 KB), and their words in the page's language: loaded
 * once the visitor turns to the form, not with the home page.
 */
async function loadRules() {
  const [{ newsletterForm }, { loadSchemaMessages, schemaErrorText }] = await Promise.all([import('../../schemas'), import('../forms/schema-errors')]);
  await loadSchemaMessages();
  return { schema: newsletterForm, schemaErrorText };
}

/**
 * Newsletter sign-up with double opt-in: POST /api/newsletter mails a confirmation link, and
 * nothing is sent until it is opened. The answer is the same for every address.
 */
export function Newsletter() {
  const intl = useIntl();
  // One field: plain state (a form library would be most of this section's code).
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const subscribe = trpc.newsletter.subscribe.useMutation({ onSuccess: () => setEmail('') });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { schema, schemaErrorText } = await loadRules();
    const checked = schema.safeParse({ email });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message;
      setError(message === undefined ? undefined : schemaErrorText(message));
      return;
    }
    subscribe.mutate({ email: checked.data.email });
  };

  return (
    <Paper
      component="section"
      aria-labelledby="newsletter-heading"
      radius="xl"
      p={{ base: 'lg', sm: 40 }}
      mt={48}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-violet-light), var(--mantine-color-pink-light))',
        border: '1px solid var(--mantine-color-violet-light-hover)',
      }}
    >
      <Group justify="space-between" align="center" gap="xl">
        <Group gap="md" wrap="nowrap" align="flex-start" maw={520}>
          <ThemeIcon size={52} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} aria-hidden>
            <IconMailFast size={28} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} id="newsletter-heading" fz={{ base: 20, sm: 24 }}>
              <FormattedMessage id="newsletter.title" defaultMessage="Never miss a new game" />
            </Title>
            <Text c="dimmed" size="sm">
              <FormattedMessage
                id="newsletter.text"
                defaultMessage="Join over 50,000 gamers who get the best new and trending games in their inbox every week."
              />
            </Text>
          </Stack>
        </Group>
        <form onSubmit={(event) => void submit(event)} noValidate style={{ flex: '1 1 320px', maxWidth: 460 }}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              type="email"
              required
              aria-label={intl.formatMessage({ id: 'newsletter.emailLabel', defaultMessage: 'Email address for the newsletter' })}
              placeholder={intl.formatMessage({ id: 'newsletter.emailPlaceholder', defaultMessage: 'Enter your email' })}
              leftSection={<IconMail size={16} aria-hidden />}
              radius="xl"
              style={{ flex: 1 }}
              value={email}
              error={error}
              onFocus={() => void loadRules()}
              onChange={(event) => {
                if (!subscribe.isPending) subscribe.reset();
                setError(undefined);
                setEmail(event.currentTarget.value);
              }}
            />
            <Button type="submit" radius="xl" loading={subscribe.isPending}>
              <FormattedMessage id="newsletter.subscribe" defaultMessage="Subscribe" />
            </Button>
          </Group>
          <Text size="xs" c={subscribe.isError ? 'red' : 'teal'} mt={6} role="status" mih={18}>
            {subscribe.isSuccess
              ? intl.formatMessage({ id: 'newsletter.almostThere', defaultMessage: 'Almost there! Check your inbox to confirm your subscription.' })
              : subscribe.isError
                ? refusalMessage(
                    subscribe.error,
                    intl.formatMessage({ id: 'newsletter.failed', defaultMessage: 'Could not sign you up right now. Please try again in a moment.' }),
                  )
                : ''}
          </Text>
        </form>
      </Group>
    </Paper>
  );
}

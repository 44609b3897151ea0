import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { IconMail, IconMailFast } from '@tabler/icons-react';
import { newsletterForm } from '../../../shared/schemas';

/** No server call (spec section 7): the sign-up is logged locally and the field cleared. */
export function Newsletter() {
  const [done, setDone] = useState(false);
  const form = useForm({ initialValues: { email: '' }, validate: schemaResolver(newsletterForm, { sync: true }) });

  const submit = form.onSubmit(({ email }) => {
    console.info('Newsletter sign-up', { email: email.trim() });
    form.reset();
    setDone(true);
  });

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
              Never miss a new game
            </Title>
            <Text c="dimmed" size="sm">
              Join over 50,000 gamers who get the best new and trending games in their inbox every week.
            </Text>
          </Stack>
        </Group>
        <form onSubmit={submit} noValidate style={{ flex: '1 1 320px', maxWidth: 460 }}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              type="email"
              required
              aria-label="Email address for the newsletter"
              placeholder="Enter your email"
              leftSection={<IconMail size={16} aria-hidden />}
              radius="xl"
              style={{ flex: 1 }}
              {...form.getInputProps('email')}
              onChange={(event) => {
                setDone(false);
                form.getInputProps('email').onChange(event);
              }}
            />
            <Button type="submit" radius="xl">
              Subscribe
            </Button>
          </Group>
          <Text size="xs" c="teal" mt={6} role="status" mih={18}>
            {done ? 'Thanks! You’re on the list.' : ''}
          </Text>
        </form>
      </Group>
    </Paper>
  );
}

import { useState } from 'react';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formRules } from '../../features/forms/lazyRules';
import { IconMail } from '@tabler/icons-react';
import { loginInput } from '../../schemas';
import { useAuth } from '../../features/auth/AuthProvider';
import { CodeForm } from '../../features/auth/CodeForm';
import { FormattedMessage, useIntl } from '../../i18n';

interface SignInDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function SignInDialog({ opened, onClose }: SignInDialogProps) {
  const intl = useIntl();
  const { login } = useAuth();
  const [busy, setBusy] = useState(false);
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: formRules(loginInput),
  });

  const finish = () => {
    form.reset();
    setCodeFor(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    try {
      const address = email.trim().toLowerCase();
      const answer = await login(address);
      if ('token' in answer) finish();
      else setCodeFor(address);
    } catch (error) {
      // Spec section 8: a failed sign-in is only logged; the dialog stays open.
      console.error('Login failed', error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: 'header.signIn', defaultMessage: 'Sign In' })} centered radius="lg">
      {codeFor ? (
        <CodeForm email={codeFor} onVerified={finish} onBack={() => setCodeFor(null)} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="signIn.intro" defaultMessage="Enter your e-mail address to sign in. No password needed." />
            </Text>
            <TextInput
              label={intl.formatMessage({ id: 'signIn.email', defaultMessage: 'Email' })}
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              leftSection={<IconMail size={16} aria-hidden />}
              data-autofocus
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={busy} fullWidth>
              <FormattedMessage id="header.signIn" defaultMessage="Sign In" />
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import type { User } from '../../schemas';
import { errorMessage } from '../errors';
import { useAuth } from './AuthProvider';
import { lazyRules } from '../forms/lazyRules';
import { FormattedMessage, useIntl } from '../../i18n';

const RESEND_AFTER_S = 60;

const rules = lazyRules(() => import('../../schemas').then((schemas) => schemas.verifyInput));

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

interface CodeFormProps {
  email: string;
  onVerified: (user: User) => void | Promise<void>;
  onBack: () => void;
  submitLabel?: string;
  busyLabel?: string;
}

/** Step 2 of sign-in: the 8-digit code mailed to the address (the mail also carries a one-click link). */
export function CodeForm({ email, onVerified, onBack, submitLabel, busyLabel }: CodeFormProps) {
  const intl = useIntl();
  const { login, verify } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const [resendIn, setResendIn] = useState(RESEND_AFTER_S);
  const formRef = useRef<HTMLFormElement>(null);

  // A new code may be asked for once a minute (the server also rate-limits sign-in requests).
  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = window.setTimeout(() => setResendIn((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [resendIn]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Without its rules (offline before they came) the code goes as typed: the server checks it too.
    const parsed = (await rules.schema().catch(() => null))?.safeParse({ email, code }) ?? { success: true as const, data: { email, code } };
    if (!parsed.success) {
      setError(parsed.error.issues.find((issue) => issue.path[0] === 'code')?.message ?? intl.formatMessage({ id: 'codeForm.enterCode', defaultMessage: 'Enter the 8-digit code' }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await verify(parsed.data.email, parsed.data.code);
      await onVerified(user);
    } catch (cause) {
      console.error('Code verification failed', cause);
      setError(errorMessage(cause) ?? intl.formatMessage({ id: 'codeForm.codeFailed', defaultMessage: 'That code did not work. Check it and try again.' }));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResent(false);
    try {
      await login(email);
      setResent(true);
      setResendIn(RESEND_AFTER_S);
    } catch (cause) {
      setError(errorMessage(cause) ?? intl.formatMessage({ id: 'codeForm.resendFailed', defaultMessage: 'Could not send a new code. Try again in a moment.' }));
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} onFocus={rules.preload} noValidate>
      <Stack>
        <Text size="sm">
          <FormattedMessage
            id="codeForm.sent"
            defaultMessage="We sent an 8-digit code to <strong>{email}</strong>. Enter it below, or open the link in the e-mail."
            values={{ email, strong }}
          />
        </Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert" py="xs">
            {error}
          </Alert>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'codeForm.codeLabel', defaultMessage: 'Sign-in code' })}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="1234 5678"
          maxLength={12}
          leftSection={<IconKey size={16} aria-hidden />}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          onPaste={(event) => {
            // A pasted code ("1234 5678", "1234-5678") signs in at once.
            const pasted = event.clipboardData.getData('text').replace(/[\s-]/g, '');
            if (/^\d{8}$/.test(pasted)) {
              event.preventDefault();
              setCode(pasted);
              window.setTimeout(() => formRef.current?.requestSubmit(), 0);
            }
          }}
          data-autofocus
          // The field replaces the e-mail step inside an open dialog, so focus it on mount.
          autoFocus
          styles={{ input: { letterSpacing: '0.2em', fontVariantNumeric: 'tabular-nums' } }}
        />
        <Button type="submit" fullWidth disabled={busy} loading={busy && !busyLabel}>
          {busy && busyLabel ? busyLabel : (submitLabel ?? intl.formatMessage({ id: 'codeForm.verify', defaultMessage: 'Verify and Sign In' }))}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            <FormattedMessage id="codeForm.differentEmail" defaultMessage="Use a different e-mail" />
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resendIn > 0}
            c={resendIn > 0 ? 'dimmed' : undefined}
            onClick={() => void resend()}
          >
            {resendIn > 0 ? (
              <FormattedMessage id="codeForm.resendIn" defaultMessage="Send a new code in {seconds} s" values={{ seconds: resendIn }} />
            ) : (
              <FormattedMessage id="codeForm.resend" defaultMessage="Send a new code" />
            )}
          </Anchor>
        </Group>
        {resent && (
          <Text size="xs" c="teal" role="status">
            <FormattedMessage id="codeForm.resent" defaultMessage="A new code is on its way." />
          </Text>
        )}
      </Stack>
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from '../features/auth/AuthProvider';
import { errorMessage } from '../features/errors';
import { usePageTitle } from '../features/usePageTitle';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { FormattedMessage, useIntl } from '../i18n';

type State = { step: 'verifying' } | { step: 'done'; name: string } | { step: 'failed'; message: string };

/** The one-click link of the sign-in e-mail: /signin?email=…&code=… */
export function SignInLinkPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'signInLink.pageTitle', defaultMessage: 'Signing In' }));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { verify } = useAuth();
  const started = useRef(false);
  // The server checks the link's address and code (its answer says what is wrong): the page only
  // needs both to be there, and loads no form rules (zod, some 33 KB) for a link opened once.
  const email = params.get('email')?.trim() ?? '';
  const code = params.get('code')?.trim() ?? '';
  const complete = email !== '' && code !== '';
  const [state, setState] = useState<State>(() =>
    complete ? { step: 'verifying' } : { step: 'failed', message: intl.formatMessage({ id: 'signInLink.incomplete', defaultMessage: 'This sign-in link is incomplete.' }) },
  );

  useEffect(() => {
    if (started.current || !complete) return;
    started.current = true;
    verify(email, code)
      .then((user) => {
        setState({ step: 'done', name: user.name || user.email });
        navigate(user.role === 'ADMIN' ? '/admin' : '/', { replace: true });
      })
      .catch((cause: unknown) =>
        setState({
          step: 'failed',
          message: errorMessage(cause) ?? intl.formatMessage({ id: 'signInLink.invalid', defaultMessage: 'This sign-in link is invalid or has expired.' }),
        }),
      );
  }, [complete, email, code, verify, navigate, intl]);

  return (
    <Center py={80} px="md">
      <Paper withBorder radius="xl" p="xl" w="100%" maw={440}>
        <Stack align="center" ta="center">
          {state.step === 'verifying' && (
            <>
              <Loader aria-label={intl.formatMessage({ id: 'signInLink.signingIn', defaultMessage: 'Signing in' })} />
              <Title order={1} fz={26}>
                <FormattedMessage id="signInLink.signingYouIn" defaultMessage="Signing you in…" />
              </Title>
            </>
          )}
          {state.step === 'done' && (
            <>
              <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
                <IconCircleCheck size={32} />
              </ThemeIcon>
              <Title order={1} fz={26}>
                <FormattedMessage id="signInLink.welcome" defaultMessage="Welcome, {name}" values={{ name: state.name }} />
              </Title>
            </>
          )}
          {state.step === 'failed' && (
            <>
              <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
                <IconLinkOff size={32} />
              </ThemeIcon>
              <Title order={1} fz={26}>
                <FormattedMessage id="signInLink.notValid" defaultMessage="Sign-in link not valid" />
              </Title>
              <Text c="dimmed">{state.message}</Text>
              <SignInButton radius="xl">
                <FormattedMessage id="signInLink.signInAgain" defaultMessage="Sign In again" />
              </SignInButton>
              <Button component={Link} to="/" variant="subtle">
                <FormattedMessage id="common.backToHome" defaultMessage="Back to Home" />
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

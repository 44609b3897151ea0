import { useEffect, useRef } from 'react';
import { Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconMailOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../features/errors';
import { usePageTitle } from '../features/usePageTitle';
import { defineMessages, FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

const messages = defineMessages({
  incomplete: { id: 'newsletterPage.incomplete', defaultMessage: 'This link is incomplete: open it from the mail again.' },
  notValid: { id: 'newsletterPage.notValid', defaultMessage: 'This link is not valid (anymore).' },
  confirmNotValid: { id: 'newsletterPage.confirmNotValid', defaultMessage: 'Confirmation link not valid' },
  unsubscribeNotValid: { id: 'newsletterPage.unsubscribeNotValid', defaultMessage: 'Unsubscribe link not valid' },
  unsubscribe: { id: 'newsletterPage.unsubscribe', defaultMessage: 'Unsubscribe' },
});

function Panel({ children }: { children: React.ReactNode }) {
  return (
    <Center py={80} px="md">
      <Paper withBorder radius="xl" p="xl" w="100%" maw={460}>
        <Stack align="center" ta="center">
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** One outcome of a newsletter link: an icon, a heading, what it means and where to go next. */
function Outcome({ icon: Icon, color, title, children }: { icon: typeof IconCircleCheck; color: string; title: string; children: React.ReactNode }) {
  return (
    <Panel>
      <ThemeIcon size={56} radius="xl" color={color} variant="light" aria-hidden>
        <Icon size={32} />
      </ThemeIcon>
      <Title order={1} fz={26}>
        {title}
      </Title>
      {children}
    </Panel>
  );
}

function Failed({ title, message }: { title: string; message: string }) {
  return (
    <Outcome icon={IconLinkOff} color="red" title={title}>
      <Text c="dimmed">{message}</Text>
      <Button component={Link} to="/" variant="subtle">
        <FormattedMessage id="common.backToHome" defaultMessage="Back to Home" />
      </Button>
    </Outcome>
  );
}
/**
 * The link's token, when it has one. The server checks it (its answer says when it is not valid):
 * the page loads no form rules (zod, some 33 KB) for a link opened once.
 */
function useToken(): string | null {
  const [params] = useSearchParams();
  return params.get('token')?.trim() || null;
}

/** The link of the confirmation mail: /newsletter/confirm?token=… confirms as soon as it is opened. */
export function NewsletterConfirmPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'newsletterPage.confirmTitle', defaultMessage: 'Confirm Newsletter' }));
  const token = useToken();
  const confirm = trpc.newsletter.confirm.useMutation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  if (!token) return <Failed title={intl.formatMessage(messages.confirmNotValid)} message={intl.formatMessage(messages.incomplete)} />;
  if (confirm.isError) {
    return <Failed title={intl.formatMessage(messages.confirmNotValid)} message={errorMessage(confirm.error) ?? intl.formatMessage(messages.notValid)} />;
  }
  if (!confirm.isSuccess) {
    return (
      <Panel>
        <Loader aria-label={intl.formatMessage({ id: 'newsletterPage.confirming', defaultMessage: 'Confirming' })} />
        <Title order={1} fz={26}>
          <FormattedMessage id="newsletterPage.confirmingTitle" defaultMessage="Confirming your subscription…" />
        </Title>
      </Panel>
    );
  }
  return (
    <Outcome icon={IconCircleCheck} color="teal" title={intl.formatMessage({ id: 'newsletterPage.subscribed', defaultMessage: 'You’re subscribed!' })}>
      <Text c="dimmed">
        <FormattedMessage
          id="newsletterPage.subscribedText"
          defaultMessage="{email} will get the best new and trending games. Changed your mind? The confirmation mail has a link to unsubscribe."
          values={{ email: confirm.data.email }}
        />
      </Text>
      <Button component={Link} to="/" radius="xl">
        <FormattedMessage id="newsletterPage.playGames" defaultMessage="Play some games" />
      </Button>
    </Outcome>
  );
}

/**
 * The unsubscribe link: /newsletter/unsubscribe?token=… It asks for a click first, so a mail
 * scanner that opens links does not unsubscribe anyone.
 */
export function NewsletterUnsubscribePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.unsubscribe));
  const token = useToken();
  const leave = trpc.newsletter.unsubscribe.useMutation();

  if (!token) return <Failed title={intl.formatMessage(messages.unsubscribeNotValid)} message={intl.formatMessage(messages.incomplete)} />;
  if (leave.isError) {
    return <Failed title={intl.formatMessage(messages.unsubscribeNotValid)} message={errorMessage(leave.error) ?? intl.formatMessage(messages.notValid)} />;
  }
  if (leave.isSuccess) {
    return (
      <Outcome icon={IconCircleCheck} color="teal" title={intl.formatMessage({ id: 'newsletterPage.unsubscribed', defaultMessage: 'You’re unsubscribed' })}>
        <Text c="dimmed">
          <FormattedMessage
            id="newsletterPage.unsubscribedText"
            defaultMessage="{email} will get no more newsletters from PlayFree."
            values={{ email: leave.data.email }}
          />
        </Text>
        <Button component={Link} to="/" variant="subtle">
          <FormattedMessage id="common.backToHome" defaultMessage="Back to Home" />
        </Button>
      </Outcome>
    );
  }
  return (
    <Outcome
      icon={IconMailOff}
      color="violet"
      title={intl.formatMessage({ id: 'newsletterPage.unsubscribeTitle', defaultMessage: 'Unsubscribe from the newsletter?' })}
    >
      <Text c="dimmed">
        <FormattedMessage
          id="newsletterPage.unsubscribeText"
          defaultMessage="You will get no more newsletters from PlayFree. You can sign up again at any time."
        />
      </Text>
      <Button color="red" radius="xl" loading={leave.isPending} onClick={() => leave.mutate({ token })}>
        {intl.formatMessage(messages.unsubscribe)}
      </Button>
      <Button component={Link} to="/" variant="subtle">
        <FormattedMessage id="newsletterPage.keepSubscription" defaultMessage="Keep my subscription" />
      </Button>
    </Outcome>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Button, Container, Group, List, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconLogin, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '../../shared/constants';
import type { User } from '../../shared/schemas';
import { EmptyState } from '../components/EmptyState/EmptyState';
import { LazyModal } from '../components/LazyModal/LazyModal';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { SignInButton } from '../components/SignInButton/SignInButton';
import { useAuth } from '../features/auth/AuthProvider';
import { refusalMessage } from '../features/errors';
import { YourMedals } from '../features/medals/YourMedals';
import { YourSaves } from '../features/saves/YourSaves';
import { usePageTitle } from '../features/usePageTitle';
import { toast } from '../notify';
import { defineMessages, FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

const messages = defineMessages({
  myAccount: { id: 'accountMenu.myAccount', defaultMessage: 'My Account' },
  cancel: { id: 'parentDialogs.cancel', defaultMessage: 'Cancel' },
});

/** The display-name form (PUT /api/me): 1 to 40 characters, trimmed, as the server checks it. */
function DisplayNameForm({ user }: { user: User }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string | undefined>();
  const update = trpc.account.updateProfile.useMutation({
    onSuccess: (updated) => {
      utils.auth.me.setData(undefined, updated);
      setName(updated.name);
      toast(
        intl.formatMessage({ id: 'account.nameSaved', defaultMessage: 'Display name saved' }),
        intl.formatMessage({ id: 'account.nameSavedText', defaultMessage: 'Your reviews and scores now show {name}.' }, { name: updated.name }),
      );
    },
    onError: (failure) =>
      setError(
        refusalMessage(failure, intl.formatMessage({ id: 'account.nameNotSaved', defaultMessage: 'Could not save your name. Please try again.' })).replace(
          /^displayName: /,
          '',
        ),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const displayName = name.trim();
    if (!displayName) return setError(intl.formatMessage({ id: 'account.enterName', defaultMessage: 'Enter a name' }));
    if (displayName.length > LIMITS.displayNameMax) {
      return setError(intl.formatMessage({ id: 'account.nameTooLong', defaultMessage: 'At most {max} characters' }, { max: LIMITS.displayNameMax }));
    }
    update.mutate({ displayName });
  };

  return (
    <Paper component="section" aria-labelledby="profile-heading" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} id="profile-heading" fz="xl" mb={4}>
        <FormattedMessage id="account.profile" defaultMessage="Profile" />
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        <FormattedMessage
          id="account.profileIntro"
          defaultMessage="Signed in as {email}. Your display name appears in the header and, shortened, on your reviews and scores."
          values={{ email: user.email }}
        />
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label={intl.formatMessage({ id: 'account.displayName', defaultMessage: 'Display name' })}
            required
            maxLength={LIMITS.displayNameMax}
            value={name}
            error={error}
            onChange={(event) => {
              setError(undefined);
              setName(event.currentTarget.value);
            }}
            style={{ flex: '1 1 240px' }}
            maw={420}
          />
          <Button type="submit" loading={update.isPending} mt={{ base: 0, xs: 25 }} disabled={name.trim() === user.name}>
            <FormattedMessage id="account.saveName" defaultMessage="Save name" />
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** Saves GET /api/me/export as a JSON file. */
function DownloadData() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const data = await utils.client.account.export.query();
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `playfree-data-${data.exportedAt.slice(0, 10)}.json`;
      link.click();
      // The click has handed the file to the browser's download by the next task.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (failure) {
      toast(
        intl.formatMessage({ id: 'account.downloadFailed', defaultMessage: 'Download failed' }),
        refusalMessage(failure, intl.formatMessage({ id: 'account.downloadFailedText', defaultMessage: 'Could not prepare your data. Please try again.' })),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" aria-labelledby="data-heading" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} id="data-heading" fz="xl" mb={4}>
        <FormattedMessage id="account.yourData" defaultMessage="Your data" />
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        <FormattedMessage
          id="account.yourDataText"
          defaultMessage="Download everything PlayFree holds about you as one JSON file: your profile, favourites, ratings and reviews, scores, medals, play history, submitted games, saved games, sign-in sessions, API keys, webhooks, reports, messages and newsletter subscription."
        />
      </Text>
      <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} loading={busy} onClick={() => void download()}>
        <FormattedMessage id="account.downloadMyData" defaultMessage="Download my data" />
      </Button>
    </Paper>
  );
}

/** The danger zone: DELETE /api/me, confirmed in a dialog by typing the account's e-mail address. */
function DeleteAccount({ user }: { user: User }) {
  const intl = useIntl();
  const { forgetSession } = useAuth();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();
  const remove = trpc.account.delete.useMutation({
    onSuccess: async () => {
      await forgetSession();
      toast(
        intl.formatMessage({ id: 'account.deleted', defaultMessage: 'Account deleted' }),
        intl.formatMessage({ id: 'account.deletedText', defaultMessage: 'Your account and your personal data have been deleted.' }),
      );
      void navigate('/', { replace: true });
    },
  });
  const close = () => {
    if (remove.isPending) return;
    setOpened(false);
    setTyped('');
    remove.reset();
  };

  return (
    <Paper
      component="section"
      aria-labelledby="danger-heading"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={{ borderColor: 'var(--mantine-color-red-filled)' }}
    >
      <Title order={2} id="danger-heading" fz="xl" mb={4} c="red">
        <FormattedMessage id="account.dangerZone" defaultMessage="Danger zone" />
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        <FormattedMessage id="account.dangerText" defaultMessage="Deleting your account cannot be undone. You are signed out on every device." />
      </Text>
      <Button color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setOpened(true)}>
        <FormattedMessage id="account.deleteAccount" defaultMessage="Delete account" />
      </Button>

      <LazyModal
        opened={opened}
        onClose={close}
        title={intl.formatMessage({ id: 'account.deleteTitle', defaultMessage: 'Delete your account?' })}
        centered
        radius="lg"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (matches) remove.mutate({ email: typed.trim() });
          }}
          noValidate
        >
          <Stack gap="md">
            <List size="sm" spacing={4}>
              <List.Item>
                <FormattedMessage id="account.deleteSessions" defaultMessage="Your sign-in sessions end on every device." />
              </List.Item>
              <List.Item>
                <FormattedMessage
                  id="account.deleteData"
                  defaultMessage="Your favourites, saved games, API keys, messages, newsletter subscription and unpublished games are deleted."
                />
              </List.Item>
              <List.Item>
                <FormattedMessage id="account.deleteReviews" defaultMessage="Your ratings, reviews and scores stay on the games, shown as “Deleted player”." />
              </List.Item>
              <List.Item>
                <FormattedMessage id="account.deleteGames" defaultMessage="Games you published stay on PlayFree, no longer linked to you." />
              </List.Item>
            </List>
            <TextInput
              label={intl.formatMessage({ id: 'account.typeToConfirm', defaultMessage: 'Type {email} to confirm' }, { email: user.email })}
              value={typed}
              autoComplete="off"
              data-autofocus
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
            {remove.error && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
                {refusalMessage(remove.error, intl.formatMessage({ id: 'account.deleteFailed', defaultMessage: 'Could not delete your account. Please try again.' }))}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={remove.isPending}>
                {intl.formatMessage(messages.cancel)}
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={remove.isPending}>
                <FormattedMessage id="account.deleteMyAccount" defaultMessage="Delete my account" />
              </Button>
            </Group>
          </Stack>
        </form>
      </LazyModal>
    </Paper>
  );
}

/** /account: the signed-in user's name, their data and deleting the account (account menu → My Account). */
export function AccountPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.myAccount));
  const { user, loading } = useAuth();

  return (
    <Container size="md">
      <PageHeader
        title={intl.formatMessage(messages.myAccount)}
        description={intl.formatMessage({ id: 'account.description', defaultMessage: 'Your name, your data and your account.' })}
        icon={<IconUserCircle size={28} />}
      />
      {loading ? (
        <Stack gap="lg" aria-busy>
          <Skeleton height={160} radius="lg" />
          <Skeleton height={140} radius="lg" />
        </Stack>
      ) : !user ? (
        <EmptyState
          icon={<IconLogin size={30} />}
          action={
            <SignInButton radius="xl">
              <FormattedMessage id="header.signIn" defaultMessage="Sign In" />
            </SignInButton>
          }
        >
          <FormattedMessage id="account.signInPrompt" defaultMessage="Sign in to change your name, download your data or delete your account." />
        </EmptyState>
      ) : (
        <Stack gap="lg" mb="xl">
          <DisplayNameForm user={user} />
          <YourMedals />
          <YourSaves />
          <DownloadData />
          <DeleteAccount user={user} />
        </Stack>
      )}
    </Container>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLock, IconMail } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { KIDS_HOLD_COOKIE } from '../../shared/kids-family';
import { inviteInZone } from '../features/kids/invite-in-zone';
import { useKidsDevice } from '../features/kids/useKidsDevice';
import { usePageTitle } from '../features/usePageTitle';
import { FormattedMessage, useIntl } from '../i18n';
import { trpc } from '../trpc';

/** Where the PIN may send the device: one of the portal's own addresses, never another site. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** Goes on with a full page load, so the server's gate sees the device let out (or sends it back here). */
function leaveTo(next: string) {
  window.location.assign(next);
}

/**
 * The PIN gate of a device paired with a parent's account (issue #26): the server answers every
 * page outside the Kids Zone with this one while the device is held in the zone. The PIN is checked
 * by the server (5 tries, then a growing wait for the whole family); a forgotten one is reset with
 * a code mailed to the parent.
 */
export function KidsLockedPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'kidsLocked.pageTitle', defaultMessage: 'Ask a grown-up – Kids Zone' }));
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const { device, pending } = useKidsDevice();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  /** Set once a mailed code has set a new PIN: the gate says so, and the old error and wait are gone. */
  const [pinWasReset, setPinWasReset] = useState(false);
  const utils = trpc.useUtils();
  const unlock = trpc.family.unlock.useMutation({
    onSuccess: () => leaveTo(next),
    onError: (failure) => {
      setPin('');
      setError(failure.data?.code === 'TOO_MANY_REQUESTS' ? intl.formatMessage({ id: 'kidsLocked.tooManyTries', defaultMessage: 'Too many wrong tries. Please wait a little before trying again.' }) : failure.message);
    },
  });

  const unpaired = !pending && device !== undefined && !device.paired;
  // A friend's invite link, on a child's device allowed online play: the room, in the zone's player.
  const navigate = useNavigate();
  const zoneInvite = device?.paired && device.onlinePlay ? inviteInZone(next) : null;
  useEffect(() => {
    if (zoneInvite) void navigate(zoneInvite, { replace: true });
  }, [zoneInvite, navigate]);
  useEffect(() => {
    if (!unpaired) return;
    // No longer paired (the parent removed it): the lock is this browser's own again.
    document.cookie = `${KIDS_HOLD_COOKIE}=; Max-Age=0; path=/`;
    leaveTo(next);
  }, [unpaired, next]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    unlock.mutate({ pin });
  };

  return (
    <Center mih="calc(100dvh - 68px)" p="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={440} w="100%">
        {resetting ? (
          <PinReset
            onBack={() => setResetting(false)}
            onReset={() => {
              setResetting(false);
              setError(null);
              setPin('');
              setPinWasReset(true);
              // The reset also ended the wrong tries' wait: the device's answer says so.
              void utils.family.device.invalidate();
            }}
          />
        ) : (
          <form onSubmit={submit}>
            <Stack>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
                  <IconLock size={26} />
                </ThemeIcon>
                <Title order={1} fz={26}>
                  <FormattedMessage id="kidsLocked.title" defaultMessage="Ask a grown-up" />
                </Title>
              </Group>
              <Text>
                <FormattedMessage
                  id="kidsLocked.intro"
                  defaultMessage="This tablet stays in the Kids Zone. A grown-up can enter the parent PIN to open the rest of the site."
                />
              </Text>
              {pinWasReset && (
                <Alert color="teal" variant="light" role="status" icon={<IconCircleCheck aria-hidden />}>
                  <FormattedMessage id="kidsLocked.pinReset" defaultMessage="The new PIN is set. Enter it to open the rest of the site." />
                </Alert>
              )}
              {device?.paired && device.pinWaitUntil && !pinWasReset && (
                <Alert color="orange" variant="light">
                  <FormattedMessage
                    id="kidsLocked.waitUntil"
                    defaultMessage="Too many wrong tries: the next one is possible at {time}."
                    values={{ time: intl.formatTime(device.pinWaitUntil, { timeStyle: 'medium' }) }}
                  />
                </Alert>
              )}
              <PasswordInput
                label={intl.formatMessage({ id: 'kidsLocked.pinLabel', defaultMessage: 'Parent PIN' })}
                size="lg"
                value={pin}
                onChange={(event) => {
                  setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, 4));
                  setError(null);
                  setPinWasReset(false);
                }}
                error={error}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                data-autofocus
                styles={{ input: { letterSpacing: '0.4em', fontSize: 24 } }}
              />
              <Button type="submit" size="md" color="teal" loading={unlock.isPending} disabled={pin.length !== 4} leftSection={<IconLock size={18} aria-hidden />}>
                <FormattedMessage id="kidsLocked.unlock" defaultMessage="Unlock" />
              </Button>
              <Group justify="space-between">
                <Anchor component={Link} to="/kids" fw={600}>
                  <FormattedMessage id="kidsLocked.backToKids" defaultMessage="Back to the Kids Zone" />
                </Anchor>
                <Anchor component="button" type="button" onClick={() => setResetting(true)}>
                  <FormattedMessage id="kidsLocked.forgotPin" defaultMessage="Forgot PIN?" />
                </Anchor>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}

/** Mails the parent a code, then sets a new PIN with it. */
function PinReset({ onBack, onReset }: { onBack: () => void; onReset: () => void }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = trpc.family.pinReset.useMutation({ onError: (failure) => setError(failure.message) });
  const confirm = trpc.family.confirmPinReset.useMutation({ onSuccess: onReset, onError: (failure) => setError(failure.message.replace(/^code: /, '')) });
  if (!request.isSuccess) {
    return (
      <Stack>
        <Title order={1} fz={24}>
          <FormattedMessage id="kidsLocked.resetTitle" defaultMessage="Forgot the PIN?" />
        </Title>
        <Text>
          <FormattedMessage
            id="kidsLocked.resetIntro"
            defaultMessage="We can e-mail a code to the parent's account. The code sets a new PIN; nothing else changes."
          />
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        <Button size="md" color="teal" leftSection={<IconMail size={18} aria-hidden />} loading={request.isPending} onClick={() => request.mutate()}>
          <FormattedMessage id="kidsLocked.mailCode" defaultMessage="E-mail a code to the parent" />
        </Button>
        <Button variant="default" onClick={onBack}>
          <FormattedMessage id="kidsLocked.back" defaultMessage="Back" />
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ code, pin });
      }}
    >
      <Stack>
        <Title order={1} fz={24}>
          <FormattedMessage id="kidsLocked.newPinTitle" defaultMessage="Set a new PIN" />
        </Title>
        <Text>
          <FormattedMessage id="kidsLocked.codeSent" defaultMessage="We sent an 8-digit code to the parent's e-mail. It works once, for 10 minutes." />
        </Text>
        <TextInput label={intl.formatMessage({ id: 'kidsLocked.codeLabel', defaultMessage: 'Code from the e-mail' })} size="lg" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.currentTarget.value)} />
        <PasswordInput
          label={intl.formatMessage({ id: 'kidsLocked.newPinLabel', defaultMessage: 'New PIN (4 digits)' })}
          size="lg"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={pin}
          onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
        />
        {error && <Alert color="red">{error}</Alert>}
        <Button type="submit" size="md" color="teal" loading={confirm.isPending} disabled={pin.length !== 4 || code.trim() === ''}>
          <FormattedMessage id="kidsLocked.setPin" defaultMessage="Set the new PIN" />
        </Button>
      </Stack>
    </form>
  );
}

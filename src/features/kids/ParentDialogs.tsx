import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Group, Modal, NumberInput, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceMobile, IconLock } from '@tabler/icons-react';
import { defineMessages, FormattedMessage, useIntl } from '../../i18n';
import { trpc } from '../../trpc';
import { FamilyAddress } from './FamilyAddress';
import { formatPlayMinutes } from './minutes-text';
import {
  afterWrongPin,
  BUDGET_MAX_MINUTES,
  createSettings,
  normalizeBudget,
  PIN_LENGTH,
  PIN_PATTERN,
  playedMs,
  verifyPin,
  type ParentSettings,
} from './parent-lock';
import { readPinTries, resetPlayToday, savePinTries, saveParentSettings, usePlayUsage, useToday } from './parent-lock-store';

/** Loaded only when a grown-up opens one of them: the Kids Zone's first paint does not wait for it. */

export type PinReason = 'leave' | 'settings';

const pinReasons = {
  leave: defineMessages({
    title: { id: 'parentDialogs.leaveTitle', defaultMessage: 'Leave the Kids Zone?' },
    text: { id: 'parentDialogs.leaveText', defaultMessage: 'The Kids Zone is locked. A grown-up can enter the parent PIN to leave.' },
    submit: { id: 'parentDialogs.leaveSubmit', defaultMessage: 'Unlock and leave' },
  }),
  settings: defineMessages({
    title: { id: 'kidsLayout.parentSettings', defaultMessage: 'Parent settings' },
    text: { id: 'parentDialogs.settingsText', defaultMessage: 'Enter the parent PIN to change the settings.' },
    submit: { id: 'parentDialogs.settingsSubmit', defaultMessage: 'Unlock settings' },
  }),
} satisfies Record<PinReason, unknown>;

const messages = defineMessages({
  pinLabel: { id: 'kidsLocked.pinLabel', defaultMessage: 'Parent PIN' },
  forgotTitle: { id: 'kidsLocked.resetTitle', defaultMessage: 'Forgot the PIN?' },
  cancel: { id: 'parentDialogs.cancel', defaultMessage: 'Cancel' },
  wrongPin: { id: 'parentDialogs.wrongPin', defaultMessage: "That PIN isn't right. Please try again." },
});

function PinField({ label, value, onChange, error, autoFocus }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
}) {
  return (
    <PasswordInput
      label={label}
      size="lg"
      radius="md"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      maxLength={PIN_LENGTH}
      data-autofocus={autoFocus || undefined}
      styles={{ input: { letterSpacing: '0.4em', fontSize: 24 } }}
    />
  );
}

/** Asks for the parent PIN; a forgotten one can be reset after a clear warning and a grown-up question. */
export function PinPrompt({ settings, reason, onUnlocked, onClose }: {
  settings: ParentSettings;
  reason: PinReason;
  onUnlocked: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const texts = pinReasons[reason];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Five tries, then a growing wait, kept on this device (a paired device's are kept on the server).
    const tries = readPinTries();
    if (tries.waitUntil > Date.now()) {
      setPin('');
      setError(
        intl.formatMessage(
          { id: 'parentDialogs.wait', defaultMessage: 'Too many wrong tries. Wait {seconds} seconds before the next one.' },
          { seconds: Math.ceil((tries.waitUntil - Date.now()) / 1000) },
        ),
      );
      return;
    }
    setBusy(true);
    const right = await verifyPin(settings, pin);
    setBusy(false);
    if (right) {
      savePinTries({ failures: 0, waitUntil: 0 });
      onUnlocked();
      return;
    }
    const next = afterWrongPin(tries, Date.now());
    savePinTries(next);
    setPin('');
    setError(
      next.waitUntil > 0
        ? intl.formatMessage(
            {
              id: 'parentDialogs.wrongPinWait',
              defaultMessage: "That PIN isn't right. Too many wrong tries: wait {seconds} seconds before the next one.",
            },
            { seconds: Math.ceil((next.waitUntil - Date.now()) / 1000) },
          )
        : intl.formatMessage(messages.wrongPin),
    );
  };

  return (
    <Modal opened onClose={onClose} title={intl.formatMessage(forgot ? messages.forgotTitle : texts.title)} centered radius="lg" size="md">
      {forgot ? (
        <ForgotPin onCancel={() => setForgot(false)} />
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <Stack>
            <Text>{intl.formatMessage(texts.text)}</Text>
            <PinField label={intl.formatMessage(messages.pinLabel)} value={pin} onChange={(value) => { setPin(value); setError(null); }} error={error} autoFocus />
            <Group justify="flex-end" gap="sm" wrap="nowrap">
              <Button variant="default" size="md" onClick={onClose}>
                {intl.formatMessage(messages.cancel)}
              </Button>
              <Button type="submit" size="md" color="teal" loading={busy} disabled={pin.length !== PIN_LENGTH} leftSection={<IconLock size={18} aria-hidden />}>
                {intl.formatMessage(texts.submit)}
              </Button>
            </Group>
            <Button variant="subtle" color="gray" onClick={() => setForgot(true)} style={{ alignSelf: 'flex-start' }}>
              <FormattedMessage id="kidsLocked.forgotPin" defaultMessage="Forgot PIN?" />
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/**
 * A device-only lock lives in this browser's storage, so nothing here can check who is asking: the
 * honest way back is the one any grown-up (and, we say so, a child who knows it) has, clearing the
 * site's data. A parent account's lock is reset by a code mailed to the parent instead.
 */
function ForgotPin({ onCancel }: { onCancel: () => void }) {
  const intl = useIntl();
  return (
    <Stack>
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={intl.formatMessage({ id: 'parentDialogs.deviceOnlyTitle', defaultMessage: 'This lock is kept on this device only' })}
      >
        <FormattedMessage
          id="parentDialogs.deviceOnlyText"
          defaultMessage="Without a parent account, a forgotten PIN cannot be reset here. A grown-up can remove the lock and the daily limit by clearing this site's data in the browser's settings, then set a new PIN. With a parent account the PIN is reset by a code sent to the parent's e-mail, and clearing the data does not remove the profile's limits."
        />
      </Alert>
      <Button variant="default" size="md" onClick={onCancel}>
        <FormattedMessage id="kidsLocked.back" defaultMessage="Back" />
      </Button>
    </Stack>
  );
}

/** Pairing with a parent's account: a code this device shows, which the parent enters on their phone. */
function PairThisDevice() {
  const code = trpc.family.pairingCode.useMutation();
  const device = trpc.family.device.useQuery(undefined, { enabled: code.isSuccess, refetchInterval: 3_000 });
  useEffect(() => {
    // Paired: the page starts again as the profile's (its limits, its games, the server's lock).
    if (device.data?.paired) window.location.reload();
  }, [device.data]);
  if (!code.data) {
    return (
      <Stack gap="xs">
        <Text size="sm">
          <FormattedMessage
            id="parentDialogs.pairIntro"
            defaultMessage="Have a PlayFree account? Pair this device with your child's profile: the limits then live on your account and follow every paired device."
          />
        </Text>
        <Button variant="light" color="teal" leftSection={<IconDeviceMobile size={18} aria-hidden />} loading={code.isPending} onClick={() => code.mutate()}>
          <FormattedMessage id="parentDialogs.pairButton" defaultMessage="Pair with a parent's phone" />
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="center" ta="center">
      <Text size="sm">
        <FormattedMessage
          id="parentDialogs.pairCodeIntro"
          defaultMessage="On your phone, open Kids Zone for parents (signed in), choose the child and enter this code:"
        />
      </Text>
      <Title order={2} fz={40} ff="monospace" data-testid="pairing-code" style={{ letterSpacing: '0.15em' }}>
        {code.data.code}
      </Title>
      <Text size="xs" c="dimmed">
        <FormattedMessage id="parentDialogs.codeValidity" defaultMessage="It works once, for 10 minutes." />
      </Text>
      <Text size="sm" mt="xs">
        <FormattedMessage id="parentDialogs.familyAddress" defaultMessage="Kids Zone for parents is at this address (or scan the code with your phone):" />
      </Text>
      <FamilyAddress />
    </Stack>
  );
}

/** Sets the PIN (first time) or changes it, the daily play budget and today's count. */
export function ParentSettingsDialog({ settings, onClose }: { settings: ParentSettings | null; onClose: () => void }) {
  const intl = useIntl();
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [budget, setBudget] = useState<number | ''>(settings?.budgetMinutes ?? '');
  const [error, setError] = useState<{ pin?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const usage = usePlayUsage();
  const today = useToday();
  const played = playedMs(usage, today);
  const creating = settings === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changingPin = creating || pin !== '' || confirm !== '';
    if (changingPin) {
      if (!PIN_PATTERN.test(pin)) return setError({ pin: intl.formatMessage({ id: 'parentDialogs.chooseDigits', defaultMessage: 'Choose {count} digits.' }, { count: PIN_LENGTH }) });
      if (pin !== confirm) return setError({ confirm: intl.formatMessage({ id: 'parentDialogs.pinsDiffer', defaultMessage: "The PINs don't match." }) });
    }
    setBusy(true);
    const budgetMinutes = normalizeBudget(budget === '' ? null : budget);
    const next = changingPin
      ? await createSettings(pin, budgetMinutes)
      : { ...settings!, budgetMinutes };
    setBusy(false);
    saveParentSettings(next);
    onClose();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={intl.formatMessage({ id: 'kidsLayout.parentSettings', defaultMessage: 'Parent settings' })}
      centered
      radius="lg"
      size="md"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <PairThisDevice />
          <Divider label={intl.formatMessage({ id: 'parentDialogs.orDeviceOnly', defaultMessage: 'Or on this device only' })} labelPosition="center" />
          <Text>
            {creating ? (
              <FormattedMessage
                id="parentDialogs.setPinIntro"
                defaultMessage="Set a PIN to lock the Kids Zone on this device: leaving it or changing these settings will need the PIN."
              />
            ) : (
              <FormattedMessage id="parentDialogs.lockedIntro" defaultMessage="The Kids Zone is locked with your PIN on this device." />
            )}
          </Text>
          <NumberInput
            label={intl.formatMessage({ id: 'parentDialogs.budgetLabel', defaultMessage: 'Daily play time (minutes)' })}
            description={intl.formatMessage({ id: 'parentDialogs.budgetHelp', defaultMessage: 'Leave empty for no limit. Play time starts again every day.' })}
            placeholder={intl.formatMessage({ id: 'parentDialogs.noLimit', defaultMessage: 'No limit' })}
            size="lg"
            min={1}
            max={BUDGET_MAX_MINUTES}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={budget}
            onChange={(value) => setBudget(typeof value === 'number' ? value : '')}
          />
          {!creating && (
            <Group justify="space-between" gap="xs">
              <Text size="sm" data-testid="played-today">
                {played === 0 ? (
                  <FormattedMessage id="parentDialogs.playedNothing" defaultMessage="Played today: nothing yet" />
                ) : (
                  <FormattedMessage id="parentDialogs.playedToday" defaultMessage="Played today: {time}" values={{ time: formatPlayMinutes(intl, played) }} />
                )}
              </Text>
              <Button variant="light" color="teal" size="sm" onClick={resetPlayToday} disabled={played === 0}>
                <FormattedMessage id="parentDialogs.resetToday" defaultMessage="Reset today's time" />
              </Button>
            </Group>
          )}
          <PinField
            label={
              creating
                ? intl.formatMessage({ id: 'parentDialogs.newPin', defaultMessage: 'New PIN ({count} digits)' }, { count: PIN_LENGTH })
                : intl.formatMessage({ id: 'parentDialogs.changePin', defaultMessage: 'Change PIN (optional)' })
            }
            value={pin}
            onChange={(value) => {
              setPin(value);
              setError({});
            }}
            error={error.pin}
            autoFocus={creating}
          />
          <PinField
            label={intl.formatMessage({ id: 'parentDialogs.pinAgain', defaultMessage: 'Type the PIN again' })}
            value={confirm}
            onChange={(value) => {
              setConfirm(value);
              setError({});
            }}
            error={error.confirm}
          />
          <Group justify="flex-end" gap="sm" wrap="nowrap" mt="xs">
            <Button variant="default" size="md" onClick={onClose}>
              {intl.formatMessage(messages.cancel)}
            </Button>
            <Button type="submit" size="md" color="teal" loading={busy}>
              {creating ? (
                <FormattedMessage id="parentDialogs.lock" defaultMessage="Lock the Kids Zone" />
              ) : (
                <FormattedMessage id="parentDialogs.save" defaultMessage="Save" />
              )}
            </Button>
          </Group>
          {!creating && (
            <Button
              variant="subtle"
              color="red"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                saveParentSettings(null);
                onClose();
              }}
            >
              <FormattedMessage id="parentDialogs.turnOff" defaultMessage="Turn off parent lock" />
            </Button>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

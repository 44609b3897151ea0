import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Group, Modal, NumberInput, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceMobile, IconLock } from '@tabler/icons-react';
import { trpc } from '../../trpc';
import {
  afterWrongPin,
  BUDGET_MAX_MINUTES,
  createSettings,
  minutesText,
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

const pinReasons: Record<PinReason, { title: string; text: string; submit: string }> = {
  leave: {
    title: 'Leave the Kids Zone?',
    text: 'The Kids Zone is locked. A grown-up can enter the parent PIN to leave.',
    submit: 'Unlock and leave',
  },
  settings: {
    title: 'Parent settings',
    text: 'Enter the parent PIN to change the settings.',
    submit: 'Unlock settings',
  },
};

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
      setError(`Too many wrong tries. Wait ${Math.ceil((tries.waitUntil - Date.now()) / 1000)} seconds before the next one.`);
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
        ? `That PIN isn't right. Too many wrong tries: wait ${Math.ceil((next.waitUntil - Date.now()) / 1000)} seconds before the next one.`
        : "That PIN isn't right. Please try again.",
    );
  };

  return (
    <Modal opened onClose={onClose} title={forgot ? 'Forgot the PIN?' : texts.title} centered radius="lg" size="md">
      {forgot ? (
        <ForgotPin onCancel={() => setForgot(false)} />
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <Stack>
            <Text>{texts.text}</Text>
            <PinField label="Parent PIN" value={pin} onChange={(value) => { setPin(value); setError(null); }} error={error} autoFocus />
            <Group justify="flex-end" gap="sm" wrap="nowrap">
              <Button variant="default" size="md" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" size="md" color="teal" loading={busy} disabled={pin.length !== PIN_LENGTH} leftSection={<IconLock size={18} aria-hidden />}>
                {texts.submit}
              </Button>
            </Group>
            <Button variant="subtle" color="gray" onClick={() => setForgot(true)} style={{ alignSelf: 'flex-start' }}>
              Forgot PIN?
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
  return (
    <Stack>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title="This lock is kept on this device only">
        Without a parent account, a forgotten PIN cannot be reset here. A grown-up can remove the lock and the daily
        limit by clearing this site's data in the browser's settings, then set a new PIN. With a parent account the PIN
        is reset by a code sent to the parent's e-mail, and clearing the data does not remove the profile's limits.
      </Alert>
      <Button variant="default" size="md" onClick={onCancel}>
        Back
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
        <Text size="sm">Have a PlayFree account? Pair this device with your child's profile: the limits then live on your account and follow every paired device.</Text>
        <Button variant="light" color="teal" leftSection={<IconDeviceMobile size={18} aria-hidden />} loading={code.isPending} onClick={() => code.mutate()}>
          Pair with a parent's phone
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="center" ta="center">
      <Text size="sm">On your phone, open Kids Zone for parents (signed in), choose the child and enter this code:</Text>
      <Title order={2} fz={40} ff="monospace" data-testid="pairing-code" style={{ letterSpacing: '0.15em' }}>
        {code.data.code}
      </Title>
      <Text size="xs" c="dimmed">
        It works once, for 10 minutes.
      </Text>
    </Stack>
  );
}

/** Sets the PIN (first time) or changes it, the daily play budget and today's count. */
export function ParentSettingsDialog({ settings, onClose }: { settings: ParentSettings | null; onClose: () => void }) {
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
      if (!PIN_PATTERN.test(pin)) return setError({ pin: `Choose ${PIN_LENGTH} digits.` });
      if (pin !== confirm) return setError({ confirm: "The PINs don't match." });
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
    <Modal opened onClose={onClose} title="Parent settings" centered radius="lg" size="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <PairThisDevice />
          <Divider label="Or on this device only" labelPosition="center" />
          <Text>
            {creating
              ? 'Set a PIN to lock the Kids Zone on this device: leaving it or changing these settings will need the PIN.'
              : 'The Kids Zone is locked with your PIN on this device.'}
          </Text>
          <NumberInput
            label="Daily play time (minutes)"
            description="Leave empty for no limit. Play time starts again every day."
            placeholder="No limit"
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
                Played today: {played === 0 ? 'nothing yet' : minutesText(played)}
              </Text>
              <Button variant="light" color="teal" size="sm" onClick={resetPlayToday} disabled={played === 0}>
                Reset today's time
              </Button>
            </Group>
          )}
          <PinField
            label={creating ? `New PIN (${PIN_LENGTH} digits)` : 'Change PIN (optional)'}
            value={pin}
            onChange={(value) => {
              setPin(value);
              setError({});
            }}
            error={error.pin}
            autoFocus={creating}
          />
          <PinField
            label="Type the PIN again"
            value={confirm}
            onChange={(value) => {
              setConfirm(value);
              setError({});
            }}
            error={error.confirm}
          />
          <Group justify="flex-end" gap="sm" wrap="nowrap" mt="xs">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="md" color="teal" loading={busy}>
              {creating ? 'Lock the Kids Zone' : 'Save'}
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
              Turn off parent lock
            </Button>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

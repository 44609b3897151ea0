import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NumberInput, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import {
  BUDGET_MAX_MINUTES,
  createSettings,
  grownUpQuestion,
  minutesText,
  normalizeBudget,
  PIN_LENGTH,
  PIN_PATTERN,
  playedMs,
  verifyPin,
  type ParentSettings,
} from './parent-lock';
import { resetPlayToday, saveParentSettings, usePlayUsage, useToday } from './parent-lock-store';

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
    setBusy(true);
    const right = await verifyPin(settings, pin);
    setBusy(false);
    if (right) {
      onUnlocked();
      return;
    }
    setPin('');
    setError("That PIN isn't right. Please try again.");
  };

  return (
    <Modal opened onClose={onClose} title={forgot ? 'Forgot the PIN?' : texts.title} centered radius="lg" size="md">
      {forgot ? (
        <ForgotPin
          onCancel={() => setForgot(false)}
          onReset={() => {
            saveParentSettings(null);
            onUnlocked();
          }}
        />
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

function ForgotPin({ onCancel, onReset }: { onCancel: () => void; onReset: () => void }) {
  const [question] = useState(() => grownUpQuestion());
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (Number(answer.trim()) === question.answer) onReset();
        else setError("That's not the answer. Ask a grown-up for help.");
      }}
    >
      <Stack>
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="This removes the parent lock">
          Resetting deletes the parent PIN and the daily play time limit on this device. You can set a new PIN
          afterwards in Parent settings.
        </Alert>
        <TextInput
          label={`Grown-ups only: ${question.text}`}
          description="Type the answer as a number."
          size="lg"
          inputMode="numeric"
          autoComplete="off"
          value={answer}
          onChange={(event) => {
            setAnswer(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <Button variant="default" size="md" onClick={onCancel}>
            Back
          </Button>
          <Button type="submit" size="md" color="red" disabled={answer.trim() === ''}>
            Reset parent settings
          </Button>
        </Group>
      </Stack>
    </form>
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

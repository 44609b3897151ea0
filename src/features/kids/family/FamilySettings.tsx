import { useState, type FormEvent } from 'react';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { refusalMessage } from '../../errors';
import { FormattedMessage, useIntl } from '../../../i18n';
import { toast } from '../../../notify';
import { trpc } from '../../../trpc';
import { browserZone } from './family-shared';

/** The parent PIN every paired device asks for, and the time zone days are counted in. */
export function FamilySettings({ hasPin, timeZone }: { hasPin: boolean; timeZone: string }) {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = trpc.family.settings.useMutation({
    onSuccess: (family) => {
      utils.family.get.setData(undefined, family);
      setPin('');
      toast(
        hasPin
          ? intl.formatMessage({ id: 'family.pinChanged', defaultMessage: 'PIN changed' })
          : intl.formatMessage({ id: 'family.pinSet', defaultMessage: 'PIN set' }),
        intl.formatMessage({ id: 'family.pinAskedFor', defaultMessage: 'Every paired device asks for it.' }),
      );
    },
    onError: (failure) =>
      setError(refusalMessage(failure, intl.formatMessage({ id: 'family.pinNotSaved', defaultMessage: 'The PIN could not be saved. Please try again.' }))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The first PIN also sets the time zone to this phone's: days and bedtimes are counted in it.
    save.mutate({ pin, ...(hasPin ? {} : { timeZone: browserZone() }) });
  };
  return (
    <Card withBorder radius="lg" padding="md">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {hasPin ? (
              <FormattedMessage id="kidsLocked.pinLabel" defaultMessage="Parent PIN" />
            ) : (
              <FormattedMessage id="family.firstPin" defaultMessage="First, a parent PIN" />
            )}
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="family.pinIntro"
              defaultMessage="Paired devices ask for it to leave the Kids Zone. Days and bedtimes count in {timeZone}."
              values={{ timeZone: timeZone === 'UTC' && !hasPin ? browserZone() : timeZone }}
            />
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <PasswordInput
              label={
                hasPin
                  ? intl.formatMessage({ id: 'kidsLocked.newPinLabel', defaultMessage: 'New PIN (4 digits)' })
                  : intl.formatMessage({ id: 'family.pinLabel', defaultMessage: 'PIN (4 digits)' })
              }
              inputMode="numeric"
              autoComplete="new-password"
              maxLength={4}
              value={pin}
              onChange={(event) => {
                setPin(event.currentTarget.value.replace(/\D/g, '').slice(0, 4));
                setError(null);
              }}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={pin.length !== 4} loading={save.isPending}>
              {hasPin ? <FormattedMessage id="family.changePin" defaultMessage="Change" /> : <FormattedMessage id="family.setPin" defaultMessage="Set PIN" />}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

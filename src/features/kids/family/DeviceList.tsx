import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import type { KidProfileView } from '../../../../shared/schemas';
import { refusalMessage } from '../../errors';
import { FormattedMessage, useIntl, type IntlShape } from '../../../i18n';
import { toast } from '../../../notify';
import { trpc } from '../../../trpc';
import { familyMessages, useShowProfile } from './family-shared';
import { PairDevice } from './PairDevice';

type Device = KidProfileView['devices'][number];

/** When a device was last heard from: the time today, the date and time before. */
function seenAt(intl: IntlShape, iso: string): string {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString()
    ? intl.formatTime(at, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(at, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A device's name, with a field to change it (two "Chrome on Android" are told apart by the parent's own names). */
function DeviceRow({ profileId, device }: { profileId: number; device: Device }) {
  const intl = useIntl();
  const showProfile = useShowProfile();
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(device.label);
  const rename = trpc.family.renameDevice.useMutation({
    onSuccess: (updated) => {
      showProfile(updated);
      setEditing(false);
    },
    onError: (failure) =>
      toast(intl.formatMessage({ id: 'family.notSaved', defaultMessage: 'Not saved' }), refusalMessage(failure, intl.formatMessage(familyMessages.tryAgain)), 'error'),
  });
  const removeDevice = trpc.family.removeDevice.useMutation({ onSuccess: showProfile });
  if (editing) {
    return (
      <form
        data-testid="paired-device"
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate({ id: profileId, deviceId: device.id, label: label.trim() });
        }}
      >
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            label={intl.formatMessage({ id: 'family.deviceName', defaultMessage: 'Device name' })}
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            maxLength={40}
            size="xs"
            data-autofocus
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" size="xs" disabled={label.trim() === ''} loading={rename.isPending} style={{ flexShrink: 0 }}>
            <FormattedMessage id="family.saveName" defaultMessage="Save name" />
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)} style={{ flexShrink: 0 }}>
            {intl.formatMessage(familyMessages.cancel)}
          </Button>
        </Group>
      </form>
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="paired-device">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {device.label}{' '}
          {device.silent ? (
            <Badge color="orange" size="xs">
              <FormattedMessage id="family.notReporting" defaultMessage="not reporting" />
            </Badge>
          ) : (
            <Badge color="teal" size="xs">
              <FormattedMessage id="family.active" defaultMessage="active" />
            </Badge>
          )}
        </Text>
        <Text size="xs" c="dimmed" data-testid="last-seen">
          <FormattedMessage id="family.lastSeen" defaultMessage="Last seen {time}" values={{ time: seenAt(intl, device.lastSeenAt) }} />
        </Text>
      </div>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} aria-hidden />} onClick={() => setEditing(true)}
          aria-label={intl.formatMessage({ id: 'family.renameDevice', defaultMessage: 'Rename' })}>
          <FormattedMessage id="family.renameDevice" defaultMessage="Rename" />
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => removeDevice.mutate({ id: profileId, deviceId: device.id })}>
          <FormattedMessage id="family.remove" defaultMessage="Remove" />
        </Button>
      </Group>
    </Group>
  );
}

/** The profile's paired devices, a notice naming each silent one with its own time, and pairing another. */
export function DeviceList({ profile }: { profile: KidProfileView }) {
  const intl = useIntl();
  const silent = profile.devices.filter((device) => device.silent);
  return (
    <>
      {silent.length > 0 && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={intl.formatMessage({ id: 'family.silentTitle', defaultMessage: 'A device stopped reporting' })}
          data-testid="silent-device"
        >
          <List size="sm" spacing={2} mb="xs">
            {silent.map((device) => (
              <List.Item key={device.id}>
                <FormattedMessage id="family.silentDevice" defaultMessage="{device}, last heard from at {time}" values={{ device: device.label, time: seenAt(intl, device.lastSeenAt) }} />
              </List.Item>
            ))}
          </List>
          <FormattedMessage
            id="family.silentWhy"
            defaultMessage="A device may be switched off, or its site data was cleared, which unpairs it (the child's time and settings stay here). Pair it again with a new code, and remove the old entry."
          />
        </Alert>
      )}
      <Stack gap={6}>
        <Text fw={600} size="sm">
          <FormattedMessage id="family.pairedDevices" defaultMessage="Paired devices" />
        </Text>
        {profile.devices.length === 0 && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="family.noneYet" defaultMessage="None yet." />
          </Text>
        )}
        {profile.devices.map((device) => (
          <DeviceRow key={device.id} profileId={profile.id} device={device} />
        ))}
        <PairDevice profile={profile} />
      </Stack>
    </>
  );
}

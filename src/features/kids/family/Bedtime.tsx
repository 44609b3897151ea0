import { useState } from 'react';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { KidProfileView } from '../../../../shared/schemas';
import { FormattedMessage, useIntl } from '../../../i18n';
import { familyMessages } from './family-shared';

export function Bedtime({ profile, onSave }: { profile: KidProfileView; onSave: (bedtime: { start: string; end: string } | null) => void }) {
  const intl = useIntl();
  const [on, setOn] = useState(profile.bedtime ? 'on' : 'off');
  const [start, setStart] = useState(profile.bedtime?.start ?? '20:00');
  const [end, setEnd] = useState(profile.bedtime?.end ?? '07:00');
  return (
    <Stack gap={4}>
      <Text size="sm">
        <FormattedMessage id="family.bedtimeLabel" defaultMessage="Bedtime (no play between)" />
      </Text>
      <SegmentedControl
        size="xs"
        data={[
          { value: 'off', label: intl.formatMessage({ id: 'family.noBedtime', defaultMessage: 'No bedtime' }) },
          { value: 'on', label: intl.formatMessage({ id: 'family.bedtime', defaultMessage: 'Bedtime' }) },
        ]}
        value={on}
        onChange={(value) => {
          setOn(value);
          if (value === 'off') onSave(null);
        }}
      />
      {on === 'on' && (
        <Group align="flex-end" wrap="nowrap">
          {/* The fields give way, never the button: on a phone it kept 38 px and lost its word (issue #38). */}
          <TextInput type="time" label={intl.formatMessage({ id: 'family.from', defaultMessage: 'From' })} value={start} onChange={(event) => setStart(event.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
          <TextInput type="time" label={intl.formatMessage({ id: 'family.until', defaultMessage: 'Until' })} value={end} onChange={(event) => setEnd(event.currentTarget.value)} style={{ flex: 1, minWidth: 0 }} />
          <Button variant="light" onClick={() => onSave({ start, end })} style={{ flexShrink: 0 }} data-testid="bedtime-save">
            {intl.formatMessage(familyMessages.save)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

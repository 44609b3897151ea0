import { useId } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { SegmentedChoice } from '../../components/SegmentedChoice/SegmentedChoice';
import { useSearchParams } from 'react-router-dom';
import { GAME_CONTROLS, type GameControl } from '../../../shared/constants';
import { FormattedMessage, useIntl } from '../../i18n';
import { deviceChoice, type DeviceChoice } from './facts';
import { useFactWords } from './useFactWords';
import { useUpdateSearchParams } from '../useUpdateSearchParams';
import { useCoarsePointer } from './useCoarsePointer';

/**
 * The device a game list is filtered by, kept in the address (`?device=`). With none chosen, a
 * touch screen shows its touch games. The server renders for no pointer (every game) and
 * hydration starts from that same answer; a phone switches to touch games just after it.
 */
export function useDeviceFilter(): [DeviceChoice, (choice: DeviceChoice) => void] {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const coarse = useCoarsePointer();
  const choice = deviceChoice(params.get('device'), coarse);
  const choose = (next: DeviceChoice) =>
    updateParams(
      (params) => {
        // Kept even for "all": a phone's explicit choice of every game must outlast its touch default.
        params.set('device', next);
        params.delete('page');
      },
      { replace: true },
    );
  return [choice, choose];
}

/** The list query's `device`: none for every game. */
export function deviceInput(choice: DeviceChoice): GameControl | undefined {
  return choice === 'all' ? undefined : choice;
}


/** "Plays with: Any | Touch | Keyboard | Mouse | Gamepad", a radio group. */
export function DeviceFilter({ value, onChange, color }: { value: DeviceChoice; onChange: (choice: DeviceChoice) => void; color?: string }) {
  const intl = useIntl();
  const factWords = useFactWords();
  const labelId = useId();
  const options: { value: DeviceChoice; label: string }[] = [
    { value: 'all', label: intl.formatMessage({ id: 'deviceFilter.any', defaultMessage: 'Any' }) },
    ...GAME_CONTROLS.map((control) => ({ value: control, label: factWords.control(control) })),
  ];
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm" fw={600} id={labelId}>
        <FormattedMessage id="howToPlay.playsWith" defaultMessage="Plays with" />
      </Text>
      {/* Full width on a phone, where five segments only just fit. */}
      <Box w={{ base: '100%', xs: 'auto' }}>
        <SegmentedChoice
          aria-labelledby={labelId}
          data-testid="device-filter"
          fullWidth
          size="xs"
          radius="xl"
          color={color}
          data={options}
          value={value}
          onChange={onChange}
        />
      </Box>
    </Group>
  );
}

/**
 * A list query's placeholderData: the games shown stay on screen while only the device changes
 * (a phone's switch to its touch games just after hydration), so no skeleton flashes in between;
 * any other change of filter shows the loading grid as before.
 */
export function keepAcrossDeviceChange<T>(input: Record<string, unknown>) {
  return (previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined => {
    const meta = previousQuery?.queryKey[1] as { input?: Record<string, unknown> } | undefined;
    if (previous === undefined || !meta?.input) return undefined;
    const { device: _before, ...before } = meta.input;
    const { device: _now, ...now } = input;
    return JSON.stringify(before) === JSON.stringify(now) ? previous : undefined;
  };
}

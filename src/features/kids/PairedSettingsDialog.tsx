import { Button, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from '../../i18n';
import { FamilyAddress } from './FamilyAddress';

/**
 * What Parent settings says on a paired device. Loaded only when opened, like the other grown-ups'
 * dialogs: Mantine's Modal brings its scroll area, scroll lock and positioning code (about a tenth
 * of the Kids Zone's first-load JavaScript), which the zone's first paint does not need.
 */
export function PairedSettingsDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal opened onClose={onClose} title={intl.formatMessage({ id: 'kidsLayout.parentSettings', defaultMessage: 'Parent settings' })} centered radius="lg">
      <Stack>
        <Text>
          <FormattedMessage
            id="kidsLayout.pairedSettings"
            defaultMessage="This device is paired with {name}'s profile. Its play time, bedtime and games are set from the parent's own phone or computer: sign in to PlayFree there and open Kids Zone for parents."
            values={{ name }}
          />
        </Text>
        <FamilyAddress />
        <Button variant="default" onClick={onClose}>
          <FormattedMessage id="common.close" defaultMessage="Close" />
        </Button>
      </Stack>
    </Modal>
  );
}

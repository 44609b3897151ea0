import { Center, Loader } from '@mantine/core';
import { useIntl } from '../../i18n';

/** What the Kids Zone shows while code loads: its frame (src/routes.tsx) or one of its pages (KidsLayout). */
export function KidsZoneLoading() {
  const intl = useIntl();
  return (
    <Center mih="60vh">
      <Loader type="dots" color="teal" aria-label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading' })} />
    </Center>
  );
}

import { Center, Loader } from '@mantine/core';
import { useIntl } from '../../i18n';

/** What the Kids Zone shows while one of its pages' code loads. */
export function KidsZoneLoading() {
  const intl = useIntl();
  return (
    <Center mih="60vh">
      <Loader type="dots" color="teal" aria-label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading' })} />
    </Center>
  );
}

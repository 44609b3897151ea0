import { Skeleton, type StyleProp } from '@mantine/core';
import { useIntl } from '../../i18n';

/**
 * What a tab shows while its code loads (React.lazy): a placeholder of the height the tab first
 * shows (measured on a phone and on a desktop), so what is below does not jump when the code comes.
 */
export function TabLoading({ height }: { height: StyleProp<number> }) {
  const intl = useIntl();
  return <Skeleton h={height} radius="lg" aria-busy="true" aria-label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading' })} />;
}

import { Box, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from '../../i18n';

/** The spec's 728x90 advertisement slot: a quiet placeholder that keeps its size (no layout shift). */
export function AdBanner() {
  const intl = useIntl();
  return (
    <Box
      component="aside"
      aria-label={intl.formatMessage({ id: 'ad.label', defaultMessage: 'Advertisement' })}
      mx="auto"
      w="100%"
      maw={728}
      style={{
        aspectRatio: '728 / 90',
        border: '1px dashed var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))',
      }}
      data-ad-slot="728x90"
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.12em' }}>
        <FormattedMessage id="ad.label" defaultMessage="Advertisement" />
      </Text>
    </Box>
  );
}

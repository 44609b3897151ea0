import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from '../../i18n';

interface ShownOnceProps {
  title: string;
  value: string;
  /** What the value is, in the buttons' names: "key" gives "Copy key", "Key copied", "Dismiss key". */
  noun: 'key' | 'secret';
  testId: string;
  onDismiss: () => void;
}

/** A credential shown once, right after it is made (the server keeps no readable copy to show again), with a copy button. */
export function ShownOnce({ title, value, noun, testId, onDismiss }: ShownOnceProps) {
  const intl = useIntl();
  return (
    <Alert
      color="violet"
      variant="light"
      icon={<IconKey size={18} />}
      title={title}
      withCloseButton
      onClose={onDismiss}
      closeButtonLabel={intl.formatMessage({ id: 'developer.shownOnce.dismiss', defaultMessage: '{noun, select, key {Dismiss key} other {Dismiss secret}}' }, { noun })}
    >
      <Stack gap="xs">
        <Text size="sm">
          <FormattedMessage id="developer.shownOnce.copyNow" defaultMessage="Copy it now: it is shown only this once." />
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid={testId}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <ActionIcon
                variant="light"
                onClick={copy}
                aria-label={
                  copied
                    ? intl.formatMessage({ id: 'developer.shownOnce.copied', defaultMessage: '{noun, select, key {Key copied} other {Secret copied}}' }, { noun })
                    : intl.formatMessage({ id: 'developer.shownOnce.copy', defaultMessage: '{noun, select, key {Copy key} other {Copy secret}}' }, { noun })
                }
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

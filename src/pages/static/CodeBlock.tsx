import { Badge, Box, Code, Group, Paper, ScrollArea, Text } from '@mantine/core';
import { CopyTextButton } from './CopyTextButton';

// The API docs' code samples, apart from the static pages' shared parts (components.tsx): the
// other pages show no code, and would otherwise download the scroll area and clipboard code.

/** A scrollable code sample with a language label and a copy button. */
export function CodeBlock({ code, language, title }: { code: string; language: string; title?: string }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="sm" py={6} bg="var(--mantine-color-default-hover)" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <Badge variant="outline" color="gray" size="sm" radius="sm" style={{ flexShrink: 0 }}>
            {language}
          </Badge>
          {title && (
            <Text fz="sm" fw={500}>
              {title}
            </Text>
          )}
        </Group>
        <Box style={{ flexShrink: 0 }}>
          <CopyTextButton value={code} variant="subtle" />
        </Box>
      </Group>
      <ScrollArea.Autosize type="auto" mah={560} offsetScrollbars>
        <Box>
          <Code block fz="xs" bg="transparent" style={{ whiteSpace: 'pre', lineHeight: 1.55 }} p="md">
            {code}
          </Code>
        </Box>
      </ScrollArea.Autosize>
    </Paper>
  );
}

import { Card, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { DocumentSection } from '../../../content/documents';
import { FormattedMessage } from '../../../i18n';
import { DocumentAnchor, DocumentText } from './DocumentText';
import { ListItems } from './SectionBody';

/** A policy's sections: a table of contents, then each section numbered in its own card (Privacy, Terms). */
export function LegalSections({ sections }: { sections: readonly DocumentSection[] }) {
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Text fw={600} mb="xs">
          <FormattedMessage id="legal.contents" defaultMessage="Contents" />
        </Text>
        <List type="ordered" spacing={4} withPadding>
          {sections.map((section) => (
            <List.Item key={section.id}>
              <DocumentAnchor href={`#${section.id}`} fz="sm">
                {section.title}
              </DocumentAnchor>
            </List.Item>
          ))}
        </List>
      </Paper>

      {sections.map((section, index) => (
        <Card
          key={section.id}
          component="section"
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          withBorder
          radius="md"
          padding="lg"
          style={{ scrollMarginTop: 80 }}
        >
          <Group gap="sm" mb="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" radius="xl" size="lg" fw={700}>
              {index + 1}
            </ThemeIcon>
            <Title order={2} id={`${section.id}-title`} fz={{ base: 'lg', sm: 'xl' }} pt={4}>
              {section.title}
            </Title>
          </Group>
          <Stack gap="sm" ps={{ base: 0, sm: 46 }}>
            {section.paragraphs?.map((paragraph, paragraphIndex) => (
              <Text key={paragraphIndex} lh={1.65}>
                <DocumentText text={paragraph} />
              </Text>
            ))}
            {section.lists?.map((list, listIndex) => <ListItems key={listIndex} list={list} />)}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

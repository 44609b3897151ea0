import type { ReactNode } from 'react';
import { Badge, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { useDocument, type DocumentPage, type DocumentSection } from '../../../content/documents';
import { DOCUMENT_ICONS, type DocumentIconName } from '../../../content/icons';
import { FormattedMessage, useIntl, useLocale } from '../../../i18n';
import { PageHeader, SectionTitle } from '../components';
import { useRouteTitle } from '../../../route-handle';
import { DocumentText } from './DocumentText';
import { LegalSections } from './LegalSections';
import { Actions, DocumentIcon, iconOf, SectionBody } from './SectionBody';

/** A live part a page puts in one of its document's sections (a form, a search), by section id; made from that section. */
export type DocumentParts = Partial<Record<string, (section: DocumentSection) => ReactNode>>;

/** "Last updated: August 2025", the month in the reader's language. */
function LastUpdated({ date }: { date: string }) {
  const intl = useIntl();
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return (
    <Badge variant="light" color="gray" size="lg" radius="sm" tt="none" fw={500}>
      <FormattedMessage
        id="legal.lastUpdated"
        defaultMessage="Last updated: {date}"
        values={{ date: intl.formatDate(new Date(year, month - 1, day), { month: 'long', year: 'numeric' }) }}
      />
    </Badge>
  );
}

function Callout({ section, part }: { section: DocumentSection; part?: ReactNode }) {
  const centered = section.centered === true;
  return (
    <Paper
      component="section"
      id={section.id}
      aria-labelledby={`${section.id}-title`}
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      bg={section.color && `var(--mantine-color-${section.color}-light)`}
      ta={centered ? 'center' : undefined}
      style={{ scrollMarginTop: 80 }}
    >
      <Group wrap="nowrap" align="flex-start" gap="lg" justify={centered ? 'center' : undefined}>
        {section.icon && (
          <ThemeIcon size={48} radius="xl" color={section.color} visibleFrom="sm">
            <DocumentIcon name={section.icon} size={26} />
          </ThemeIcon>
        )}
        <Stack gap="sm" align={centered ? 'center' : undefined}>
          <Title order={2} id={`${section.id}-title`} fz={{ base: 20, sm: 24 }}>
            {section.title}
          </Title>
          <SectionBody section={section} part={part} centered={centered} />
        </Stack>
      </Group>
    </Paper>
  );
}

function Section({ section, part }: { section: DocumentSection; part?: ReactNode }) {
  if (section.callout) return <Callout section={section} part={part} />;
  const body = (
    <Stack gap="lg">
      <SectionBody section={section} part={part} />
    </Stack>
  );
  if (!section.title) {
    return (
      <div id={section.id} style={{ scrollMarginTop: 80 }}>
        {body}
      </div>
    );
  }
  return (
    <section aria-labelledby={`${section.id}-title`}>
      <SectionTitle id={section.id} icon={iconOf(section.icon)} color={section.color} title={section.title} description={section.intro && <DocumentText text={section.intro} />} />
      {body}
    </section>
  );
}

/** The sections in rows: one a row, except sections with a `span`, which share a row on a wide screen. */
function rowsOf(sections: readonly DocumentSection[]): DocumentSection[][] {
  const rows: DocumentSection[][] = [];
  for (const section of sections) {
    const last = rows.at(-1);
    if (section.span && last?.[0]?.span) last.push(section);
    else rows.push([section]);
  }
  return rows;
}

/**
 * A static page from its document (src/content/<page>/<locale>.json, in the reader's language): a
 * header, then each section under its anchor. The heading is the route's title (routes.tsx), as
 * the tab's is.
 */
export function StaticDocument({ page, icon, color, parts = {} }: { page: DocumentPage; icon: DocumentIconName; color: MantineColor; parts?: DocumentParts }) {
  const { locale } = useLocale();
  const document = useDocument(page, locale);
  const title = useRouteTitle() ?? '';
  const legal = document.layout === 'legal';
  const partOf = (section: DocumentSection) => parts[section.id]?.(section);
  return (
    <Container size={legal ? 'md' : 'lg'} py="xl">
      <PageHeader icon={DOCUMENT_ICONS[icon]} color={color} title={title} subtitle={<DocumentText text={document.subtitle} />}>
        {document.badges && (
          <Group justify="center" gap="xs" mt="xs">
            {document.badges.map((badge) => (
              <Badge key={badge.label} variant="light" color={badge.color} size="lg" tt="none">
                {badge.label}
              </Badge>
            ))}
          </Group>
        )}
        {document.lastUpdated && <LastUpdated date={document.lastUpdated} />}
        {document.actions && <Actions actions={document.actions} />}
      </PageHeader>
      {legal ? (
        <LegalSections sections={document.sections} />
      ) : (
        <Stack gap={56} mt="md">
          {rowsOf(document.sections).map((row) =>
            row.length === 1 && !row[0]!.span ? (
              <Section key={row[0]!.id} section={row[0]!} part={partOf(row[0]!)} />
            ) : (
              <Grid key={row[0]!.id} rowGap={56} columnGap="xl">
                {row.map((section) => (
                  <Grid.Col key={section.id} span={{ base: 12, md: section.span }}>
                    <Section section={section} part={partOf(section)} />
                  </Grid.Col>
                ))}
              </Grid>
            ),
          )}
        </Stack>
      )}
      {document.footer && (
        <Paper withBorder radius="md" p="lg" mt="xl" ta="center">
          {document.footer.map((line, index) => (
            <Text key={index} c="dimmed" fz="sm" mt={index > 0 ? 'xs' : undefined}>
              <DocumentText text={line} />
            </Text>
          ))}
        </Paper>
      )}
    </Container>
  );
}

import { createElement } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { IconMoodKid } from '@tabler/icons-react';
import { KID_SAFE_AGE_RATINGS, type AgeRating } from '../../../../shared/constants';
import type { DocumentAction, DocumentRating, DocumentSection, PageDocument } from '../../../content/documents';
import { DOCUMENT_ICONS, type DocumentIconName } from '../../../content/icons';
import { FormattedMessage } from '../../../i18n';
import { BulletList, ContentCard, IconCard, PageHeader, SectionTitle } from '../components';
import { DocumentText } from './DocumentText';

const iconOf = (name: DocumentIconName | undefined) => (name ? DOCUMENT_ICONS[name] : undefined);

/** A document's icon by its name (one of a fixed set, so no component is made while rendering). */
function DocumentIcon({ name, size }: { name: DocumentIconName; size: number }) {
  return createElement(DOCUMENT_ICONS[name], { size });
}

const RATING_LABELS: Record<AgeRating, string> = { KIDS: 'KIDS', E7: 'E7+', E13: 'E13+', E16: 'E16+', E18: 'E18' };
const RATING_COLORS: Record<AgeRating, MantineColor> = { KIDS: 'green', E7: 'teal', E13: 'yellow', E16: 'orange', E18: 'red' };

function Actions({ actions }: { actions: readonly DocumentAction[] }) {
  return (
    <Group gap="sm" justify="inherit">
      {actions.map((action) => {
        const look = { color: action.color === 'default' ? undefined : action.color, variant: action.color === 'default' ? 'default' : 'filled', leftSection: action.icon && <DocumentIcon name={action.icon} size={18} /> };
        return action.href.startsWith('/') ? (
          <Button key={action.href} component={Link} to={action.href} {...look}>
            {action.label}
          </Button>
        ) : (
          <Button key={action.href} component="a" href={action.href} {...look}>
            {action.label}
          </Button>
        );
      })}
    </Group>
  );
}

function AgeRatingCard({ guide }: { guide: DocumentRating }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <Badge size="xl" radius="sm" variant="filled" color={RATING_COLORS[guide.rating]} style={{ flexShrink: 0 }}>
            {RATING_LABELS[guide.rating]}
          </Badge>
          {KID_SAFE_AGE_RATINGS.includes(guide.rating) && (
            <Badge size="sm" variant="light" color="pink" leftSection={<IconMoodKid size={12} />}>
              <FormattedMessage id="nav.kidsZone" defaultMessage="Kids Zone" />
            </Badge>
          )}
        </Group>
        <Text fw={600}>{guide.ages}</Text>
        <Text c="dimmed" fz="sm" lh={1.55}>
          <DocumentText text={guide.description} />
        </Text>
      </Stack>
    </Card>
  );
}

/** What a section holds below its title, in a fixed order: paragraphs, cards, lists, ratings, actions, note. */
function SectionBody({ section }: { section: DocumentSection }) {
  return (
    <>
      {section.paragraphs?.map((paragraph, index) => (
        <Text key={index} lh={1.6}>
          <DocumentText text={paragraph} />
        </Text>
      ))}
      {section.cards && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {section.cards.map((card) => (
            <IconCard key={card.title} icon={DOCUMENT_ICONS[card.icon]} color={card.color} title={card.title} body={<DocumentText text={card.body} />} />
          ))}
        </SimpleGrid>
      )}
      {section.lists && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {section.lists.map((list) => (
            <ContentCard key={list.title} icon={iconOf(list.icon)} title={list.title} color={list.color}>
              <BulletList items={list.items.map((item) => <DocumentText key={item} text={item} />)} color={list.color} />
            </ContentCard>
          ))}
        </SimpleGrid>
      )}
      {section.ratings && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} spacing="md">
          {section.ratings.map((guide) => (
            <AgeRatingCard key={guide.rating} guide={guide} />
          ))}
        </SimpleGrid>
      )}
      {section.actions && <Actions actions={section.actions} />}
      {section.note && (
        <Text c="dimmed" fz="sm">
          <DocumentText text={section.note} />
        </Text>
      )}
    </>
  );
}

function Callout({ section }: { section: DocumentSection }) {
  return (
    <Paper component="section" id={section.id} aria-labelledby={`${section.id}-title`} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg={`var(--mantine-color-${section.color ?? 'blue'}-light)`} style={{ scrollMarginTop: 80 }}>
      <Group wrap="nowrap" align="flex-start" gap="lg">
        {section.icon && (
          <ThemeIcon size={48} radius="xl" color={section.color} visibleFrom="sm">
            <DocumentIcon name={section.icon} size={26} />
          </ThemeIcon>
        )}
        <Stack gap="sm">
          <Title order={2} id={`${section.id}-title`} fz={{ base: 20, sm: 24 }}>
            {section.title}
          </Title>
          <SectionBody section={section} />
        </Stack>
      </Group>
    </Paper>
  );
}

/** A static page from its document (src/content/documents.ts): a header, then each section under its anchor. */
export function StaticDocument({ document, icon, color }: { document: PageDocument; icon: DocumentIconName; color: MantineColor }) {
  return (
    <Container size="lg" py="xl">
      <PageHeader icon={DOCUMENT_ICONS[icon]} color={color} title={document.title} subtitle={<DocumentText text={document.subtitle} />}>
        {document.actions && <Actions actions={document.actions} />}
      </PageHeader>
      <Stack gap={56} mt="md">
        {document.sections.map((section) =>
          section.callout ? (
            <Callout key={section.id} section={section} />
          ) : (
            <section key={section.id} aria-labelledby={`${section.id}-title`}>
              <SectionTitle id={section.id} icon={iconOf(section.icon)} color={section.color} title={section.title} description={section.intro && <DocumentText text={section.intro} />} />
              <Stack gap="lg">
                <SectionBody section={section} />
              </Stack>
            </section>
          ),
        )}
      </Stack>
    </Container>
  );
}

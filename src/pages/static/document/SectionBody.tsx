import { createElement, type ReactNode } from 'react';
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodKid, IconX } from '@tabler/icons-react';
import { KID_SAFE_AGE_RATINGS } from '../../../../shared/constants';
import type { DocumentAction, DocumentCard, DocumentLink, DocumentList, DocumentRating, DocumentSection } from '../../../content/documents';
import { DOCUMENT_ICONS, type DocumentIconName } from '../../../content/icons';
import { FormattedMessage } from '../../../i18n';
import { BulletList, ContentCard, IconCard } from '../components';
import { DocumentAnchor, DocumentText, HrefLink } from './DocumentText';
import { RATING_COLORS, RATING_LABELS } from './ratings';

export const iconOf = (name: DocumentIconName | undefined) => (name ? DOCUMENT_ICONS[name] : undefined);

/** A document's icon by its name (one of a fixed set, so no component is made while rendering). */
export function DocumentIcon({ name, size }: { name: DocumentIconName; size: number }) {
  return createElement(DOCUMENT_ICONS[name], { size });
}

export function Actions({ actions, size }: { actions: readonly DocumentAction[]; size?: 'md' }) {
  return (
    <Group gap="sm" justify="inherit">
      {actions.map((action) => {
        const plain = action.color === 'default';
        const look = {
          color: plain ? undefined : action.color,
          variant: action.variant ?? (plain ? 'default' : 'filled'),
          leftSection: action.icon && <DocumentIcon name={action.icon} size={18} />,
          size,
        };
        return (
          <Button key={action.href} component={HrefLink} href={action.href} {...look}>
            {action.label}
          </Button>
        );
      })}
    </Group>
  );
}

/** The arrow after a card's link, pointing forward in either direction of writing. */
const forward = (
  <span className="mirror-in-rtl" style={{ display: 'inline-block' }}>
    →
  </span>
);

function CardLink({ link }: { link: DocumentLink }) {
  return (
    <DocumentAnchor href={link.href} fz="sm" fw={500}>
      {link.label} {forward}
    </DocumentAnchor>
  );
}

/** A card whose figure (`50MB`) stands beside its icon. */
function FigureCard({ card }: { card: DocumentCard }) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <ThemeIcon size={44} radius="md" variant="light" color={card.color}>
          <DocumentIcon name={card.icon} size={24} />
        </ThemeIcon>
        <Text fz={26} fw={800} c={card.color}>
          {card.figure}
        </Text>
      </Group>
      <Title order={3} fz="lg" mb={6}>
        {card.title}
      </Title>
      <Text c="dimmed" fz="sm" lh={1.6}>
        <DocumentText text={card.body} />
      </Text>
    </Card>
  );
}

function Cards({ cards }: { cards: readonly DocumentCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
      {cards.map((card) =>
        card.figure ? (
          <FigureCard key={card.title} card={card} />
        ) : (
          <IconCard key={card.title} icon={DOCUMENT_ICONS[card.icon]} color={card.color} title={card.title} body={<DocumentText text={card.body} />}>
            {card.link && <CardLink link={card.link} />}
          </IconCard>
        ),
      )}
    </SimpleGrid>
  );
}

/** What is not allowed, each after a red cross. */
function CrossList({ items, columns = 1 }: { items: readonly string[]; columns?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: columns }} spacing="lg" verticalSpacing={8}>
      {items.map((item, index) => (
        <Group key={index} gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={20} radius="xl" variant="light" color="red" mt={2}>
            <IconX size={13} />
          </ThemeIcon>
          <Text lh={1.6}>
            <DocumentText text={item} />
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

/** A quiet button under a list ("Learn about revenue sharing →"). */
function ListLink({ link }: { link: DocumentLink }) {
  return (
    <Button component={HrefLink} href={link.href} variant="subtle" mt="sm" px={0} style={{ alignSelf: 'flex-start' }}>
      {link.label}
    </Button>
  );
}

/** A list's items, ticked or crossed, and the link under them. */
export function ListItems({ list }: { list: DocumentList }) {
  return (
    <>
      {list.marker === 'cross' ? (
        <CrossList items={list.items} columns={list.columns} />
      ) : (
        <BulletList items={list.items.map((item) => <DocumentText key={item} text={item} />)} color={list.color} />
      )}
      {list.link && <ListLink link={list.link} />}
    </>
  );
}

function Lists({ lists }: { lists: readonly DocumentList[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: lists.length > 1 ? 2 : 1 }} spacing="lg">
      {lists.map((list, index) =>
        list.title ? (
          <ContentCard key={index} icon={iconOf(list.icon)} title={list.title} color={list.color}>
            <ListItems list={list} />
          </ContentCard>
        ) : (
          <Card key={index} withBorder radius="md" padding="lg">
            <ListItems list={list} />
          </Card>
        ),
      )}
    </SimpleGrid>
  );
}

function RatingBadge({ rating }: { rating: DocumentRating }) {
  return (
    <Badge size="xl" radius="sm" variant="filled" color={RATING_COLORS[rating.rating]} style={{ flexShrink: 0 }}>
      {RATING_LABELS[rating.rating]}
    </Badge>
  );
}

function AgeRatingCard({ guide }: { guide: DocumentRating }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs">
          <RatingBadge rating={guide} />
          {KID_SAFE_AGE_RATINGS.includes(guide.rating) && (
            <Badge size="sm" variant="light" color="pink" leftSection={<IconMoodKid size={12} />}>
              <FormattedMessage id="nav.kidsZone" defaultMessage="Kids Zone" />
            </Badge>
          )}
        </Group>
        <Text fw={600}>{guide.ages}</Text>
        {guide.description && (
          <Text c="dimmed" fz="sm" lh={1.55}>
            <DocumentText text={guide.description} />
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function Ratings({ ratings }: { ratings: readonly DocumentRating[] }) {
  // Without descriptions, each rating is a small tile: its badge over its ages.
  if (!ratings.some((guide) => guide.description)) {
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
        {ratings.map((guide) => (
          <Paper key={guide.rating} withBorder radius="md" p="md" ta="center">
            <Stack align="center" gap={8}>
              <RatingBadge rating={guide} />
              <Text fz="sm" fw={500}>
                {guide.ages}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3, lg: 5 }} spacing="md">
      {ratings.map((guide) => (
        <AgeRatingCard key={guide.rating} guide={guide} />
      ))}
    </SimpleGrid>
  );
}

/**
 * What a section holds below its title, in a fixed order: the page's live part (a form, a search),
 * paragraphs, cards, lists, ratings, actions, note. In a centred call-out the paragraphs are a
 * narrower grey lead and the buttons larger.
 */
export function SectionBody({ section, part, centered }: { section: DocumentSection; part?: ReactNode; centered?: boolean }) {
  return (
    <>
      {part}
      {section.paragraphs?.map((paragraph, index) => (
        <Text key={index} lh={1.6} c={centered ? 'dimmed' : undefined} maw={centered ? 560 : undefined}>
          <DocumentText text={paragraph} />
        </Text>
      ))}
      {section.cards && <Cards cards={section.cards} />}
      {section.lists && <Lists lists={section.lists} />}
      {section.ratings && <Ratings ratings={section.ratings} />}
      {section.actions && <Actions actions={section.actions} size={centered ? 'md' : undefined} />}
      {section.note && (
        <Text c="dimmed" fz="sm">
          <DocumentText text={section.note} />
        </Text>
      )}
    </>
  );
}

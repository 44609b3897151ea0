import type { ReactNode } from 'react';
import { Card, Group, List, Stack, Text, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { pageTitle } from '../../features/usePageTitle';

export interface IconItem {
  icon: typeof IconCheck;
  title: string;
  body: ReactNode;
  color?: MantineColor;
}

/** Same title format as the rest of the app (the shell's `pageTitle`). */
export function usePageTitle(title: string) {
  useDocumentTitle(pageTitle(title));
}

export function PageHeader({
  icon: Icon,
  title,
  subtitle,
  color = 'blue',
  children,
}: {
  icon: typeof IconCheck;
  title: string;
  subtitle: ReactNode;
  color?: MantineColor;
  /** Extra content under the subtitle (badges, buttons). */
  children?: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="sm" py={{ base: 'lg', sm: 'xl' }}>
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        <Icon size={34} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.2}>
        {title}
      </Title>
      <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} maw={680}>
        {subtitle}
      </Text>
      {children}
    </Stack>
  );
}

/** A second-level heading with an optional icon and lead text. */
export function SectionTitle({
  id,
  icon: Icon,
  title,
  description,
  color = 'blue',
}: {
  id?: string;
  icon?: typeof IconCheck;
  title: string;
  description?: ReactNode;
  color?: MantineColor;
}) {
  return (
    <Stack gap={4} mb="md" id={id} style={{ scrollMarginTop: 80 }}>
      <Group gap="sm" wrap="nowrap">
        {Icon && (
          <ThemeIcon variant="light" color={color} radius="md" size="lg">
            <Icon size={20} />
          </ThemeIcon>
        )}
        <Title order={2} id={id ? `${id}-title` : undefined} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
      </Group>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}

export function BulletList({ items, color = 'blue' }: { items: readonly ReactNode[]; color?: MantineColor }) {
  return (
    <List
      spacing={6}
      center={false}
      icon={
        <ThemeIcon size={20} radius="xl" variant="light" color={color}>
          <IconCheck size={13} />
        </ThemeIcon>
      }
    >
      {items.map((item, index) => (
        // The items never move: their place is their identity.
        <List.Item key={index}>
          <Text lh={1.6}>{item}</Text>
        </List.Item>
      ))}
    </List>
  );
}

/** A card with an icon, a title and a short text; used for feature tiles. */
export function IconCard({ icon: Icon, title, body, color = 'blue', children }: IconItem & { children?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Stack gap="sm" h="100%">
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <Icon size={24} stroke={1.7} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" fz="sm" lh={1.6} style={{ flexGrow: 1 }}>
          {body}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** A card that holds a titled group of content. */
export function ContentCard({
  icon: Icon,
  title,
  color = 'blue',
  children,
}: {
  icon?: typeof IconCheck;
  title: string;
  color?: MantineColor;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Group gap="sm" mb="md" wrap="nowrap">
        {Icon && (
          <ThemeIcon variant="light" color={color} radius="md" size="lg">
            <Icon size={20} />
          </ThemeIcon>
        )}
        <Title order={3} fz="lg">
          {title}
        </Title>
      </Group>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

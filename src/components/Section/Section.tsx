import type { ReactNode } from 'react';
import { Anchor, Box, Group, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from '../../i18n';

interface SectionProps {
  id?: string;
  title: ReactNode;
  subtitle?: ReactNode;
  icon?: ReactNode;
  viewAll?: string;
  children: ReactNode;
}

export function Section({ id, title, subtitle, icon, viewAll, children }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <Box component="section" id={id} aria-labelledby={headingId} mt={40} style={{ scrollMarginTop: 90 }} className="laid-out-when-near">
      <Group justify="space-between" align="flex-end" mb="md" wrap="nowrap">
        <Box>
          <Group gap={8} wrap="nowrap">
            {icon}
            <Title order={2} id={headingId} fz={{ base: 20, sm: 24 }}>
              {title}
            </Title>
          </Group>
          {subtitle && (
            <Text size="sm" c="dimmed" mt={2}>
              {subtitle}
            </Text>
          )}
        </Box>
        {viewAll && (
          <Anchor component={Link} to={viewAll} size="sm" fw={600} style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center' }}>
            <FormattedMessage id="section.viewAll" defaultMessage="View all" />
            <IconChevronRight size={14} aria-hidden className="mirror-in-rtl" />
          </Anchor>
        )}
      </Group>
      {children}
    </Box>
  );
}

import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from '../../i18n';

interface ListingPagerProps {
  page: number;
  hasNext: boolean;
  onChange: (page: number) => void;
}

/** Previous / next over pages of 24 games (the API offers offset paging without a total). */
export function ListingPager({ page, hasNext, onChange }: ListingPagerProps) {
  const intl = useIntl();
  if (page === 0 && !hasNext) return null;
  return (
    <Group justify="center" mt="xl" gap="md" component="nav" aria-label={intl.formatMessage({ id: 'pager.label', defaultMessage: 'Pages' })}>
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} className="mirror-in-rtl" />}
        disabled={page === 0}
        onClick={() => onChange(page - 1)}
      >
        <FormattedMessage id="pager.previous" defaultMessage="Previous" />
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        <FormattedMessage id="pager.page" defaultMessage="Page {number}" values={{ number: intl.formatNumber(page + 1) }} />
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} className="mirror-in-rtl" />}
        disabled={!hasNext}
        onClick={() => onChange(page + 1)}
      >
        <FormattedMessage id="pager.next" defaultMessage="Next" />
      </Button>
    </Group>
  );
}

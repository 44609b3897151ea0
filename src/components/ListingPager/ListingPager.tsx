import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface ListingPagerProps {
  page: number;
  hasNext: boolean;
  onChange: (page: number) => void;
}

/** Previous / next over pages of 24 games (the API offers offset paging without a total). */
export function ListingPager({ page, hasNext, onChange }: ListingPagerProps) {
  if (page === 0 && !hasNext) return null;
  return (
    <Group justify="center" mt="xl" gap="md" component="nav" aria-label="Pages">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} />}
        disabled={page === 0}
        onClick={() => onChange(page - 1)}
      >
        Previous
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        Page {page + 1}
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} />}
        disabled={!hasNext}
        onClick={() => onChange(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}

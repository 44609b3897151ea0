import { useEffect, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { SERVICE_UNAVAILABLE_EVENT } from '../../trpc';

/**
 * While the server answers 503 (its database is down for a moment), a calm "we'll be right back"
 * above the page instead of error messages; "Try again" reloads what the page shows.
 */
export function ServiceUnavailable() {
  const queryClient = useQueryClient();
  const [down, setDown] = useState(false);

  useEffect(() => {
    const show = () => setDown(true);
    window.addEventListener(SERVICE_UNAVAILABLE_EVENT, show);
    return () => window.removeEventListener(SERVICE_UNAVAILABLE_EVENT, show);
  }, []);

  if (!down) return null;
  return (
    <Alert role="status" color="yellow" icon={<IconTools aria-hidden />} title="We'll be right back" m="md" maw={960} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">The portal is taking a short break. Your games and progress are safe; please try again in a few seconds.</Text>
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            setDown(false);
            void queryClient.refetchQueries({ type: 'active' });
          }}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
